-- balance_history, rewritten so that its cost grows with the ledger once, not once per point.
--
-- The first version summed the ledger again for every (account, point) pair: "Todo o período" on
-- 10 000 ledger rows took ~750 ms, and a ledger row dated in year 2000 (or a p_start there) made
-- a month-bucket chart of more than a thousand points per account. This version
--   * validates its input: null or foreign company → not_a_member, p_start/p_end outside
--     2000-01-01…2100-12-31 → invalid_date (the range every date column of ours accepts);
--   * caps the points at 400 whatever the period, by coarsening the bucket (never by moving the
--     start, so the first point is still the opening balance): day → 7 days → 1 month → k months
--     with k = ceil(months / 399). `bucket` in the answer is the unit actually used ('day',
--     'week' or 'month' — several months still say 'month'), so the chart labels the points right;
--   * reads the ledger once: each row is assigned to the first point on or after its date with
--     width_bucket (binary search in the sorted point array), summed per (account, point), and a
--     running sum gives the balances.
-- Same signature, same JSON shape, still SECURITY INVOKER (RLS of the tables decides what it reads).

-- "Todo o período" starts at the company's first ledger row: min(transaction_date) from an index.
create index if not exists transactions_company_date_idx
  on public.transactions (company_id, transaction_date);

create or replace function public.balance_history(
  p_company_id uuid,
  p_start date default null,
  p_end date default null,
  p_account_ids uuid[] default null,
  p_bucket text default 'day'
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
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
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
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
    select min(t.transaction_date) - 1 into v_start
    from public.transactions t
    where t.company_id = p_company_id
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids));
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
  deltas as materialized (
    select t.bank_account_id as id,
      case when cardinality(v_bounds) = 0 then 0
           else width_bucket(t.transaction_date, v_bounds) end as idx,
      sum(case t.direction when 'in' then t.amount else -t.amount end) as delta
    from public.transactions t
    where t.company_id = p_company_id
      and t.bank_account_id = any (v_accounts)
      and t.transaction_date <= v_end
    group by 1, 2
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
comment on function public.balance_history(uuid, date, date, uuid[], text) is
  'Balance evolution per bank account, in reais: for each point (every day, week or month from '
  'p_start, plus p_end itself), initial_balance + Σ ledger (in − out) dated on or before it. '
  'p_start null = the day before the first ledger row of those accounts; p_end null = current_date '
  '(the browser passes its own today). Accounts: p_account_ids, or every active account when empty. '
  'At most 400 points: a longer period coarsens the bucket (day → week → month → several months); '
  '`bucket` in the answer is the unit used. Returns {start, end, bucket, points[], accounts[{id, '
  'name, color, type, current_balance, balances[] (one per point)}]}. Error keys not_a_member, '
  'invalid_bucket, invalid_date (p_start/p_end outside 2000-01-01…2100-12-31), invalid_period.';

revoke all on function public.balance_history(uuid, date, date, uuid[], text) from public, anon;
grant execute on function public.balance_history(uuid, date, date, uuid[], text) to authenticated;
