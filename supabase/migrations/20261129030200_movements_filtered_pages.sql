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
--   invoker reads the names of those rows only.
--
-- With several categories (obras, accounts) chosen, each one's first rows are read in page order
-- (a lateral per id; "sem obra" is its own arm) and the page is cut from them. Same rows, same
-- order as before.

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
              or (p.paid_amount > 0
                  and not exists (select 1 from public.documents d
                                  where d.payable_id = p.id and d.kind = 'comprovante')
                  and not exists (select 1 from public.transactions t
                                  join public.documents d on d.payment_id = t.id
                                  where t.company_id = p.company_id and t.payable_id = p.id
                                    and d.kind = 'comprovante')))
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
            or (p.paid_amount > 0
                and not exists (select 1 from public.documents d
                                where d.payable_id = p.id and d.kind = 'comprovante')
                and not exists (select 1 from public.transactions t
                                join public.documents d on d.payment_id = t.id
                                where t.company_id = p.company_id and t.payable_id = p.id
                                  and d.kind = 'comprovante')))
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
              or (r.paid_amount > 0
                  and not exists (select 1 from public.documents d
                                  where d.receivable_id = r.id and d.kind = 'comprovante')
                  and not exists (select 1 from public.transactions t
                                  join public.documents d on d.payment_id = t.id
                                  where t.company_id = r.company_id and t.receivable_id = r.id
                                    and d.kind = 'comprovante')))
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
            or (r.paid_amount > 0
                and not exists (select 1 from public.documents d
                                where d.receivable_id = r.id and d.kind = 'comprovante')
                and not exists (select 1 from public.transactions t
                                join public.documents d on d.payment_id = t.id
                                where t.company_id = r.company_id and t.receivable_id = r.id
                                  and d.kind = 'comprovante')))
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

