-- Issue 33 (rateio), slice "reports": every reader of obra or categoria outside Movimentações
-- follows the parts of a split entry (its project_id, stage_id and category_id are null).
--   * Entry-side figures (comprometido, realizado, aguardando aprovação, DRE competência) expand the
--     entry with private.entry_part_figures.
--   * Ledger-side figures (DRE caixa, Relatório by period, obra "Gasto", category statistics) expand
--     each ledger row with private.part_shares(t.parts, t.amount); an estorno row carries the same
--     parts and amount, so the standing rows (which leave reversed pairs out) are what counts.
--   * Kept totals (entry_totals, ledger_*_months) are expanded by their triggers (slice "totals").
-- A split row is read on the GIN indexes of part_project_ids / part_category_ids where it matters.

-- The rows that still stand, with their split (appended: create or replace keeps the old columns).
create or replace view public.standing_transactions with (security_invoker = true) as
  select t.id, t.company_id, t.type, t.direction, t.description, t.amount, t.transaction_date,
         t.bank_account_id, t.category_id, t.project_id, t.payable_id, t.receivable_id,
         t.transfer_group_id, t.reversal_of, t.created_by, t.created_at, t.principal_amount,
         t.interest_amount, t.fine_amount, t.discount_amount,
         t.parts, t.part_project_ids, t.part_category_ids
  from public.transactions t
  where t.reversal_of is null
    and not exists (select 1 from public.transactions r where r.reversal_of = t.id);
comment on view public.standing_transactions is 'Ledger rows that still stand: neither an estorno row nor a row an estorno reversed (such pairs net out). Every aggregate of "what moved" reads this view; a row with parts (rateio) counts for its parts'' obras and categorias by private.part_shares(parts, amount). RLS of transactions applies (security_invoker).';

-- The invoker readers (dre, report_summary, category_stats)
-- apportion as their caller: the rule is a pure function of its arguments, reads nothing.
revoke all on function private.apportion(numeric[], numeric) from public, anon, authenticated;
grant execute on function private.apportion(numeric[], numeric) to authenticated;
revoke all on function private.part_shares(jsonb, numeric) from public, anon, authenticated;
grant execute on function private.part_shares(jsonb, numeric) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Orçado × realizado of one obra
-- ---------------------------------------------------------------------------------------------

create or replace function private.project_budget(p_project_id uuid)
returns table (kind text, stage_id uuid, stage_name text, order_index integer, is_completed boolean,
               budget numeric, committed numeric, realized numeric, balance numeric,
               used_percent numeric, awaiting numeric)
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
    -- Per payable (per part of this obra when split): comprometido = open amount while pending and
    -- approved; realizado = paid_total (paid + juros + multa − desconto: what its standing payments
    -- moved); aguardando = the amount awaiting approval (shown apart, counted nowhere else).
    select p.stage_id as sid,
           case when p.approval_status = 'approved' and p.status = 'pending' then p.open_amount else 0 end as c,
           case when p.approval_status = 'approved' then p.paid_total else 0 end as r,
           case when p.approval_status = 'pending' then p.amount else 0 end as a
    from public.accounts_payable p
    where p.company_id = v_company and p.project_id = p_project_id
    union all
    select f.stage_id,
           case when p.approval_status = 'approved' and p.status = 'pending' then f.open_amount else 0 end,
           case when p.approval_status = 'approved' then f.paid_total else 0 end,
           case when p.approval_status = 'pending' then f.amount else 0 end
    from public.accounts_payable p
    cross join lateral private.entry_part_figures(p.parts, p.project_id, p.stage_id, p.category_id, p.amount,
                                                  p.paid_amount, p.interest_amount, p.fine_amount,
                                                  p.discount_amount) f
    where p.company_id = v_company and p.parts is not null and p.part_project_ids @> array[p_project_id]
      and f.project_id = p_project_id
  ),
  rows as (
    select 'stage'::text as k, s.id as sid, s.name as sname, s.order_index as oi, s.is_completed as done,
           s.estimated_cost as b,
           coalesce((select sum(f.c) from figures f where f.sid = s.id), 0) as c,
           coalesce((select sum(f.r) from figures f where f.sid = s.id), 0) as r,
           coalesce((select sum(f.a) from figures f where f.sid = s.id), 0) as a,
           s.created_at as ca
    from public.project_stages s
    where s.company_id = v_company and s.project_id = p_project_id
    union all
    select 'none', null, 'Sem etapa', null, null, null,
           coalesce((select sum(f.c) from figures f where f.sid is null), 0),
           coalesce((select sum(f.r) from figures f where f.sid is null), 0),
           coalesce((select sum(f.a) from figures f where f.sid is null), 0), null
    union all
    select 'total', null, null, null, null, v_budget,
           coalesce((select sum(f.c) from figures f), 0),
           coalesce((select sum(f.r) from figures f), 0),
           coalesce((select sum(f.a) from figures f), 0), null
  )
  select k, sid, sname, oi, done, b, c, r,
         b - r - c,
         case when b > 0 then round((r + c) * 100 / b, 1) end,
         a
  from rows
  order by case k when 'stage' then 0 when 'none' then 1 else 2 end, oi, ca, sid;
