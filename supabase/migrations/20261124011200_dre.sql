-- Issue 13 (Planning): DRE gerencial (income statement) per month, for up to 12 months.
--   Receita bruta                      (dre_group receita)
--   (−) Custos diretos de obra         (custo_obra)
--   (=) Lucro bruto
--   (−) Despesas administrativas       (despesa_administrativa)
--   (=) Resultado operacional
--   (±) Outras receitas e despesas     (outras: income − expense)
--   (=) Resultado do período
-- Bases: 'caixa' = the payments that still stand (public.standing_transactions, transfers excluded)
-- by payment date, amounts as really moved (juros/multa included, desconto deducted);
-- 'competencia' = every entry (public.entries, paid or not) by due date, full amount.
-- An entry or payment without a category counts in its type's default group (receita / custo_obra).
-- Optional obra filter (p_project_id). Runs as the caller: RLS decides.

create or replace function public.dre(
  p_company_id uuid,
  p_start date,
  p_end date,
  p_basis text default 'caixa',
  p_project_id uuid default null
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
  perform private.assert_member(p_company_id);
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
$$;
comment on function public.dre(uuid, date, date, text, uuid) is
  'DRE gerencial: json {basis, start, end, months: [{month (1st day), receita_bruta, custos_obra, lucro_bruto, '
  'despesas_administrativas, resultado_operacional, outras, resultado}], total: {same lines}, categories: [{id '
  '(null = sem categoria), name, kind, dre_group, months: [{month, total}], total}]}, reais. p_basis caixa '
  '(standing payments by payment date, amount moved) or competencia (entries by due date, full amount); '
  'at most 12 calendar months. Raises not_a_member, invalid_date, invalid_period, invalid_basis.';
revoke all on function public.dre(uuid, date, date, text, uuid) from public, anon, authenticated;
grant execute on function public.dre(uuid, date, date, text, uuid) to authenticated;