CREATE OR REPLACE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0, p_order text DEFAULT 'date_desc'::text)
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric, document_count integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  -- The search as a pattern (accents and case removed, % _ \ literal), and the rows of other
  -- tables whose names match it: entries are then found by id on their own indexes.
  v_pattern text := private.search_pattern(p_search);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  v_supplier_ids uuid[];
  v_client_ids uuid[];
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_page_ids uuid[];
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  -- Filters are the values the screen offers; anything else is refused, not matched against.
  if exists (select 1 from unnest(p_kinds) k where k is null or k not in ('expense', 'income', 'transfer')) then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or s not in ('open', 'overdue', 'paid')) then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;
  -- A page is 1..5000 rows from offset 0..1000000 in an order the screen offers (null limit: every
  -- row, unordered, as before).
  if p_limit < 1 or p_limit > 5000 or p_offset is null or p_offset < 0 or p_offset > 1000000
     or p_order is null or p_order not in ('date_desc', 'date_asc', 'value_desc', 'value_asc') then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;
  if v_pattern is not null then
    v_category_ids := array(select c.id from public.categories c
                            where c.company_id = p_company_id and private.search_text(c.name) like v_pattern);
    v_project_ids := array(select p.id from public.projects p
                           where p.company_id = p_company_id and private.search_text(p.name) like v_pattern);
    v_account_ids := array(select b.id from public.bank_accounts b
                           where b.company_id = p_company_id and private.search_text(b.name) like v_pattern);
    v_supplier_ids := array(select s.id from public.suppliers s
                            where s.company_id = p_company_id and private.search_text(s.name) like v_pattern);
    v_client_ids := array(select c.id from public.clients c
                          where c.company_id = p_company_id and private.search_text(c.name) like v_pattern);
  end if;

  if p_limit is null then
    return query
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from (select * from public.entries x where x.approval_status = 'approved') e
    where e.company_id = p_company_id
  )
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric as signed_amount,
         r.document_count
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
    -- Sem comprovante: money moved (paid, or partly) and no comprovante on the entry nor its payments.
    and (not coalesce(p_without_comprovante, false) or (r.paid_amount > 0 and not r.has_comprovante))
    and (not v_filter_projects
         or r.project_id = any (coalesce(p_project_ids, '{}'))
         or (coalesce(p_include_no_project, false) and r.project_id is null))
    -- The entry's own texts in their stored search form (search_key, trigram-indexed); names of
    -- other rows by id. The counterparty matches by its
    -- register's name or the name typed on the entry.
    and (v_pattern is null
         or r.search_key like v_pattern
         or r.counterparty_id = any (case r.kind when 'expense' then v_supplier_ids else v_client_ids end)
         or r.category_id = any (v_category_ids)
         or r.project_id = any (v_project_ids)
         or r.bank_account_id = any (v_account_ids))
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount, 0
  from public.transfers t
  where t.company_id = p_company_id
    and not coalesce(p_without_comprovante, false)
    and (p_start is null or t.transfer_date >= p_start)
    and (p_end is null or t.transfer_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or t.from_account_id = any (p_account_ids) or t.to_account_id = any (p_account_ids))
    and (v_pattern is null
         or private.search_text(coalesce(t.description, 'Transferência')) like v_pattern
         or t.from_account_id = any (v_account_ids)
         or t.to_account_id = any (v_account_ids));
    return;
  end if;

  -- By value (the amount as shown, paid + open, signed): a page of ids from each table in that
  -- order by its value index (accounts_payable_value_idx, accounts_receivable_value_idx: an expense
  -- is negative, so value_desc reads the payables' smallest amounts first), each row filtered as it
  -- is read and the walk stopping at offset + limit; only then the page's rows through the entries
  -- view, with their names and document counts. (Through the view, the names and counts were
  -- joined to every matching row before a top-N sort of them all.)
  if p_order in ('value_desc', 'value_asc') then
    -- The ids first, on their own: given to the page as a list of values, they are looked up by
    -- primary key (as a join, the planner hashed them against every row of the view).
    v_page_ids := array(
      (select p.id
       from public.accounts_payable p
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
         and p.company_id = p_company_id and p.approval_status = 'approved'
         and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
         and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when p.status = 'paid' then 'paid' when p.due_date < v_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
         and (coalesce(cardinality(p_category_ids), 0) = 0 or p.category_id = any (p_category_ids))
         and (not v_filter_projects
              or p.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and p.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (p.paid_amount > 0
                  and not exists (select 1 from public.documents d
                                  where d.payable_id = p.id and d.kind = 'comprovante')
                  and not exists (select 1 from public.transactions t
                                  join public.documents d on d.payment_id = t.id
                                  where t.company_id = p.company_id and t.payable_id = p.id
                                    and d.kind = 'comprovante')))
         and (v_pattern is null
              or p.search_key like v_pattern
              or p.supplier_id = any (v_supplier_ids)
              or p.category_id = any (v_category_ids)
              or p.project_id = any (v_project_ids)
              or p.bank_account_id = any (v_account_ids))
       order by case when p_order = 'value_desc' then p.paid_total + p.open_amount end,
                case when p_order = 'value_asc' then p.paid_total + p.open_amount end desc,
                coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
       limit p_offset + p_limit)
      union all
      (select r.id
       from public.accounts_receivable r
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
         and r.company_id = p_company_id
         and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
         and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when r.status = 'paid' then 'paid' when r.due_date < v_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
         and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
         and (not v_filter_projects
              or r.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and r.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (r.paid_amount > 0
                  and not exists (select 1 from public.documents d
                                  where d.receivable_id = r.id and d.kind = 'comprovante')
                  and not exists (select 1 from public.transactions t
                                  join public.documents d on d.payment_id = t.id
                                  where t.company_id = r.company_id and t.receivable_id = r.id
                                    and d.kind = 'comprovante')))
         and (v_pattern is null
              or r.search_key like v_pattern
              or r.client_id = any (v_client_ids)
              or r.category_id = any (v_category_ids)
              or r.project_id = any (v_project_ids)
              or r.bank_account_id = any (v_account_ids))
       order by case when p_order = 'value_desc' then r.paid_total + r.open_amount end desc,
                case when p_order = 'value_asc' then r.paid_total + r.open_amount end,
                coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
       limit p_offset + p_limit));
  else
    -- By date: the page's ids from private.movement_page_ids (security definer): as the caller,
    -- row security kept the period (a coalesce, not leakproof) and the search's like from being
    -- index conditions, and a filter had no index in the page's order.
    v_page_ids := array(select private.movement_page_ids(
      p_company_id, v_today, p_start, p_end, p_kinds, p_statuses, p_account_ids, p_project_ids,
      p_include_no_project, p_category_ids, p_without_comprovante, v_pattern, v_supplier_ids,
      v_client_ids, v_category_ids, v_project_ids, v_account_ids, p_order, p_offset + p_limit));
  end if;

  -- The page: the rows of those ids through the entries view (names, document counts), looked up
  -- by primary key, and the transfers' first offset + limit in the same order; the page is cut
  -- from the two. Nothing is counted. The order is written as terms that are null unless their
  -- order is asked for: each call is planned with its values (plan_cache_mode below), so the terms
  -- of the other orders fold to constants and drop out.
  return query
  select * from (
    (
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from public.entries e
    where e.company_id = p_company_id and e.id = any (v_page_ids)
  )
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric as signed_amount,
         r.document_count
  from m r
    )
    union all
    (
  -- A transfer has no status, category nor obra: any of those filters leaves it out. The transfers
  -- view's rows, read here from the ledger: its out side in the page's order
  -- (transactions_transfer_out_date_idx, transactions_transfer_out_amount_idx), the in side,
  -- estorno and names per row read, so a page stops after offset + limit transfers (through the
  -- view, both sides of every transfer of the company were hashed and sorted first).
  select 'transfer'::text, 'transfer'::text, o.transfer_group_id, coalesce(o.description, 'Transferência'),
         o.amount, o.transaction_date, 'paid'::text, o.transaction_date, null::text, null::uuid,
         null::text, null::uuid, null::text, null::text, o.bank_account_id, fa.name, i.bank_account_id,
         ta.name, null::text, null::integer, null::integer, o.created_at, o.transaction_date,
         'transfer'::text, o.amount, 0::numeric, o.amount, o.amount, ro.id is not null,
         ro.transaction_date, o.amount, 0
  from public.transactions o
  join lateral (
    select x.bank_account_id from public.transactions x
    where x.company_id = o.company_id and x.type = 'transfer' and x.transfer_group_id = o.transfer_group_id
      and x.direction = 'in' and x.reversal_of is null
    limit 1
  ) i on true
  left join lateral (
    select r.id, r.transaction_date from public.transactions r
    where r.reversal_of is not null and r.reversal_of = o.id
    limit 1
  ) ro on true
  left join public.bank_accounts fa on fa.company_id = o.company_id and fa.id = o.bank_account_id
  left join public.bank_accounts ta on ta.company_id = o.company_id and ta.id = i.bank_account_id
  where o.company_id = p_company_id and o.type = 'transfer' and o.direction = 'out'
    and o.reversal_of is null
    and not coalesce(p_without_comprovante, false)
    and (p_start is null or o.transaction_date >= p_start)
    and (p_end is null or o.transaction_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or o.bank_account_id = any (p_account_ids) or i.bank_account_id = any (p_account_ids))
    and (v_pattern is null
         or private.search_text(coalesce(o.description, 'Transferência')) like v_pattern
         or o.bank_account_id = any (v_account_ids)
         or i.bank_account_id = any (v_account_ids))
  order by case when p_order = 'date_asc' then o.transaction_date end,
           case when p_order = 'date_asc' then o.created_at end,
           case when p_order = 'date_asc' then o.transfer_group_id end,
           case when p_order = 'value_asc' then o.amount end,
           case when p_order = 'value_desc' then o.amount end desc,
           o.transaction_date desc, o.created_at desc, o.transfer_group_id desc
  limit p_offset + p_limit
    )
  ) x
  order by case when p_order = 'date_asc' then x.movement_date end,
           case when p_order = 'date_asc' then x.created_at end,
           case when p_order = 'date_asc' then x.id end,
           case when p_order = 'value_asc' then x.signed_amount end,
           case when p_order = 'value_desc' then x.signed_amount end desc,
           x.movement_date desc, x.created_at desc, x.id desc
  limit p_limit offset p_offset;
end;
$function$;
revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) from public, anon, authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) to authenticated, service_role;
