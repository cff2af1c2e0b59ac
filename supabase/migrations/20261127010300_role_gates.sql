-- Every public function checks the caller's role (roles: 20261127010100, policies: 20261127010200).
-- The security definer bodies do not see the policies, and a security invoker function reading
-- under RLS would answer a role that may not read with a silently smaller total: each gets an
-- explicit gate, so the answer is an error.
--   readers (admin, financeiro, leitura): the company's figures and lists (dashboard_summary,
--     entry_list_summary, search_movements, movement_summary, report_summary, balance_history,
--     account_ledger, bank_account_summary, cash_flow_projection, dre, supplier_stats,
--     supplier_summary, category_stats, statement_balance, statement_candidates,
--     statement_category_guesses);
--   writers (admin, financeiro): every function that writes (settle_*, reopen_*, reverse_*,
--     transfer_between_accounts, create_and_settle_entry, import_bank_statement,
--     reconcile_statement_line, undo_statement_line, remove_bank_account, remove_category,
--     create_project); delete_entry also for an 'obra' member's own pending payables;
--   every role, an 'obra' member for its obras only: project_budget, project_budget_totals,
--     project_financials, entry_history (their bodies move to private: an 'obra' member does not
--     read the ledger nor the history, yet its obra's realizado and its entries' Histórico are
--     its to see);
--   unchanged: company_activity (admins: not_admin), the invitation functions (admins:
--     not_admin), create_company (anyone signed in), signed_amount (reads nothing).
-- A role that may not: forbidden_role. Not a member, a row of another company or one the caller
-- does not see: as before (not_a_member, *_not_found). An 'obra' member and an obra not theirs:
-- project_not_assigned.

-- Helpers -----------------------------------------------------------------------------------------

create or replace function private.assert_row_role(p_table text, p_id uuid, p_roles text[],
                                                   p_column text default 'id')
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
begin
  if p_table not in ('accounts_payable', 'accounts_receivable', 'transactions', 'bank_accounts',
                     'bank_statement_lines', 'categories')
     or p_column not in ('id', 'transfer_group_id') then
    raise exception using errcode = 'P0001', message = 'invalid_action';
  end if;
  execute format('select t.company_id from public.%I t where t.%I = $1 '
                 'and t.company_id in (select private.user_company_ids()) limit 1', p_table, p_column)
    into v_company_id using p_id;
  -- Not found among the caller's companies: the function says so in its own words.
  if v_company_id is not null then
    perform private.assert_role(v_company_id, p_roles);
  end if;
end;
$$;
comment on function private.assert_row_role(text, uuid, text[], text) is
  'Gate of a function taking a row id: forbidden_role unless the caller''s role in the row''s company '
  'is one of p_roles. A row outside the caller''s companies passes (the function then raises its '
  'own *_not_found).';

create or replace function private.assert_entry_writer(p_kind text, p_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_role text;
begin
  if p_kind = 'expense' then
    select e.company_id into v_company_id from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids());
  else
    select e.company_id into v_company_id from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids());
  end if;
  if v_company_id is null then
    return;
  end if;
  v_role := private.company_role(v_company_id);
  if v_role in ('admin', 'financeiro') then
    return;
  end if;
  if v_role = 'obra' and not exists (
    select 1 from public.accounts_payable e
    where p_kind = 'expense' and e.id = p_id and e.project_id in (select private.obra_project_ids())
  ) then
    -- Not an entry the member sees: the caller says entry_not_found.
    return;
  end if;
  if v_role = 'obra' and exists (
    select 1 from public.accounts_payable e
    where e.id = p_id and e.created_by = (select auth.uid()) and e.status = 'pending'
      and e.paid_amount = 0
  ) then
    return;
  end if;
  raise exception using errcode = 'P0001', message = 'forbidden_role';
end;
$$;
comment on function private.assert_entry_writer(text, uuid) is
  'Gate of delete_entry: admin and financeiro; an ''obra'' member only its own pending, unpaid '
  'payables of its obras (forbidden_role otherwise). An entry outside the caller''s companies, or '
  'one an ''obra'' member does not see, passes (the caller raises entry_not_found).';