end;
$$;
comment on function private.project_budget(uuid) is 'Body of public.project_budget (security definer: checks the caller''s access to the obra first). A split payable counts with its parts of this obra only (private.entry_part_figures), each in its own etapa.';

comment on function public.project_budget(uuid) is 'Orçado × realizado of one obra (body: private.project_budget): a row per stage (kind stage, by order_index), the entries without stage (kind none, "Sem etapa") and the obra (kind total, orçado = projects.budget). comprometido = open amounts of approved pending payables, realizado = paid_total of its approved payables (what their standing payments moved), awaiting = amounts awaiting approval (counted nowhere else). A split payable (rateio) counts with its parts of this obra, in their etapas, each figure apportioned exactly (private.entry_part_figures). Every role; an ''obra'' member only for its obras. Errors: project_not_found (also another company''s), project_not_assigned.';

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
    -- Kept by private.track_entry_totals, which expands split payables by their parts.
    select t.dim_id as pid, sum(t.open_total) as c, sum(t.paid_total) as r
    from private.entry_totals t
    where t.company_id = p_company_id and t.dim = 'project_all' and t.kind = 'expense'
      and t.dim_id is not null
    group by t.dim_id
  ),
  waiting as (
    select x.pid, sum(x.a) as a
    from (
      select e.project_id as pid, e.amount as a
      from public.accounts_payable e
      where e.company_id = p_company_id and e.project_id is not null and e.approval_status = 'pending'
      union all
      select s.project_id, s.amount
      from public.accounts_payable e
      cross join lateral private.part_shares(e.parts, e.amount) s
      where e.company_id = p_company_id and e.parts is not null and e.approval_status = 'pending'
        and s.project_id is not null
    ) x
    group by x.pid
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
comment on function private.project_budget_totals(uuid) is 'Body of public.project_budget_totals (security definer: reads the kept private.entry_totals).';
comment on function public.project_budget_totals(uuid) is 'Per obra of the company (body: private.project_budget_totals): orçado, comprometido, realizado and awaiting (approval) as project_budget''s total row; a split payable counts with its parts of each obra. Every role; an ''obra'' member gets its obras only. Raises not_a_member.';

-- ---------------------------------------------------------------------------------------------
-- The obra's "Gasto" and receipts
-- ---------------------------------------------------------------------------------------------

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
  with rows as (
    select t.project_id as pid, t.type, t.amount
    from public.standing_transactions t
    where t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.project_id is not null
      and (p_project_id is null or t.project_id = p_project_id)
    union all
    -- A split payment: each part's share of the row, for the part's obra.
    select s.project_id, t.type, s.share
    from public.standing_transactions t
    cross join lateral private.part_shares(t.parts, t.amount) s
    where t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.parts is not null
      and (p_project_id is null or t.part_project_ids @> array[p_project_id])
      and s.project_id is not null
      and (p_project_id is null or s.project_id = p_project_id)
  ),
  moved as (
    select r.pid,
           sum(r.amount) filter (where r.type = 'expense') as expenses,
           sum(r.amount) filter (where r.type = 'income') as revenues
    from rows r
    group by r.pid
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
comment on function private.project_financials(uuid, uuid) is 'Body of public.project_financials (security definer: an ''obra'' member reads the figures of its obras, not the rows).';
comment on function public.project_financials(uuid, uuid) is 'Per obra of p_company_id (or only p_project_id), in reais (body: private.project_financials): paid_expenses ("Gasto") = what the standing payment rows of its payables moved; paid_revenues = the same for its receivables. A split row (rateio) counts its parts'' shares for their obras (private.part_shares). Every obra of the company gets a row (zeros without entries). Every role; an ''obra'' member gets its obras only, with paid_revenues null. Errors: not_a_member, project_not_assigned.';

-- ---------------------------------------------------------------------------------------------
-- DRE: both bases by categoria, and the obra filter, follow the parts
-- ---------------------------------------------------------------------------------------------

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
      and t.parts is null
      and (t.transaction_date between v_r1_lo and v_r1_hi or t.transaction_date between v_r2_lo and v_r2_hi)
      and (p_project_id is null or t.project_id = p_project_id)
    union all
    -- A split payment: each part's share of the row, in the part's categoria (and obra).
    select t.type, s.category_id, t.transaction_date, s.share
    from public.standing_transactions t
    cross join lateral private.part_shares(t.parts, t.amount) s
    where p_basis = 'caixa'
      and t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.parts is not null
      and (t.transaction_date between v_r1_lo and v_r1_hi or t.transaction_date between v_r2_lo and v_r2_hi)
      and (p_project_id is null or t.part_project_ids @> array[p_project_id])
      and (p_project_id is null or s.project_id = p_project_id)
    union all
    select m.kind, m.group_id, m.month, m.total
    from private.ledger_month_totals(p_company_id, 'category', v_from_month, v_to_month, null, null, true) m
    where p_basis = 'caixa' and v_use_months
    union all
    -- Competência: the entries (payables approved) by due date, full amount; a split entry as its
    -- parts (their amounts), each in its categoria and obra.
    select 'expense'::text, p.category_id, p.due_date, p.amount
    from public.accounts_payable p
    where p_basis = 'competencia' and p.company_id = p_company_id and p.approval_status = 'approved'
      and p.parts is null
      and p.due_date between p_start and p_end
      and (p_project_id is null or p.project_id = p_project_id)
    union all
    select 'income', r.category_id, r.due_date, r.amount
    from public.accounts_receivable r
    where p_basis = 'competencia' and r.company_id = p_company_id
      and r.parts is null
      and r.due_date between p_start and p_end
      and (p_project_id is null or r.project_id = p_project_id)
    union all
    select e.kind, s.category_id, e.due_date, s.amount
    from (
      select 'expense'::text as kind, p.due_date, p.parts
      from public.accounts_payable p
      where p_basis = 'competencia' and p.company_id = p_company_id and p.approval_status = 'approved'
        and p.parts is not null
        and p.due_date between p_start and p_end
        and (p_project_id is null or p.part_project_ids @> array[p_project_id])
      union all
      select 'income', r.due_date, r.parts
      from public.accounts_receivable r
      where p_basis = 'competencia' and r.company_id = p_company_id
        and r.parts is not null
        and r.due_date between p_start and p_end
        and (p_project_id is null or r.part_project_ids @> array[p_project_id])
    ) e
    cross join lateral private.part_shares(e.parts, 0) s
    where p_project_id is null or s.project_id = p_project_id
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
comment on function public.dre(uuid, date, date, text, uuid) is 'DRE gerencial: json {basis, start, end, months: [{month (1st day), receita_bruta, custos_obra, lucro_bruto, despesas_administrativas, resultado_operacional, outras, resultado}], total: {same lines}, categories: [{id (null = sem categoria), name, kind, dre_group, months: [{month, total}], total}]}, reais. p_basis caixa (standing payments by payment date, amount moved) or competencia (entries by due date, full amount; payables approved only); at most 12 calendar months. A split entry (rateio) counts as its parts, each in its categoria: caixa by each part''s share of the payment row (private.part_shares), competência by the parts'' amounts; with p_project_id, only the parts of that obra. Raises not_a_member, invalid_date, invalid_period, invalid_basis.';

-- ---------------------------------------------------------------------------------------------
-- Relatório: breakdowns by categoria and obra, the obra filter and the largest receipts
-- ---------------------------------------------------------------------------------------------

-- The payments (not the parts) of whole months: the kept month totals by categoria count a split
-- payment once per categoria, so the number of payments comes from the kept per-account days
-- (every standing row, by direction) less the transfers among them.
create function private.ledger_payment_counts(p_company_id uuid, p_account_ids uuid[], p_start date, p_end date)
returns table (income bigint, expense bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
  with days as (
    select coalesce(sum(d.in_count), 0) as ins, coalesce(sum(d.out_count), 0) as outs
    from private.ledger_account_days d
    where d.company_id = p_company_id
      and (coalesce(cardinality(p_account_ids), 0) = 0 or d.bank_account_id = any (p_account_ids))
      and (p_start is null or d.day >= p_start)
      and (p_end is null or d.day <= p_end)
  ),
  transfers as (
    select count(*) filter (where t.direction = 'in') as ins, count(*) filter (where t.direction = 'out') as outs
    from public.transactions t
    where t.company_id = p_company_id and t.type = 'transfer' and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of is not null and r.reversal_of = t.id)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (p_start is null or t.transaction_date >= p_start)
      and (p_end is null or t.transaction_date <= p_end)
  )
  select (days.ins - transfers.ins)::bigint, (days.outs - transfers.outs)::bigint
  from days, transfers;
end;
$$;
comment on function private.ledger_payment_counts(uuid, uuid[], date, date) is 'The payments that still stand (receipts = income, payments = expense; a split one once) dated in [p_start, p_end] (null = open), into one of p_account_ids (empty = all), of a company the caller reads (admin, financeiro, leitura): the kept counts of private.ledger_account_days less the standing transfers. report_summary''s counts over whole months. Raises not_a_member.';
revoke all on function private.ledger_payment_counts(uuid, uuid[], date, date) from public, anon, authenticated;
grant execute on function private.ledger_payment_counts(uuid, uuid[], date, date) to authenticated;

create or replace function public.report_summary(p_company_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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
    select t.id, t.type as kind, t.category_id, t.project_id, t.amount
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type in ('income', 'expense')
      and t.parts is null
      and (t.transaction_date between v_r1_lo and v_r1_hi or t.transaction_date between v_r2_lo and v_r2_hi)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and t.project_id is null))
    union all
    -- A split payment (rateio): each part's share of the row, with the part's categoria and obra;
    -- under an obra filter only the parts of the obras chosen (or without obra).
    select t.id, t.type, s.category_id, s.project_id, s.share
    from public.standing_transactions t
    cross join lateral private.part_shares(t.parts, t.amount) s
    where t.company_id = p_company_id and t.type in ('income', 'expense')
      and t.parts is not null
      and (t.transaction_date between v_r1_lo and v_r1_hi or t.transaction_date between v_r2_lo and v_r2_hi)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.part_project_ids && coalesce(p_project_ids, '{}')
           or coalesce(p_include_no_project, false))
      and (not v_filter_projects
           or s.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and s.project_id is null))
  ),
  -- A payment counts once per categoria (per obra) it has, and once in the totals.
  cat as materialized (
    select r.kind, r.category_id, sum(r.amount) as total, count(distinct r.id) as count
    from raw r group by r.kind, r.category_id
    union all
    select m.kind, m.group_id, m.total, m.row_count
    from private.ledger_month_totals(p_company_id, 'category', v_from_month, v_to_month, p_account_ids) m
    where v_use_months
  ),
  proj as materialized (
    select r.kind, r.project_id, sum(r.amount) as total, count(distinct r.id) as count
    from raw r group by r.kind, r.project_id
    union all
    select m.kind, m.group_id, m.total, m.row_count
    from private.ledger_month_totals(p_company_id, 'project', v_from_month, v_to_month, p_account_ids) m
    where v_use_months
  ),
  -- Payments counted once: the rows read here, and the whole months' from the kept per-account
  -- counts (the kept month totals by categoria count a split payment once per categoria).
  kept_counts as (
    select k.income, k.expense
    from private.ledger_payment_counts(p_company_id, p_account_ids, v_from_month,
                                       (v_to_month + interval '1 month')::date - 1) k
    where v_use_months
  ),
  totals as (
    select
      coalesce(sum(c.total) filter (where c.kind = 'income'), 0) as revenue,
      coalesce(sum(c.total) filter (where c.kind = 'expense'), 0) as expense,
      ((select count(distinct r.id) from raw r where r.kind = 'income')
       + coalesce((select k.income from kept_counts k), 0))::bigint as revenue_count,
      ((select count(distinct r.id) from raw r where r.kind = 'expense')
       + coalesce((select k.expense from kept_counts k), 0))::bigint as expense_count
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
           t.category_id, t.project_id, t.parts
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type = 'income' and v_short
      and t.transaction_date between p_start and p_end
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or (t.parts is null
               and (t.project_id = any (coalesce(p_project_ids, '{}'))
                    or (coalesce(p_include_no_project, false) and t.project_id is null))))
    order by t.amount + 0 desc, t.transaction_date desc, t.id
    limit 5
  ),
  top_long as (
    select t.id as transaction_id, t.receivable_id, t.description, t.amount, t.transaction_date,
           t.category_id, t.project_id, t.parts
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type = 'income' and not v_short
      and (p_start is null or t.transaction_date >= p_start)
      and (p_end is null or t.transaction_date <= p_end)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or (t.parts is null
               and (t.project_id = any (coalesce(p_project_ids, '{}'))
                    or (coalesce(p_include_no_project, false) and t.project_id is null))))
    order by t.amount desc, t.transaction_date desc, t.id
    limit 5
  ),
  -- Under an obra filter, a split receipt counts with the shares of its parts of the obras chosen
  -- (or without obra): read apart (on the GIN index of its obras), ranked by that amount.
  top_split as (
    select t.id as transaction_id, t.receivable_id, t.description, sum(s.share) as amount,
           t.transaction_date, null::uuid as category_id, null::uuid as project_id, t.parts
    from public.standing_transactions t
    cross join lateral private.part_shares(t.parts, t.amount) s
    where v_filter_projects
      and t.company_id = p_company_id and t.type = 'income' and t.parts is not null
      and (p_start is null or t.transaction_date >= p_start)
      and (p_end is null or t.transaction_date <= p_end)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (t.part_project_ids && coalesce(p_project_ids, '{}') or coalesce(p_include_no_project, false))
      and (s.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and s.project_id is null))
    group by t.id, t.receivable_id, t.description, t.transaction_date, t.parts
    order by 4 desc, t.transaction_date desc, t.id
    limit 5
  ),
  top_receipts as (
    select f.receivable_id as id, f.transaction_id, f.description, f.amount, f.transaction_date as received_date,
           coalesce(cl.name, ar.client_name) as client_name,
           -- A split receipt as the lists label it: "Rateio (n)"; its obras' names in the parts'
           -- order ("Geral" for a part without obra) joined by " e ", or "Rateio" beyond two.
           case when f.parts is null then c.name
                else 'Rateio (' || jsonb_array_length(f.parts) || ')' end as category_name,
           case when f.parts is null then pr.name
                else (select case when count(*) > 2 then 'Rateio'
                                  else string_agg(coalesce(n.name, 'Geral'), ' e ' order by n.pos) end
                      from (select min(x.o) as pos, sp.name
                            from jsonb_array_elements(f.parts) with ordinality x(e, o)
                            left join public.projects sp
                              on sp.company_id = p_company_id and sp.id = (x.e ->> 'project_id')::uuid
                            group by (x.e ->> 'project_id'), sp.name) n)
           end as project_name
    from (select * from top union all select * from top_long union all select * from top_split) f
    left join public.accounts_receivable ar on ar.company_id = p_company_id and ar.id = f.receivable_id
    left join public.clients cl on cl.company_id = p_company_id and cl.id = ar.client_id
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    order by f.amount desc, f.transaction_date desc, f.transaction_id
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
comment on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) is 'Relatório, in reais: the payments (standing ledger rows of payables = expense, receivables = revenue) dated in [p_start, p_end], into one of p_account_ids, of one of p_project_ids / no obra. Amounts are what really moved (juros/multa included, desconto deducted); counts are payments. A split payment (rateio) counts its parts'' shares (private.part_shares) in their categorias and obras, once per categoria / obra in the breakdowns and once in the totals'' counts; under an obra filter only the shares of the obras chosen. Whole months from the kept month totals (private.ledger_month_totals; the counts of payments from private.ledger_payment_counts), the days at the edges (and chosen obras) from the rows. top_receipts: the 5 largest receipts { id (receivable), transaction_id, description, amount, received_date, client_name, category_name ("Rateio (n)" when split), project_name (a split one''s obras joined by " e ", "Geral" for a part without obra, "Rateio" beyond two) }. Error key not_a_member.';

