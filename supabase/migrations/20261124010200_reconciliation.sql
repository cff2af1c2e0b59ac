-- Conciliar (issue 12): each imported statement line becomes one of
--   'match'  — an already settled ledger row of the account (same amount, ±3 days): "Conciliado";
--   'settle' — Dar Baixa of a pending payable (débito) / receivable (crédito) with that open amount, on
--              the line's date into this account (private.settle_entry, as settle_* does);
--   'create' — a new entry created and settled on the line's date (private.create_and_settle_entry,
--              idempotent by the client-generated entry id);
--   'ignore' — with a reason.
-- Each action is one transaction, and each is undone by undo_statement_line: unmatch, estorno of the
-- payment (the created entry is then deleted: it existed only for that line), un-ignore.
-- Candidates are found in SQL (statement_candidates); the browser ranks them (date distance, then
-- description similarity: src/features/reconciliation/lib/ranking.ts, unit-tested).

-- ---------------------------------------------------------------------------------------------
-- Candidates and category guesses (read; security invoker: RLS decides)
-- ---------------------------------------------------------------------------------------------

create or replace function public.statement_candidates(p_bank_account_id uuid)
returns table (
  line_id uuid,
  kind text,
  target_id uuid,
  description text,
  counterparty_name text,
  target_date date,
  amount numeric,
  day_distance integer
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_company_id uuid;
begin
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  with lines as (
    select l.id, l.posted_on, l.amount
    from public.bank_statement_lines l
    where l.bank_account_id = p_bank_account_id and l.status = 'pending'
  )
  -- Ledger rows of this account already in the books, not yet claimed by another line.
  select l.id, 'ledger'::text, t.id, t.description, null::text, t.transaction_date, t.amount,
         abs(t.transaction_date - l.posted_on)
  from lines l
  join public.standing_transactions t
    on t.bank_account_id = p_bank_account_id
   and t.amount = abs(l.amount)
   and t.direction = case when l.amount < 0 then 'out' else 'in' end
   and t.transaction_date between l.posted_on - 3 and l.posted_on + 3
  where not exists (select 1 from public.bank_statement_lines m
                    where m.matched_transaction_id = t.id and m.status = 'matched')
  union all
  -- Open payables for débitos, open receivables for créditos, of the whole company, due within ±5 days.
  select l.id, case e.kind when 'expense' then 'payable' else 'receivable' end, e.id, e.description,
         e.counterparty_name, e.due_date, e.open_amount, abs(e.due_date - l.posted_on)
  from lines l
  join public.entries e
    on e.company_id = v_company_id
   and e.status = 'pending'
   and e.kind = case when l.amount < 0 then 'expense' else 'income' end
   and e.open_amount = abs(l.amount)
   and e.due_date between l.posted_on - 5 and l.posted_on + 5;
end;
$$;
comment on function public.statement_candidates(uuid) is
  'Conciliação: for every pending statement line of the account, the ledger rows of the account with the same '
  'signed amount within ±3 days not claimed by another line (kind ledger), and the pending payables (débitos) / '
  'receivables (créditos) of the company with that open amount due within ±5 days (kind payable/receivable), '
  'with the distance in days. The browser ranks them. Raises bank_account_not_found (also another company''s).';

-- The category used most before for ledger rows whose description shares words (4+ letters) with the
-- memo, of the line's direction: a new entry made from the line starts with it.
create or replace function public.statement_category_guesses(p_bank_account_id uuid)
returns table (line_id uuid, category_id uuid, category_name text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_company_id uuid;
begin
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  with words as (
    select l.id, l.amount, array_agg(distinct w) as list
    from public.bank_statement_lines l
    cross join lateral regexp_split_to_table(lower(l.memo), '[[:space:][:punct:]]+') w
    where l.bank_account_id = p_bank_account_id and l.status = 'pending' and length(w) >= 4
    group by l.id, l.amount
  ),
  scored as (
    select w.id, t.category_id,
           sum((select count(*) from unnest(w.list) x where position(x in lower(t.description)) > 0)) as hits,
           count(*) as uses
    from words w
    join public.standing_transactions t
      on t.company_id = v_company_id
     and t.category_id is not null
     and t.type = case when w.amount < 0 then 'expense' else 'income' end
     and exists (select 1 from unnest(w.list) x where position(x in lower(t.description)) > 0)
    group by w.id, t.category_id
  )
  select distinct on (s.id) s.id, s.category_id, c.name
  from scored s
  join public.categories c on c.company_id = v_company_id and c.id = s.category_id and c.is_active
  order by s.id, s.hits desc, s.uses desc, c.name;
end;
$$;
comment on function public.statement_category_guesses(uuid) is
  'Conciliação, "Criar lançamento": per pending line of the account, the active category most used by the '
  'company''s standing ledger rows of the same direction whose description contains words (4+ letters) of '
  'the memo (most shared words, then most uses). Raises bank_account_not_found.';

-- ---------------------------------------------------------------------------------------------
-- Reconcile one line (security definer body: writes the line, settles through private.settle_entry
-- and private.create_and_settle_entry, which check and lock as Dar Baixa does)
-- ---------------------------------------------------------------------------------------------

create or replace function private.reconcile_statement_line(
  p_line_id uuid,
  p_action text,
  p_target_id uuid,
  p_entry_id uuid,
  p_description text,
  p_category_id uuid,
  p_reason text,
  p_today date
)
returns public.bank_statement_lines
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line public.bank_statement_lines;
  v_kind text;
  v_tx uuid;
  v_open numeric;
  v_description text;
begin
  if p_action is null or p_action not in ('match', 'settle', 'create', 'ignore') then
    raise exception using errcode = 'P0001', message = 'invalid_action';
  end if;
  perform private.assert_valid_date(p_today);
  select * into v_line from public.bank_statement_lines l
  where l.id = p_line_id and l.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'statement_line_not_found';
  end if;
  perform private.assert_member(v_line.company_id);

  -- A retry of the same "Criar lançamento" (same client-generated entry id) answers what it did.
  if p_action = 'create' and v_line.status = 'matched' and v_line.resolution = 'create'
     and exists (select 1 from public.transactions t
                 where t.id = v_line.matched_transaction_id and p_entry_id in (t.payable_id, t.receivable_id)) then
    return v_line;
  end if;
  if v_line.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'statement_line_already_reconciled';
  end if;
  v_kind := case when v_line.amount < 0 then 'expense' else 'income' end;

  if p_action = 'match' then
    select t.id into v_tx from public.standing_transactions t
    where t.id = p_target_id and t.company_id = v_line.company_id and t.bank_account_id = v_line.bank_account_id;
    if v_tx is null then
      raise exception using errcode = 'P0001', message = 'transaction_not_found';
    end if;
    if not exists (select 1 from public.transactions t
                   where t.id = v_tx and t.amount = abs(v_line.amount)
                     and t.direction = case when v_line.amount < 0 then 'out' else 'in' end) then
      raise exception using errcode = 'P0001', message = 'statement_amount_mismatch';
    end if;
    if exists (select 1 from public.bank_statement_lines m where m.matched_transaction_id = v_tx and m.status = 'matched') then
      raise exception using errcode = 'P0001', message = 'transaction_already_matched';
    end if;

  elsif p_action = 'settle' then
    if v_kind = 'expense' then
      select e.open_amount into v_open from public.accounts_payable e
      where e.id = p_target_id and e.company_id = v_line.company_id;
    else
      select e.open_amount into v_open from public.accounts_receivable e
      where e.id = p_target_id and e.company_id = v_line.company_id;
    end if;
    if v_open is null then
      raise exception using errcode = 'P0001', message = 'entry_not_found';
    end if;
    if v_open <> abs(v_line.amount) and v_open > 0 then
      raise exception using errcode = 'P0001', message = 'statement_amount_mismatch';
    end if;
    -- Locks the entry, refuses a settled one (entry_already_settled), checks the account and the date.
    perform private.settle_entry(v_kind, p_target_id, v_line.bank_account_id, v_line.posted_on, null, 0, 0, 0,
                                 p_today);
    select t.id into v_tx from public.transactions t
    where case v_kind when 'expense' then t.payable_id else t.receivable_id end = p_target_id
      and t.reversal_of is null and t.bank_account_id = v_line.bank_account_id
    order by t.created_at desc, t.id desc
    limit 1;

  elsif p_action = 'create' then
    if p_entry_id is null then
      raise exception using errcode = 'P0001', message = 'invalid_id';
    end if;
    v_description := left(coalesce(nullif(btrim(p_description), ''), nullif(btrim(v_line.memo), ''),
                                   'Lançamento do extrato'), 200);
    perform private.create_and_settle_entry(v_kind, p_entry_id, v_line.company_id, v_description,
                                            abs(v_line.amount), v_line.posted_on, v_line.bank_account_id,
                                            v_line.posted_on, p_today, null, null, null, p_category_id, null,
                                            'Conciliação bancária', 0, 0, 0);
    select t.id into v_tx from public.transactions t
    where case v_kind when 'expense' then t.payable_id else t.receivable_id end = p_entry_id
      and t.reversal_of is null
    order by t.created_at desc, t.id desc
    limit 1;
    if v_tx is null or not exists (select 1 from public.transactions t
                                   where t.id = v_tx and t.bank_account_id = v_line.bank_account_id
                                     and t.amount = abs(v_line.amount)) then
      -- The id was already used for a different entry.
      raise exception using errcode = 'P0001', message = 'entry_id_conflict';
    end if;

  else
    if p_reason is null or length(btrim(p_reason)) = 0 then
      raise exception using errcode = 'P0001', message = 'ignore_reason_required';
    end if;
    update public.bank_statement_lines
    set status = 'ignored', ignore_reason = left(btrim(p_reason), 200), resolved_by = (select auth.uid()),
        resolved_at = now()
    where id = v_line.id
    returning * into v_line;
    return v_line;
  end if;

  update public.bank_statement_lines
  set status = 'matched', resolution = p_action, matched_transaction_id = v_tx, resolved_by = (select auth.uid()),
      resolved_at = now()
  where id = v_line.id
  returning * into v_line;
  return v_line;
end;
$$;

create or replace function public.reconcile_statement_line(
  p_line_id uuid,
  p_action text,
  p_target_id uuid default null,
  p_entry_id uuid default null,
  p_description text default null,
  p_category_id uuid default null,
  p_reason text default null,
  p_today date default null
)
returns public.bank_statement_lines
language sql
security invoker
set search_path = ''
as $$
  select * from private.reconcile_statement_line(p_line_id, p_action, p_target_id, p_entry_id, p_description,
                                                 p_category_id, p_reason, p_today)
$$;
comment on function public.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) is
  'Reconciles one pending statement line, in one transaction: p_action ''match'' (p_target_id = a standing ledger '
  'row of the account with the same signed amount), ''settle'' (p_target_id = a pending payable for a débito / '
  'receivable for a crédito whose open amount is the line''s: Dar Baixa on the line''s date into the line''s '
  'account), ''create'' (p_entry_id = new client-generated id, p_description default the memo, p_category_id: '
  'a new entry due and paid on the line''s date; the same p_entry_id again returns the line), ''ignore'' '
  '(p_reason). Raises invalid_action, statement_line_not_found (also another company''s), '
  'statement_line_already_reconciled, transaction_not_found, statement_amount_mismatch, '
  'transaction_already_matched, ignore_reason_required, and what settle_*/create_and_settle_entry raise. '
  '(body: private.reconcile_statement_line)';

-- ---------------------------------------------------------------------------------------------
-- Undo one line
-- ---------------------------------------------------------------------------------------------

create or replace function private.undo_statement_line(p_line_id uuid)
returns public.bank_statement_lines
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line public.bank_statement_lines;
  v_tx public.transactions;
begin
  select * into v_line from public.bank_statement_lines l
  where l.id = p_line_id and l.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'statement_line_not_found';
  end if;
  if v_line.status = 'pending' then
    raise exception using errcode = 'P0001', message = 'statement_line_not_reconciled';
  end if;

  if v_line.resolution in ('settle', 'create') then
    select * into v_tx from public.transactions t where t.id = v_line.matched_transaction_id;
    -- An estorno made elsewhere (the entry's detail) already took the payment back.
    if not exists (select 1 from public.transactions r where r.reversal_of = v_tx.id) then
      -- Estorno dated on the payment's own date: the account's history at the statement's end is as
      -- before the reconciliation.
      perform private.reverse_payment(v_tx.id, v_tx.transaction_date);
    end if;
    if v_line.resolution = 'create' then
      -- The entry existed only for this line.
      if v_tx.payable_id is not null then
        delete from public.accounts_payable e where e.id = v_tx.payable_id and e.paid_amount = 0;
      elsif v_tx.receivable_id is not null then
        delete from public.accounts_receivable e where e.id = v_tx.receivable_id and e.paid_amount = 0;
      end if;
    end if;
  end if;

  update public.bank_statement_lines
  set status = 'pending', resolution = null, matched_transaction_id = null, ignore_reason = null,
      resolved_by = null, resolved_at = null
  where id = v_line.id
  returning * into v_line;
  return v_line;
end;
$$;

create or replace function public.undo_statement_line(p_line_id uuid)
returns public.bank_statement_lines
language sql
security invoker
set search_path = ''
as $$
  select * from private.undo_statement_line(p_line_id)
$$;
comment on function public.undo_statement_line(uuid) is
  'Undoes the reconciliation of one line, in one transaction: match → pending; settle → estorno of the payment '
  '(reverse_payment, dated as the payment) and pending; create → estorno, the created entry deleted, pending; '
  'ignore → pending. Raises statement_line_not_found (also another company''s), statement_line_not_reconciled. '
  '(body: private.undo_statement_line)';

-- ---------------------------------------------------------------------------------------------
-- Saldo do extrato vs Saldo no sistema
-- ---------------------------------------------------------------------------------------------

create or replace function public.statement_balance(p_bank_account_id uuid)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_account public.bank_accounts;
  v_statement public.bank_statements;
  v_system numeric;
begin
  select * into v_account from public.bank_accounts a where a.id = p_bank_account_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  select * into v_statement from public.bank_statements s
  where s.bank_account_id = p_bank_account_id and s.ledger_balance is not null
  order by s.end_date desc, s.created_at desc
  limit 1;
  if v_statement.id is not null then
    -- Every ledger row up to that day (an estorno and what it reverses net out).
    select v_account.initial_balance
           + coalesce(sum(case t.direction when 'in' then t.amount else -t.amount end), 0)
    into v_system
    from public.transactions t
    where t.bank_account_id = p_bank_account_id and t.transaction_date <= v_statement.end_date;
  end if;
  return json_build_object(
    'statement_id', v_statement.id,
    'end_date', v_statement.end_date,
    'statement_balance', v_statement.ledger_balance,
    'system_balance', v_system,
    'difference', v_statement.ledger_balance - v_system,
    'pending_count', (select count(*) from public.bank_statement_lines l
                      where l.bank_account_id = p_bank_account_id and l.status = 'pending'),
    'pending_total', (select coalesce(sum(l.amount), 0) from public.bank_statement_lines l
                      where l.bank_account_id = p_bank_account_id and l.status = 'pending'),
    'line_count', (select count(*) from public.bank_statement_lines l where l.bank_account_id = p_bank_account_id));
end;
$$;
comment on function public.statement_balance(uuid) is
  'Conciliação: {statement_id, end_date, statement_balance (LEDGERBAL of the statement with the latest end date '
  'that has one), system_balance (initial_balance + signed Σ of the account''s ledger rows dated ≤ end_date), '
  'difference (statement − system), pending_count, pending_total (signed Σ of pending lines), line_count}. '
  'Statement fields null when no statement with a balance was imported. Raises bank_account_not_found.';

-- ---------------------------------------------------------------------------------------------
-- Privileges
-- ---------------------------------------------------------------------------------------------

revoke all on function public.statement_candidates(uuid) from public, anon, authenticated;
revoke all on function public.statement_category_guesses(uuid) from public, anon, authenticated;
revoke all on function private.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) from public, anon, authenticated;
revoke all on function public.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) from public, anon, authenticated;
revoke all on function private.undo_statement_line(uuid) from public, anon, authenticated;
revoke all on function public.undo_statement_line(uuid) from public, anon, authenticated;
revoke all on function public.statement_balance(uuid) from public, anon, authenticated;
grant execute on function public.statement_candidates(uuid) to authenticated;
grant execute on function public.statement_category_guesses(uuid) to authenticated;
grant execute on function private.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) to authenticated;
grant execute on function public.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) to authenticated;
grant execute on function private.undo_statement_line(uuid) to authenticated;
grant execute on function public.undo_statement_line(uuid) to authenticated;
grant execute on function public.statement_balance(uuid) to authenticated;
