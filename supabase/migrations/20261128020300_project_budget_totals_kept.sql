-- Obras' orçado × realizado summed, for every approved payable of every obra, its standing ledger
-- rows (a correlated sum: 3 s at 150 000 payables). Comprometido and realizado per obra are now read
-- from the kept all-time rows per obra (private.entry_totals, dim project_all): comprometido = the
-- open amounts of its approved payables, realizado = their paid_total, which is the sum of their
-- standing payments (each payment row's amount is principal + juros + multa − desconto, and an
-- entry's paid_amount, juros, multa and desconto are those of its standing payments). What awaits
-- approval is a small set read by its partial index. Same signature and answers.

create or replace function private.project_budget_totals(p_company_id uuid)
returns table (project_id uuid, budget numeric, committed numeric, realized numeric, awaiting numeric)
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
    select t.dim_id as pid, sum(t.open_total) as c, sum(t.paid_total) as r
    from private.entry_totals t
    where t.company_id = p_company_id and t.dim = 'project_all' and t.kind = 'expense'
      and t.dim_id is not null
    group by t.dim_id
  ),
  waiting as (
    select e.project_id as pid, sum(e.amount) as a
    from public.accounts_payable e
    where e.company_id = p_company_id and e.project_id is not null and e.approval_status = 'pending'
    group by e.project_id
  )
  select p.id, p.budget,
         coalesce(f.c, 0)::numeric,
         coalesce(f.r, 0)::numeric,
         coalesce(w.a, 0)::numeric
  from public.projects p
  left join figures f on f.pid = p.id
  left join waiting w on w.pid = p.id
  where p.company_id = p_company_id
    and (not v_obra or p.id in (select private.obra_project_ids()));
end;
$$;
revoke all on function private.project_budget_totals(uuid) from public, anon, authenticated, service_role;
grant execute on function private.project_budget_totals(uuid) to authenticated;
