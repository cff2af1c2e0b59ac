-- The balance chart's "Todo o período" read every account-day of the company's history (~11 000
-- kept day rows for three accounts over a decade: 120 ms at 200 000 entries, and growing with the
-- years). Its points are a month (or several) apart but not on the 1st, so the steps between two
-- points are not whole months: each point's balance is read instead as the whole months before its
-- month plus the days of its month up to it (or: the whole months through its month less its days
-- after it, whichever is fewer days), from a new kept table of per-account month nets. A decade is
-- then ~120 month rows an account plus at most 15 edge days per point, whatever the history's
-- length in days. Short steps (day and week points) still read their days: the period's days are
-- fewer than the points' edge days.
--
-- - private.ledger_account_months: per company, bank account and month, the net of every ledger row
--   (in − out, estornos included), the month sum of private.ledger_account_days.net_total. Kept by
--   the same trigger (private.track_ledger_totals, through private.ledger_totals_add), under the same
--   account lock, so the same order of locks and the same exactness.
-- - private.ledger_account_deltas: same signature and answer (one row per account and bucket), read
--   from both tables.

create table private.ledger_account_months (
  company_id uuid not null references public.companies (id) on delete cascade,
  bank_account_id uuid not null,
  month date not null check (extract(day from month) = 1),
  net_total numeric not null default 0,
  primary key (company_id, bank_account_id, month)
);
comment on table private.ledger_account_months is
  'Per company, bank account and month (its first day): net_total = Σ (in − out) of every ledger row dated '
  'in it (= Σ private.ledger_account_days.net_total of the month). Kept by private.track_ledger_totals '
  '(private.ledger_totals_add); read by private.ledger_account_deltas (balance_history). '
  'tests/db/ledger-totals.test.ts compares it with the sums over the rows after random writes.';
revoke all on table private.ledger_account_months from public, anon, authenticated, service_role;

