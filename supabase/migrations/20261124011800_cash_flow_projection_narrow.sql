-- Fluxo de caixa previsto, cheaper (issue 13: ≤ 100 ms median at 20 000 entries through the API).
-- The plan (npm run bench -- --no-lighthouse --explain) on the bench's company (10 000 pending
-- entries, nearly all overdue, so all counted today) spent its time reading every pending row into
-- the materialized CTE `pending` — kind, id, description, due date, open amount — and scanning it
-- again to sum per day, although the day sums need three narrow columns and the rows themselves are
-- only listed when the balance goes negative (and then only the 5 largest payables). Inlining the
-- CTE (`not materialized`) lets the day sums aggregate straight from the table scans. Same answer
-- (tests/db/planning-cashflow.test.ts); measured in SQL in one session on that company: median
-- 51 ms → 39 ms at load 10. An index would not help here: (company_id, status, due_date) exists
-- already (20261123000300_money) and serves companies whose entries are mostly paid; when half the table
-- is pending, as in the bench, a sequential scan is the right plan (a covering partial index
-- measured no better).
-- Same signature: create or replace keeps the grants of 20261124011100 (and the reset's).

create or replace function public.cash_flow_projection(
  p_company_id uuid,
  p_days integer,
  p_bank_account_id uuid default null,
  p_today date default null
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, current_date);
  v_end date;
  v_opening numeric;
  v_account public.bank_accounts;
  v_result json;
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(v_today);
  if p_days is null or p_days < 1 or p_days > 366 then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;
  v_end := v_today + (p_days - 1);
  perform private.assert_valid_date(v_end);

  if p_bank_account_id is not null then
    select * into v_account from public.bank_accounts b
    where b.company_id = p_company_id and b.id = p_bank_account_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'bank_account_not_found';
    end if;
    if not v_account.is_active then
      raise exception using errcode = 'P0001', message = 'bank_account_inactive';
    end if;
    v_opening := v_account.current_balance;
  else
    select coalesce(sum(b.current_balance), 0) into v_opening from public.bank_accounts b
    where b.company_id = p_company_id and b.is_active;
  end if;

  -- Not materialized: the day sums read only kind, due date and open amount of each pending entry
  -- (a materialized CTE stored all six columns, description included, of every one of them);
  -- the list of what makes the balance negative reads the payables again only when it is needed.
  with pending as not materialized (
    select e.kind, e.id, e.description, e.due_date, e.open_amount,
           greatest(e.due_date, v_today) as on_day
    from public.entries e
    where e.company_id = p_company_id
      and e.status = 'pending'
      and e.open_amount > 0
      and e.due_date <= v_end
      and (p_bank_account_id is null or e.bank_account_id = p_bank_account_id)
  ),
  per_day as (
    select on_day,
           sum(open_amount) filter (where kind = 'income') as income,
           sum(open_amount) filter (where kind = 'expense') as expense
    from pending
    group by on_day
  ),
  days as (
    select d::date as day,
           coalesce(p.income, 0) as income,
           coalesce(p.expense, 0) as expense,
           v_opening + sum(coalesce(p.income, 0) - coalesce(p.expense, 0))
             over (order by d rows between unbounded preceding and current row) as balance
    from generate_series(v_today, v_end, interval '1 day') d
    left join per_day p on p.on_day = d::date
  ),
  negative as (
    select day, balance from days where balance < 0 order by day limit 1
  )
  select json_build_object(
    'start', v_today,
    'end', v_end,
    'opening_balance', v_opening,
    'days', (select json_agg(json_build_object('date', day, 'income', income, 'expense', expense,
                                               'balance', balance) order by day) from days),
    'first_negative', (
      select json_build_object(
        'date', n.day,
        'balance', n.balance,
        -- What takes the balance below zero: the payables due up to that day, largest first.
        'entries', coalesce((
          select json_agg(json_build_object('kind', x.kind, 'id', x.id, 'description', x.description,
                                            'due_date', x.due_date, 'open_amount', x.open_amount)
                          order by x.open_amount desc, x.due_date, x.id)
          from (select * from pending pe
                where pe.kind = 'expense' and pe.on_day <= n.day
                order by pe.open_amount desc, pe.due_date, pe.id
                limit 5) x), '[]'::json))
      from negative n)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.cash_flow_projection(uuid, integer, uuid, date) is
  'Fluxo de caixa previsto: json {start, end, opening_balance, days: [{date, income, expense, balance}], '
  'first_negative: {date, balance, entries: [{kind, id, description, due_date, open_amount}] (≤ 5 payables '
  'due up to that day, largest first)} | null}, reais. Opening = current balance of the active accounts '
  '(or of p_bank_account_id); pending entries by open amount on their due date, overdue ones today; for '
  'one account only its entries, for all accounts every pending entry of the company. p_days 1…366 '
  '(the UI offers 30, 60, 90). Raises not_a_member, invalid_date, invalid_period, bank_account_not_found, '
  'bank_account_inactive.';
