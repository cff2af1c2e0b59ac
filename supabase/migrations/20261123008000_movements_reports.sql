-- Movimentações (the filtered list of every entry, its totals) and Relatório (revenue and expense
-- breakdowns, balance evolution per account), computed in SQL (DESIGN §4: never by downloading
-- every row). All functions run as the caller (security invoker): RLS of the tables decides what
-- they read, and each one refuses a company the caller is not a member of.

-- ---------------------------------------------------------------------------------------------
-- Movimentações
-- ---------------------------------------------------------------------------------------------

-- The one definition of the Movimentações filters: the list pages, the CSV export and the totals
-- all read this function, so they can never disagree.
create or replace function public.search_movements(
  p_company_id uuid,
  p_today date,
  p_search text default null,
  p_start date default null,
  p_end date default null,
  p_kinds text[] default null,
  p_statuses text[] default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false,
  p_category_ids uuid[] default null
)
returns table (
  kind text,
  id uuid,
  description text,
  amount numeric,
  due_date date,
  status text,
  settled_on date,
  counterparty_name text,
  project_id uuid,
  project_name text,
  category_id uuid,
  category_name text,
  category_color text,
  bank_account_id uuid,
  bank_account_name text,
  payment_method text,
  installment_number integer,
  installment_count integer,
  created_at timestamptz,
  movement_date date,
  display_status text
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
begin
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;

  return query
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from public.entries e
    where e.company_id = p_company_id
  )
  select r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on, r.counterparty_name,
         r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, r.payment_method, r.installment_number,
         r.installment_count, r.created_at, r.movement_date, r.display_status
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
    and (not v_filter_projects
         or r.project_id = any (coalesce(p_project_ids, '{}'))
         or (coalesce(p_include_no_project, false) and r.project_id is null))
    -- strpos, not ILIKE: what the user types is text, never a pattern (% and _ match themselves).
    and (v_search is null
         or strpos(lower(r.description), v_search) > 0
         or strpos(lower(coalesce(r.counterparty_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.category_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.project_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.bank_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.notes, '')), v_search) > 0);
end;
$$;
comment on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) is
  'Movimentações: payables (kind expense) and receivables (kind income) of the company matching every '
  'filter given (null or empty = no filter). movement_date = settlement date of a paid entry, else its '
  'due date; the period filter [p_start, p_end] (inclusive) applies to it. display_status: paid, '
  'overdue (pending, due before p_today, which comes from the browser) or open. p_kinds: expense/income; '
  'p_statuses: open/paid/overdue; p_project_ids plus p_include_no_project ("Geral", no obra) are one '
  'filter (either matches). p_search: case-insensitive text in description, supplier/client, category, '
  'obra, bank account or notes. Within a filter values are alternatives (or); filters combine with and. '
  'Error key not_a_member.';

create or replace function public.movement_summary(
  p_company_id uuid,
  p_today date,
  p_search text default null,
  p_start date default null,
  p_end date default null,
  p_kinds text[] default null,
  p_statuses text[] default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false,
  p_category_ids uuid[] default null
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  select json_build_object(
    'income_total', coalesce(sum(m.amount) filter (where m.kind = 'income'), 0),
    'expense_total', coalesce(sum(m.amount) filter (where m.kind = 'expense'), 0),
    'balance', coalesce(sum(case m.kind when 'income' then m.amount else -m.amount end), 0),
    'count', count(*)
  ) into v_result
  from public.search_movements(p_company_id, p_today, p_search, p_start, p_end, p_kinds, p_statuses,
                               p_account_ids, p_project_ids, p_include_no_project, p_category_ids) m;
  return v_result;
end;
$$;
comment on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) is
  'Totals of Movimentações over exactly the rows search_movements gives for the same arguments: '
  'income_total (entradas), expense_total (saídas), balance (entradas − saídas), in reais, and count.';

-- ---------------------------------------------------------------------------------------------
-- Relatório
-- ---------------------------------------------------------------------------------------------