-- As 20261128010100, plus the account's month row, moved with its day row.
create or replace function private.ledger_totals_add(p_row public.transactions, p_standing boolean, p_sign integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_amount numeric := p_sign * p_row.amount;
  v_in boolean := p_row.direction = 'in';
  v_month date := date_trunc('month', p_row.transaction_date)::date;
begin
  if p_sign > 0 then
    insert into private.ledger_account_days as d
      (company_id, bank_account_id, day, net_total, in_total, out_total, in_count, out_count)
    values (p_row.company_id, p_row.bank_account_id, p_row.transaction_date,
            case when v_in then v_amount else -v_amount end,
            case when p_standing and v_in then v_amount else 0 end,
            case when p_standing and not v_in then v_amount else 0 end,
            case when p_standing and v_in then 1 else 0 end,
            case when p_standing and not v_in then 1 else 0 end)
    on conflict (company_id, bank_account_id, day) do update
      set net_total = d.net_total + excluded.net_total,
          in_total = d.in_total + excluded.in_total,
          out_total = d.out_total + excluded.out_total,
          in_count = d.in_count + excluded.in_count,
          out_count = d.out_count + excluded.out_count;
    insert into private.ledger_account_months as m (company_id, bank_account_id, month, net_total)
    values (p_row.company_id, p_row.bank_account_id, v_month, case when v_in then v_amount else -v_amount end)
    on conflict (company_id, bank_account_id, month) do update
      set net_total = m.net_total + excluded.net_total;
  else
    update private.ledger_account_days d
    set net_total = d.net_total + case when v_in then v_amount else -v_amount end,
        in_total = d.in_total + case when p_standing and v_in then v_amount else 0 end,
        out_total = d.out_total + case when p_standing and not v_in then v_amount else 0 end,
        in_count = d.in_count - case when p_standing and v_in then 1 else 0 end,
        out_count = d.out_count - case when p_standing and not v_in then 1 else 0 end
    where d.company_id = p_row.company_id and d.bank_account_id = p_row.bank_account_id
      and d.day = p_row.transaction_date;
    update private.ledger_account_months m
    set net_total = m.net_total + case when v_in then v_amount else -v_amount end
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.month = v_month;
  end if;

  if not p_standing or p_row.type not in ('income', 'expense') then
    return;
  end if;
  if p_sign > 0 then
    insert into private.ledger_category_months as m
      (company_id, month, bank_account_id, kind, category_id, total, row_count)
    values (p_row.company_id, v_month, p_row.bank_account_id, p_row.type, p_row.category_id, v_amount, 1)
    on conflict (company_id, month, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_months as m
      (company_id, month, bank_account_id, kind, project_id, total, row_count)
    values (p_row.company_id, v_month, p_row.bank_account_id, p_row.type, p_row.project_id, v_amount, 1)
    on conflict (company_id, month, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_category_totals as m
      (company_id, bank_account_id, kind, category_id, total, row_count)
    values (p_row.company_id, p_row.bank_account_id, p_row.type, p_row.category_id, v_amount, 1)
    on conflict (company_id, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_totals as m
      (company_id, bank_account_id, kind, project_id, total, row_count)
    values (p_row.company_id, p_row.bank_account_id, p_row.type, p_row.project_id, v_amount, 1)
    on conflict (company_id, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
  else
    update private.ledger_category_months m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from p_row.category_id;
    update private.ledger_project_months m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from p_row.project_id;
    update private.ledger_category_totals m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from p_row.category_id;
    update private.ledger_project_totals m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from p_row.project_id;
  end if;
end;
$$;
revoke all on function private.ledger_totals_add(public.transactions, boolean, integer)
  from public, anon, authenticated, service_role;

-- The month nets of the books as they are now (no write runs during a migration).
insert into private.ledger_account_months (company_id, bank_account_id, month, net_total)
select d.company_id, d.bank_account_id, date_trunc('month', d.day)::date, sum(d.net_total)
from private.ledger_account_days d
group by 1, 2, 3;

-- Points are p_bounds[i] - 1 and p_end (the bounds are every point but the last, plus a day);
-- bucket 0 is every day up to the first point, bucket k the days after point k - 1 up to point k.
create or replace function private.ledger_account_deltas(p_company_id uuid, p_account_ids uuid[], p_end date, p_bounds date[])
returns table (bank_account_id uuid, idx integer, delta numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_points date[];
  -- Read each step's days when the period has fewer days than ~10 a point (day and week points);
  -- else each point's balance from months and its edge days (month points: ≤ 15 days a point).
  v_by_days boolean;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  select coalesce(array_agg(b - 1 order by o), '{}') || p_end into v_points
  from unnest(p_bounds) with ordinality u(b, o);
  v_by_days := p_end - v_points[1] <= 10 * cardinality(v_points);

  return query
  with accounts as materialized (
    select distinct a.id from unnest(p_account_ids) a(id) where a.id is not null
  ),
  -- The points whose whole balance is read (the first one only, when steps are read as days).
  -- A point in the first half of its month adds its month's days up to it to the months before;
  -- one in the second half takes its month's days after it from the months through its own.
  points as materialized (
    select (u.o - 1)::integer as idx, m.month, e.from_start,
           -- The edge days: its month's up to it, or after it.
           case when e.from_start then m.month else u.p + 1 end as first_day,
           case when e.from_start then u.p else (m.month + interval '1 month')::date - 1 end as last_day
    from unnest(v_points) with ordinality u(p, o)
    cross join lateral (select date_trunc('month', u.p)::date as month) m
    cross join lateral (select extract(day from u.p) <= 15 as from_start) e
    where not v_by_days or u.o = 1
  ),
  -- Σ of the whole months before each point's month (through it, from_start false): the month rows
  -- and the points in one order, a running sum, the points' own rows adding nothing.
  month_sums as (
    select x.id, x.idx, x.is_point,
           sum(x.net) over (partition by x.id order by x.month, x.ord) as total
    from (
      select a.id, p.idx, p.month, case when p.from_start then 0 else 2 end as ord,
             0::numeric as net, true as is_point
      from accounts a cross join points p
      union all
      select m.bank_account_id, null, m.month, 1, m.net_total, false
      from accounts a
      join private.ledger_account_months m
        on m.company_id = p_company_id and m.bank_account_id = a.id
       and m.month <= (select max(p.month) from points p)
    ) x
  ),
  -- One index range of the days per account and point (as a join, the planner read every day of
  -- the accounts once per point).
  edge_days as (
    select a.id, p.idx,
           (select coalesce(sum(d.net_total), 0)
            from private.ledger_account_days d
            where d.company_id = p_company_id and d.bank_account_id = a.id
              and d.day between p.first_day and p.last_day)
           * case when p.from_start then 1 else -1 end as total
    from accounts a
    cross join points p
  ),
  balances as (
    select s.id, s.idx, s.total + coalesce(e.total, 0) as balance
    from month_sums s
    left join edge_days e on e.id = s.id and e.idx = s.idx
    where s.is_point
  ),
  steps as (
    -- Each point's balance less the one before it.
    select b.id, b.idx, b.balance - coalesce(lag(b.balance) over (partition by b.id order by b.idx), 0) as delta
    from balances b
    union all
    -- Steps read as days: every day after the first point up to p_end, in its bucket.
    select d.bank_account_id, width_bucket(d.day, p_bounds), d.net_total
    from accounts a
    join private.ledger_account_days d
      on d.company_id = p_company_id and d.bank_account_id = a.id
     and d.day > v_points[1] and d.day <= p_end
    where v_by_days
  )
  select s.id, s.idx, sum(s.delta)
  from steps s
  group by s.id, s.idx;
end;
$$;
comment on function private.ledger_account_deltas(uuid, uuid[], date, date[]) is
  'Balance chart steps: per account of p_account_ids and bucket (width_bucket of the day in p_bounds, '
  '0 without bounds), Σ (in − out) of every ledger row dated on or before p_end. Each point''s balance from '
  'the kept months before it (private.ledger_account_months) and its month''s edge days '
  '(private.ledger_account_days), or, when the period has fewer days than ~10 a point, the days after the '
  'first point. Raises not_a_member.';
revoke all on function private.ledger_account_deltas(uuid, uuid[], date, date[]) from public, anon, authenticated, service_role;
grant execute on function private.ledger_account_deltas(uuid, uuid[], date, date[]) to authenticated;
