-- Relatório summed every payment of the period from the ledger (Todo o período: 2.4 s at 100 000
-- ledger rows; a month 0.32 s). Its whole months now come from the kept month totals
-- (private.ledger_category_months / ledger_project_months, 20261128010100) and only the days at the
-- edges of the period (at most two partial months) from the ledger rows; the five largest receipts
-- from an index in their order. Chosen obras (p_project_ids / p_include_no_project) read those
-- obras' rows, as before: the kept months do not cross category with obra. Same signature and answer.

create index transactions_company_income_amount_idx
  on public.transactions (company_id, amount desc, transaction_date desc, id)
  where type = 'income' and reversal_of is null;

create or replace function public.report_summary(p_company_id uuid, p_start date default null,
                                                 p_end date default null, p_account_ids uuid[] default null,
                                                 p_project_ids uuid[] default null,
                                                 p_include_no_project boolean default false)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  -- Whole months of the period, first day of the first and of the last (null = open).
  v_from_month date;
  v_to_month date;
  v_use_months boolean;
  -- The days read from the ledger rows: [v_r1_lo, v_r1_hi] and [v_r2_lo, v_r2_hi].
  v_r1_lo date := 'infinity';
  v_r1_hi date := '-infinity';
  v_r2_lo date := 'infinity';
  v_r2_hi date := '-infinity';
  v_short boolean := p_start is not null and p_end is not null and p_end - p_start <= 62;
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

  if p_start is not null then
    v_from_month := date_trunc('month', p_start)::date;
    if v_from_month < p_start then
      v_from_month := (v_from_month + interval '1 month')::date;
    end if;
  end if;
  if p_end is not null then
    v_to_month := date_trunc('month', p_end)::date;
    if (v_to_month + interval '1 month')::date - 1 > p_end then
      v_to_month := (v_to_month - interval '1 month')::date;
    end if;
  end if;
  v_use_months := not v_filter_projects
    and (v_from_month is null or v_to_month is null or v_from_month <= v_to_month);
  if not v_use_months then
    v_r1_lo := coalesce(p_start, '-infinity');
    v_r1_hi := coalesce(p_end, 'infinity');
  else
    if p_start is not null then
      v_r1_lo := p_start;
      v_r1_hi := v_from_month - 1;
    end if;
    if p_end is not null then
      v_r2_lo := (v_to_month + interval '1 month')::date;
      v_r2_hi := p_end;
    end if;
  end if;

  with raw as materialized (
    select t.type as kind, t.category_id, t.project_id, t.amount
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type in ('income', 'expense')
      and (t.transaction_date between v_r1_lo and v_r1_hi or t.transaction_date between v_r2_lo and v_r2_hi)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and t.project_id is null))
  ),
  cat as materialized (
    select r.kind, r.category_id, sum(r.amount) as total, count(*) as count
    from raw r group by r.kind, r.category_id
    union all
    select m.kind, m.group_id, m.total, m.row_count
    from private.ledger_month_totals(p_company_id, 'category', v_from_month, v_to_month, p_account_ids) m
    where v_use_months
  ),
  proj as materialized (
    select r.kind, r.project_id, sum(r.amount) as total, count(*) as count
    from raw r group by r.kind, r.project_id
    union all
    select m.kind, m.group_id, m.total, m.row_count
    from private.ledger_month_totals(p_company_id, 'project', v_from_month, v_to_month, p_account_ids) m
    where v_use_months
  ),
  totals as (
    select
      coalesce(sum(c.total) filter (where c.kind = 'income'), 0) as revenue,
      coalesce(sum(c.total) filter (where c.kind = 'expense'), 0) as expense,
      coalesce(sum(c.count) filter (where c.kind = 'income'), 0)::bigint as revenue_count,
      coalesce(sum(c.count) filter (where c.kind = 'expense'), 0)::bigint as expense_count
    from cat c
  ),
  by_category as (
    select x.kind, x.category_id, c.name, c.color, sum(x.total) as total, sum(x.count)::bigint as count
    from cat x
    left join public.categories c on c.company_id = p_company_id and c.id = x.category_id
    group by x.kind, x.category_id, c.name, c.color
  ),
  by_project as (
    select x.kind, x.project_id, pr.name, sum(x.total) as total, sum(x.count)::bigint as count
    from proj x
    left join public.projects pr on pr.company_id = p_company_id and pr.id = x.project_id
    group by x.kind, x.project_id, pr.name
  ),
  -- The five largest receipts. Over a long period: the first five of
  -- transactions_company_income_amount_idx that pass the filters. Over two months or less: the
  -- period's receipts by date, then sorted (amount + 0 keeps the planner off the amount index,
  -- which a period with few or no receipts would walk to its end).
  top as (
    select t.id as transaction_id, t.receivable_id, t.description, t.amount, t.transaction_date,
           t.category_id, t.project_id
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type = 'income' and v_short
      and t.transaction_date between p_start and p_end
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and t.project_id is null))
    order by t.amount + 0 desc, t.transaction_date desc, t.id
    limit 5
  ),
  top_long as (
    select t.id as transaction_id, t.receivable_id, t.description, t.amount, t.transaction_date,
           t.category_id, t.project_id
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type = 'income' and not v_short
      and (p_start is null or t.transaction_date >= p_start)
      and (p_end is null or t.transaction_date <= p_end)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and t.project_id is null))
    order by t.amount desc, t.transaction_date desc, t.id
    limit 5
  ),
  top_receipts as (
    select f.receivable_id as id, f.transaction_id, f.description, f.amount, f.transaction_date as received_date,
           coalesce(cl.name, ar.client_name) as client_name,
           c.name as category_name, pr.name as project_name
    from (select * from top union all select * from top_long) f
    left join public.accounts_receivable ar on ar.company_id = p_company_id and ar.id = f.receivable_id
    left join public.clients cl on cl.company_id = p_company_id and cl.id = ar.client_id
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    order by f.amount desc, f.transaction_date desc, f.transaction_id
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
  'Relatório, in reais: the payments (standing ledger rows of payables = expense, receivables = revenue) '
  'dated in [p_start, p_end], into one of p_account_ids, of one of p_project_ids / no obra. Amounts are what '
  'really moved (juros/multa included, desconto deducted); counts are payments. Whole months from the kept '
  'month totals (private.ledger_month_totals), the days at the edges (and chosen obras) from the rows. '
  'top_receipts: the 5 largest receipts { id (receivable), transaction_id, description, amount, received_date, '
  'client_name, category_name, project_name }. Error key not_a_member.';
revoke all on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) from public, anon, authenticated;
grant execute on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) to authenticated, service_role;