-- ---------------------------------------------------------------------------------------------
-- Category statistics
-- ---------------------------------------------------------------------------------------------

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
  -- A split row (rateio) is used by the category when one of its parts is, for the shares of those
  -- parts (private.part_shares), with their obras.
  with used as not materialized (
    select t.id, t.company_id, t.description, t.amount, t.transaction_date, t.direction,
           t.payable_id, t.receivable_id, t.bank_account_id, t.project_id, t.created_at,
           null::jsonb as parts
    from public.standing_transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
    union all
    select t.id, t.company_id, t.description, s.amount, t.transaction_date, t.direction,
           t.payable_id, t.receivable_id, t.bank_account_id, null, t.created_at, t.parts
    from public.standing_transactions t
    cross join lateral (
      select sum(x.share) as amount
      from private.part_shares(t.parts, t.amount) x
      where x.category_id = v_category.id
    ) s
    where t.company_id = v_category.company_id and t.parts is not null
      and t.part_category_ids @> array[v_category.id]
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
           u.payable_id, u.receivable_id, b.name as bank_account_name,
           -- A split row: the obras of its parts of this category, as the lists label them (in the
           -- parts' order, "Geral" for a part without obra, joined by " e "; "Rateio" beyond two).
           case when u.parts is null then p.name
                else (select case when count(*) > 2 then 'Rateio'
                                  else string_agg(coalesce(n.name, 'Geral'), ' e ' order by n.pos) end
                      from (select min(x.o) as pos, sp.name
                            from jsonb_array_elements(u.parts) with ordinality x(e, o)
                            left join public.projects sp
                              on sp.company_id = u.company_id and sp.id = (x.e ->> 'project_id')::uuid
                            where (x.e ->> 'category_id')::uuid = v_category.id
                            group by (x.e ->> 'project_id'), sp.name) n)
           end as project_name
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
comment on function public.category_stats(uuid, date) is 'Detail statistics of a category (amounts in reais). A "transaction" is a ledger row of the category that still stands: a settled payable or receivable, excluding reversed pairs (the estorno row, which has reversal_of, and the row it reverses) and transfers; a row keeps the category its entry had when it was settled. A split row (rateio) is one of the category''s when a part is, for the shares of its parts of the category (private.part_shares), counted once. transaction_count, total_amount (sum of amounts), average_amount (total / count, 2 decimals, null without transactions), last_used_on (latest transaction_date), last_90_days_count (transaction_date in (p_today - 90, p_today]) and frequency from it: high (Alta) >= 9, about three a month or more; medium (Média) 3 to 8, about monthly; low (Baixa) 1 or 2; none (Sem uso) 0. Count and total from the kept month totals (private.ledger_month_totals). recent: the latest 10 such rows with bank account and obra names (a split row: the obras of its parts of the category joined by " e ", "Geral" for a part without obra, "Rateio" beyond two). p_today comes from the browser (the database''s current_date is UTC). Error key category_not_found.';
