-- Issue 33: an obra's "Gasto" (project_financials) from the same kept figures as its orçado ×
-- realizado (project_budget_totals), so the two screens of an obra agree to the centavo.
--
-- A split entry's paid figures are apportioned to its parts once, on the entry (entry_part_figures:
-- paid, juros, multa and desconto each). Apportioning each payment row apart (part_shares of the
-- row) may put a centavo of a part on another part when the entry was paid in several payments;
-- both sum to what was paid, but an obra's Gasto read from the ledger could differ by a centavo
-- from its realizado read from the entries. The ledger side stays for what is dated (DRE caixa,
-- Relatório by period); what an obra has spent in all is the entry side, kept in
-- private.entry_totals (dim project_all) by private.track_entry_totals. Reading it is also one
-- indexed read per company instead of a pass over its ledger.

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
    select t.dim_id as pid,
           sum(t.paid_total) filter (where t.kind = 'expense') as expenses,
           sum(t.paid_total) filter (where t.kind = 'income') as revenues
    from private.entry_totals t
    where t.company_id = p_company_id and t.dim = 'project_all' and t.dim_id is not null
      and (p_project_id is null or t.dim_id = p_project_id)
    group by t.dim_id
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
comment on function private.project_financials(uuid, uuid) is 'Body of public.project_financials (security definer: reads the kept private.entry_totals).';
comment on function public.project_financials(uuid, uuid) is 'Per obra of p_company_id (or only p_project_id), in reais (body: private.project_financials): paid_expenses ("Gasto") = Σ paid_total (paid + juros + multa − desconto) of its approved payables, paid_revenues = the same of its receivables, from private.entry_totals (dim project_all); a split entry counts its parts'' figures for their obras (private.entry_part_figures), as project_budget_totals'' realizado. Every obra of the company gets a row (zeros without entries). Every role; an ''obra'' member gets its obras only, with paid_revenues null. Errors: not_a_member, project_not_assigned.';
