-- Issue 35: a Movimentações page filtered by one account, obra or category reads that key's rows
-- with the planner knowing which key.
--
-- movement_page_ids reads one page per key of the filter (`unnest(v_keys) k` and a lateral read
-- along the key's index with the page's limit). Inside the lateral the key is `k.id`, a value the
-- planner does not know, so it estimates the average key: at 1 000 companies, 18 receivables an
-- account, while the largest company's main account holds 16 666. For 18 rows it took a bitmap of
-- every row of the key and a sort over reading the index backward until the page was full: the
-- largest company's "filter an account" read 3 042 heap pages for 51 rows (1 276 pages alone, 4 535
-- among 1 000; the API call 30.1 -> 48.7 ms). With one key, the common case (one account, one obra,
-- one category), the key is now the variable v_one, whose value this custom-planned function's
-- statements are planned with: the estimate is the key's own, and the index is read in order.

create or replace function private.movement_page_ids(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_pattern text, p_supplier_ids uuid[], p_client_ids uuid[], p_name_category_ids uuid[], p_name_project_ids uuid[], p_name_account_ids uuid[], p_order text, p_limit integer)
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
  -- The one key, when there is one: a value the statements are planned with (k.id is not).
  v_one uuid := case when cardinality(v_keys) = 1 then v_keys[1] end;
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
         and (v_by <> 'project' or p.project_id = coalesce(v_one, k.id))
         and (v_by <> 'category' or p.category_id = coalesce(v_one, k.id))
         and (v_by <> 'account' or p.bank_account_id = coalesce(v_one, k.id))
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
              or p.bank_account_id = any (p_name_account_ids)
              or p.part_category_ids && p_name_category_ids
              or p.part_project_ids && p_name_project_ids)
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
       and p.project_id is null and p.parts is null
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
         and (v_by <> 'project' or r.project_id = coalesce(v_one, k.id))
         and (v_by <> 'category' or r.category_id = coalesce(v_one, k.id))
         and (v_by <> 'account' or r.bank_account_id = coalesce(v_one, k.id))
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
              or r.bank_account_id = any (p_name_account_ids)
              or r.part_category_ids && p_name_category_ids
              or r.part_project_ids && p_name_project_ids)
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
       and r.project_id is null and r.parts is null
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
    union all
    -- Split entries (issue 33) under an obra or category filter: their own project_id and
    -- category_id are null, so the filter's index has none of them. Listed when one part matches
    -- every filter (private.parts_match), read in page order on the split rows' movement-date index
    -- (or found by the parts' GIN index, as the planner prefers).
    (select p.id, coalesce(p.payment_date, p.due_date), p.created_at
     from public.accounts_payable p
     where v_by in ('project', 'category')
       and (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
       and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
       and (coalesce(cardinality(p_category_ids), 0) = 0 or p.part_category_ids && p_category_ids)
       and (coalesce(cardinality(p_project_ids), 0) = 0 or coalesce(p_include_no_project, false)
            or p.part_project_ids && p_project_ids)
       -- One part matching both filters, or Geral: checked part by part (the parts' ids above tell
       -- the rest).
       and (not ((coalesce(cardinality(p_category_ids), 0) > 0 and v_filter_projects)
                 or coalesce(p_include_no_project, false))
            or private.parts_match(p.parts, p_project_ids, p_include_no_project, p_category_ids))
       and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
       and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
       and (coalesce(cardinality(p_statuses), 0) = 0
            or (case when p.status = 'paid' then 'paid' when p.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
       and (not coalesce(p_without_comprovante, false)
            or (p.paid_amount > 0 and not p.has_comprovante))
       and (p_pattern is null
            or p.search_key like p_pattern
            or p.supplier_id = any (p_supplier_ids)
            or p.bank_account_id = any (p_name_account_ids)
            or p.part_category_ids && p_name_category_ids
            or p.part_project_ids && p_name_project_ids)
     order by case when v_asc then coalesce(p.payment_date, p.due_date) end,
              case when v_asc then p.created_at end,
              case when v_asc then p.id end,
              coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
     limit p_limit)
    union all
    -- Split entries (issue 33) under an obra or category filter: their own project_id and
    -- category_id are null, so the filter's index has none of them. Listed when one part matches
    -- every filter (private.parts_match), read in page order on the split rows' movement-date index
    -- (or found by the parts' GIN index, as the planner prefers).
    (select r.id, coalesce(r.received_date, r.due_date), r.created_at
     from public.accounts_receivable r
     where v_by in ('project', 'category')
       and (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
       and r.company_id = p_company_id and r.parts is not null
       and (coalesce(cardinality(p_category_ids), 0) = 0 or r.part_category_ids && p_category_ids)
       and (coalesce(cardinality(p_project_ids), 0) = 0 or coalesce(p_include_no_project, false)
            or r.part_project_ids && p_project_ids)
       -- One part matching both filters, or Geral: checked part by part (the parts' ids above tell
       -- the rest).
       and (not ((coalesce(cardinality(p_category_ids), 0) > 0 and v_filter_projects)
                 or coalesce(p_include_no_project, false))
            or private.parts_match(r.parts, p_project_ids, p_include_no_project, p_category_ids))
       and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
       and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
       and (coalesce(cardinality(p_statuses), 0) = 0
            or (case when r.status = 'paid' then 'paid' when r.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
       and (not coalesce(p_without_comprovante, false)
            or (r.paid_amount > 0 and not r.has_comprovante))
       and (p_pattern is null
            or r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.bank_account_id = any (p_name_account_ids)
            or r.part_category_ids && p_name_category_ids
            or r.part_project_ids && p_name_project_ids)
     order by case when v_asc then coalesce(r.received_date, r.due_date) end,
              case when v_asc then r.created_at end,
              case when v_asc then r.id end,
              coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
     limit p_limit)
  ) x
  order by case when v_asc then x.movement_date end,
           case when v_asc then x.created_at end,
           case when v_asc then x.id end,
           x.movement_date desc, x.created_at desc, x.id desc
  limit p_limit;
end;
$function$;