create or replace function private.assert_project_access(p_project_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
begin
  select p.company_id into v_company_id from public.projects p
  where p.id = p_project_id and p.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'project_not_found';
  end if;
  if private.company_role(v_company_id) = 'obra'
     and p_project_id not in (select private.obra_project_ids()) then
    raise exception using errcode = 'P0001', message = 'project_not_assigned';
  end if;
  return v_company_id;
end;
$$;
comment on function private.assert_project_access(uuid) is
  'The company of an obra the caller may see: project_not_found outside the caller''s companies, '
  'project_not_assigned for an ''obra'' member and an obra not theirs.';

revoke all on function private.assert_row_role(text, uuid, text[], text) from public, anon, authenticated;
revoke all on function private.assert_entry_writer(text, uuid) from public, anon, authenticated;
revoke all on function private.assert_project_access(uuid) from public, anon, authenticated;
-- Security invoker functions call these two as the caller; assert_project_access only the bodies.
grant execute on function private.assert_row_role(text, uuid, text[], text) to authenticated;
grant execute on function private.assert_entry_writer(text, uuid) to authenticated;

-- Obra figures and the Histórico: bodies in private -----------------------------------------------

create or replace function private.project_budget(p_project_id uuid)
returns table (kind text, stage_id uuid, stage_name text, order_index integer, is_completed boolean,
               budget numeric, committed numeric, realized numeric, balance numeric,
               used_percent numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company uuid;
  v_budget numeric;
begin
  v_company := private.assert_project_access(p_project_id);
  select p.budget into v_budget from public.projects p where p.id = p_project_id;

  return query
  with figures as (
    -- Per payable: open amount while pending; the standing payment rows (an estorno undoes one).
    select p.stage_id as sid,
           case when p.status = 'pending' then p.open_amount else 0 end as c,
           coalesce((select sum(t.amount) from public.standing_transactions t
                     where t.company_id = p.company_id and t.payable_id = p.id), 0) as r
    from public.accounts_payable p
    where p.company_id = v_company and p.project_id = p_project_id
  ),
  rows as (
    select 'stage'::text as k, s.id as sid, s.name as sname, s.order_index as oi, s.is_completed as done,
           s.estimated_cost as b,
           coalesce((select sum(f.c) from figures f where f.sid = s.id), 0) as c,
           coalesce((select sum(f.r) from figures f where f.sid = s.id), 0) as r,
           s.created_at as ca
    from public.project_stages s
    where s.company_id = v_company and s.project_id = p_project_id
    union all
    select 'none', null, 'Sem etapa', null, null, null,
           coalesce((select sum(f.c) from figures f where f.sid is null), 0),
           coalesce((select sum(f.r) from figures f where f.sid is null), 0), null
    union all
    select 'total', null, null, null, null, v_budget,
           coalesce((select sum(f.c) from figures f), 0),
           coalesce((select sum(f.r) from figures f), 0), null
  )
  select k, sid, sname, oi, done, b, c, r,
         b - r - c,
         case when b > 0 then round((r + c) * 100 / b, 1) end
  from rows
  order by case k when 'stage' then 0 when 'none' then 1 else 2 end, oi, ca, sid;
end;
$$;

create or replace function public.project_budget(p_project_id uuid)
returns table (kind text, stage_id uuid, stage_name text, order_index integer, is_completed boolean,
               budget numeric, committed numeric, realized numeric, balance numeric,
               used_percent numeric)
language sql
stable
set search_path = ''
as $$
  select * from private.project_budget(p_project_id)
$$;

create or replace function private.project_budget_totals(p_company_id uuid)
returns table (project_id uuid, budget numeric, committed numeric, realized numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_obra boolean;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura', 'obra']);
  v_obra := private.company_role(p_company_id) = 'obra';
  return query
  with figures as (
    -- The same per-payable figures as project_budget.
    select e.project_id as pid,
           case when e.status = 'pending' then e.open_amount else 0 end as c,
           coalesce((select sum(t.amount) from public.standing_transactions t
                     where t.company_id = e.company_id and t.payable_id = e.id), 0) as r
    from public.accounts_payable e
    where e.company_id = p_company_id and e.project_id is not null
  )
  select p.id, p.budget,
         coalesce(sum(f.c), 0)::numeric,
         coalesce(sum(f.r), 0)::numeric
  from public.projects p
  left join figures f on f.pid = p.id
  where p.company_id = p_company_id
    and (not v_obra or p.id in (select private.obra_project_ids()))
  group by p.id, p.budget;
end;
$$;

create or replace function public.project_budget_totals(p_company_id uuid)
returns table (project_id uuid, budget numeric, committed numeric, realized numeric)
language sql
stable
set search_path = ''
as $$
  select * from private.project_budget_totals(p_company_id)
$$;

create or replace function private.project_financials(p_company_id uuid, p_project_id uuid)
returns table (project_id uuid, paid_expenses numeric, paid_revenues numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_obra boolean;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura', 'obra']);
  v_obra := private.company_role(p_company_id) = 'obra';
  if v_obra and p_project_id is not null
     and p_project_id not in (select private.obra_project_ids()) then
    raise exception using errcode = 'P0001', message = 'project_not_assigned';
  end if;

  return query
  with moved as (
    select t.project_id as pid,
           sum(t.amount) filter (where t.type = 'expense') as expenses,
           sum(t.amount) filter (where t.type = 'income') as revenues
    from public.standing_transactions t
    where t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.project_id is not null
      and (p_project_id is null or t.project_id = p_project_id)
    group by t.project_id
  )
  select p.id,
         coalesce(moved.expenses, 0)::numeric,
         -- What the obra received is not an 'obra' member's to see (receivables are not).
         case when v_obra then null else coalesce(moved.revenues, 0) end::numeric
  from public.projects p
  left join moved on moved.pid = p.id
  where p.company_id = p_company_id
    and (p_project_id is null or p.id = p_project_id)
    and (not v_obra or p.id in (select private.obra_project_ids()));
end;
$$;

create or replace function public.project_financials(p_company_id uuid, p_project_id uuid default null)
returns table (project_id uuid, paid_expenses numeric, paid_revenues numeric)
language sql
stable
set search_path = ''
as $$
  select * from private.project_financials(p_company_id, p_project_id)
$$;

create or replace function private.entry_history(p_kind text, p_id uuid)
returns table (id bigint, at timestamptz, actor uuid, actor_name text, actor_email text, action text,
               changed jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company_id uuid;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  -- The entries the caller sees (as the policies of accounts_payable / accounts_receivable).
  if p_kind = 'expense' then
    select e.company_id into v_company_id from public.accounts_payable e
    where e.id = p_id
      and (e.company_id in (select private.reader_company_ids())
           or e.project_id in (select private.obra_project_ids()));
  else
    select e.company_id into v_company_id from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.reader_company_ids());
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  return query
  select a.id, a.at, a.actor, coalesce(nullif(btrim(a.actor_name), ''), a.actor_email), a.actor_email,
         a.action, a.changed
  from public.audit_log a
  where a.company_id = v_company_id
    and a.table_name = case p_kind when 'expense' then 'accounts_payable' else 'accounts_receivable' end
    and a.row_id = p_id
  order by a.at desc, a.id desc;
end;
$$;

create or replace function public.entry_history(p_kind text, p_id uuid)
returns table (id bigint, at timestamptz, actor uuid, actor_name text, actor_email text, action text,
               changed jsonb)
language sql
stable
set search_path = ''
as $$
  select * from private.entry_history(p_kind, p_id)
$$;

revoke all on function private.project_budget(uuid) from public, anon, authenticated;
revoke all on function private.project_budget_totals(uuid) from public, anon, authenticated;
revoke all on function private.project_financials(uuid, uuid) from public, anon, authenticated;
revoke all on function private.entry_history(text, uuid) from public, anon, authenticated;
grant execute on function private.project_budget(uuid) to authenticated;
grant execute on function private.project_budget_totals(uuid) to authenticated;
grant execute on function private.project_financials(uuid, uuid) to authenticated;
grant execute on function private.entry_history(text, uuid) to authenticated;

-- The gates, function by function ----------------------------------------------------------------

-- dashboard_summary: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.dashboard_summary(p_company_id uuid, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  select json_build_object(
    'receivable_total', coalesce(sum(e.open_amount) filter (where e.kind = 'income'), 0),
    'payable_total', coalesce(sum(e.open_amount) filter (where e.kind = 'expense'), 0),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.due_date < p_today), 0),
    'receivable_pending_count', count(*) filter (where e.kind = 'income'),
    'payable_pending_count', count(*) filter (where e.kind = 'expense'),
    'overdue_count', count(*) filter (where e.due_date < p_today)
  ) into v_result
  from public.entries e
  where e.company_id = p_company_id and e.status = 'pending';
  return v_result;
end;
$function$;

-- entry_list_summary: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  select json_build_object(
    'pending_total', coalesce(sum(e.open_amount) filter (where e.status = 'pending'), 0),
    'pending_count', count(*) filter (where e.status = 'pending'),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.status = 'pending' and e.due_date < p_today), 0),
    'overdue_count', count(*) filter (where e.status = 'pending' and e.due_date < p_today),
    'paid_total', coalesce(sum(e.paid_total) filter (where e.status = 'paid'), 0),
    'paid_count', count(*) filter (where e.status = 'paid'),
    'partial_paid_total', coalesce(sum(e.paid_total) filter (where e.status = 'pending' and e.paid_amount > 0), 0),
    'partial_count', count(*) filter (where e.status = 'pending' and e.paid_amount > 0)
  ) into v_result
  from public.entries e
  where e.company_id = p_company_id and e.kind = p_kind;
  return v_result;
end;
$function$;

-- search_movements: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[])
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
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
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric
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
         or strpos(lower(coalesce(r.notes, '')), v_search) > 0)
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount
  from public.transfers t
  where t.company_id = p_company_id
    and (p_start is null or t.transfer_date >= p_start)
    and (p_end is null or t.transfer_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or t.from_account_id = any (p_account_ids) or t.to_account_id = any (p_account_ids))
    and (v_search is null
         or strpos(lower(coalesce(t.description, 'transferência')), v_search) > 0
         or strpos(lower(coalesce(t.from_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(t.to_account_name, '')), v_search) > 0);
end;
$function$;

-- report_summary: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.report_summary(p_company_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

  with f as (
    select t.type as kind, t.id as transaction_id, coalesce(t.payable_id, t.receivable_id) as id,
           t.description, t.amount, t.transaction_date as settled_on, t.category_id, t.project_id,
           t.bank_account_id, t.receivable_id
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type in ('income', 'expense')
      and (p_start is null or t.transaction_date >= p_start)
      and (p_end is null or t.transaction_date <= p_end)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and t.project_id is null))
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
    select f.id, f.transaction_id, f.description, f.amount, f.settled_on as received_date,
           coalesce(cl.name, ar.client_name) as client_name,
           c.name as category_name, pr.name as project_name
    from f
    left join public.accounts_receivable ar on ar.company_id = p_company_id and ar.id = f.receivable_id
    left join public.clients cl on cl.company_id = p_company_id and cl.id = ar.client_id
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    where f.kind = 'income'
    order by f.amount desc, f.settled_on desc, f.transaction_id
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
$function$;

-- cash_flow_projection: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.cash_flow_projection(p_company_id uuid, p_days integer, p_bank_account_id uuid DEFAULT NULL::uuid, p_today date DEFAULT NULL::date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_today date := coalesce(p_today, current_date);
  v_end date;
  v_opening numeric;
  v_account public.bank_accounts;
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(v_today);
  if p_days is null or p_days < 1 or p_days > 366 then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;
  v_end := v_today + (p_days - 1);
  perform private.assert_valid_date(v_end);

  if p_bank_account_id is not null then
    select * into v_account from public.bank_accounts b
    where b.company_id = p_company_id and b.id = p_bank_account_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'bank_account_not_found';
    end if;
    if not v_account.is_active then
      raise exception using errcode = 'P0001', message = 'bank_account_inactive';
    end if;
    v_opening := v_account.current_balance;
  else
    select coalesce(sum(b.current_balance), 0) into v_opening from public.bank_accounts b
    where b.company_id = p_company_id and b.is_active;
  end if;

  -- Not materialized: only the list of what makes the balance negative reads it, and only when the
  -- balance does go negative.
  with pending as not materialized (
    select e.kind, e.id, e.description, e.due_date, e.open_amount,
           greatest(e.due_date, v_today) as on_day
    from public.entries e
    where e.company_id = p_company_id
      and e.status = 'pending'
      and e.open_amount > 0
      and e.due_date <= v_end
      and (p_bank_account_id is null or e.bank_account_id = p_bank_account_id)
  ),
  per_day as (
    -- Each table summed per day on its own (RLS of the tables applies), then the two added.
    select x.on_day, sum(x.income) as income, sum(x.expense) as expense
    from (
      select greatest(p.due_date, v_today) as on_day, 0::numeric as income, sum(p.open_amount) as expense
      from public.accounts_payable p
      where p.company_id = p_company_id and p.status = 'pending' and p.open_amount > 0
        and p.due_date <= v_end
        and (p_bank_account_id is null or p.bank_account_id = p_bank_account_id)
      group by 1
      union all
      select greatest(r.due_date, v_today), sum(r.open_amount), 0
      from public.accounts_receivable r
      where r.company_id = p_company_id and r.status = 'pending' and r.open_amount > 0
        and r.due_date <= v_end
        and (p_bank_account_id is null or r.bank_account_id = p_bank_account_id)
      group by 1
    ) x
    group by x.on_day
  ),
  days as (
    select d::date as day,
           coalesce(p.income, 0) as income,
           coalesce(p.expense, 0) as expense,
           v_opening + sum(coalesce(p.income, 0) - coalesce(p.expense, 0))
             over (order by d rows between unbounded preceding and current row) as balance
    from generate_series(v_today, v_end, interval '1 day') d
    left join per_day p on p.on_day = d::date
  ),
  negative as (
    select day, balance from days where balance < 0 order by day limit 1
  )
  select json_build_object(
    'start', v_today,
    'end', v_end,
    'opening_balance', v_opening,
    'days', (select json_agg(json_build_object('date', day, 'income', income, 'expense', expense,
                                               'balance', balance) order by day) from days),
    'first_negative', (
      select json_build_object(
        'date', n.day,
        'balance', n.balance,
        -- What takes the balance below zero: the payables due up to that day, largest first.
        'entries', coalesce((
          select json_agg(json_build_object('kind', x.kind, 'id', x.id, 'description', x.description,
                                            'due_date', x.due_date, 'open_amount', x.open_amount)
                          order by x.open_amount desc, x.due_date, x.id)
          from (select * from pending pe
                where pe.kind = 'expense' and pe.on_day <= n.day
                order by pe.open_amount desc, pe.due_date, pe.id
                limit 5) x), '[]'::json))
      from negative n)
  ) into v_result;
  return v_result;
end;
$function$;

-- dre: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.dre(p_company_id uuid, p_start date, p_end date, p_basis text DEFAULT 'caixa'::text, p_project_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_start is null or p_end is null or p_end < p_start
     or (extract(year from p_end) * 12 + extract(month from p_end))
        - (extract(year from p_start) * 12 + extract(month from p_start)) >= 12 then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;
  if p_basis is null or p_basis not in ('caixa', 'competencia') then
    raise exception using errcode = 'P0001', message = 'invalid_basis';
  end if;

  with moves as materialized (
    select t.type as kind, t.category_id, t.transaction_date as on_day, t.amount
    from public.standing_transactions t
    where p_basis = 'caixa'
      and t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.transaction_date between p_start and p_end
      and (p_project_id is null or t.project_id = p_project_id)
    union all
    select e.kind, e.category_id, e.due_date, e.amount
    from public.entries e
    where p_basis = 'competencia'
      and e.company_id = p_company_id
      and e.due_date between p_start and p_end
      and (p_project_id is null or e.project_id = p_project_id)
  ),
  grouped as (
    select date_trunc('month', m.on_day)::date as month, m.kind, m.category_id,
           coalesce(c.dre_group, case m.kind when 'income' then 'receita' else 'custo_obra' end) as dre_group,
           sum(m.amount) as total
    from moves m
    left join public.categories c on c.company_id = p_company_id and c.id = m.category_id
    group by 1, 2, 3, 4
  ),
  months as (
    select d::date as month
    from generate_series(date_trunc('month', p_start), date_trunc('month', p_end), interval '1 month') d
  ),
  lines as (
    select mo.month,
      coalesce(sum(g.total) filter (where g.dre_group = 'receita'), 0) as receita_bruta,
      coalesce(sum(g.total) filter (where g.dre_group = 'custo_obra'), 0) as custos_obra,
      coalesce(sum(g.total) filter (where g.dre_group = 'despesa_administrativa'), 0) as despesas_administrativas,
      coalesce(sum(g.total) filter (where g.dre_group = 'outras' and g.kind = 'income'), 0)
        - coalesce(sum(g.total) filter (where g.dre_group = 'outras' and g.kind = 'expense'), 0) as outras
    from months mo
    left join grouped g on g.month = mo.month
    group by mo.month
  ),
  computed as (
    select l.*,
           l.receita_bruta - l.custos_obra as lucro_bruto,
           l.receita_bruta - l.custos_obra - l.despesas_administrativas as resultado_operacional,
           l.receita_bruta - l.custos_obra - l.despesas_administrativas + l.outras as resultado
    from lines l
  ),
  by_category as (
    select g.category_id, g.kind, g.dre_group, c.name,
           json_agg(json_build_object('month', g.month, 'total', g.total) order by g.month) as months,
           sum(g.total) as total
    from grouped g
    left join public.categories c on c.company_id = p_company_id and c.id = g.category_id
    group by g.category_id, g.kind, g.dre_group, c.name
  )
  select json_build_object(
    'basis', p_basis,
    'start', p_start,
    'end', p_end,
    'months', (select json_agg(json_build_object(
        'month', c.month, 'receita_bruta', c.receita_bruta, 'custos_obra', c.custos_obra,
        'lucro_bruto', c.lucro_bruto, 'despesas_administrativas', c.despesas_administrativas,
        'resultado_operacional', c.resultado_operacional, 'outras', c.outras, 'resultado', c.resultado)
        order by c.month) from computed c),
    'total', (select json_build_object(
        'receita_bruta', sum(c.receita_bruta), 'custos_obra', sum(c.custos_obra),
        'lucro_bruto', sum(c.lucro_bruto), 'despesas_administrativas', sum(c.despesas_administrativas),
        'resultado_operacional', sum(c.resultado_operacional), 'outras', sum(c.outras),
        'resultado', sum(c.resultado)) from computed c),
    'categories', coalesce((select json_agg(json_build_object(
        'id', b.category_id, 'name', b.name, 'kind', b.kind, 'dre_group', b.dre_group,
        'months', b.months, 'total', b.total) order by b.dre_group, b.total desc, b.name)
        from by_category b), '[]'::json)
  ) into v_result;
  return v_result;
end;
$function$;

-- supplier_stats: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.supplier_stats(p_company_id uuid, p_supplier_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(supplier_id uuid, order_count integer, orders_total numeric, average_ticket numeric, total_spent numeric, last_order_on date)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);

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
    select e.counterparty_id as sid, sum(e.paid_total) as total
    from public.entries e
    where e.company_id = p_company_id
      and e.kind = 'expense'
      and e.paid_amount > 0
      and e.counterparty_id is not null
      and (p_supplier_id is null or e.counterparty_id = p_supplier_id)
    group by e.counterparty_id
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
$function$;

-- supplier_summary: company figures, for the roles that read the company's money.
CREATE OR REPLACE FUNCTION public.supplier_summary(p_company_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  select json_build_object(
    'active_count', (select count(*) from public.suppliers s
                     where s.company_id = p_company_id and s.is_active),
    'inactive_count', (select count(*) from public.suppliers s
                       where s.company_id = p_company_id and not s.is_active),
    'total_spent', (select coalesce(sum(e.paid_total), 0) from public.entries e
                    where e.company_id = p_company_id and e.kind = 'expense' and e.paid_amount > 0
                      and e.counterparty_id is not null)
  ) into v_result;
  return v_result;
end;
$function$;

-- create_project: writers.
CREATE OR REPLACE FUNCTION public.create_project(p_company_id uuid, p_name text, p_address text, p_client_name text, p_budget numeric, p_start_date date, p_end_date date, p_stages text[], p_description text DEFAULT NULL::text, p_priority text DEFAULT 'medium'::text, p_status text DEFAULT 'planning'::text)
 RETURNS public.projects
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_project public.projects;
  v_stage text;
  v_index integer := 0;
  v_field text;
  v_max integer;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  -- SPEC §5: name, address, client, budget, start date and expected end are required.
  if coalesce(btrim(p_name), '') = '' or coalesce(btrim(p_address), '') = ''
     or coalesce(btrim(p_client_name), '') = '' or p_budget is null
     or p_start_date is null or p_end_date is null then
    raise exception using errcode = 'P0001', message = 'project_required_fields';
  end if;
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  select f.field, f.max into v_field, v_max
  from (values (char_length(btrim(p_name)), 200, 'name'), (char_length(btrim(p_address)), 300, 'address'),
               (char_length(btrim(p_client_name)), 200, 'client_name'),
               (char_length(btrim(p_description)), 2000, 'description')) as f(len, max, field)
  where f.len > f.max
  limit 1;
  if v_field is not null then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = v_field, hint = v_max::text;
  end if;
  if p_priority is not null and p_priority not in ('low', 'medium', 'high') then
    raise exception using errcode = 'P0001', message = 'invalid_priority';
  end if;
  if p_status is not null and p_status not in ('planning', 'in_progress', 'paused', 'completed', 'cancelled') then
    raise exception using errcode = 'P0001', message = 'invalid_status';
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
  -- The form offers eight stages; a hundred leaves room and keeps one call small.
  if cardinality(p_stages) > 100 then
    raise exception using errcode = 'P0001', message = 'invalid_stage';
  end if;
  foreach v_stage in array p_stages loop
    if coalesce(btrim(v_stage), '') = '' then
      raise exception using errcode = 'P0001', message = 'invalid_stage';
    end if;
    if char_length(btrim(v_stage)) > 120 then
      raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'stage', hint = '120';
    end if;
  end loop;

  insert into public.projects (company_id, name, description, address, client_name, budget,
                               start_date, end_date, priority, status)
  values (p_company_id, btrim(p_name), nullif(btrim(p_description), ''), btrim(p_address),
          btrim(p_client_name), p_budget, p_start_date, p_end_date,
          coalesce(p_priority, 'medium'), coalesce(p_status, 'planning'))
  returning * into v_project;

  foreach v_stage in array p_stages loop
    insert into public.project_stages (company_id, project_id, name, description, order_index, estimated_cost)
    values (p_company_id, v_project.id, btrim(v_stage), 'Etapa ' || btrim(v_stage), v_index, null);
    v_index := v_index + 1;
  end loop;

  return v_project;
end;
$function$;

-- balance_history: readers.
CREATE OR REPLACE FUNCTION public.balance_history(p_company_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_account_ids uuid[] DEFAULT NULL::uuid[], p_bucket text DEFAULT 'day'::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  c_max_points constant integer := 400;
  v_end date;
  v_start date := p_start;
  v_bucket text := p_bucket;
  v_months integer := 1;
  v_points date[];
  v_bounds date[];
  v_accounts uuid[];
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  if p_bucket is null or p_bucket not in ('day', 'week', 'month') then
    raise exception using errcode = 'P0001', message = 'invalid_bucket';
  end if;
  if p_start not between date '2000-01-01' and date '2100-12-31'
     or p_end not between date '2000-01-01' and date '2100-12-31' then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  v_end := coalesce(p_end, current_date);

  -- The accounts drawn: the chosen ones (of this company: RLS and the company filter), or every
  -- active account when none is chosen.
  select coalesce(array_agg(a.id), '{}') into v_accounts
  from public.bank_accounts a
  where a.company_id = p_company_id
    and (case when coalesce(cardinality(p_account_ids), 0) = 0 then a.is_active
              else a.id = any (p_account_ids) end);

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

  -- Coarsen until the period needs at most c_max_points - 1 steps (+ the start = c_max_points).
  if v_bucket = 'day' and v_end - v_start > c_max_points - 1 then
    v_bucket := 'week';
  end if;
  if v_bucket = 'week' and (v_end - v_start + 6) / 7 > c_max_points - 1 then
    v_bucket := 'month';
  end if;
  if v_bucket = 'month' then
    -- Whole months from v_start to v_end, rounded up.
    v_months := (extract(year from v_end)::integer - extract(year from v_start)::integer) * 12
      + extract(month from v_end)::integer - extract(month from v_start)::integer
      + case when extract(day from v_end) > extract(day from v_start) then 1 else 0 end;
    v_months := greatest(1, ceil(v_months::numeric / (c_max_points - 1))::integer);
  end if;

  -- Points: v_start, then every step (each computed from v_start, so 31 Jan + 1 month stays at
  -- month ends), plus v_end itself.
  select array_agg(day order by day) into v_points
  from (
    select (v_start + case v_bucket
                        when 'day' then make_interval(days => i)
                        when 'week' then make_interval(days => 7 * i)
                        else make_interval(months => v_months * i) end)::date as day
    from generate_series(0, c_max_points - 1) i
    union
    select v_end
  ) p
  where day <= v_end;

  -- width_bucket(d, v_bounds) = index (0-based) of the first point on or after d:
  -- bounds are point[i] + 1 for every point but the last.
  select coalesce(array_agg(d + 1 order by d), '{}') into v_bounds
  from unnest(v_points[1:cardinality(v_points) - 1]) d;

  -- Each CTE is computed once (materialized): inlined into the per-account subquery, the ledger
  -- scan ran once per account.
  with accounts as materialized (
    select a.id, a.name, a.color, a.type, a.initial_balance, a.current_balance
    from public.bank_accounts a
    where a.id = any (v_accounts)
  ),
  deltas as materialized (
    select t.bank_account_id as id,
      case when cardinality(v_bounds) = 0 then 0
           else width_bucket(t.transaction_date, v_bounds) end as idx,
      sum(case t.direction when 'in' then t.amount else -t.amount end) as delta
    from public.transactions t
    where t.company_id = p_company_id
      and t.bank_account_id = any (v_accounts)
      and t.transaction_date <= v_end
    group by 1, 2
  ),
  series as materialized (
    select a.id, i.idx,
      a.initial_balance + sum(coalesce(d.delta, 0)) over (partition by a.id order by i.idx) as balance
    from accounts a
    cross join generate_series(0, cardinality(v_points) - 1) as i(idx)
    left join deltas d on d.id = a.id and d.idx = i.idx
  ),
  balances as (
    select s.id, json_agg(s.balance order by s.idx) as balances
    from series s
    group by s.id
  )
  select json_build_object(
    'start', v_start,
    'end', v_end,
    'bucket', v_bucket,
    'points', to_json(v_points),
    'accounts', coalesce((
      select json_agg(json_build_object(
        'id', a.id, 'name', a.name, 'color', a.color, 'type', a.type,
        'current_balance', a.current_balance,
        'balances', b.balances)
        order by a.name, a.id)
      from accounts a join balances b on b.id = a.id), '[]'::json)
  ) into v_result;
  return v_result;
end;
$function$;

-- movement_summary: readers (search_movements says so too; the answer is an error, not an empty sum).
CREATE OR REPLACE FUNCTION public.movement_summary(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[])
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  select json_build_object(
    'income_total', coalesce(sum(m.display_amount) filter (where m.kind = 'income'), 0),
    'expense_total', coalesce(sum(m.display_amount) filter (where m.kind = 'expense'), 0),
    'balance', coalesce(sum(case m.kind when 'income' then m.display_amount
                                        when 'expense' then -m.display_amount else 0 end), 0),
    'count', count(*),
    'transfer_total', coalesce(sum(m.display_amount) filter (where m.kind = 'transfer' and not m.reversed), 0),
    'transfer_count', count(*) filter (where m.kind = 'transfer')
  ) into v_result
  from public.search_movements(p_company_id, p_today, p_search, p_start, p_end, p_kinds, p_statuses,
                               p_account_ids, p_project_ids, p_include_no_project, p_category_ids) m;
  return v_result;
end;
$function$;

-- account_ledger: readers of the company of the row.
CREATE OR REPLACE FUNCTION public.account_ledger(p_bank_account_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_search text DEFAULT NULL::text, p_include_reversed boolean DEFAULT false)
 RETURNS TABLE(id uuid, transaction_date date, type text, direction text, description text, amount numeric, signed_amount numeric, category_id uuid, category_name text, project_id uuid, project_name text, payable_id uuid, receivable_id uuid, transfer_group_id uuid, counterpart_account_id uuid, counterpart_account_name text, reversal_of uuid, reversed boolean, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_company_id uuid;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  select t.id, t.transaction_date, t.type, t.direction, t.description, t.amount,
         (case t.direction when 'in' then t.amount else -t.amount end)::numeric,
         t.category_id, c.name, t.project_id, p.name, t.payable_id, t.receivable_id, t.transfer_group_id,
         other.bank_account_id, oa.name, t.reversal_of,
         (t.reversal_of is not null or exists (select 1 from public.transactions r where r.reversal_of = t.id)),
         t.created_at
  from public.transactions t
  left join public.categories c on c.company_id = t.company_id and c.id = t.category_id
  left join public.projects p on p.company_id = t.company_id and p.id = t.project_id
  left join lateral (
    select x.bank_account_id from public.transactions x
    where t.transfer_group_id is not null and x.company_id = t.company_id
      and x.transfer_group_id = t.transfer_group_id and x.id <> t.id and x.direction <> t.direction
      and (x.reversal_of is null) = (t.reversal_of is null)
    limit 1
  ) other on true
  left join public.bank_accounts oa on oa.company_id = t.company_id and oa.id = other.bank_account_id
  where t.company_id = v_company_id and t.bank_account_id = p_bank_account_id
    and (coalesce(p_include_reversed, false)
         or t.id in (select s.id from public.standing_transactions s
                     where s.company_id = v_company_id and s.bank_account_id = p_bank_account_id))
    and (p_start is null or t.transaction_date >= p_start)
    and (p_end is null or t.transaction_date <= p_end)
    and (v_search is null
         or strpos(lower(t.description), v_search) > 0
         or strpos(lower(coalesce(c.name, '')), v_search) > 0
         or strpos(lower(coalesce(p.name, '')), v_search) > 0
         or strpos(lower(coalesce(oa.name, '')), v_search) > 0)
  order by t.transaction_date desc, t.created_at desc, t.id;
end;
$function$;

-- bank_account_summary: readers of the company of the row.
CREATE OR REPLACE FUNCTION public.bank_account_summary(p_bank_account_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_search text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  select json_build_object(
    'income_total', coalesce(sum(l.amount) filter (where l.direction = 'in'), 0),
    'expense_total', coalesce(sum(l.amount) filter (where l.direction = 'out'), 0),
    'result', coalesce(sum(l.signed_amount), 0),
    'count', count(*)
  ) into v_result
  from public.account_ledger(p_bank_account_id, p_start, p_end, p_search, false) l;
  return v_result;
end;
$function$;

-- statement_balance: readers of the company of the row.
CREATE OR REPLACE FUNCTION public.statement_balance(p_bank_account_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_account public.bank_accounts;
  v_statement public.bank_statements;
  v_system numeric;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  select * into v_account from public.bank_accounts a where a.id = p_bank_account_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  select * into v_statement from public.bank_statements s
  where s.bank_account_id = p_bank_account_id and s.ledger_balance is not null
  order by s.end_date desc, s.created_at desc
  limit 1;
  if v_statement.id is not null then
    -- Every ledger row up to that day (an estorno and what it reverses net out).
    select v_account.initial_balance
           + coalesce(sum(case t.direction when 'in' then t.amount else -t.amount end), 0)
    into v_system
    from public.transactions t
    where t.bank_account_id = p_bank_account_id and t.transaction_date <= v_statement.end_date;
  end if;
  return json_build_object(
    'statement_id', v_statement.id,
    'end_date', v_statement.end_date,
    'statement_balance', v_statement.ledger_balance,
    'system_balance', v_system,
    'difference', v_statement.ledger_balance - v_system,
    'pending_count', (select count(*) from public.bank_statement_lines l
                      where l.bank_account_id = p_bank_account_id and l.status = 'pending'),
    'pending_total', (select coalesce(sum(l.amount), 0) from public.bank_statement_lines l
                      where l.bank_account_id = p_bank_account_id and l.status = 'pending'),
    'line_count', (select count(*) from public.bank_statement_lines l where l.bank_account_id = p_bank_account_id));
end;
$function$;

-- statement_candidates: readers of the company of the row.
CREATE OR REPLACE FUNCTION public.statement_candidates(p_bank_account_id uuid)
 RETURNS TABLE(line_id uuid, kind text, target_id uuid, description text, counterparty_name text, target_date date, amount numeric, day_distance integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_company_id uuid;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  with lines as (
    select l.id, l.posted_on, l.amount
    from public.bank_statement_lines l
    where l.bank_account_id = p_bank_account_id and l.status = 'pending'
  )
  -- Ledger rows of this account already in the books, not yet claimed by another line.
  select l.id, 'ledger'::text, t.id, t.description, null::text, t.transaction_date, t.amount,
         abs(t.transaction_date - l.posted_on)
  from lines l
  join public.standing_transactions t
    on t.bank_account_id = p_bank_account_id
   and t.amount = abs(l.amount)
   and t.direction = case when l.amount < 0 then 'out' else 'in' end
   and t.transaction_date between l.posted_on - 3 and l.posted_on + 3
  where not exists (select 1 from public.bank_statement_lines m
                    where m.matched_transaction_id = t.id and m.status = 'matched')
  union all
  -- Open payables for débitos, open receivables for créditos, of the whole company, due within ±5 days.
  select l.id, case e.kind when 'expense' then 'payable' else 'receivable' end, e.id, e.description,
         e.counterparty_name, e.due_date, e.open_amount, abs(e.due_date - l.posted_on)
  from lines l
  join public.entries e
    on e.company_id = v_company_id
   and e.status = 'pending'
   and e.kind = case when l.amount < 0 then 'expense' else 'income' end
   and e.open_amount = abs(l.amount)
   and e.due_date between l.posted_on - 5 and l.posted_on + 5;
end;
$function$;

-- statement_category_guesses: readers of the company of the row.
CREATE OR REPLACE FUNCTION public.statement_category_guesses(p_bank_account_id uuid)
 RETURNS TABLE(line_id uuid, category_id uuid, category_name text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_company_id uuid;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  with words as (
    select l.id, l.amount, array_agg(distinct w) as list
    from public.bank_statement_lines l
    cross join lateral regexp_split_to_table(lower(l.memo), '[[:space:][:punct:]]+') w
    where l.bank_account_id = p_bank_account_id and l.status = 'pending' and length(w) >= 4
    group by l.id, l.amount
  ),
  scored as (
    select w.id, t.category_id,
           sum((select count(*) from unnest(w.list) x where position(x in lower(t.description)) > 0)) as hits,
           count(*) as uses
    from words w
    join public.standing_transactions t
      on t.company_id = v_company_id
     and t.category_id is not null
     and t.type = case when w.amount < 0 then 'expense' else 'income' end
     and exists (select 1 from unnest(w.list) x where position(x in lower(t.description)) > 0)
    group by w.id, t.category_id
  )
  select distinct on (s.id) s.id, s.category_id, c.name
  from scored s
  join public.categories c on c.company_id = v_company_id and c.id = s.category_id and c.is_active
  order by s.id, s.hits desc, s.uses desc, c.name;
end;
$function$;

-- category_stats: readers of the company of the row.
CREATE OR REPLACE FUNCTION public.category_stats(p_category_id uuid, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_category public.categories;
  v_today date := coalesce(p_today, current_date);
  v_result json;
begin
  perform private.assert_row_role('categories', p_category_id, array['admin', 'financeiro', 'leitura']);
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
    select t.* from public.standing_transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
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
$function$;

-- remove_bank_account: writers of the company of the row.
CREATE OR REPLACE FUNCTION public.remove_bank_account(p_bank_account_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_account public.bank_accounts;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro']);
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;

  -- The row lock makes a concurrent settlement or transfer on this account wait (they lock it
  -- too, and a new ledger row or entry pointing at it needs a key-share lock), so the history
  -- check below cannot go stale before the delete.
  select * into v_account from public.bank_accounts a
  where a.id = p_bank_account_id
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  if exists (select 1 from public.transactions t
             where t.company_id = v_account.company_id and t.bank_account_id = v_account.id)
     or exists (select 1 from public.accounts_payable p
                where p.company_id = v_account.company_id and p.bank_account_id = v_account.id)
     or exists (select 1 from public.accounts_receivable r
                where r.company_id = v_account.company_id and r.bank_account_id = v_account.id) then
    update public.bank_accounts set is_active = false where id = v_account.id;
    return 'archived';
  end if;

  begin
    delete from public.bank_accounts where id = v_account.id;
  exception when foreign_key_violation then
    -- Something we cannot see (a row hidden from the caller) still points at it: keep it.
    update public.bank_accounts set is_active = false where id = v_account.id;
    return 'archived';
  end;
  return 'deleted';
end;
$function$;

-- remove_category: writers of the company of the row.
CREATE OR REPLACE FUNCTION public.remove_category(p_category_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_category public.categories;
begin
  perform private.assert_row_role('categories', p_category_id, array['admin', 'financeiro']);
  -- Locking the row makes a concurrent insert of an entry pointing at it wait (its foreign key
  -- check takes a key-share lock), so "unused" cannot become "used" between the check and the delete.
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  if exists (select 1 from public.accounts_payable e
             where e.company_id = v_category.company_id and e.category_id = v_category.id)
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_category.company_id and e.category_id = v_category.id)
     or exists (select 1 from public.transactions t
                where t.company_id = v_category.company_id and t.category_id = v_category.id) then
    update public.categories set is_active = false where id = v_category.id;
    return 'archived';
  end if;

  delete from public.categories where id = v_category.id;
  return 'deleted';
end;
$function$;

-- settle_payable (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.settle_payable(p_payable_id uuid, p_bank_account_id uuid, p_paid_on date, p_amount_paid numeric, p_interest numeric, p_fine numeric, p_discount numeric, p_today date)
 RETURNS public.accounts_payable
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.accounts_payable;
begin
  perform private.assert_row_role('accounts_payable', p_payable_id, array['admin', 'financeiro']);
  perform private.settle_entry('expense', p_payable_id, p_bank_account_id, p_paid_on, p_amount_paid,
                               p_interest, p_fine, p_discount, p_today);
  select * into v_entry from public.accounts_payable where id = p_payable_id;
  return v_entry;
end;
$function$;

-- settle_receivable (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.settle_receivable(p_receivable_id uuid, p_bank_account_id uuid, p_received_on date, p_amount_paid numeric, p_interest numeric, p_fine numeric, p_discount numeric, p_today date)
 RETURNS public.accounts_receivable
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.accounts_receivable;
begin
  perform private.assert_row_role('accounts_receivable', p_receivable_id, array['admin', 'financeiro']);
  perform private.settle_entry('income', p_receivable_id, p_bank_account_id, p_received_on, p_amount_paid,
                               p_interest, p_fine, p_discount, p_today);
  select * into v_entry from public.accounts_receivable where id = p_receivable_id;
  return v_entry;
end;
$function$;

-- reopen_payable (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.reopen_payable(p_payable_id uuid, p_reopened_on date)
 RETURNS public.accounts_payable
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.accounts_payable;
begin
  perform private.assert_row_role('accounts_payable', p_payable_id, array['admin', 'financeiro']);
  perform private.reopen_entry('expense', p_payable_id, p_reopened_on);
  select * into v_entry from public.accounts_payable where id = p_payable_id;
  return v_entry;
end;
$function$;

-- reopen_receivable (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.reopen_receivable(p_receivable_id uuid, p_reopened_on date)
 RETURNS public.accounts_receivable
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry public.accounts_receivable;
begin
  perform private.assert_row_role('accounts_receivable', p_receivable_id, array['admin', 'financeiro']);
  perform private.reopen_entry('income', p_receivable_id, p_reopened_on);
  select * into v_entry from public.accounts_receivable where id = p_receivable_id;
  return v_entry;
end;
$function$;

-- reverse_payment (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.reverse_payment(p_payment_id uuid, p_reversed_on date)
 RETURNS public.entries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_payment public.transactions;
  v_kind text;
  v_entry_id uuid;
  v_locked uuid;
  v_result public.entries;
begin
  perform private.assert_row_role('transactions', p_payment_id, array['admin', 'financeiro']);
  perform private.assert_valid_date(p_reversed_on);
  select * into v_payment from public.transactions t
  where t.id = p_payment_id and t.company_id in (select private.user_company_ids())
    and t.type <> 'transfer' and t.reversal_of is null
    and (t.payable_id is not null or t.receivable_id is not null);
  if not found then
    raise exception using errcode = 'P0001', message = 'payment_not_found';
  end if;
  v_kind := case when v_payment.payable_id is not null then 'expense' else 'income' end;
  v_entry_id := coalesce(v_payment.payable_id, v_payment.receivable_id);

  -- The entry first (as settle_* and reopen_* lock it), then the payment row.
  if v_kind = 'expense' then
    select e.id into v_locked from public.accounts_payable e where e.id = v_entry_id for update;
  else
    select e.id into v_locked from public.accounts_receivable e where e.id = v_entry_id for update;
  end if;
  select * into v_payment from public.transactions t where t.id = p_payment_id for update;
  if exists (select 1 from public.transactions r where r.reversal_of = p_payment_id) then
    raise exception using errcode = 'P0001', message = 'payment_already_reversed';
  end if;

  perform private.reverse_ledger_row(v_payment, coalesce(p_reversed_on, current_date));
  if v_kind = 'expense' then
    update public.accounts_payable
    set paid_amount = paid_amount - v_payment.principal_amount,
        interest_amount = interest_amount - v_payment.interest_amount,
        fine_amount = fine_amount - v_payment.fine_amount,
        discount_amount = discount_amount - v_payment.discount_amount,
        status = 'pending', payment_date = null
    where id = v_entry_id;
  else
    update public.accounts_receivable
    set paid_amount = paid_amount - v_payment.principal_amount,
        interest_amount = interest_amount - v_payment.interest_amount,
        fine_amount = fine_amount - v_payment.fine_amount,
        discount_amount = discount_amount - v_payment.discount_amount,
        status = 'pending', received_date = null
    where id = v_entry_id;
  end if;
  select * into v_result from public.entries e where e.kind = v_kind and e.id = v_entry_id;
  return v_result;
end;
$function$;

-- reverse_transfer (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.reverse_transfer(p_transfer_group_id uuid, p_reversed_on date)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.transactions;
  v_rows public.transactions[];
  v_account uuid;
begin
  perform private.assert_row_role('transactions', p_transfer_group_id, array['admin', 'financeiro'], 'transfer_group_id');
  perform private.assert_valid_date(p_reversed_on);
  for v_row in
    select t.* from public.transactions t
    where t.transfer_group_id = p_transfer_group_id and t.type = 'transfer' and t.reversal_of is null
      and t.company_id in (select private.user_company_ids())
    order by t.id
    for update
  loop
    v_rows := array_append(v_rows, v_row);
  end loop;
  if v_rows is null then
    raise exception using errcode = 'P0001', message = 'transfer_not_found';
  end if;
  for v_account in
    select distinct r.bank_account_id from unnest(v_rows) r order by 1
  loop
    perform 1 from public.bank_accounts a where a.id = v_account for update;
  end loop;
  if exists (select 1 from public.transactions r where r.reversal_of in (select x.id from unnest(v_rows) x)) then
    raise exception using errcode = 'P0001', message = 'transfer_already_reversed';
  end if;
  foreach v_row in array v_rows loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reversed_on, current_date));
  end loop;
  return p_transfer_group_id;
end;
$function$;

-- transfer_between_accounts (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.transfer_between_accounts(p_from_account_id uuid, p_to_account_id uuid, p_amount numeric, p_transfer_date date, p_description text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_company_id uuid;
  v_group uuid := gen_random_uuid();
  v_from public.bank_accounts;
  v_to public.bank_accounts;
  v_description text;
begin
  perform private.assert_row_role('bank_accounts', p_from_account_id, array['admin', 'financeiro']);
  if p_from_account_id = p_to_account_id then
    raise exception using errcode = 'P0001', message = 'same_account';
  end if;
  perform private.assert_text_length(btrim(p_description), 250, 'description');
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_transfer_date);
  select a.company_id into v_company_id from public.bank_accounts a
  where a.id = p_from_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  -- Lock both accounts in a fixed order so two opposite transfers cannot deadlock.
  if p_from_account_id < p_to_account_id then
    v_from := private.lock_active_account(v_company_id, p_from_account_id);
    v_to := private.lock_active_account(v_company_id, p_to_account_id);
  else
    v_to := private.lock_active_account(v_company_id, p_to_account_id);
    v_from := private.lock_active_account(v_company_id, p_from_account_id);
  end if;
  -- Two account names of 120 characters make a default longer than the column's 250: cut it.
  v_description := coalesce(nullif(btrim(p_description), ''),
                            left('Transferência ' || v_from.name || ' → ' || v_to.name, 250));

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, transfer_group_id, created_by)
  values
    (v_company_id, 'transfer', 'out', v_description, p_amount, coalesce(p_transfer_date, current_date),
     p_from_account_id, v_group, (select auth.uid())),
    (v_company_id, 'transfer', 'in', v_description, p_amount, coalesce(p_transfer_date, current_date),
     p_to_account_id, v_group, (select auth.uid()));
  return v_group;
end;
$function$;

-- import_bank_statement (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.import_bank_statement(p_bank_account_id uuid, p_source text, p_lines jsonb, p_file_name text, p_bank_id text, p_account_ref text, p_start date, p_end date, p_ledger_balance numeric)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_company_id uuid;
  v_count integer;
  v_new integer;
  v_conflicts integer;
  v_start date;
  v_end date;
  v_statement_id uuid;
  v_line jsonb;
  v_amount numeric;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro']);
  -- Sizes first: an oversized call is refused before anything is looked up, parsed or written.
  if length(p_file_name) > 255 then
    raise exception using errcode = 'P0001', message = 'statement_file_name_too_long';
  end if;
  if length(p_bank_id) > 40 or length(p_account_ref) > 60 then
    raise exception using errcode = 'P0001', message = 'statement_field_too_long';
  end if;
  if p_source is null or p_source not in ('ofx', 'csv') then
    raise exception using errcode = 'P0001', message = 'invalid_statement';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception using errcode = 'P0001', message = 'invalid_statement';
  end if;
  v_count := jsonb_array_length(p_lines);
  if v_count > 5000 then
    raise exception using errcode = 'P0001', message = 'statement_too_large';
  end if;

  select a.company_id into v_company_id
  from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  perform private.assert_member(v_company_id);

  -- Every line is checked before anything is written: a bad line refuses the whole file.
  for v_line in select value from jsonb_array_elements(p_lines) loop
    if jsonb_typeof(v_line) <> 'object' then
      raise exception using errcode = 'P0001', message = 'invalid_statement';
    end if;
    if exists (select 1 from jsonb_object_keys(v_line) k
               where k not in ('fitid', 'posted_on', 'amount', 'memo', 'trn_type')) then
      raise exception using errcode = 'P0001', message = 'statement_unknown_field';
    end if;
    if coalesce(jsonb_typeof(v_line -> 'fitid'), 'null') <> 'string'
       or coalesce(jsonb_typeof(v_line -> 'memo'), 'null') not in ('string', 'null')
       or coalesce(jsonb_typeof(v_line -> 'trn_type'), 'null') not in ('string', 'null')
       or length(btrim(v_line ->> 'fitid')) = 0 then
      raise exception using errcode = 'P0001', message = 'invalid_statement';
    end if;
    if length(coalesce(v_line ->> 'memo', '')) > 500 then
      raise exception using errcode = 'P0001', message = 'statement_memo_too_long';
    end if;
    if length(btrim(v_line ->> 'fitid')) > 255 or length(coalesce(v_line ->> 'trn_type', '')) > 20 then
      raise exception using errcode = 'P0001', message = 'statement_field_too_long';
    end if;
    if coalesce(v_line ->> 'amount', '') !~ '^-?[0-9]{1,13}(\.[0-9]+)?$' then
      raise exception using errcode = 'P0001', message = 'invalid_amount';
    end if;
    v_amount := (v_line ->> 'amount')::numeric;
    perform private.assert_valid_amount(abs(v_amount));
    if coalesce(v_line ->> 'posted_on', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      raise exception using errcode = 'P0001', message = 'invalid_date';
    end if;
    perform private.assert_valid_date((v_line ->> 'posted_on')::date);
  end loop;

  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_ledger_balance is not null then
    perform private.assert_valid_amount(abs(p_ledger_balance), p_allow_zero => true);
  end if;
  select coalesce(p_start, min((l ->> 'posted_on')::date)), coalesce(p_end, max((l ->> 'posted_on')::date))
  into v_start, v_end
  from jsonb_array_elements(p_lines) l;
  if v_end < v_start then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;

  -- One import per account at a time: a conflict (same FITID, another date or amount) is then seen
  -- also when two files with it are imported at the same moment.
  perform pg_advisory_xact_lock(hashtextextended('bank_statement_lines:' || p_bank_account_id::text, 0));

  insert into public.bank_statements (company_id, bank_account_id, source, file_name, bank_id, account_ref,
                                      start_date, end_date, ledger_balance, line_count)
  values (v_company_id, p_bank_account_id, p_source, nullif(btrim(p_file_name), ''),
          nullif(btrim(p_bank_id), ''), nullif(btrim(p_account_ref), ''), v_start, v_end, p_ledger_balance, v_count)
  returning id into v_statement_id;

  with input as (
    select btrim(x.l ->> 'fitid') as fitid, (x.l ->> 'posted_on')::date as posted_on,
           (x.l ->> 'amount')::numeric as amount, btrim(coalesce(x.l ->> 'memo', '')) as memo,
           nullif(btrim(x.l ->> 'trn_type'), '') as trn_type, x.o
    from jsonb_array_elements(p_lines) with ordinality as x(l, o)
  ),
  -- The first of each (FITID, date, amount) of the file that the account does not have yet.
  fresh as (
    select distinct on (i.fitid, i.posted_on, i.amount) i.*
    from input i
    where not exists (select 1 from public.bank_statement_lines e
                      where e.bank_account_id = p_bank_account_id and e.fitid = i.fitid
                        and e.posted_on = i.posted_on and e.amount = i.amount)
    order by i.fitid, i.posted_on, i.amount, i.o
  ),
  flagged as (
    select f.*,
           exists (select 1 from public.bank_statement_lines e
                   where e.bank_account_id = p_bank_account_id and e.fitid = f.fitid)
           or row_number() over (partition by f.fitid order by f.o) > 1 as conflict
    from fresh f
  ),
  inserted as (
    insert into public.bank_statement_lines (company_id, bank_account_id, statement_id, fitid, posted_on, amount,
                                             memo, trn_type, fitid_conflict)
    select v_company_id, p_bank_account_id, v_statement_id, g.fitid, g.posted_on, g.amount, g.memo, g.trn_type,
           g.conflict
    from flagged g
    order by g.o
    on conflict (bank_account_id, fitid, posted_on, amount) do nothing
    returning fitid_conflict
  )
  select count(*), count(*) filter (where fitid_conflict) into v_new, v_conflicts from inserted;

  update public.bank_statements set new_line_count = v_new, conflict_line_count = v_conflicts
  where id = v_statement_id;

  return json_build_object('statement_id', v_statement_id, 'line_count', v_count, 'new_count', v_new,
                           'existing_count', v_count - v_new, 'conflict_count', v_conflicts,
                           'start_date', v_start, 'end_date', v_end);
end;
$function$;

-- reconcile_statement_line (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.reconcile_statement_line(p_line_id uuid, p_action text, p_target_id uuid, p_entry_id uuid, p_description text, p_category_id uuid, p_reason text, p_today date)
 RETURNS public.bank_statement_lines
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_line public.bank_statement_lines;
  v_kind text;
  v_tx uuid;
  v_open numeric;
  v_description text;
  v_created uuid;
begin
  perform private.assert_row_role('bank_statement_lines', p_line_id, array['admin', 'financeiro']);
  if length(p_description) > 200 then
    raise exception using errcode = 'P0001', message = 'statement_description_too_long';
  end if;
  if length(p_reason) > 200 then
    raise exception using errcode = 'P0001', message = 'statement_reason_too_long';
  end if;
  if p_action is null or p_action not in ('match', 'settle', 'create', 'ignore') then
    raise exception using errcode = 'P0001', message = 'invalid_action';
  end if;
  perform private.assert_valid_date(p_today);
  select * into v_line from public.bank_statement_lines l
  where l.id = p_line_id and l.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'statement_line_not_found';
  end if;
  perform private.assert_member(v_line.company_id);

  -- A retry of the same "Criar lançamento" (same client-generated entry id) answers what it did.
  if p_action = 'create' and v_line.status = 'matched' and v_line.resolution = 'create'
     and v_line.created_entry_id = p_entry_id then
    return v_line;
  end if;
  if v_line.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'statement_line_already_reconciled';
  end if;
  v_kind := case when v_line.amount < 0 then 'expense' else 'income' end;

  if p_action = 'match' then
    select t.id into v_tx from public.standing_transactions t
    where t.id = p_target_id and t.company_id = v_line.company_id and t.bank_account_id = v_line.bank_account_id;
    if v_tx is null then
      raise exception using errcode = 'P0001', message = 'transaction_not_found';
    end if;
    if not exists (select 1 from public.transactions t
                   where t.id = v_tx and t.amount = abs(v_line.amount)
                     and t.direction = case when v_line.amount < 0 then 'out' else 'in' end) then
      raise exception using errcode = 'P0001', message = 'statement_amount_mismatch';
    end if;
    if exists (select 1 from public.bank_statement_lines m where m.matched_transaction_id = v_tx and m.status = 'matched') then
      raise exception using errcode = 'P0001', message = 'transaction_already_matched';
    end if;

  elsif p_action = 'settle' then
    if v_kind = 'expense' then
      select e.open_amount into v_open from public.accounts_payable e
      where e.id = p_target_id and e.company_id = v_line.company_id;
    else
      select e.open_amount into v_open from public.accounts_receivable e
      where e.id = p_target_id and e.company_id = v_line.company_id;
    end if;
    if v_open is null then
      raise exception using errcode = 'P0001', message = 'entry_not_found';
    end if;
    if v_open <> abs(v_line.amount) and v_open > 0 then
      raise exception using errcode = 'P0001', message = 'statement_amount_mismatch';
    end if;
    -- Locks the entry, refuses a settled one (entry_already_settled), checks the account and the date.
    perform private.settle_entry(v_kind, p_target_id, v_line.bank_account_id, v_line.posted_on, null, 0, 0, 0,
                                 p_today);
    select t.id into v_tx from public.transactions t
    where case v_kind when 'expense' then t.payable_id else t.receivable_id end = p_target_id
      and t.reversal_of is null and t.bank_account_id = v_line.bank_account_id
    order by t.created_at desc, t.id desc
    limit 1;

  elsif p_action = 'create' then
    if p_entry_id is null then
      raise exception using errcode = 'P0001', message = 'invalid_id';
    end if;
    -- Only a new entry: an existing id (payable or receivable, of any company, any state) is refused.
    -- Linking an entry that exists is 'match' (or 'settle'), which check it.
    if exists (select 1 from public.accounts_payable e where e.id = p_entry_id)
       or exists (select 1 from public.accounts_receivable e where e.id = p_entry_id) then
      raise exception using errcode = 'P0001', message = 'entry_already_exists';
    end if;
    v_description := left(coalesce(nullif(btrim(p_description), ''), nullif(btrim(v_line.memo), ''),
                                   'Lançamento do extrato'), 200);
    perform private.create_and_settle_entry(v_kind, p_entry_id, v_line.company_id, v_description,
                                            abs(v_line.amount), v_line.posted_on, v_line.bank_account_id,
                                            v_line.posted_on, p_today, null, null, null, p_category_id, null,
                                            'Conciliação bancária', 0, 0, 0);
    -- The payment this call made: an entry with this id committed by someone else while this call ran
    -- is answered by create_and_settle_entry without a new payment (ON CONFLICT DO NOTHING), so it
    -- has no ledger row stamped with this transaction's time.
    select t.id into v_tx from public.transactions t
    where case v_kind when 'expense' then t.payable_id else t.receivable_id end = p_entry_id
      and t.reversal_of is null and t.created_at = now()
      and t.bank_account_id = v_line.bank_account_id and t.amount = abs(v_line.amount)
    order by t.id desc
    limit 1;
    if v_tx is null then
      raise exception using errcode = 'P0001', message = 'entry_already_exists';
    end if;
    v_created := p_entry_id;

  else
    if p_reason is null or length(btrim(p_reason)) = 0 then
      raise exception using errcode = 'P0001', message = 'ignore_reason_required';
    end if;
    update public.bank_statement_lines
    set status = 'ignored', ignore_reason = btrim(p_reason), resolved_by = (select auth.uid()),
        resolved_at = now()
    where id = v_line.id
    returning * into v_line;
    return v_line;
  end if;

  update public.bank_statement_lines
  set status = 'matched', resolution = p_action, matched_transaction_id = v_tx, created_entry_id = v_created,
      resolved_by = (select auth.uid()), resolved_at = now()
  where id = v_line.id
  returning * into v_line;
  return v_line;
end;
$function$;

-- undo_statement_line (body): writers of the company of the row.
CREATE OR REPLACE FUNCTION private.undo_statement_line(p_line_id uuid)
 RETURNS public.bank_statement_lines
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_line public.bank_statement_lines;
  v_tx public.transactions;
begin
  perform private.assert_row_role('bank_statement_lines', p_line_id, array['admin', 'financeiro']);
  select * into v_line from public.bank_statement_lines l
  where l.id = p_line_id and l.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'statement_line_not_found';
  end if;
  perform private.assert_member(v_line.company_id);
  if v_line.status = 'pending' then
    raise exception using errcode = 'P0001', message = 'statement_line_not_reconciled';
  end if;

  -- The payment was made by this line only for 'settle' and for a 'create' that recorded its entry.
  -- A 'match' (and a 'create' from before created_entry_id whose entry it cannot prove it made) only
  -- unlinks: the ledger row and its entry were there before the line.
  if v_line.resolution = 'settle' or v_line.created_entry_id is not null then
    select * into v_tx from public.transactions t where t.id = v_line.matched_transaction_id;
    -- An estorno made elsewhere (the entry's detail) already took the payment back.
    if not exists (select 1 from public.transactions r where r.reversal_of = v_tx.id) then
      -- Estorno dated on the payment's own date: the account's history at the statement's end is as
      -- before the reconciliation.
      perform private.reverse_payment(v_tx.id, v_tx.transaction_date);
    end if;
    if v_line.created_entry_id is not null then
      -- The entry existed only for this line.
      if v_line.amount < 0 then
        delete from public.accounts_payable e
        where e.id = v_line.created_entry_id and e.company_id = v_line.company_id and e.paid_amount = 0;
      else
        delete from public.accounts_receivable e
        where e.id = v_line.created_entry_id and e.company_id = v_line.company_id and e.paid_amount = 0;
      end if;
    end if;
  end if;

  update public.bank_statement_lines
  set status = 'pending', resolution = null, matched_transaction_id = null, created_entry_id = null,
      ignore_reason = null, resolved_by = null, resolved_at = null
  where id = v_line.id
  returning * into v_line;
  return v_line;
end;
$function$;

-- create_and_settle_entry (body): it always settles, which only writers do.
CREATE OR REPLACE FUNCTION private.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date, p_today date, p_counterparty_id uuid, p_counterparty_name text, p_project_id uuid, p_category_id uuid, p_payment_method text, p_notes text, p_interest numeric, p_fine numeric, p_discount numeric, p_stage_id uuid DEFAULT NULL::uuid)
 RETURNS public.entries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_inserted uuid;
  v_result public.entries;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_id is null then
    raise exception using errcode = 'P0001', message = 'invalid_id';
  end if;
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  perform private.assert_text_length(btrim(p_description), 200, 'description');
  perform private.assert_text_length(btrim(p_counterparty_name), 200,
                                     case p_kind when 'expense' then 'supplier_name' else 'client_name' end);
  perform private.assert_text_length(btrim(p_notes), 2000, 'notes');
  if p_payment_method is not null and p_payment_method not in ('transfer', 'pix', 'card', 'cash') then
    raise exception using errcode = 'P0001', message = 'invalid_payment_method';
  end if;
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_due_date);
  -- A stage of this obra of this company (also when no obra is given: a stage needs its obra).
  if p_stage_id is not null and not exists (
    select 1 from public.project_stages s
    where s.id = p_stage_id and s.project_id = p_project_id and s.company_id = p_company_id
  ) then
    raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
  end if;

  if p_kind = 'expense' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  end if;

  if v_inserted is not null then
    perform private.settle_entry(p_kind, p_id, p_bank_account_id, p_paid_on, null, p_interest, p_fine,
                                 p_discount, p_today);
  end if;

  -- Created now or by an earlier call with the same id (which waited for it to commit).
  select * into v_result from public.entries e
  where e.kind = p_kind and e.id = p_id and e.company_id in (select private.user_company_ids());
  if not found then
    -- The id belongs to a row the caller cannot see.
    raise exception using errcode = 'P0001', message = 'entry_id_conflict';
  end if;
  return v_result;
end;
$function$;

-- delete_entry: writers; an 'obra' member its own pending payables of its obras (before the row lock: a lock needs the update policy, which would say entry_not_found).
CREATE OR REPLACE FUNCTION public.delete_entry(p_kind text, p_id uuid, p_scope text DEFAULT 'one'::text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_entry record;
  v_count integer;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_scope is null or p_scope not in ('one', 'following', 'all_pending') then
    raise exception using errcode = 'P0001', message = 'invalid_scope';
  end if;

  perform private.assert_entry_writer(p_kind, p_id);
  if p_kind = 'expense' then
    select e.id, e.company_id, e.series_id, e.installment_number, e.due_date, e.status, e.paid_amount
    into v_entry from public.accounts_payable e where e.id = p_id for update;
  else
    select e.id, e.company_id, e.series_id, e.installment_number, e.due_date, e.status, e.paid_amount
    into v_entry from public.accounts_receivable e where e.id = p_id for update;
  end if;
  if v_entry.id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' or v_entry.paid_amount > 0 then
    raise exception using errcode = 'P0001', message = 'entry_has_payments';
  end if;

  -- The rows to delete: this one, or the pending rows without payments of its series that the
  -- scope names ("following" = installment number ≥ this one's; for a recurrence, due date ≥ this
  -- one's). Entries of the series with payments stay.
  if p_kind = 'expense' then
    with target as (
      select e.id from public.accounts_payable e
      where e.id = p_id
         or (p_scope <> 'one' and v_entry.series_id is not null
             and e.company_id = v_entry.company_id and e.series_id = v_entry.series_id
             and e.status = 'pending' and e.paid_amount = 0
             and (p_scope = 'all_pending'
                  or (v_entry.installment_number is not null and e.installment_number >= v_entry.installment_number)
                  or (v_entry.installment_number is null and e.due_date >= v_entry.due_date)))
      for update
    )
    delete from public.accounts_payable d using target where d.id = target.id;
  else
    with target as (
      select e.id from public.accounts_receivable e
      where e.id = p_id
         or (p_scope <> 'one' and v_entry.series_id is not null
             and e.company_id = v_entry.company_id and e.series_id = v_entry.series_id
             and e.status = 'pending' and e.paid_amount = 0
             and (p_scope = 'all_pending'
                  or (v_entry.installment_number is not null and e.installment_number >= v_entry.installment_number)
                  or (v_entry.installment_number is null and e.due_date >= v_entry.due_date)))
      for update
    )
    delete from public.accounts_receivable d using target where d.id = target.id;
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;

comment on function public.entry_history(text, uuid) is
  'Histórico of an entry (body: private.entry_history): its audit rows, newest first, with the '
  'actor''s name and e-mail as they were when the row was written (name falls back to the e-mail). '
  'For admin, financeiro, leitura, and an ''obra'' member for the payables of its obras. Raises '
  'invalid_kind, entry_not_found (also another company''s, or one the caller does not see).';
comment on function public.project_budget(uuid) is
  'Orçado × realizado of one obra (body: private.project_budget): a row per stage (kind stage, by '
  'order_index), the entries without stage (kind none, "Sem etapa") and the obra (kind total, '
  'orçado = projects.budget). comprometido = open amounts of pending payables, realizado = standing '
  'payment rows of its payables. Every role; an ''obra'' member only for its obras. Errors: '
  'project_not_found (also another company''s), project_not_assigned.';
comment on function public.project_budget_totals(uuid) is
  'Per obra of the company (body: private.project_budget_totals): orçado, comprometido and '
  'realizado as project_budget''s total row. Every role; an ''obra'' member gets its obras only. '
  'Raises not_a_member.';
comment on function public.project_financials(uuid, uuid) is
  'Per obra of p_company_id (or only p_project_id), in reais (body: private.project_financials): '
  'paid_expenses ("Gasto") = sum of its PAID accounts_payable; paid_revenues = sum of its PAID '
  'accounts_receivable. Every obra of the company gets a row (zeros without entries). Every role; an '
  '''obra'' member gets its obras only, with paid_revenues null. Errors: not_a_member, '
  'project_not_assigned.';
