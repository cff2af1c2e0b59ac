-- Movimentações' totals summed every row search_movements gives (2.8 s at 200 000 entries). Without
-- a search text or "sem comprovante" (what only the rows know), the entries' part now reads the
-- kept month totals (private.entry_totals) for the whole months of the period and sums from the
-- rows, by the movement-date indexes, only the edge days, and the pending rows of today's month
-- when open and overdue are told apart. Filters on more than one of conta, categoria and obra are
-- summed from the rows of the period (no kept table has two of them). With a search text or "sem
-- comprovante" the matching rows are summed on the tables (trigram and movement-date indexes)
-- rather than through search_movements' listed rows (their names and document counts, unused
-- here). Same signature, same answer.

-- Body of the entries' part (security definer: members cannot read private.entry_totals).
create function private.movement_entry_totals(
  p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[],
  p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[]
)
returns table (kind text, total numeric, entry_count bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_today_month date := date_trunc('month', coalesce(p_today, current_date)::timestamp)::date;
  v_any_status boolean := coalesce(cardinality(p_statuses), 0) = 0;
  v_paid boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'paid' = any (p_statuses);
  v_open boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'open' = any (p_statuses);
  v_overdue boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'overdue' = any (p_statuses);
  v_by_account boolean := coalesce(cardinality(p_account_ids), 0) > 0;
  v_by_category boolean := coalesce(cardinality(p_category_ids), 0) > 0;
  v_by_project boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_kinds text[] := case when coalesce(cardinality(p_kinds), 0) = 0 then array['expense', 'income'] else p_kinds end;
  v_dim text;
  -- Whole months of the period (first days), read from the kept totals.
  v_first date;
  v_last date;
  -- Day ranges summed from the rows; v_pending_only: only the pending rows of that range.
  v_los date[] := '{}';
  v_his date[] := '{}';
  v_pending_only boolean[] := '{}';
  v_split boolean;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  v_split := v_open <> v_overdue;
  v_dim := case when v_by_account::int + v_by_category::int + v_by_project::int > 1 then null
                when v_by_account then 'account' when v_by_category then 'category'
                when v_by_project then 'project' else 'all' end;
  v_first := case when p_start is null then '-infinity'::date
                  when p_start = date_trunc('month', p_start::timestamp)::date then p_start
                  else (date_trunc('month', p_start::timestamp) + interval '1 month')::date end;
  v_last := case when p_end is null then 'infinity'::date
                 when p_end = (date_trunc('month', p_end::timestamp) + interval '1 month - 1 day')::date
                   then date_trunc('month', p_end::timestamp)::date
                 else (date_trunc('month', p_end::timestamp) - interval '1 month')::date end;

  if v_dim is null or v_first > v_last then
    -- No whole month the kept totals can answer: the period from the rows.
    v_dim := null;
    v_los := array[coalesce(p_start, '-infinity'::date)];
    v_his := array[coalesce(p_end, 'infinity'::date)];
    v_pending_only := array[false];
  else
    if p_start is not null and p_start < v_first then
      v_los := v_los || p_start;
      v_his := v_his || (v_first - 1);
      v_pending_only := v_pending_only || false;
    end if;
    if p_end is not null and p_end >= (v_last + interval '1 month')::date then
      v_los := v_los || (v_last + interval '1 month')::date;
      v_his := v_his || p_end;
      v_pending_only := v_pending_only || false;
    end if;
    -- A pending row of today's month is open or overdue by its day: from the rows.
    if v_split and v_today_month between v_first and v_last then
      v_los := v_los || v_today_month;
      v_his := v_his || (v_today_month + interval '1 month - 1 day')::date;
      v_pending_only := v_pending_only || true;
    end if;
  end if;

  return query
  with parts as (
    select t.kind, t.display_total as total, t.entry_count
    from private.entry_totals t
    where v_dim is not null
      and t.company_id = p_company_id and t.dim = v_dim and t.kind = any (v_kinds)
      and t.month between v_first and v_last
      and case when t.paid then v_paid
               when not v_split then v_open
               when t.month < v_today_month then v_overdue
               when t.month > v_today_month then v_open
               else false end
      and case v_dim
            when 'account' then t.dim_id = any (p_account_ids)
            when 'category' then t.dim_id = any (p_category_ids)
            when 'project' then t.dim_id = any (coalesce(p_project_ids, '{}'))
                                or (coalesce(p_include_no_project, false) and t.dim_id is null)
            else true end
    union all
    select e.kind, e.paid_total + e.open_amount, 1::bigint
    from unnest(v_los, v_his, v_pending_only) as g(lo, hi, pending_only)
    cross join lateral (
      select 'expense'::text as kind, p.status, p.due_date, p.bank_account_id, p.category_id, p.project_id,
             p.paid_total, p.open_amount
      from public.accounts_payable p
      where 'expense' = any (v_kinds) and p.company_id = p_company_id and p.approval_status = 'approved'
        and coalesce(p.payment_date, p.due_date) between g.lo and g.hi
      union all
      select 'income'::text, r.status, r.due_date, r.bank_account_id, r.category_id, r.project_id,
             r.paid_total, r.open_amount
      from public.accounts_receivable r
      where 'income' = any (v_kinds) and r.company_id = p_company_id
        and coalesce(r.received_date, r.due_date) between g.lo and g.hi
    ) e
    where (not g.pending_only or e.status = 'pending')
      and case when e.status = 'paid' then v_paid when e.due_date < v_today then v_overdue else v_open end
      and (not v_by_account or e.bank_account_id = any (p_account_ids))
      and (not v_by_category or e.category_id = any (p_category_ids))
      and (not v_by_project
           or e.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and e.project_id is null))
  )
  select parts.kind, sum(parts.total), sum(parts.entry_count)::bigint from parts group by parts.kind;
