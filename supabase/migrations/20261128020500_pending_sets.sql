-- Fluxo previsto put every overdue pending entry on today by summing them all (the pending set:
-- 25 000 rows in the bench), and Conciliação looked for each pending statement line's candidates
-- among every ledger row and pending entry of ±3/±5 days (a range that holds more rows with every
-- year of books). What is overdue is now the kept pending month totals (private.entry_totals) and
-- today's month's rows; the window's days stay rows. The candidates are found by their amount first
-- (indexes on the amount, then the date): one lookup per line. The largest payables that take the
-- forecast below zero are read from the same pending-amount index, in its order.

-- Open amounts of the pending entries due before p_today, per kind (one row), of the company or of
-- one bank account.
create function private.overdue_open_totals(p_company_id uuid, p_today date, p_bank_account_id uuid)
returns table (income numeric, expense numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date := date_trunc('month', p_today::timestamp)::date;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
  with parts as (
    select t.kind, t.open_total as total
    from private.entry_totals t
    where t.company_id = p_company_id and not t.paid and t.month < v_month
      and case when p_bank_account_id is null then t.dim = 'all'
               else t.dim = 'account' and t.dim_id = p_bank_account_id end
    union all
    select 'expense', p.open_amount
    from public.accounts_payable p
    where p.company_id = p_company_id and p.status = 'pending' and p.approval_status = 'approved'
      and p.due_date >= v_month and p.due_date < p_today
      and (p_bank_account_id is null or p.bank_account_id = p_bank_account_id)
    union all
    select 'income', r.open_amount
    from public.accounts_receivable r
    where r.company_id = p_company_id and r.status = 'pending'
      and r.due_date >= v_month and r.due_date < p_today
      and (p_bank_account_id is null or r.bank_account_id = p_bank_account_id)
  )
  select coalesce(sum(parts.total) filter (where parts.kind = 'income'), 0),
         coalesce(sum(parts.total) filter (where parts.kind = 'expense'), 0)
  from parts;
end;
$$;
comment on function private.overdue_open_totals(uuid, date, uuid) is
  'Open amounts of the pending entries (payables approved only) due before p_today, of a company the caller '
  'reads (admin, financeiro, leitura), or of one of its bank accounts: income and expense, from '
  'private.entry_totals for the months before today''s and the pending rows of today''s month. Raises '
  'not_a_member.';
revoke all on function private.overdue_open_totals(uuid, date, uuid) from public, anon, authenticated, service_role;
grant execute on function private.overdue_open_totals(uuid, date, uuid) to authenticated;

create or replace function public.cash_flow_projection(p_company_id uuid, p_days integer, p_bank_account_id uuid DEFAULT NULL::uuid, p_today date DEFAULT NULL::date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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

  -- Not materialized: only the list of what makes the balance negative reads it, and only when the
  -- balance does go negative.
  with pending as not materialized (
    select e.kind, e.id, e.description, e.due_date, e.open_amount,
           greatest(e.due_date, v_today) as on_day
    from (select * from public.entries x where x.approval_status = 'approved') e
    where e.company_id = p_company_id
      and e.status = 'pending'
      and e.open_amount > 0
      and e.due_date <= v_end
      and (p_bank_account_id is null or e.bank_account_id = p_bank_account_id)
  ),
  per_day as (
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
comment on function public.cash_flow_projection(uuid, integer, uuid, date) is 'Fluxo de caixa previsto: json {start, end, opening_balance, days: [{date, income, expense, balance}], first_negative: {date, balance, entries: [{kind, id, description, due_date, open_amount}] (≤ 5 payables due up to that day, largest first)} | null}, reais. Opening = current balance of the active accounts (or of p_bank_account_id); pending entries by open amount on their due date, overdue ones today; for one account only its entries, for all accounts every pending entry of the company. p_days 1…366 (the UI offers 30, 60, 90). Raises not_a_member, invalid_date, invalid_period, bank_account_not_found, bank_account_inactive.';
revoke all on function public.cash_flow_projection(uuid, integer, uuid, date) from public, anon, authenticated;
grant execute on function public.cash_flow_projection(uuid, integer, uuid, date) to authenticated, service_role;

-- Conciliação's candidates by amount, then date; the forecast's largest payables by amount.
create index accounts_payable_pending_amount_idx on public.accounts_payable (company_id, open_amount, due_date)
  where status = 'pending' and approval_status = 'approved';
create index accounts_receivable_pending_amount_idx on public.accounts_receivable (company_id, open_amount, due_date)
  where status = 'pending';
create index transactions_account_amount_idx on public.transactions (bank_account_id, amount, transaction_date);

-- Each pending line's candidates looked up on its own (lateral: the amount indexes above, one probe
-- per line and table) rather than every ledger row of the account and every pending entry hashed
-- against the lines: the work follows the unreconciled lines, not the books' history. The body is
-- a security definer in private: under the tables' row security the amount comparison was not
-- taken as an index condition (only the date range was), so each probe read every row of ±3 days.
create function private.statement_candidates(p_bank_account_id uuid)
returns table (line_id uuid, kind text, target_id uuid, description text, counterparty_name text,
               target_date date, amount numeric, day_distance integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  -- The caller's companies only (what row security showed the invoker): another company's account
  -- is not found.
  select a.company_id into v_company_id from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  with lines as (
    select l.id, l.posted_on, l.amount, abs(l.amount) as magnitude,
           case when l.amount < 0 then 'out' else 'in' end as direction,
           l.posted_on - 3 as ledger_from, l.posted_on + 3 as ledger_to,
           l.posted_on - 5 as due_from, l.posted_on + 5 as due_to
    from public.bank_statement_lines l
    where l.bank_account_id = p_bank_account_id and l.status = 'pending'
  )
  -- Ledger rows of this account already in the books, not yet claimed by another line.
  select l.id, 'ledger'::text, t.id, t.description, null::text, t.transaction_date, t.amount,
         abs(t.transaction_date - l.posted_on)
  from lines l
  cross join lateral (
    select t.id, t.description, t.transaction_date, t.amount
    from public.standing_transactions t
    where t.bank_account_id = p_bank_account_id
      and t.amount = l.magnitude
      and t.direction = l.direction
      and t.transaction_date between l.ledger_from and l.ledger_to
      and not exists (select 1 from public.bank_statement_lines m
                      where m.matched_transaction_id = t.id and m.status = 'matched')
  ) t
  union all
  -- Open payables for débitos, open receivables for créditos, of the whole company, due within ±5 days.
  select l.id, 'payable'::text, e.id, e.description, coalesce(s.name, e.supplier_name), e.due_date,
         e.open_amount, abs(e.due_date - l.posted_on)
  from lines l
  cross join lateral (
    select p.id, p.description, p.supplier_id, p.supplier_name, p.due_date, p.open_amount
    from public.accounts_payable p
    where p.company_id = v_company_id and p.status = 'pending' and p.approval_status = 'approved'
      and p.open_amount = l.magnitude
      and p.due_date between l.due_from and l.due_to
  ) e
  left join public.suppliers s on s.company_id = v_company_id and s.id = e.supplier_id
  where l.amount < 0
  union all
  select l.id, 'receivable'::text, e.id, e.description, coalesce(c.name, e.client_name), e.due_date,
         e.open_amount, abs(e.due_date - l.posted_on)
  from lines l
  cross join lateral (
    select r.id, r.description, r.client_id, r.client_name, r.due_date, r.open_amount
    from public.accounts_receivable r
    where r.company_id = v_company_id and r.status = 'pending'
      and r.open_amount = l.magnitude
      and r.due_date between l.due_from and l.due_to
  ) e
  left join public.clients c on c.company_id = v_company_id and c.id = e.client_id
  where l.amount >= 0;
end;
$$;
comment on function private.statement_candidates(uuid) is 'Body of public.statement_candidates (security definer: the candidates are looked up by amount on the indexes, which row security prevented); checks the caller''s role on the account first.';
revoke all on function private.statement_candidates(uuid) from public, anon, authenticated, service_role;
grant execute on function private.statement_candidates(uuid) to authenticated;

create or replace function public.statement_candidates(p_bank_account_id uuid)
returns table (line_id uuid, kind text, target_id uuid, description text, counterparty_name text,
               target_date date, amount numeric, day_distance integer)
language sql
stable
set search_path = ''
as $$
  select * from private.statement_candidates(p_bank_account_id)
$$;
comment on function public.statement_candidates(uuid) is 'Conciliação: for every pending statement line of the account, the ledger rows of the account with the same signed amount within ±3 days not claimed by another line (kind ledger), and the pending payables (débitos) / receivables (créditos) of the company with that open amount due within ±5 days (kind payable/receivable), with the distance in days. The browser ranks them. Each line''s candidates are looked up by amount (transactions_account_amount_idx, the pending amount indexes). Roles admin, financeiro, leitura. Raises bank_account_not_found (also another company''s). (body: private.statement_candidates)';
revoke all on function public.statement_candidates(uuid) from public, anon, authenticated;
grant execute on function public.statement_candidates(uuid) to authenticated, service_role;
