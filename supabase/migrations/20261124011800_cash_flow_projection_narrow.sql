-- Fluxo de caixa previsto, cheaper (issue 13: ≤ 100 ms median at 20 000 entries through the API).
-- The plan (npm run bench -- --no-lighthouse --explain) on the bench's company (10 000 pending
-- entries, nearly all overdue, so all counted today) spent its time reading every pending row of
-- the entries view into the materialized CTE `pending` — kind, id, description, due date, open
-- amount — and scanning it again to sum per day, although the day sums need two narrow columns and
-- the rows themselves are listed only when the balance goes negative (the 5 largest payables).
-- Now each table is summed per day on its own, straight from its scan (no union view, no wide
-- rows), and `pending` is not materialized: it is read only for that list, when there is one. The
-- days are still summed once each and window-summed into the balance. Same answers
-- (tests/db/planning-cashflow.test.ts). Measured in SQL on the bench's company in one session,
-- versions alternated, load ~10 (docs/performance.md): median ~46 ms (materialized CTE) → ~37 ms
-- (CTE inlined) → ~27–31 ms (this).
-- No new index: (company_id, status, due_date) exists already (20261123000300_money) and serves
-- companies whose entries are mostly paid; when half the table is pending, as in the bench, a
-- sequential scan is the right plan (a covering partial index on pending measured no better).
-- Same signature: create or replace keeps the grants of 20261124011100 (and of the reset).

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

  -- Not materialized: only the list of what makes the balance negative reads it, and only when the
  -- balance does go negative.
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
    -- Each table summed per day on its own (RLS of the tables applies), then the two added.
    select x.on_day, sum(x.income) as income, sum(x.expense) as expense
    from (
      select greatest(p.due_date, v_today) as on_day, 0::numeric as income, sum(p.open_amount) as expense
      from public.accounts_payable p
      where p.company_id = p_company_id and p.status = 'pending' and p.open_amount > 0
        and p.due_date <= v_end
        and (p_bank_account_id is null or p.bank_account_id = p_bank_account_id)
      group by 1
      union all
      select greatest(r.due_date, v_today), sum(r.open_amount), 0
      from public.accounts_receivable r
      where r.company_id = p_company_id and r.status = 'pending' and r.open_amount > 0
        and r.due_date <= v_end
        and (p_bank_account_id is null or r.bank_account_id = p_bank_account_id)
      group by 1
    ) x
    group by x.on_day
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