end;
$$;
comment on function private.movement_entry_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) is
  'The entries'' part of movement_summary without search and sem comprovante, per kind: total (display '
  'amounts) and entry_count, from private.entry_totals for whole months and from the rows for the edge days '
  '(and today''s month''s pending rows when open and overdue are told apart). Raises not_a_member unless the '
  'caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_entry_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[])
  from public, anon, authenticated, service_role;
grant execute on function private.movement_entry_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[])
  to authenticated;

-- The entries' part of movement_summary with a search text or sem comprovante: the matching rows
-- summed on the tables with search_movements' conditions. Security definer, as the kept totals'
-- reader: under the tables' row security a search function (not leakproof) could not be an index
-- condition; the company is checked here.
create function private.movement_search_totals(
  p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[],
  p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean,
  p_category_ids uuid[], p_without_comprovante boolean
)
returns table (kind text, total numeric, entry_count bigint)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_pattern text := private.search_pattern(p_search);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  v_supplier_ids uuid[];
  v_client_ids uuid[];
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
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
  return query
    select m.kind, sum(m.amount), count(*)
    from (
      select 'expense'::text as kind, p.paid_total + p.open_amount as amount
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
        and (not v_without
             or (p.paid_amount > 0
                 and not exists (select 1 from public.documents d
                                 where d.payable_id = p.id and d.kind = 'comprovante')
                 and not exists (select 1 from public.transactions t
                                 join public.documents d on d.payment_id = t.id
                                 where t.company_id = p.company_id and t.payable_id = p.id
                                   and d.kind = 'comprovante')))
        and (v_pattern is null or p.id in (
              -- Each arm of the search on its own index (trigram; supplier, category, obra, account).
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id
                and private.search_text(x.description || E'\n' || coalesce(x.supplier_name, '') || E'\n'
                                        || coalesce(x.notes, '')) like v_pattern
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.supplier_id = any (v_supplier_ids)
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.category_id = any (v_category_ids)
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.project_id = any (v_project_ids)
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.bank_account_id = any (v_account_ids)))
      union all
      select 'income'::text, r.paid_total + r.open_amount
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
        and (not v_without
             or (r.paid_amount > 0
                 and not exists (select 1 from public.documents d
                                 where d.receivable_id = r.id and d.kind = 'comprovante')
                 and not exists (select 1 from public.transactions t
                                 join public.documents d on d.payment_id = t.id
                                 where t.company_id = r.company_id and t.receivable_id = r.id
                                   and d.kind = 'comprovante')))
        and (v_pattern is null or r.id in (
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id
                and private.search_text(x.description || E'\n' || coalesce(x.client_name, '') || E'\n'
                                        || coalesce(x.notes, '')) like v_pattern
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.client_id = any (v_client_ids)
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.category_id = any (v_category_ids)
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.project_id = any (v_project_ids)
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.bank_account_id = any (v_account_ids)))
    ) m
    group by m.kind;
