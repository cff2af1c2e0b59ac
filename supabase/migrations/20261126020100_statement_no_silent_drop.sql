-- Conciliação bancária, honest at its edges:
--
-- 1. Dedupe on FITID *and* date *and* amount. A line whose (account, FITID, date, amount) the account
--    already has is skipped as a duplicate, as before. A line whose FITID the account already has
--    with another date or amount is KEPT and flagged (fitid_conflict: "Conflito com lançamento já
--    importado"): keyed on FITID alone, a forged import with tomorrow's FITIDs could hide the real
--    lines, and a bank that corrects a line would have its correction silently dropped.
-- 2. 'create' creates only a NEW entry: an id that already exists (any company, any date, matched or
--    not) is refused with entry_already_exists. Linking an existing entry is 'match', with its checks.
--    The line records the entry it created (created_entry_id), and undo deletes only that entry:
--    undo of a match only unlinks. Before, create accepted an existing entry's id and undo then
--    reversed and deleted that unrelated entry.
-- 3. Caps: every text the statement functions take is bounded and refused (not cut) past its limit,
--    unknown keys in a line are refused, all before anything is read or written.

-- ---------------------------------------------------------------------------------------------
-- Columns
-- ---------------------------------------------------------------------------------------------

alter table public.bank_statement_lines
  add column fitid_conflict boolean not null default false,
  add column created_entry_id uuid;
comment on column public.bank_statement_lines.fitid_conflict is
  'True when, at import, the account already had a line with this FITID but another date or amount (or an '
  'earlier line of the same file did): kept for review ("Conflito com lançamento já importado").';
comment on column public.bank_statement_lines.created_entry_id is
  'The payable (débito) / receivable (crédito) that reconcile ''create'' made for this line: the only entry '
  'undo_statement_line may delete. Null for match/settle/ignore and for pending lines.';

-- Lines reconciled with 'create' before this column: the entry was made by that same call exactly when
-- it was written in the same transaction as the line's resolution (both stamped with that
-- transaction's now()). A 'create' line whose entry existed before is left without it, so undo only
-- unlinks it (it never deletes an entry it cannot prove it made).
update public.bank_statement_lines l
set created_entry_id = p.id
from public.transactions t
join public.accounts_payable p on p.id = t.payable_id
where l.resolution = 'create' and l.status = 'matched' and t.id = l.matched_transaction_id
  and p.created_at = l.resolved_at;
update public.bank_statement_lines l
set created_entry_id = r.id
from public.transactions t
join public.accounts_receivable r on r.id = t.receivable_id
where l.resolution = 'create' and l.status = 'matched' and t.id = l.matched_transaction_id
  and r.created_at = l.resolved_at;

alter table public.bank_statement_lines
  add constraint bank_statement_lines_created_entry_check
    check (created_entry_id is null or (status = 'matched' and resolution = 'create'));

-- Duplicates are the same (account, FITID, date, amount); the same FITID with another date or amount
-- is another line (flagged). The unique index still makes two imports at the same moment store a line
-- once (ON CONFLICT DO NOTHING), and its prefix serves the FITID lookups.
drop index public.bank_statement_lines_account_fitid_key;
create unique index bank_statement_lines_account_fitid_key
  on public.bank_statement_lines (bank_account_id, fitid, posted_on, amount);

alter table public.bank_statements
  add column conflict_line_count integer not null default 0
    constraint bank_statements_conflict_line_count_check check (conflict_line_count >= 0);
comment on column public.bank_statements.conflict_line_count is
  'Of the new lines, how many were flagged fitid_conflict (FITID already known with another date or amount).';

-- ---------------------------------------------------------------------------------------------
-- Import
-- ---------------------------------------------------------------------------------------------

create or replace function private.import_bank_statement(
  p_bank_account_id uuid,
  p_source text,
  p_lines jsonb,
  p_file_name text,
  p_bank_id text,
  p_account_ref text,
  p_start date,
  p_end date,
  p_ledger_balance numeric
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_count integer;
  v_new integer;
  v_conflicts integer;
  v_start date;
  v_end date;
  v_statement_id uuid;
  v_line jsonb;
  v_amount numeric;
begin
  -- Sizes first: an oversized call is refused before anything is looked up, parsed or written.
  if length(p_file_name) > 255 then
    raise exception using errcode = 'P0001', message = 'statement_file_name_too_long';
  end if;
  if length(p_bank_id) > 40 or length(p_account_ref) > 60 then
    raise exception using errcode = 'P0001', message = 'statement_field_too_long';
  end if;
  if p_source is null or p_source not in ('ofx', 'csv') then
    raise exception using errcode = 'P0001', message = 'invalid_statement';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception using errcode = 'P0001', message = 'invalid_statement';
  end if;
  v_count := jsonb_array_length(p_lines);
  if v_count > 5000 then
    raise exception using errcode = 'P0001', message = 'statement_too_large';
  end if;

  select a.company_id into v_company_id
  from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  perform private.assert_member(v_company_id);

  -- Every line is checked before anything is written: a bad line refuses the whole file.
  for v_line in select value from jsonb_array_elements(p_lines) loop
    if jsonb_typeof(v_line) <> 'object' then
      raise exception using errcode = 'P0001', message = 'invalid_statement';
    end if;
    if exists (select 1 from jsonb_object_keys(v_line) k
               where k not in ('fitid', 'posted_on', 'amount', 'memo', 'trn_type')) then
      raise exception using errcode = 'P0001', message = 'statement_unknown_field';
    end if;
    if coalesce(jsonb_typeof(v_line -> 'fitid'), 'null') <> 'string'
       or coalesce(jsonb_typeof(v_line -> 'memo'), 'null') not in ('string', 'null')
       or coalesce(jsonb_typeof(v_line -> 'trn_type'), 'null') not in ('string', 'null')
       or length(btrim(v_line ->> 'fitid')) = 0 then
      raise exception using errcode = 'P0001', message = 'invalid_statement';
    end if;
    if length(coalesce(v_line ->> 'memo', '')) > 500 then
      raise exception using errcode = 'P0001', message = 'statement_memo_too_long';
    end if;
    if length(btrim(v_line ->> 'fitid')) > 255 or length(coalesce(v_line ->> 'trn_type', '')) > 20 then
      raise exception using errcode = 'P0001', message = 'statement_field_too_long';
    end if;
    if coalesce(v_line ->> 'amount', '') !~ '^-?[0-9]{1,13}(\.[0-9]+)?$' then
      raise exception using errcode = 'P0001', message = 'invalid_amount';
    end if;
    v_amount := (v_line ->> 'amount')::numeric;
    perform private.assert_valid_amount(abs(v_amount));
    if coalesce(v_line ->> 'posted_on', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      raise exception using errcode = 'P0001', message = 'invalid_date';
    end if;
    perform private.assert_valid_date((v_line ->> 'posted_on')::date);
  end loop;

  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_ledger_balance is not null then
    perform private.assert_valid_amount(abs(p_ledger_balance), p_allow_zero => true);
  end if;
  select coalesce(p_start, min((l ->> 'posted_on')::date)), coalesce(p_end, max((l ->> 'posted_on')::date))
  into v_start, v_end
  from jsonb_array_elements(p_lines) l;
  if v_end < v_start then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;

  -- One import per account at a time: a conflict (same FITID, another date or amount) is then seen
  -- also when two files with it are imported at the same moment.
  perform pg_advisory_xact_lock(hashtextextended('bank_statement_lines:' || p_bank_account_id::text, 0));

  insert into public.bank_statements (company_id, bank_account_id, source, file_name, bank_id, account_ref,
                                      start_date, end_date, ledger_balance, line_count)
  values (v_company_id, p_bank_account_id, p_source, nullif(btrim(p_file_name), ''),
          nullif(btrim(p_bank_id), ''), nullif(btrim(p_account_ref), ''), v_start, v_end, p_ledger_balance, v_count)
  returning id into v_statement_id;

  with input as (
    select btrim(x.l ->> 'fitid') as fitid, (x.l ->> 'posted_on')::date as posted_on,
           (x.l ->> 'amount')::numeric as amount, btrim(coalesce(x.l ->> 'memo', '')) as memo,
           nullif(btrim(x.l ->> 'trn_type'), '') as trn_type, x.o
    from jsonb_array_elements(p_lines) with ordinality as x(l, o)
  ),
  -- The first of each (FITID, date, amount) of the file that the account does not have yet.
  fresh as (
    select distinct on (i.fitid, i.posted_on, i.amount) i.*
    from input i
    where not exists (select 1 from public.bank_statement_lines e
                      where e.bank_account_id = p_bank_account_id and e.fitid = i.fitid
                        and e.posted_on = i.posted_on and e.amount = i.amount)
    order by i.fitid, i.posted_on, i.amount, i.o
  ),
  flagged as (
    select f.*,
           exists (select 1 from public.bank_statement_lines e
                   where e.bank_account_id = p_bank_account_id and e.fitid = f.fitid)
           or row_number() over (partition by f.fitid order by f.o) > 1 as conflict
    from fresh f
  ),
  inserted as (
    insert into public.bank_statement_lines (company_id, bank_account_id, statement_id, fitid, posted_on, amount,
                                             memo, trn_type, fitid_conflict)
    select v_company_id, p_bank_account_id, v_statement_id, g.fitid, g.posted_on, g.amount, g.memo, g.trn_type,
           g.conflict
    from flagged g
    order by g.o
    on conflict (bank_account_id, fitid, posted_on, amount) do nothing
    returning fitid_conflict
  )
  select count(*), count(*) filter (where fitid_conflict) into v_new, v_conflicts from inserted;

  update public.bank_statements set new_line_count = v_new, conflict_line_count = v_conflicts
  where id = v_statement_id;

  return json_build_object('statement_id', v_statement_id, 'line_count', v_count, 'new_count', v_new,
                           'existing_count', v_count - v_new, 'conflict_count', v_conflicts,
                           'start_date', v_start, 'end_date', v_end);
end;
$$;

comment on function public.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) is
  'Importar extrato: p_lines = [{fitid, posted_on (yyyy-mm-dd), amount (signed reais, negative = débito), memo, '
  'trn_type}] (1…5000; no other key). Stores the statement and, in one transaction, every line whose (FITID, '
  'date, amount) the account does not have yet; a line whose FITID the account has with another date or amount '
  'is stored with fitid_conflict = true. p_start/p_end null = the lines'' first/last date; p_ledger_balance = '
  'LEDGERBAL (null for CSV). Returns {statement_id, line_count, new_count (conflicts included), existing_count '
  '(duplicates skipped), conflict_count, start_date, end_date}. Raises statement_file_name_too_long (> 255), '
  'statement_field_too_long (bank id > 40, account > 60, FITID > 255, trn_type > 20), statement_memo_too_long '
  '(> 500), statement_unknown_field, statement_too_large (> 5000 lines), invalid_statement, '
  'bank_account_not_found (also another company''s), invalid_amount, invalid_date, invalid_period. '
  '(body: private.import_bank_statement)';

-- ---------------------------------------------------------------------------------------------
-- Reconcile
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
  v_created uuid;
begin
  if length(p_description) > 200 then
    raise exception using errcode = 'P0001', message = 'statement_description_too_long';
  end if;
  if length(p_reason) > 200 then
    raise exception using errcode = 'P0001', message = 'statement_reason_too_long';
  end if;
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
     and v_line.created_entry_id = p_entry_id then
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
    -- Only a new entry: an existing id (payable or receivable, of any company, any state) is refused.
    -- Linking an entry that exists is 'match' (or 'settle'), which check it.
    if exists (select 1 from public.accounts_payable e where e.id = p_entry_id)
       or exists (select 1 from public.accounts_receivable e where e.id = p_entry_id) then
      raise exception using errcode = 'P0001', message = 'entry_already_exists';
    end if;
    v_description := left(coalesce(nullif(btrim(p_description), ''), nullif(btrim(v_line.memo), ''),
                                   'Lançamento do extrato'), 200);
    perform private.create_and_settle_entry(v_kind, p_entry_id, v_line.company_id, v_description,
                                            abs(v_line.amount), v_line.posted_on, v_line.bank_account_id,
                                            v_line.posted_on, p_today, null, null, null, p_category_id, null,
                                            'Conciliação bancária', 0, 0, 0);
    -- The payment this call made: an entry with this id committed by someone else while this call ran
    -- is answered by create_and_settle_entry without a new payment (ON CONFLICT DO NOTHING), so it
    -- has no ledger row stamped with this transaction's time.
    select t.id into v_tx from public.transactions t
    where case v_kind when 'expense' then t.payable_id else t.receivable_id end = p_entry_id
      and t.reversal_of is null and t.created_at = now()
      and t.bank_account_id = v_line.bank_account_id and t.amount = abs(v_line.amount)
    order by t.id desc
    limit 1;
    if v_tx is null then
      raise exception using errcode = 'P0001', message = 'entry_already_exists';
    end if;
    v_created := p_entry_id;

  else
    if p_reason is null or length(btrim(p_reason)) = 0 then
      raise exception using errcode = 'P0001', message = 'ignore_reason_required';
    end if;
    update public.bank_statement_lines
    set status = 'ignored', ignore_reason = btrim(p_reason), resolved_by = (select auth.uid()),
        resolved_at = now()
    where id = v_line.id
    returning * into v_line;
    return v_line;
  end if;

  update public.bank_statement_lines
  set status = 'matched', resolution = p_action, matched_transaction_id = v_tx, created_entry_id = v_created,
      resolved_by = (select auth.uid()), resolved_at = now()
  where id = v_line.id
  returning * into v_line;
  return v_line;
end;
$$;

comment on function public.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) is
  'Reconciles one pending statement line, in one transaction: p_action ''match'' (p_target_id = a standing ledger '
  'row of the account with the same signed amount, not claimed by another line), ''settle'' (p_target_id = a '
  'pending payable for a débito / receivable for a crédito whose open amount is the line''s: Dar Baixa on the '
  'line''s date into the line''s account), ''create'' (p_entry_id = a NEW client-generated id, p_description '
  '(≤ 200) default the memo, p_category_id: a new entry due and paid on the line''s date, recorded as the line''s '
  'created_entry_id; the same p_entry_id again on that line returns the line; an id that already exists is '
  'refused), ''ignore'' (p_reason ≤ 200). Raises statement_description_too_long, statement_reason_too_long, '
  'invalid_action, statement_line_not_found (also another company''s), statement_line_already_reconciled, '
  'transaction_not_found, statement_amount_mismatch, transaction_already_matched, entry_already_exists, '
  'ignore_reason_required, and what settle_*/create_and_settle_entry raise. (body: private.reconcile_statement_line)';

-- ---------------------------------------------------------------------------------------------
-- Undo
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
  perform private.assert_member(v_line.company_id);
  if v_line.status = 'pending' then
    raise exception using errcode = 'P0001', message = 'statement_line_not_reconciled';
  end if;

  -- The payment was made by this line only for 'settle' and for a 'create' that recorded its entry.
  -- A 'match' (and a 'create' from before created_entry_id whose entry it cannot prove it made) only
  -- unlinks: the ledger row and its entry were there before the line.
  if v_line.resolution = 'settle' or v_line.created_entry_id is not null then
    select * into v_tx from public.transactions t where t.id = v_line.matched_transaction_id;
    -- An estorno made elsewhere (the entry's detail) already took the payment back.
    if not exists (select 1 from public.transactions r where r.reversal_of = v_tx.id) then
      -- Estorno dated on the payment's own date: the account's history at the statement's end is as
      -- before the reconciliation.
      perform private.reverse_payment(v_tx.id, v_tx.transaction_date);
    end if;
    if v_line.created_entry_id is not null then
      -- The entry existed only for this line.
      if v_line.amount < 0 then
        delete from public.accounts_payable e
        where e.id = v_line.created_entry_id and e.company_id = v_line.company_id and e.paid_amount = 0;
      else
        delete from public.accounts_receivable e
        where e.id = v_line.created_entry_id and e.company_id = v_line.company_id and e.paid_amount = 0;
      end if;
    end if;
  end if;

  update public.bank_statement_lines
  set status = 'pending', resolution = null, matched_transaction_id = null, created_entry_id = null,
      ignore_reason = null, resolved_by = null, resolved_at = null
  where id = v_line.id
  returning * into v_line;
  return v_line;
end;
$$;

comment on function public.undo_statement_line(uuid) is
  'Undoes the reconciliation of one line, in one transaction: match → pending (only unlinked); settle → estorno '
  'of the payment (reverse_payment, dated as the payment) and pending; create → estorno, the entry this line '
  'created (created_entry_id) deleted, pending; ignore → pending. Never deletes an entry the line did not create. '
  'Raises statement_line_not_found (also another company''s), statement_line_not_reconciled. '
  '(body: private.undo_statement_line)';
