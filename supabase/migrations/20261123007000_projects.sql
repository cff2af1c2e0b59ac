-- Obras (projects): creating an obra with its stages in one transaction, and the money of each obra
-- computed in SQL (SPEC §2 "Obras list", "Obra detail", "Nova Obra"; DESIGN §4).
--
-- Definitions (one meaning each, used by every screen):
-- - spent ("Gasto"), the obra's expenses: the sum of its PAID accounts_payable (project_id = the
--   obra, status 'paid'). Pending payables are not spent yet.
-- - revenues ("Receitas"): the sum of its PAID accounts_receivable.
-- - balance ("Saldo"): revenues - expenses.

-- Nova Obra: the project and its stages, all or nothing. Runs as the caller (RLS applies to both
-- inserts); a failure anywhere (a blank stage, end before start, a constraint) leaves no project.
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
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  -- SPEC §5: name, address, client, budget, start date and expected end are required.
  if coalesce(btrim(p_name), '') = '' or coalesce(btrim(p_address), '') = ''
     or coalesce(btrim(p_client_name), '') = '' or p_budget is null
     or p_start_date is null or p_end_date is null then
    raise exception using errcode = 'P0001', message = 'project_required_fields';
  end if;
  if p_budget < 0 then
    raise exception using errcode = 'P0001', message = 'invalid_amount';
  end if;
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
comment on function public.create_project(uuid, text, text, text, numeric, date, date, text[], text, text, text) is
  'Nova Obra: inserts the project and one project_stages row per name of p_stages (description '
  '"Etapa {name}", order_index in array order) in one transaction. Error keys: not_authenticated, '
  'not_a_member, project_required_fields, invalid_amount, project_end_before_start, '
  'project_stages_required, invalid_stage. Security invoker: RLS applies.';

-- The money of each obra of one company (or only p_project_id), in reais. RLS of the underlying
-- tables applies; a caller who is not a member gets not_a_member instead of an empty answer.
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
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;

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
comment on function public.project_financials(uuid, uuid) is
  'Per obra of p_company_id (or only p_project_id), in reais: paid_expenses ("Gasto") = sum of its '
  'PAID accounts_payable; paid_revenues = sum of its PAID accounts_receivable. Every obra of the '
  'company gets a row (zeros without entries). Security invoker: RLS applies.';

revoke all on function public.create_project(uuid, text, text, text, numeric, date, date, text[], text, text, text)
  from public, anon;
revoke all on function public.project_financials(uuid, uuid) from public, anon;
grant execute on function public.create_project(uuid, text, text, text, numeric, date, date, text[], text, text, text)
  to authenticated;
grant execute on function public.project_financials(uuid, uuid) to authenticated;
