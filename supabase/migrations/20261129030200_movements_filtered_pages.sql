-- Movimentações filtered by a category, an obra or an account (with or without a period) read its
-- first page by walking the movement-date index of each table and filtering every row: a filter
-- that matches few rows of a table walked all of them (a category of expenses walked every one of
-- the 50 000 receivables at 200 000 entries, 104 ms, growing with the history). Two causes:
--
-- - No index had the filter and the page's order together. Each table's (company_id, category_id),
--   (company_id, project_id) and (company_id, bank_account_id) index now goes on with the movement
--   date, created_at and id (the page's order); the old ones are their prefixes and go (the
--   composite foreign keys, category_stats and a category's deletion read the prefix).
-- - Under row security a period could not be an index condition: search_movements runs as the
--   caller, and Postgres does not count a coalesce(...) as leakproof, so
--   `coalesce(payment_date, due_date) >= p_start` was filtered after the policy, row by row (as a
--   like is, which kept the search off its trigram index). The page's ids are now read by a
--   security definer in private (the caller checked as a reader of the company, as
--   private.ledger_search_ids does), where period, filters and search are index conditions; the
--   invoker, search_movements (its definition: 20261129050100), reads the names of those rows only.
--
-- With several categories (obras, accounts) chosen, each one's first rows are read in page order
-- (a lateral per id; "sem obra" is its own arm) and the page is cut from them. Same rows, same
-- order as before. Sem comprovante reads the entries' kept has_comprovante (20261129025000).

create index accounts_payable_category_movement_idx on public.accounts_payable
  using btree (company_id, category_id, coalesce(payment_date, due_date), created_at, id);
create index accounts_payable_project_movement_idx on public.accounts_payable
  using btree (company_id, project_id, coalesce(payment_date, due_date), created_at, id);
create index accounts_payable_account_movement_idx on public.accounts_payable
  using btree (company_id, bank_account_id, coalesce(payment_date, due_date), created_at, id);
create index accounts_receivable_category_movement_idx on public.accounts_receivable
  using btree (company_id, category_id, coalesce(received_date, due_date), created_at, id);
create index accounts_receivable_project_movement_idx on public.accounts_receivable
  using btree (company_id, project_id, coalesce(received_date, due_date), created_at, id);
create index accounts_receivable_account_movement_idx on public.accounts_receivable
  using btree (company_id, bank_account_id, coalesce(received_date, due_date), created_at, id);
-- The transfers' out side in Movimentações' orders (a transfer is listed once, by that side): by
-- date, and by value (its amount). Transfer rows only: a few in a hundred of the ledger.
create index transactions_transfer_out_date_idx on public.transactions
  using btree (company_id, transaction_date, created_at, transfer_group_id)
  where type = 'transfer' and direction = 'out' and reversal_of is null;
create index transactions_transfer_out_amount_idx on public.transactions
  using btree (company_id, amount, transaction_date, created_at, transfer_group_id)
  where type = 'transfer' and direction = 'out' and reversal_of is null;
drop index public.accounts_payable_company_category_idx;
drop index public.accounts_payable_company_project_idx;
drop index public.accounts_payable_company_bank_account_idx;
drop index public.accounts_receivable_company_category_idx;
drop index public.accounts_receivable_company_project_idx;
drop index public.accounts_receivable_company_bank_account_idx;

CREATE OR REPLACE FUNCTION private.movement_page_ids(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_pattern text, p_supplier_ids uuid[], p_client_ids uuid[], p_name_category_ids uuid[], p_name_project_ids uuid[], p_name_account_ids uuid[], p_order text, p_limit integer)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  -- The filter the page is read along (its index: the filter's column, then the page's order):
  -- an obra, else a category, else an account; none: the movement-date indexes. The other
  -- filters are checked on the rows as they are read.
  v_by text := case
    when coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false) then 'project'
    when coalesce(cardinality(p_category_ids), 0) > 0 then 'category'
    when coalesce(cardinality(p_account_ids), 0) > 0 then 'account'
    else 'none' end;
  -- One read in page order per id of that filter (one, unfiltered, when there is none); an id
  -- given twice is read once (twice, its rows would take two places each in the page).
  v_keys uuid[] := array(select distinct k.id from unnest(case v_by
    when 'project' then coalesce(p_project_ids, '{}')
    when 'category' then p_category_ids
    when 'account' then p_account_ids
    else array[null::uuid] end) k(id));
  v_asc boolean := p_order = 'date_asc';
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_order is null or p_order not in ('date_desc', 'date_asc') or p_limit is null or p_limit < 1 then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;

  -- Each arm reads its first p_limit rows in the page's order (each call is planned with its
  -- values: the arms and terms not asked for fold away), and the page is cut from them. The order
  -- terms are null unless their order is asked for, as in search_movements.
  return query
  select x.id from (
    (select p.id, p.movement_date, p.created_at
     from unnest(v_keys) k(id)
     cross join lateral (
       select p.id, coalesce(p.payment_date, p.due_date) as movement_date, p.created_at
       from public.accounts_payable p
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
         and p.company_id = p_company_id and p.approval_status = 'approved'
         -- The filter read along is the key; its own condition below folds away (left in, an
         -- obra filter's "or project_id is null" tempted the planner into a bitmap and a sort).
         and (v_by <> 'project' or p.project_id = k.id)
         and (v_by <> 'category' or p.category_id = k.id)
         and (v_by <> 'account' or p.bank_account_id = k.id)
         and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
         and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when p.status = 'paid' then 'paid' when p.due_date < p_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (v_by = 'account' or coalesce(cardinality(p_account_ids), 0) = 0
              or p.bank_account_id = any (p_account_ids))
         and (v_by = 'category' or coalesce(cardinality(p_category_ids), 0) = 0
              or p.category_id = any (p_category_ids))
         and (v_by = 'project' or not v_filter_projects
              or p.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and p.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (p.paid_amount > 0 and not p.has_comprovante))
         and (p_pattern is null
              or p.search_key like p_pattern
              or p.supplier_id = any (p_supplier_ids)
              or p.category_id = any (p_name_category_ids)
              or p.project_id = any (p_name_project_ids)
              or p.bank_account_id = any (p_name_account_ids))
       order by case when v_asc then coalesce(p.payment_date, p.due_date) end,
                case when v_asc then p.created_at end,
                case when v_asc then p.id end,
                coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
       limit p_limit) p)
    union all
    -- Sem obra: project_id is null is no equality, so the planner would not take the obra index's
    -- rows as ordered by date; ordered by project_id first (null in every row read), they are.
    (select p.id, coalesce(p.payment_date, p.due_date), p.created_at
     from public.accounts_payable p
     where v_by = 'project' and coalesce(p_include_no_project, false)
       and (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
       and p.company_id = p_company_id and p.approval_status = 'approved'
       and p.project_id is null
       and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
       and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
       and (coalesce(cardinality(p_statuses), 0) = 0
            or (case when p.status = 'paid' then 'paid' when p.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
       and (coalesce(cardinality(p_category_ids), 0) = 0 or p.category_id = any (p_category_ids))
       and (not coalesce(p_without_comprovante, false)
            or (p.paid_amount > 0 and not p.has_comprovante))
       and (p_pattern is null
            or p.search_key like p_pattern
            or p.supplier_id = any (p_supplier_ids)
            or p.category_id = any (p_name_category_ids)
            or p.bank_account_id = any (p_name_account_ids))
     order by case when v_asc then p.project_id end,
              case when v_asc then coalesce(p.payment_date, p.due_date) end,
              case when v_asc then p.created_at end,
              case when v_asc then p.id end,
              p.project_id desc, coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
     limit p_limit)
    union all
    (select r.id, r.movement_date, r.created_at
     from unnest(v_keys) k(id)
     cross join lateral (
       select r.id, coalesce(r.received_date, r.due_date) as movement_date, r.created_at
       from public.accounts_receivable r
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
         and r.company_id = p_company_id
         and (v_by <> 'project' or r.project_id = k.id)
         and (v_by <> 'category' or r.category_id = k.id)
         and (v_by <> 'account' or r.bank_account_id = k.id)
         and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
         and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when r.status = 'paid' then 'paid' when r.due_date < p_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (v_by = 'account' or coalesce(cardinality(p_account_ids), 0) = 0
              or r.bank_account_id = any (p_account_ids))
         and (v_by = 'category' or coalesce(cardinality(p_category_ids), 0) = 0
              or r.category_id = any (p_category_ids))
         and (v_by = 'project' or not v_filter_projects
              or r.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and r.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (r.paid_amount > 0 and not r.has_comprovante))
         and (p_pattern is null
              or r.search_key like p_pattern
              or r.client_id = any (p_client_ids)
              or r.category_id = any (p_name_category_ids)
              or r.project_id = any (p_name_project_ids)
              or r.bank_account_id = any (p_name_account_ids))
       order by case when v_asc then coalesce(r.received_date, r.due_date) end,
                case when v_asc then r.created_at end,
                case when v_asc then r.id end,
                coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
       limit p_limit) r)
    union all
    (select r.id, coalesce(r.received_date, r.due_date), r.created_at
     from public.accounts_receivable r
     where v_by = 'project' and coalesce(p_include_no_project, false)
       and (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
       and r.company_id = p_company_id
       and r.project_id is null
       and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
       and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
       and (coalesce(cardinality(p_statuses), 0) = 0
            or (case when r.status = 'paid' then 'paid' when r.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
       and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
       and (not coalesce(p_without_comprovante, false)
            or (r.paid_amount > 0 and not r.has_comprovante))
       and (p_pattern is null
            or r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.category_id = any (p_name_category_ids)
            or r.bank_account_id = any (p_name_account_ids))
     order by case when v_asc then r.project_id end,
              case when v_asc then coalesce(r.received_date, r.due_date) end,
              case when v_asc then r.created_at end,
              case when v_asc then r.id end,
              r.project_id desc, coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
     limit p_limit)
  ) x
  order by case when v_asc then x.movement_date end,
           case when v_asc then x.created_at end,
           case when v_asc then x.id end,
           x.movement_date desc, x.created_at desc, x.id desc
  limit p_limit;
end;
$function$;
comment on function private.movement_page_ids(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_pattern text, p_supplier_ids uuid[], p_client_ids uuid[], p_name_category_ids uuid[], p_name_project_ids uuid[], p_name_account_ids uuid[], p_order text, p_limit integer) is 'The ids of the first p_limit entries (payables and receivables, no transfers) search_movements lists in a date order (p_order date_desc | date_asc), with its filters (p_pattern: search_pattern of the search; p_supplier_ids, p_client_ids, p_name_*_ids: the registers whose names match it). Read along the obra, else category, else account filter (one read in page order per id, "sem obra" its own), else the movement-date indexes, every condition an index condition where one can be (no row security here). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura), invalid_page.';
revoke all on function private.movement_page_ids(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) from public, anon, authenticated;
grant execute on function private.movement_page_ids(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) to authenticated;
