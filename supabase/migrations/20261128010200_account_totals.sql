-- A bank account's Entradas / Saídas / Resultado and the balance chart read the kept day totals
-- (private.ledger_account_days, 20261128010100) instead of every ledger row of the account: a
-- bank account's period "all" summed its whole history (4.2 s at 100 000 ledger rows), the chart
-- grouped every row up to its end (0.58 s). Same signatures and answers.

-- A searched history still sums its matching rows (account_ledger, the trigram index): a search
-- text is no period of days.
create or replace function public.bank_account_summary(p_bank_account_id uuid, p_start date default null,
                                                       p_end date default null, p_search text default null)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_result json;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  if private.search_pattern(p_search) is not null then
    select json_build_object(
      'income_total', coalesce(sum(l.amount) filter (where l.direction = 'in'), 0),
      'expense_total', coalesce(sum(l.amount) filter (where l.direction = 'out'), 0),
      'result', coalesce(sum(l.signed_amount), 0),
      'count', count(*)
    ) into v_result
    from public.account_ledger(p_bank_account_id, p_start, p_end, p_search, false) l;
    return v_result;
  end if;
  -- What account_ledger checks before it reads.
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  select json_build_object(
    'income_total', t.in_total,
    'expense_total', t.out_total,
    'result', t.in_total - t.out_total,
    'count', t.in_count + t.out_count
  ) into v_result
  from private.ledger_account_totals(v_company_id, p_bank_account_id, p_start, p_end) t;
  return v_result;
end;
$$;
comment on function public.bank_account_summary(uuid, date, date, text) is
  'Entradas / Saídas / Resultado of a bank account over exactly the rows account_ledger gives (rows that '
  'still stand, transfers included): { income_total, expense_total, result, count }, reais. Without a '
  'search, from the kept day totals (private.ledger_account_days); with one, over the matching rows. '
  'Raises invalid_date, bank_account_not_found, text_too_long.';
revoke all on function public.bank_account_summary(uuid, date, date, text) from public, anon, authenticated;
grant execute on function public.bank_account_summary(uuid, date, date, text) to authenticated, service_role;

create or replace function public.balance_history(p_company_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_account_ids uuid[] DEFAULT NULL::uuid[], p_bucket text DEFAULT 'day'::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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
    -- (Per chosen account, the first row of its index: not a scan of the accounts' rows.)
    if coalesce(cardinality(p_account_ids), 0) = 0 then
      select min(t.transaction_date) - 1 into v_start
      from public.transactions t
      where t.company_id = p_company_id;
    else
      select min(f.transaction_date) - 1 into v_start
      from unnest(p_account_ids) a(id)
      cross join lateral (
        select t.transaction_date from public.transactions t
        where t.company_id = p_company_id and t.bank_account_id = a.id
        order by t.transaction_date
        limit 1
      ) f;
    end if;
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
  -- The steps between points from the kept day totals (private.ledger_account_days): a decade is
  -- at most a few thousand account-days, whatever the number of rows.
  deltas as materialized (
    select d.bank_account_id as id, d.idx, d.delta
    from private.ledger_account_deltas(p_company_id, v_accounts, v_end, v_bounds) d
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
$$;
comment on function public.balance_history(p_company_id uuid, p_start date, p_end date, p_account_ids uuid[], p_bucket text) is 'Balance evolution per bank account, in reais: for each point (every day, week or month from p_start, plus p_end itself), initial_balance + Σ ledger (in − out) dated on or before it (from the kept day totals, private.ledger_account_days). p_start null = the day before the first ledger row of those accounts; p_end null = current_date (the browser passes its own today). Accounts: p_account_ids, or every active account when empty. At most 400 points: a longer period coarsens the bucket (day → week → month → several months); `bucket` in the answer is the unit used. Returns {start, end, bucket, points[], accounts[{id, name, color, type, current_balance, balances[] (one per point)}]}. Error keys not_a_member, invalid_bucket, invalid_date (p_start/p_end outside 2000-01-01…2100-12-31), invalid_period.';
revoke all on function public.balance_history(uuid, date, date, uuid[], text) from public, anon, authenticated;
grant execute on function public.balance_history(uuid, date, date, uuid[], text) to authenticated, service_role;