end;
$$;
comment on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) is
  'The entries'' part of movement_summary with a search text or sem comprovante, per kind: total (display '
  'amounts) and entry_count of the rows search_movements would list, summed on the tables (each search arm '
  'on its index). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean)
  from public, anon, authenticated, service_role;
grant execute on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean)
  to authenticated;

create or replace function public.movement_summary(
  p_company_id uuid, p_today date, p_search text default null, p_start date default null,
  p_end date default null, p_kinds text[] default null, p_statuses text[] default null,
  p_account_ids uuid[] default null, p_project_ids uuid[] default null,
  p_include_no_project boolean default false, p_category_ids uuid[] default null,
  p_without_comprovante boolean default false
)
returns json
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_pattern text := private.search_pattern(p_search);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_account_ids uuid[];
  v_income numeric;
  v_expense numeric;
  v_count bigint;
  v_transfer_total numeric;
  v_transfer_count bigint;
begin
  -- The checks search_movements makes, in its order.
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  if exists (select 1 from unnest(p_kinds) k where k is null or k not in ('expense', 'income', 'transfer')) then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or s not in ('open', 'overdue', 'paid')) then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;

  if v_pattern is null and not v_without then
    select coalesce(sum(e.total) filter (where e.kind = 'income'), 0),
           coalesce(sum(e.total) filter (where e.kind = 'expense'), 0),
           coalesce(sum(e.entry_count), 0)
    into v_income, v_expense, v_count
    from private.movement_entry_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                       p_account_ids, p_project_ids, p_include_no_project, p_category_ids) e;
  else
    -- What only the rows know (their texts, their documents): the matching rows summed.
    select coalesce(sum(e.total) filter (where e.kind = 'income'), 0),
           coalesce(sum(e.total) filter (where e.kind = 'expense'), 0),
           coalesce(sum(e.entry_count), 0)
    into v_income, v_expense, v_count
    from private.movement_search_totals(p_company_id, p_today, p_search, p_start, p_end, p_kinds,
                                        p_statuses, p_account_ids, p_project_ids, p_include_no_project,
                                        p_category_ids, p_without_comprovante) e;
    if v_pattern is not null then
      v_account_ids := array(select b.id from public.bank_accounts b
                             where b.company_id = p_company_id and private.search_text(b.name) like v_pattern);
    end if;
  end if;

  -- Transfers as search_movements lists them: no status, category nor obra, no comprovante.
  select coalesce(sum(t.amount) filter (where not t.reversed), 0), count(*)
  into v_transfer_total, v_transfer_count
  from public.transfers t
  where t.company_id = p_company_id
    and not v_without
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

  return json_build_object(
    'income_total', v_income,
    'expense_total', v_expense,
    'balance', v_income - v_expense,
    'count', v_count + v_transfer_count,
    'transfer_total', v_transfer_total,
    'transfer_count', v_transfer_count
  );
end;
$$;
comment on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) is
  'Totals of Movimentações over exactly the rows search_movements gives for the same arguments: income_total, '
  'expense_total, balance (sums of display_amount of entries; transfers are neither), count (every row), '
  'transfer_total (transfers not reversed), transfer_count. Without a search text or sem comprovante the '
  'entries'' part is read from kept month totals (private.movement_entry_totals); with them, summed over the '
  'matching rows of the tables with search_movements'' conditions. Raises what search_movements raises.';
revoke all on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean)
  from public, anon, authenticated;
grant execute on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean)
  to authenticated, service_role;
