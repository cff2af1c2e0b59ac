-- The obra's budget card shows "Aguardando aprovação: R$ …" apart (approval: 20261127010500): a
-- last column `awaiting` (the amounts of its payables awaiting approval; refused ones are the
-- requester's to correct, not counted) in project_budget (per stage, Sem etapa and total) and
-- project_budget_totals (per obra). A new result column: the functions are dropped and created
-- again (wrappers first), with their grants and comments.

drop function public.project_budget(uuid);
drop function private.project_budget(uuid);
drop function public.project_budget_totals(uuid);
drop function private.project_budget_totals(uuid);

create function private.project_budget(p_project_id uuid)
 RETURNS TABLE(kind text, stage_id uuid, stage_name text, order_index integer, is_completed boolean, budget numeric, committed numeric, realized numeric, balance numeric, used_percent numeric, awaiting numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    from (select * from public.accounts_payable x where x.approval_status = 'approved') p
    where p.company_id = v_company and p.project_id = p_project_id
  ),
  waiting as (
    -- Aguardando aprovação: shown apart, counted nowhere else.
    select p.stage_id as sid, p.amount as a
    from public.accounts_payable p
    where p.company_id = v_company and p.project_id = p_project_id and p.approval_status = 'pending'
  ),
  rows as (
    select 'stage'::text as k, s.id as sid, s.name as sname, s.order_index as oi, s.is_completed as done,
           s.estimated_cost as b,
           coalesce((select sum(f.c) from figures f where f.sid = s.id), 0) as c,
           coalesce((select sum(f.r) from figures f where f.sid = s.id), 0) as r,
           coalesce((select sum(w.a) from waiting w where w.sid = s.id), 0) as a,
           s.created_at as ca
    from public.project_stages s
    where s.company_id = v_company and s.project_id = p_project_id
    union all
    select 'none', null, 'Sem etapa', null, null, null,
           coalesce((select sum(f.c) from figures f where f.sid is null), 0),
           coalesce((select sum(f.r) from figures f where f.sid is null), 0),
           coalesce((select sum(w.a) from waiting w where w.sid is null), 0), null
    union all
    select 'total', null, null, null, null, v_budget,
           coalesce((select sum(f.c) from figures f), 0),
           coalesce((select sum(f.r) from figures f), 0),
           coalesce((select sum(w.a) from waiting w), 0), null
  )
  select k, sid, sname, oi, done, b, c, r,
         b - r - c,
         case when b > 0 then round((r + c) * 100 / b, 1) end,
         a
  from rows
  order by case k when 'stage' then 0 when 'none' then 1 else 2 end, oi, ca, sid;
end;
$function$;

create function private.project_budget_totals(p_company_id uuid)
 RETURNS TABLE(project_id uuid, budget numeric, committed numeric, realized numeric, awaiting numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    from (select * from public.accounts_payable x where x.approval_status = 'approved') e
    where e.company_id = p_company_id and e.project_id is not null
  ),
  waiting as (
    select e.project_id as pid, sum(e.amount) as a
    from public.accounts_payable e
    where e.company_id = p_company_id and e.project_id is not null and e.approval_status = 'pending'
    group by e.project_id
  )
  select p.id, p.budget,
         coalesce(sum(f.c), 0)::numeric,
         coalesce(sum(f.r), 0)::numeric,
         coalesce(max(w.a), 0)::numeric
  from public.projects p
  left join figures f on f.pid = p.id
  left join waiting w on w.pid = p.id
  where p.company_id = p_company_id
    and (not v_obra or p.id in (select private.obra_project_ids()))
  group by p.id, p.budget;
end;
$function$;

create function public.project_budget(p_project_id uuid)
returns table (kind text, stage_id uuid, stage_name text, order_index integer, is_completed boolean,
               budget numeric, committed numeric, realized numeric, balance numeric,
               used_percent numeric, awaiting numeric)
language sql
stable
set search_path = ''
as $$
  select * from private.project_budget(p_project_id)
$$;

create function public.project_budget_totals(p_company_id uuid)
returns table (project_id uuid, budget numeric, committed numeric, realized numeric, awaiting numeric)
language sql
stable
set search_path = ''
as $$
  select * from private.project_budget_totals(p_company_id)
$$;

revoke all on function private.project_budget(uuid) from public, anon, authenticated;
revoke all on function public.project_budget(uuid) from public, anon, authenticated;
revoke all on function private.project_budget_totals(uuid) from public, anon, authenticated;
revoke all on function public.project_budget_totals(uuid) from public, anon, authenticated;
grant execute on function private.project_budget(uuid) to authenticated;
grant execute on function public.project_budget(uuid) to authenticated, service_role;
grant execute on function private.project_budget_totals(uuid) to authenticated;
grant execute on function public.project_budget_totals(uuid) to authenticated, service_role;

comment on function public.project_budget(uuid) is
  'Orçado × realizado of one obra (body: private.project_budget): a row per stage (kind stage, by '
  'order_index), the entries without stage (kind none, "Sem etapa") and the obra (kind total, '
  'orçado = projects.budget). comprometido = open amounts of approved pending payables, realizado = '
  'standing payment rows of its payables, awaiting = amounts awaiting approval (counted nowhere '
  'else). Every role; an ''obra'' member only for its obras. Errors: project_not_found (also another '
  'company''s), project_not_assigned.';
comment on function public.project_budget_totals(uuid) is
  'Per obra of the company (body: private.project_budget_totals): orçado, comprometido, realizado '
  'and awaiting (approval) as project_budget''s total row. Every role; an ''obra'' member gets its '
  'obras only. Raises not_a_member.';