-- Revenue and expense of the period: paid entries whose payment/receipt date is in [p_start, p_end]
-- (null bound = open), optionally only those settled into some accounts and of some obras.
create or replace function public.report_summary(
  p_company_id uuid,
  p_start date default null,
  p_end date default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_result json;
begin
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;

  with paid as (
    select 'expense'::text as kind, p.id, p.description, p.amount, p.payment_date as settled_on,
           p.category_id, p.project_id, p.bank_account_id, p.supplier_id as counterparty_id,
           p.supplier_name as counterparty_text
    from public.accounts_payable p
    where p.company_id = p_company_id and p.status = 'paid'
    union all
    select 'income', r.id, r.description, r.amount, r.received_date, r.category_id, r.project_id,
           r.bank_account_id, r.client_id, r.client_name
    from public.accounts_receivable r
    where r.company_id = p_company_id and r.status = 'paid'
  ),
  f as (
    select paid.* from paid
    where (p_start is null or paid.settled_on >= p_start)
      and (p_end is null or paid.settled_on <= p_end)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or paid.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or paid.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and paid.project_id is null))
  ),
  totals as (
    select
      coalesce(sum(amount) filter (where kind = 'income'), 0) as revenue,
      coalesce(sum(amount) filter (where kind = 'expense'), 0) as expense,
      count(*) filter (where kind = 'income') as revenue_count,
      count(*) filter (where kind = 'expense') as expense_count
    from f
  ),
  by_category as (
    select f.kind, f.category_id, c.name, c.color, sum(f.amount) as total, count(*) as count
    from f
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    group by f.kind, f.category_id, c.name, c.color
  ),
  by_project as (
    select f.kind, f.project_id, pr.name, sum(f.amount) as total, count(*) as count
    from f
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    group by f.kind, f.project_id, pr.name
  ),
  top_receipts as (
    select f.id, f.description, f.amount, f.settled_on as received_date,
           coalesce(cl.name, f.counterparty_text) as client_name,
           c.name as category_name, pr.name as project_name
    from f
    left join public.clients cl on cl.company_id = p_company_id and cl.id = f.counterparty_id
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    where f.kind = 'income'
    order by f.amount desc, f.settled_on desc, f.id
    limit 5
  )
  select json_build_object(
    'revenue_total', t.revenue,
    'expense_total', t.expense,
    'revenue_count', t.revenue_count,
    'expense_count', t.expense_count,
    'top_receipts', coalesce((select json_agg(x) from top_receipts x), '[]'::json),
    'revenue_by_category', coalesce((
      select json_agg(json_build_object(
        'id', b.category_id, 'name', b.name, 'color', b.color, 'total', b.total, 'count', b.count,
        'percentage', case when t.revenue > 0 then round(100 * b.total / t.revenue, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_category b where b.kind = 'income'), '[]'::json),
    'expense_by_category', coalesce((
      select json_agg(json_build_object(
        'id', b.category_id, 'name', b.name, 'color', b.color, 'total', b.total, 'count', b.count,
        'percentage', case when t.expense > 0 then round(100 * b.total / t.expense, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_category b where b.kind = 'expense'), '[]'::json),
    'revenue_by_project', coalesce((
      select json_agg(json_build_object(
        'id', b.project_id, 'name', b.name, 'total', b.total, 'count', b.count,
        'percentage', case when t.revenue > 0 then round(100 * b.total / t.revenue, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_project b where b.kind = 'income'), '[]'::json),
    'expense_by_project', coalesce((
      select json_agg(json_build_object(
        'id', b.project_id, 'name', b.name, 'total', b.total, 'count', b.count,
        'percentage', case when t.expense > 0 then round(100 * b.total / t.expense, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_project b where b.kind = 'expense'), '[]'::json)
  ) into v_result
  from totals t;
  return v_result;
end;
$$;
comment on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) is
  'Relatório, in reais: paid payables (expense) and receivables (revenue) whose payment/receipt date '
  'is in [p_start, p_end] (a null bound is open), settled into one of p_account_ids (null/empty = any) '
  'and of one of p_project_ids or, with p_include_no_project, of no obra (both unset = any). '
  'revenue_total, expense_total and their counts; top_receipts: the 5 largest receipts; '
  'revenue_by_category, expense_by_category (id/name/color null = uncategorised), revenue_by_project, '
  'expense_by_project (id/name null = Geral): total, count and percentage of the kind''s total '
  '(1 decimal), largest first. Error key not_a_member.';

-- Closing balance per account at each point of the period, from the ledger:
-- initial_balance + Σ(in − out) of every ledger row dated up to that point (estornos included, so a
-- reversed settlement nets out from its reversal date on).
create or replace function public.balance_history(
  p_company_id uuid,
  p_start date default null,
  p_end date default null,
  p_account_ids uuid[] default null,
  p_bucket text default 'day'
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_end date := coalesce(p_end, current_date);
  v_start date := p_start;
  v_step interval;
  v_result json;
begin
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_bucket is null or p_bucket not in ('day', 'week', 'month') then
    raise exception using errcode = 'P0001', message = 'invalid_bucket';
  end if;
  if v_start is null then
    -- "Todo o período": from the day before the first ledger row, so the chart starts at the
    -- opening balances.
    select min(t.transaction_date) - 1 into v_start
    from public.transactions t
    where t.company_id = p_company_id
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids));
    v_start := least(coalesce(v_start, v_end), v_end);
  end if;
  if v_start > v_end then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;
  -- At most ~400 points per account whatever the caller asks.
  if v_end - v_start > 400 and p_bucket = 'day' then
    v_step := interval '7 days';
  elsif v_end - v_start > 2800 and p_bucket = 'week' then
    v_step := interval '1 month';
  else
    v_step := case p_bucket when 'day' then interval '1 day' when 'week' then interval '7 days' else interval '1 month' end;
  end if;

  with points as (
    select d::date as day from generate_series(v_start::timestamp, v_end::timestamp, v_step) d
    union
    select v_end
  ),
  accounts as (
    select a.id, a.name, a.color, a.type, a.initial_balance, a.current_balance
    from public.bank_accounts a
    where a.company_id = p_company_id
      and (case when coalesce(cardinality(p_account_ids), 0) = 0 then a.is_active
                else a.id = any (p_account_ids) end)
  ),
  series as (
    select a.id, p.day,
      a.initial_balance + coalesce((
        select sum(case t.direction when 'in' then t.amount else -t.amount end)
        from public.transactions t
        where t.company_id = p_company_id and t.bank_account_id = a.id and t.transaction_date <= p.day
      ), 0) as balance
    from accounts a cross join points p
  )
  select json_build_object(
    'start', v_start,
    'end', v_end,
    'bucket', p_bucket,
    'points', coalesce((select json_agg(p.day order by p.day) from points p), '[]'::json),
    'accounts', coalesce((
      select json_agg(json_build_object(
        'id', a.id, 'name', a.name, 'color', a.color, 'type', a.type,
        'current_balance', a.current_balance,
        'balances', (select json_agg(s.balance order by s.day) from series s where s.id = a.id))
        order by a.name, a.id)
      from accounts a), '[]'::json)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.balance_history(uuid, date, date, uuid[], text) is
  'Balance evolution per bank account, in reais: for each point (every day, week or month from '
  'p_start, plus p_end itself), initial_balance + Σ ledger (in − out) dated on or before it. '
  'p_start null = the day before the first ledger row of those accounts; p_end null = current_date '
  '(the browser passes its own today). Accounts: p_account_ids, or every active account when empty. '
  'Returns {start, end, bucket, points[], accounts[{id, name, color, type, current_balance, '
  'balances[] (one per point)}]}. Error keys not_a_member, invalid_bucket, invalid_period.';

revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) from public, anon;
revoke all on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) from public, anon;
revoke all on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) from public, anon;
revoke all on function public.balance_history(uuid, date, date, uuid[], text) from public, anon;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;
grant execute on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;
grant execute on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) to authenticated;
grant execute on function public.balance_history(uuid, date, date, uuid[], text) to authenticated;
