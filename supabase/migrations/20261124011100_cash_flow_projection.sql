-- Issue 13 (Planning): Fluxo de caixa previsto. The projected balance, day by day, from the
-- browser's today for p_days days (today … today + p_days − 1):
--   opening = current_balance of the ACTIVE accounts (one account, or all of the company);
--   each day  + open amount of pending receivables − open amount of pending payables due that day;
--   overdue entries (due before today) count today; a partially paid entry counts its open remainder.
-- Recurring series and installment plans need nothing special: Lançar writes every occurrence
-- (2…120 of a recurrence, 1…360 installments) as its own pending entry when the series is created.
-- Which entries: for one account, the pending entries with that bank_account_id; for all accounts,
-- every pending entry of the company (also those without an account, or pointing at an archived
-- account: the obligation stands whatever account will pay it).
-- Reads the one union (public.entries) as the caller: RLS decides.

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

  with pending as materialized (
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
revoke all on function public.cash_flow_projection(uuid, integer, uuid, date) from public, anon, authenticated;
grant execute on function public.cash_flow_projection(uuid, integer, uuid, date) to authenticated;
