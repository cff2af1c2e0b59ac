-- Every function that takes a company id refuses a null or foreign one with not_a_member through
-- the one helper private.assert_member (issue 8, point 5: dashboard_summary and entry_list_summary
-- answered zeros for null), and every date parameter goes through private.assert_valid_date
-- (point 3: an absurd p_today, p_start or p_end raises invalid_date). create_project's budget goes
-- through private.assert_valid_amount (zero allowed). Bodies otherwise unchanged; all stay
-- security invoker. balance_history is left to the work that rewrites it (caps and speed).

-- dashboard_summary
create or replace function public.dashboard_summary(p_company_id uuid, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  with pending as (
    select 'expense' as kind, amount, due_date from public.accounts_payable
    where company_id = p_company_id and status = 'pending'
    union all
    select 'income', amount, due_date from public.accounts_receivable
    where company_id = p_company_id and status = 'pending'
  )
  select json_build_object(
    'receivable_total', coalesce(sum(amount) filter (where kind = 'income'), 0),
    'payable_total', coalesce(sum(amount) filter (where kind = 'expense'), 0),
    'overdue_total', coalesce(sum(amount) filter (where due_date < p_today), 0),
    'receivable_pending_count', count(*) filter (where kind = 'income'),
    'payable_pending_count', count(*) filter (where kind = 'expense'),
    'overdue_count', count(*) filter (where due_date < p_today)
  ) into v_result
  from pending;
  return v_result;
end;
$$;

-- entry_list_summary
create or replace function public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  with rows as (
    select status, amount, due_date from public.accounts_payable
    where p_kind = 'expense' and company_id = p_company_id
    union all
    select status, amount, due_date from public.accounts_receivable
    where p_kind = 'income' and company_id = p_company_id
  )
  select json_build_object(
    'pending_total', coalesce(sum(amount) filter (where status = 'pending'), 0),
    'pending_count', count(*) filter (where status = 'pending'),
    'overdue_total', coalesce(sum(amount) filter (where status = 'pending' and due_date < p_today), 0),
    'overdue_count', count(*) filter (where status = 'pending' and due_date < p_today),
    'paid_total', coalesce(sum(amount) filter (where status = 'paid'), 0),
    'paid_count', count(*) filter (where status = 'paid')
  ) into v_result
  from rows;
  return v_result;
end;
$$;

-- supplier_stats
create or replace function public.supplier_stats(p_company_id uuid, p_supplier_id uuid default null)
returns table (
  supplier_id uuid,
  order_count integer,
  orders_total numeric,
  average_ticket numeric,
  total_spent numeric,
  last_order_on date
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);

  return query
  with orders as (
    select o.supplier_id as sid,
           count(*)::integer as n,
           sum(o.amount) as total,
           max(o.order_date) as last_on
    from public.supplier_orders o
    where o.company_id = p_company_id
      and o.status <> 'cancelled'
      and (p_supplier_id is null or o.supplier_id = p_supplier_id)
    group by o.supplier_id
  ),
  spent as (
    select ap.supplier_id as sid, sum(ap.amount) as total
    from public.accounts_payable ap
    where ap.company_id = p_company_id
      and ap.status = 'paid'
      and ap.supplier_id is not null
      and (p_supplier_id is null or ap.supplier_id = p_supplier_id)
    group by ap.supplier_id
  )
  select s.id,
         coalesce(orders.n, 0),
         coalesce(orders.total, 0)::numeric,
         case when coalesce(orders.n, 0) > 0 then round(orders.total / orders.n, 2) else 0 end::numeric,
         coalesce(spent.total, 0)::numeric,
         orders.last_on
  from public.suppliers s
  left join orders on orders.sid = s.id
  left join spent on spent.sid = s.id
  where s.company_id = p_company_id
    and (p_supplier_id is null or s.id = p_supplier_id)
  order by s.name;
end;
$$;

-- supplier_summary
create or replace function public.supplier_summary(p_company_id uuid)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_member(p_company_id);
  select json_build_object(
    'active_count', (select count(*) from public.suppliers s
                     where s.company_id = p_company_id and s.is_active),
    'inactive_count', (select count(*) from public.suppliers s
                       where s.company_id = p_company_id and not s.is_active),
    'total_spent', (select coalesce(sum(ap.amount), 0) from public.accounts_payable ap
                    where ap.company_id = p_company_id and ap.status = 'paid'
                      and ap.supplier_id is not null)
  ) into v_result;
  return v_result;
end;
$$;

-- category_stats
create or replace function public.category_stats(p_category_id uuid, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_category public.categories;
  v_today date := coalesce(p_today, current_date);
  v_result json;
begin
  perform private.assert_valid_date(p_today);
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids());
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  -- A category's use counts from the ledger (what money really moved), not from entry status: the
  -- rows that still stand. An estorno (reopen_*) writes a reversing row (reversal_of = the original);
  -- both rows of such a pair cancel out and are left out. Transfers carry no category.
  with used as (
    select t.* from public.transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
      and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
  ),
  totals as (
    select
      count(*) as transaction_count,
      coalesce(sum(amount), 0) as total_amount,
      max(transaction_date) as last_used_on,
      count(*) filter (where transaction_date > v_today - 90 and transaction_date <= v_today) as last_90_days_count
    from used
  ),
  recent as (
    select u.id, u.description, u.amount, u.transaction_date, u.direction,
           u.payable_id, u.receivable_id, b.name as bank_account_name, p.name as project_name
    from used u
    left join public.bank_accounts b on b.company_id = u.company_id and b.id = u.bank_account_id
    left join public.projects p on p.company_id = u.company_id and p.id = u.project_id
    order by u.transaction_date desc, u.created_at desc
    limit 10
  )
  select json_build_object(
    'transaction_count', t.transaction_count,
    'total_amount', t.total_amount,
    'average_amount', case when t.transaction_count > 0 then round(t.total_amount / t.transaction_count, 2) end,
    'last_used_on', t.last_used_on,
    'last_90_days_count', t.last_90_days_count,
    'frequency', case
      when t.last_90_days_count >= 9 then 'high'
      when t.last_90_days_count >= 3 then 'medium'
      when t.last_90_days_count >= 1 then 'low'
      else 'none'
    end,
    'recent', coalesce((select json_agg(r) from recent r), '[]'::json)
  ) into v_result
  from totals t;
  return v_result;
end;
$$;

-- create_project
create or replace function public.create_project(
  p_company_id uuid,
  p_name text,
  p_address text,
  p_client_name text,
  p_budget numeric,
  p_start_date date,
  p_end_date date,
  p_stages text[],
  p_description text default null,
  p_priority text default 'medium',
  p_status text default 'planning'
)
returns public.projects
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_project public.projects;
  v_stage text;
  v_index integer := 0;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  perform private.assert_member(p_company_id);
  -- SPEC §5: name, address, client, budget, start date and expected end are required.
  if coalesce(btrim(p_name), '') = '' or coalesce(btrim(p_address), '') = ''
     or coalesce(btrim(p_client_name), '') = '' or p_budget is null
     or p_start_date is null or p_end_date is null then
    raise exception using errcode = 'P0001', message = 'project_required_fields';
  end if;
  perform private.assert_valid_amount(p_budget, p_allow_zero => true);
  perform private.assert_valid_date(p_start_date);
  perform private.assert_valid_date(p_end_date);
  if p_end_date < p_start_date then
    raise exception using errcode = 'P0001', message = 'project_end_before_start';
  end if;
  if p_stages is null or cardinality(p_stages) = 0 then
    raise exception using errcode = 'P0001', message = 'project_stages_required';
  end if;

  insert into public.projects (company_id, name, description, address, client_name, budget,
                               start_date, end_date, priority, status)
  values (p_company_id, btrim(p_name), nullif(btrim(p_description), ''), btrim(p_address),
          btrim(p_client_name), p_budget, p_start_date, p_end_date,
          coalesce(p_priority, 'medium'), coalesce(p_status, 'planning'))
  returning * into v_project;

  foreach v_stage in array p_stages loop
    if coalesce(btrim(v_stage), '') = '' then
      raise exception using errcode = 'P0001', message = 'invalid_stage';
    end if;
    insert into public.project_stages (company_id, project_id, name, description, order_index, estimated_cost)
    values (p_company_id, v_project.id, btrim(v_stage), 'Etapa ' || btrim(v_stage), v_index, null);
    v_index := v_index + 1;
  end loop;

  return v_project;
end;
$$;

-- project_financials
create or replace function public.project_financials(p_company_id uuid, p_project_id uuid default null)
returns table (
  project_id uuid,
  paid_expenses numeric,
  paid_revenues numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);

  return query
  with expenses as (
    select ap.project_id as pid, sum(ap.amount) as total
    from public.accounts_payable ap
    where ap.company_id = p_company_id
      and ap.status = 'paid'
      and ap.project_id is not null
      and (p_project_id is null or ap.project_id = p_project_id)
    group by ap.project_id
  ),
  revenues as (
    select ar.project_id as pid, sum(ar.amount) as total
    from public.accounts_receivable ar
    where ar.company_id = p_company_id
      and ar.status = 'paid'
      and ar.project_id is not null
      and (p_project_id is null or ar.project_id = p_project_id)
    group by ar.project_id
  )
  select p.id,
         coalesce(expenses.total, 0)::numeric,
         coalesce(revenues.total, 0)::numeric
  from public.projects p
  left join expenses on expenses.pid = p.id
  left join revenues on revenues.pid = p.id
  where p.company_id = p_company_id
    and (p_project_id is null or p.id = p_project_id);
end;
$$;

-- search_movements
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
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

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

-- report_summary
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
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

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
