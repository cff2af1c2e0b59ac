-- A category's statistics and the DRE (caixa) summed the ledger rows of a decade (category_stats:
-- 0.43 s at 100 000 ledger rows) or of up to twelve months (dre: 0.18 s). Counts and totals now
-- come from the kept month totals (private.ledger_category_months, 20261128010100): category_stats'
-- count and total over its months, its last 90 days and latest ten rows from an index in their
-- order; the DRE's whole months from the month totals and only the days at the edges of the period
-- (or a chosen obra's rows: the kept months do not cross category with obra) from the ledger. Same
-- signatures and answers.

create index transactions_company_category_date_idx
  on public.transactions (company_id, category_id, transaction_date desc, created_at desc)
  where reversal_of is null;

create or replace function public.category_stats(p_category_id uuid, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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
  with used as not materialized (
    select t.* from public.standing_transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
  ),
  -- Count and total from the kept month totals (a decade is a few hundred month rows), the last 90
  -- days and the latest 10 from transactions_company_category_date_idx: none reads the history.
  kept as (
    select coalesce(sum(m.row_count), 0)::bigint as transaction_count, coalesce(sum(m.total), 0) as total_amount
    from private.ledger_month_totals(v_category.company_id, 'category', null, null, null,
                                     array[v_category.id]) m
  ),
  recent as (
    select u.id, u.description, u.amount, u.transaction_date, u.direction,
           u.payable_id, u.receivable_id, b.name as bank_account_name, p.name as project_name
    from (select * from used x order by x.transaction_date desc, x.created_at desc limit 10) u
    left join public.bank_accounts b on b.company_id = u.company_id and b.id = u.bank_account_id
    left join public.projects p on p.company_id = u.company_id and p.id = u.project_id
    order by u.transaction_date desc, u.created_at desc
  ),
  totals as (
    select k.transaction_count, k.total_amount,
      (select max(r.transaction_date) from recent r) as last_used_on,
      (select count(*) from used u where u.transaction_date > v_today - 90 and u.transaction_date <= v_today)
        as last_90_days_count
    from kept k
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
comment on function public.category_stats(p_category_id uuid, p_today date) is 'Detail statistics of a category (amounts in reais). A "transaction" is a ledger row of the category that still stands: a settled payable or receivable, excluding reversed pairs (the estorno row, which has reversal_of, and the row it reverses) and transfers; a row keeps the category its entry had when it was settled. transaction_count, total_amount (sum of amounts), average_amount (total / count, 2 decimals, null without transactions), last_used_on (latest transaction_date), last_90_days_count (transaction_date in (p_today - 90, p_today]) and frequency from it: high (Alta) >= 9, about three a month or more; medium (Média) 3 to 8, about monthly; low (Baixa) 1 or 2; none (Sem uso) 0. Count and total from the kept month totals (private.ledger_month_totals). recent: the latest 10 such rows with bank account and obra names. p_today comes from the browser (the database''s current_date is UTC). Error key category_not_found.';
revoke all on function public.category_stats(uuid, date) from public, anon, authenticated;
grant execute on function public.category_stats(uuid, date) to authenticated, service_role;

create or replace function public.dre(p_company_id uuid, p_start date, p_end date, p_basis text DEFAULT 'caixa'::text, p_project_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
declare
  -- Caixa: whole months of the period from the kept month totals, the days at its edges (and a
  -- chosen obra's period) from the ledger rows: [v_r1_lo, v_r1_hi] and [v_r2_lo, v_r2_hi].
  v_from_month date;
  v_to_month date;
  v_use_months boolean;
  v_r1_lo date := 'infinity';
  v_r1_hi date := '-infinity';
  v_r2_lo date := 'infinity';
  v_r2_hi date := '-infinity';
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

  v_from_month := date_trunc('month', p_start)::date;
  if v_from_month < p_start then
    v_from_month := (v_from_month + interval '1 month')::date;
  end if;
  v_to_month := date_trunc('month', p_end)::date;
  if (v_to_month + interval '1 month')::date - 1 > p_end then
    v_to_month := (v_to_month - interval '1 month')::date;
  end if;
  v_use_months := p_project_id is null and v_from_month <= v_to_month;
  if v_use_months then
    v_r1_lo := p_start;
    v_r1_hi := v_from_month - 1;
    v_r2_lo := (v_to_month + interval '1 month')::date;
    v_r2_hi := p_end;
  else
    v_r1_lo := p_start;
    v_r1_hi := p_end;
  end if;

  with moves as materialized (
    select t.type as kind, t.category_id, t.transaction_date as on_day, t.amount
    from public.standing_transactions t
    where p_basis = 'caixa'
      and t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and (t.transaction_date between v_r1_lo and v_r1_hi or t.transaction_date between v_r2_lo and v_r2_hi)
      and (p_project_id is null or t.project_id = p_project_id)
    union all
    select m.kind, m.group_id, m.month, m.total
    from private.ledger_month_totals(p_company_id, 'category', v_from_month, v_to_month, null, null, true) m
    where p_basis = 'caixa' and v_use_months
    union all
    select e.kind, e.category_id, e.due_date, e.amount
    from (select * from public.entries x where x.approval_status = 'approved') e
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
comment on function public.dre(p_company_id uuid, p_start date, p_end date, p_basis text, p_project_id uuid) is 'DRE gerencial: json {basis, start, end, months: [{month (1st day), receita_bruta, custos_obra, lucro_bruto, despesas_administrativas, resultado_operacional, outras, resultado}], total: {same lines}, categories: [{id (null = sem categoria), name, kind, dre_group, months: [{month, total}], total}]}, reais. p_basis caixa (standing payments by payment date, amount moved) or competencia (entries by due date, full amount); at most 12 calendar months. Raises not_a_member, invalid_date, invalid_period, invalid_basis.';
revoke all on function public.dre(uuid, date, date, text, uuid) from public, anon, authenticated;
grant execute on function public.dre(uuid, date, date, text, uuid) to authenticated, service_role;
