-- Issue 35: the cash-flow forecast of a company with years of open bills. When the balance goes
-- negative, the forecast names the five largest payables due up to that day; it read them through
-- the entries view (the union of payables and receivables, with names and document counts), which
-- could not stop at five: every pending payable of the company was read and sorted. The largest
-- company's forecast touched 6 628 pages a call (200 000 entries). The five are now read from the
-- payables' index of pending amounts (accounts_payable_pending_amount_idx), largest first: 167
-- pages for the whole forecast. Same answer.

CREATE OR REPLACE FUNCTION public.cash_flow_projection(p_company_id uuid, p_days integer, p_bank_account_id uuid DEFAULT NULL::uuid, p_today date DEFAULT NULL::date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_today date := coalesce(p_today, current_date);
  v_end date;
  v_opening numeric;
  v_account public.bank_accounts;
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
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

  with per_day as (
    -- The window's pending rows per due day (each table on its own, RLS of the tables applies),
    -- and what is overdue, on today: kept month totals and today's month's rows.
    select x.on_day, sum(x.income) as income, sum(x.expense) as expense
    from (
      select p.due_date as on_day, 0::numeric as income, sum(p.open_amount) as expense
      from (select * from public.accounts_payable x where x.approval_status = 'approved') p
      where p.company_id = p_company_id and p.status = 'pending' and p.open_amount > 0
        and p.due_date between v_today and v_end
        and (p_bank_account_id is null or p.bank_account_id = p_bank_account_id)
      group by 1
      union all
      select r.due_date, sum(r.open_amount), 0
      from public.accounts_receivable r
      where r.company_id = p_company_id and r.status = 'pending' and r.open_amount > 0
        and r.due_date between v_today and v_end
        and (p_bank_account_id is null or r.bank_account_id = p_bank_account_id)
      group by 1
      union all
      select v_today, o.income, o.expense
      from private.overdue_open_totals(p_company_id, v_today, p_bank_account_id) o
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
          select json_agg(json_build_object('kind', 'expense', 'id', x.id, 'description', x.description,
                                            'due_date', x.due_date, 'open_amount', x.open_amount)
                          order by x.open_amount desc, x.due_date, x.id)
          -- Read from the payables' own index of pending amounts (largest first, stopping at the
          -- fifth), not from the entries view: through the view a company with years of open
          -- bills sorted all of them for these five (issue 35: 6 600 pages at 200 000 entries).
          -- n.day is today or later, so "due up to that day" (overdue ones counted today) is
          -- due_date <= n.day.
          from (select p.id, p.description, p.due_date, p.open_amount
                from public.accounts_payable p
                where p.company_id = p_company_id and p.approval_status = 'approved'
                  and p.status = 'pending' and p.open_amount > 0 and p.due_date <= n.day
                  and (p_bank_account_id is null or p.bank_account_id = p_bank_account_id)
                order by p.open_amount desc, p.due_date, p.id
                limit 5) x), '[]'::json))
      from negative n)
  ) into v_result;
  return v_result;
end;
$function$;
