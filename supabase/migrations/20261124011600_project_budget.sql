-- Orçado × realizado (issue 13): per obra and per stage, what was budgeted (orçado), what pending
-- payables still owe (comprometido: their OPEN amounts, a partially paid bill its remainder) and what
-- was really paid (realizado: the standing payment rows of the obra's payables — an estorno undoes
-- its payment; juros/multa/desconto included, as what left the bank). Receivables never count: a
-- budget is a cost. saldo = orçado − realizado − comprometido; used_percent = (realizado +
-- comprometido) / orçado. A stage's cost is computed from its entries, never typed.
-- Security invoker: RLS of every table read applies.

create or replace function public.project_budget(p_project_id uuid)
returns table (
  kind text,            -- 'stage', 'none' (entries without stage: "Sem etapa") or 'total' (the obra)
  stage_id uuid,
  stage_name text,
  order_index integer,
  is_completed boolean,
  budget numeric,       -- orçado: the stage's estimated_cost; for 'total' the obra's budget
  committed numeric,    -- comprometido
  realized numeric,     -- realizado
  balance numeric,      -- saldo = orçado − realizado − comprometido (null without orçado)
  used_percent numeric  -- (realizado + comprometido) / orçado × 100, one decimal (null without orçado)
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company uuid;
  v_budget numeric;
begin
  select p.company_id, p.budget into v_company, v_budget from public.projects p where p.id = p_project_id;
  if v_company is null then
    raise exception using errcode = 'P0001', message = 'project_not_found';
  end if;
  perform private.assert_member(v_company);

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
comment on function public.project_budget(uuid) is
  'Orçado × realizado of one obra: a row per stage (kind stage, by order_index), the entries without '
  'stage (kind none, "Sem etapa") and the obra (kind total, orçado = projects.budget). comprometido = '
  'open amounts of pending payables, realizado = standing payment rows of its payables. Errors: '
  'project_not_found, not_a_member. Security invoker: RLS applies.';
revoke all on function public.project_budget(uuid) from public, anon, authenticated;
grant execute on function public.project_budget(uuid) to authenticated;

-- The Obras list: the totals of every obra of the company (same figures as project_budget's total).
create or replace function public.project_budget_totals(p_company_id uuid)
returns table (project_id uuid, budget numeric, committed numeric, realized numeric)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);
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
  group by p.id, p.budget;
end;
$$;
comment on function public.project_budget_totals(uuid) is
  'Per obra of the company: orçado (projects.budget), comprometido and realizado as project_budget''s '
  'total row. Security invoker: RLS applies.';
revoke all on function public.project_budget_totals(uuid) from public, anon, authenticated;
grant execute on function public.project_budget_totals(uuid) to authenticated;
