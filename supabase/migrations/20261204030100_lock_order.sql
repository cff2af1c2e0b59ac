-- Issue 35 (contention): one lock order for every writer of balances and kept totals, and the
-- settlement's hold of the bank account's row as short as that order allows.
--
-- The order (docs/contracts.md, "Lock order"): (1) the entry rows a call decides on (for update),
-- (2) the bank accounts, by id (for no key update; the balance trigger's update takes the same
-- lock), (3) the entry-side kept totals (entry_due_counts, split_*, entry_totals, in key order per
-- statement; entry_paid_totals per company and kind), (4) the ledger-side kept totals (one
-- account's rows, private.track_ledger_totals). Two writers took (3) before (2): Lançar pago
-- (create_and_settle_entry, also a statement line's 'create') and an import of paid rows
-- (import_rows: import_insert, then settle_imported). Lined up behind a Dar Baixa holding the
-- account and wanting the same month's totals they deadlocked (40P01); they now lock the account
-- first. Writers that touch several accounts row by row (reopen_entry's estornos by date, an edit
-- of an entry paid from several accounts, undo_import_batch's deletes after its entries' updates)
-- lock those accounts in id order first. import_nfe inserts its duplicatas by due date (one insert
-- each: in the NF-e's order, two NF-es with months in opposite orders took the months' kept totals
-- in opposite orders). settle_entry reads a split's ledger parts before it locks the account.

CREATE OR REPLACE FUNCTION private.settle_entry(p_kind text, p_id uuid, p_bank_account_id uuid, p_paid_on date, p_amount_paid numeric, p_interest numeric, p_fine numeric, p_discount numeric, p_today date)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_today date;
  v_on date;
  v_company_id uuid;
  v_amount numeric;
  v_paid numeric;
  v_status text;
  v_description text;
  v_category_id uuid;
  v_project_id uuid;
  v_parts jsonb;
  v_principal numeric;
  v_interest numeric := coalesce(p_interest, 0);
  v_fine numeric := coalesce(p_fine, 0);
  v_discount numeric := coalesce(p_discount, 0);
  v_total numeric;
  v_done boolean;
  v_row_parts jsonb;
begin
  perform private.assert_valid_date(p_paid_on);
  perform private.assert_valid_date(p_today);
  -- The browser's today (a Brazilian evening is already tomorrow in UTC), never beyond the
  -- database's tomorrow.
  v_today := least(coalesce(p_today, current_date), current_date + 1);
  v_on := coalesce(p_paid_on, v_today);
  perform private.assert_valid_date(v_on);
  if v_on > v_today then
    raise exception using errcode = 'P0001', message = 'payment_date_in_future';
  end if;
  perform private.assert_valid_amount(v_interest, p_allow_zero => true);
  perform private.assert_valid_amount(v_fine, p_allow_zero => true);
  perform private.assert_valid_amount(v_discount, p_allow_zero => true);

  if p_kind = 'expense' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id, e.parts
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id, v_parts
    from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  elsif p_kind = 'income' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id, e.parts
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id, v_parts
    from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  else
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  if p_kind = 'expense' and exists (
    select 1 from public.accounts_payable e where e.id = p_id and e.approval_status <> 'approved'
  ) then
    raise exception using errcode = 'P0001', message = 'awaiting_approval';
  end if;

  v_principal := coalesce(p_amount_paid, v_amount - v_paid);
  perform private.assert_valid_amount(v_principal);
  if v_principal > v_amount - v_paid then
    raise exception using errcode = 'P0001', message = 'payment_exceeds_open_amount';
  end if;
  v_total := v_principal + v_interest + v_fine - v_discount;
  if v_total <= 0 then
    raise exception using errcode = 'P0001', message = 'invalid_amount';
  end if;
  -- A split entry: this payment's shares come after the standing rows before it (the last of
  -- private.ledger_parts over them and this one). Read before the account is locked (the entry's
  -- row lock above keeps its standing rows as they are): the account is held for the writes only.
  if v_parts is not null then
    select private.ledger_parts(
             v_parts,
             coalesce(jsonb_agg(jsonb_build_object('principal', s.principal_amount,
                                                   'interest', s.interest_amount,
                                                   'fine', s.fine_amount,
                                                   'discount', s.discount_amount)
                                order by s.created_at, s.id), '[]')
             || jsonb_build_array(jsonb_build_object('principal', v_principal, 'interest', v_interest,
                                                     'fine', v_fine, 'discount', v_discount))) -> -1
    into v_row_parts
    from private.entry_standing_rows(v_company_id, p_kind, p_id) s;
  end if;

  -- Lock order (docs/contracts.md, "Lock order"): the entry (above), then the account, then the
  -- kept totals (the update and insert below). The account is held from here to the commit: the
  -- entry's update and its ledger row, nothing that could be done before.
  perform private.lock_active_account(v_company_id, p_bank_account_id);
  v_done := v_paid + v_principal = v_amount;

  if p_kind = 'expense' then
    update public.accounts_payable
    set paid_amount = paid_amount + v_principal,
        interest_amount = interest_amount + v_interest,
        fine_amount = fine_amount + v_fine,
        discount_amount = discount_amount + v_discount,
        status = case when v_done then 'paid' else 'pending' end,
        payment_date = case when v_done then v_on end,
        bank_account_id = p_bank_account_id
    where id = p_id;
  else
    update public.accounts_receivable
    set paid_amount = paid_amount + v_principal,
        interest_amount = interest_amount + v_interest,
        fine_amount = fine_amount + v_fine,
        discount_amount = discount_amount + v_discount,
        status = case when v_done then 'paid' else 'pending' end,
        received_date = case when v_done then v_on end,
        bank_account_id = p_bank_account_id
    where id = p_id;
  end if;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   created_by, principal_amount, interest_amount, fine_amount, discount_amount, parts)
  values (v_company_id, p_kind, case p_kind when 'expense' then 'out' else 'in' end, left(v_description, 250),
          v_total, v_on, p_bank_account_id, v_category_id, v_project_id,
          case when p_kind = 'expense' then p_id end, case when p_kind = 'income' then p_id end,
          (select auth.uid()), v_principal, v_interest, v_fine, v_discount, v_row_parts);
end;
$function$;

CREATE OR REPLACE FUNCTION private.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date, p_today date, p_counterparty_id uuid, p_counterparty_name text, p_project_id uuid, p_category_id uuid, p_payment_method text, p_notes text, p_interest numeric, p_fine numeric, p_discount numeric, p_stage_id uuid DEFAULT NULL::uuid, p_parts jsonb DEFAULT NULL::jsonb)
 RETURNS public.entries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_inserted uuid;
  v_result public.entries;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_id is null then
    raise exception using errcode = 'P0001', message = 'invalid_id';
  end if;
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  perform private.assert_text_length(btrim(p_description), 200, 'description');
  perform private.assert_text_length(btrim(p_counterparty_name), 200,
                                     case p_kind when 'expense' then 'supplier_name' else 'client_name' end);
  perform private.assert_text_length(btrim(p_notes), 2000, 'notes');
  if p_payment_method is not null and p_payment_method not in ('transfer', 'pix', 'card', 'cash') then
    raise exception using errcode = 'P0001', message = 'invalid_payment_method';
  end if;
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_due_date);
  -- A split entry's obra, etapa and categoria are its parts' (the parts themselves are checked by
  -- private.check_entry_parts on the insert below).
  if p_parts is not null and jsonb_typeof(p_parts) <> 'null'
     and (p_project_id is not null or p_stage_id is not null or p_category_id is not null) then
    raise exception using errcode = 'P0001', message = 'split_invalid';
  end if;
  -- A stage of this obra of this company (also when no obra is given: a stage needs its obra).
  if p_stage_id is not null and not exists (
    select 1 from public.project_stages s
    where s.id = p_stage_id and s.project_id = p_project_id and s.company_id = p_company_id
  ) then
    raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
  end if;

  -- Lock order (docs/contracts.md, "Lock order"): the account before the kept totals. The insert
  -- below moves the entry totals of its due month; settle_entry then wants the account. Taken
  -- after them, a Dar Baixa holding the account and wanting those totals closed a cycle (40P01,
  -- tests/db/contention.test.ts). Not checked here: settle_entry's lock_active_account says
  -- bank_account_not_found / bank_account_inactive as before.
  perform 1 from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id = p_company_id
  for no key update;

  if p_kind = 'expense' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, stage_id, category_id, bank_account_id, payment_method, notes, parts)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''), nullif(p_parts, 'null'::jsonb))
    on conflict do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, stage_id, category_id, bank_account_id, payment_method, notes, parts)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''), nullif(p_parts, 'null'::jsonb))
    on conflict do nothing
    returning id into v_inserted;
  end if;

  if v_inserted is not null then
    perform private.settle_entry(p_kind, p_id, p_bank_account_id, p_paid_on, null, p_interest, p_fine,
                                 p_discount, p_today);
  end if;

  -- Created now or by an earlier call with the same id (which waited for it to commit).
  select * into v_result from public.entries e
  where e.kind = p_kind and e.id = p_id and e.company_id in (select private.user_company_ids());
  if not found then
    -- The id belongs to a row the caller cannot see.
    raise exception using errcode = 'P0001', message = 'entry_id_conflict';
  end if;
  return v_result;
end;
$function$;

create or replace function private.import_insert(p_kind text, p_company_id uuid, p_batch_id uuid, p_data jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- Lock order (docs/contracts.md, "Lock order"): the accounts its paid rows go to (in id order,
  -- as settle_imported takes them again), before these inserts move the entry totals; after them, a
  -- Dar Baixa holding one of the accounts and wanting those totals closed a cycle (40P01,
  -- tests/db/contention.test.ts). Unknown or inactive accounts are settle_imported's to refuse.
  if p_kind in ('contas_pagar', 'contas_receber') then
    perform 1 from public.bank_accounts a
    where a.company_id = p_company_id
      and a.id in (select d.bank_account_id
                   from jsonb_to_recordset(p_data) as d(payment_date date, bank_account_id uuid)
                   where d.payment_date is not null)
    order by a.id
    for no key update;
  end if;
  if p_kind = 'contas_pagar' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, category_id, notes, import_batch_id)
    select e.id, p_company_id, e.description, e.party_id, e.party_name, e.amount, e.due_date, e.project_id,
           e.category_id, e.notes, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, description text, party_id uuid, party_name text,
                                          amount numeric, due_date date, project_id uuid, category_id uuid, notes text)
    order by e.line;
  elsif p_kind = 'contas_receber' then
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, category_id, notes, import_batch_id)
    select e.id, p_company_id, e.description, e.party_id, e.party_name, e.amount, e.due_date, e.project_id,
           e.category_id, e.notes, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, description text, party_id uuid, party_name text,
                                          amount numeric, due_date date, project_id uuid, category_id uuid, notes text)
    order by e.line;
  elsif p_kind = 'fornecedores' then
    -- As save_supplier: a CNPJ (14 characters) in suppliers.document, any other document (a CPF) and
    -- the contacts in its supplier_details.
    insert into public.suppliers (id, company_id, name, document, import_batch_id)
    select e.id, p_company_id, e.name, case when char_length(e.document) = 14 then e.document end, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, document text)
    order by e.line;
    insert into public.supplier_details (company_id, supplier_id, phone, email, address, notes, document)
    select p_company_id, e.id, e.phone, e.email, e.address, e.notes,
           case when char_length(e.document) <> 14 then e.document end
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, document text, phone text, email text, address text,
                                          notes text)
    order by e.line;
  elsif p_kind = 'clientes' then
    insert into public.clients (id, company_id, name, document, email, phone, address, notes, import_batch_id)
    select e.id, p_company_id, e.name, e.document, e.email, e.phone, e.address, e.notes, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, document text, email text, phone text,
                                          address text, notes text)
    order by e.line;
  elsif p_kind = 'categorias' then
    insert into public.categories (id, company_id, name, type, description, import_batch_id)
    select e.id, p_company_id, e.name, e.type, e.description, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, type text, description text)
    order by e.line;
  elsif p_kind = 'obras' then
    insert into public.projects (id, company_id, name, client_name, budget, start_date, end_date, status, address,
                                 description, import_batch_id)
    select e.id, p_company_id, e.name, e.client_name, e.budget, e.start_date, e.end_date, e.status, e.address,
           e.description, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, client_name text, budget numeric,
                                          start_date date, end_date date, status text, address text, description text)
    order by e.line;
  end if;
end;
$$;

create or replace function private.reopen_entry(p_kind text, p_id uuid, p_reopened_on date)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_paid numeric;
  v_row public.transactions;
begin
  perform private.assert_valid_date(p_reopened_on);
  if p_kind = 'expense' then
    select e.company_id, e.paid_amount into v_company_id, v_paid from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  else
    select e.company_id, e.paid_amount into v_company_id, v_paid from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_paid = 0 then
    raise exception using errcode = 'P0001', message = 'entry_not_settled';
  end if;
  -- Lock order (docs/contracts.md): its payments' accounts in id order before the first estorno
  -- (taken in the loop's order, by date, two reopens of entries paid from the same two accounts
  -- locked them in opposite orders: 40P01, tests/db/contention.test.ts), all before the entry's
  -- update below moves the kept totals.
  perform 1 from public.bank_accounts a
  where a.company_id = v_company_id
    and a.id in (select s.bank_account_id from public.standing_transactions s
                 where s.company_id = v_company_id
                   and case p_kind when 'expense' then s.payable_id else s.receivable_id end = p_id)
  order by a.id
  for no key update;
  for v_row in
    select t.* from public.transactions t
    where t.id in (select s.id from public.standing_transactions s
                   where s.company_id = v_company_id
                     and case p_kind when 'expense' then s.payable_id else s.receivable_id end = p_id)
    order by t.created_at
    for update
  loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reopened_on, current_date));
  end loop;
  if p_kind = 'expense' then
    update public.accounts_payable
    set status = 'pending', payment_date = null, paid_amount = 0, interest_amount = 0, fine_amount = 0,
        discount_amount = 0
    where id = p_id;
  else
    update public.accounts_receivable
    set status = 'pending', received_date = null, paid_amount = 0, interest_amount = 0, fine_amount = 0,
        discount_amount = 0
    where id = p_id;
  end if;
end;
$$;

CREATE OR REPLACE FUNCTION private.sync_paid_entry_to_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := case tg_table_name when 'accounts_payable' then 'expense' else 'income' end;
begin
  -- Lock order (docs/contracts.md): the accounts of the entry's payments in id order, before the
  -- update and restate below lock them row by row (in the rows' order: two edits of entries paid
  -- from the same two accounts could take them in opposite orders). A row trigger: it runs before
  -- the statement triggers that move the entry totals, as the order wants.
  perform 1 from public.bank_accounts a
  where a.company_id = new.company_id
    and a.id in (select t.bank_account_id from public.transactions t
                 where t.id in (select s.id from private.entry_standing_rows(new.company_id, v_kind, new.id) s))
  order by a.id
  for no key update;
  -- Not split: the entry's own obra and categoria. Split: the rows keep their parts here (the
  -- check on transactions wants no obra or categoria beside them) and are restated below.
  update public.transactions t
  set category_id = new.category_id, project_id = new.project_id,
      parts = case when new.parts is null then null else t.parts end,
      description = left(new.description, 250)
  where t.id in (select s.id from private.entry_standing_rows(new.company_id, v_kind, new.id) s)
    and (t.category_id is distinct from new.category_id or t.project_id is distinct from new.project_id
         or (new.parts is null and t.parts is not null)
         or t.description is distinct from left(new.description, 250));
  if new.parts is not null then
    perform private.restate_ledger_parts(v_kind, new.id);
  end if;
  return null;
end;
$function$;

create or replace function private.undo_import_batch(p_batch_id uuid, p_created_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.import_batches;
  v_payables uuid[];
  v_receivables uuid[];
  v_suppliers uuid[];
  v_clients uuid[];
  v_categories uuid[];
  v_projects uuid[];
begin
  select * into v_batch from public.import_batches b
  where b.id = p_batch_id and b.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'import_batch_not_found';
  end if;
  perform private.assert_role(v_batch.company_id, array['admin', 'financeiro']);
  if v_batch.undone_at is not null then
    raise exception using errcode = 'P0001', message = 'import_batch_undone';
  end if;
  -- The version the screen showed.
  if p_created_at is null or p_created_at <> v_batch.created_at then
    raise exception using errcode = 'P0001', message = 'import_batch_changed';
  end if;

  -- Its rows, locked as Dar Baixa locks an entry (no payment slips in between).
  select coalesce(array_agg(e.id), '{}') into v_payables from (
    select e.id from public.accounts_payable e
    where e.company_id = v_batch.company_id and e.import_batch_id = v_batch.id for update) e;
  select coalesce(array_agg(e.id), '{}') into v_receivables from (
    select e.id from public.accounts_receivable e
    where e.company_id = v_batch.company_id and e.import_batch_id = v_batch.id for update) e;
  select coalesce(array_agg(s.id), '{}') into v_suppliers from (
    select s.id from public.suppliers s
    where s.company_id = v_batch.company_id and s.import_batch_id = v_batch.id for update) s;
  select coalesce(array_agg(c.id), '{}') into v_clients from (
    select c.id from public.clients c
    where c.company_id = v_batch.company_id and c.import_batch_id = v_batch.id for update) c;
  select coalesce(array_agg(c.id), '{}') into v_categories from (
    select c.id from public.categories c
    where c.company_id = v_batch.company_id and c.import_batch_id = v_batch.id for update) c;
  select coalesce(array_agg(p.id), '{}') into v_projects from (
    select p.id from public.projects p
    where p.company_id = v_batch.company_id and p.import_batch_id = v_batch.id for update) p;

  -- Changed since: every row the import wrote carries its transaction's time (created_at,
  -- updated_at, the payment's created_at); an edit, an approval, a payment, an estorno, a
  -- document or a conciliação after it is a change the user did not see.
  if exists (select 1 from public.accounts_payable e
             where e.id = any (v_payables) and e.updated_at <> v_batch.created_at)
     or exists (select 1 from public.accounts_receivable e
                where e.id = any (v_receivables) and e.updated_at <> v_batch.created_at)
     or exists (select 1 from public.documents d
                where d.company_id = v_batch.company_id
                  and (d.payable_id = any (v_payables) or d.receivable_id = any (v_receivables)))
     or exists (select 1 from public.transactions t
                where t.company_id = v_batch.company_id
                  and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables))
                  and (t.created_at <> v_batch.created_at or t.reversal_of is not null
                       or exists (select 1 from public.transactions r where r.reversal_of = t.id)
                       or exists (select 1 from public.bank_statement_lines l where l.matched_transaction_id = t.id)))
     or exists (select 1 from public.suppliers s where s.id = any (v_suppliers) and s.updated_at <> v_batch.created_at)
     or exists (select 1 from public.clients c where c.id = any (v_clients) and c.updated_at <> v_batch.created_at)
     or exists (select 1 from public.categories c where c.id = any (v_categories) and c.updated_at <> v_batch.created_at)
     or exists (select 1 from public.projects p where p.id = any (v_projects) and p.updated_at <> v_batch.created_at)
  then
    raise exception using errcode = 'P0001', message = 'import_batch_changed';
  end if;

  -- A register it created that something outside the batch now uses.
  if exists (select 1 from public.accounts_payable e
             where e.company_id = v_batch.company_id and e.import_batch_id is distinct from v_batch.id
               and (e.supplier_id = any (v_suppliers) or e.project_id = any (v_projects)
                    or e.category_id = any (v_categories) or e.part_project_ids && v_projects
                    or e.part_category_ids && v_categories))
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_batch.company_id and e.import_batch_id is distinct from v_batch.id
                  and (e.client_id = any (v_clients) or e.project_id = any (v_projects)
                       or e.category_id = any (v_categories) or e.part_project_ids && v_projects
                       or e.part_category_ids && v_categories))
     or exists (select 1 from public.supplier_orders o
                where o.company_id = v_batch.company_id
                  and (o.supplier_id = any (v_suppliers) or o.project_id = any (v_projects)))
     or exists (select 1 from public.supplier_products p
                where p.company_id = v_batch.company_id and p.supplier_id = any (v_suppliers))
     or exists (select 1 from public.project_stages s
                where s.company_id = v_batch.company_id and s.project_id = any (v_projects))
     or exists (select 1 from public.project_team_members m
                where m.company_id = v_batch.company_id and m.project_id = any (v_projects))
     or exists (select 1 from public.project_access a where a.project_id = any (v_projects))
     or exists (select 1 from public.documents d
                where d.company_id = v_batch.company_id and d.project_id = any (v_projects))
  then
    raise exception using errcode = 'P0001', message = 'import_batch_in_use';
  end if;

  -- Lock order (docs/contracts.md): the accounts of the batch's payments in id order, before the
  -- entries' updates below move the kept totals and the deletes move the balances (taken by the
  -- deletes, after the totals and row by row, a Dar Baixa holding one of them closed a cycle: 40P01,
  -- tests/db/contention.test.ts).
  perform 1 from public.bank_accounts a
  where a.company_id = v_batch.company_id
    and a.id in (select t.bank_account_id from public.transactions t
                 where t.company_id = v_batch.company_id
                   and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables)))
  order by a.id
  for no key update;

  begin
    -- Paid rows back to open (as an estorno leaves them), their import-time ledger rows removed
    -- (the account's balance and the kept totals follow through the ledger's own triggers), then
    -- the rows, then the registers.
    update public.accounts_payable
    set paid_amount = 0, interest_amount = 0, fine_amount = 0, discount_amount = 0, status = 'pending',
        payment_date = null
    where id = any (v_payables) and paid_amount > 0;
    update public.accounts_receivable
    set paid_amount = 0, interest_amount = 0, fine_amount = 0, discount_amount = 0, status = 'pending',
        received_date = null
    where id = any (v_receivables) and paid_amount > 0;
    delete from public.transactions t
    where t.company_id = v_batch.company_id
      and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables));
    delete from public.accounts_payable where id = any (v_payables);
    delete from public.accounts_receivable where id = any (v_receivables);
    delete from public.suppliers where id = any (v_suppliers);
    delete from public.clients where id = any (v_clients);
    delete from public.categories where id = any (v_categories);
    delete from public.projects where id = any (v_projects);
  exception when foreign_key_violation then
    raise exception using errcode = 'P0001', message = 'import_batch_in_use';
  end;

  update public.import_batches
  set undone_at = now(), undone_by = (select auth.uid())
  where id = v_batch.id;
end;
$$;

create or replace function private.import_nfe(p_company_id uuid, p_key text, p_number text, p_series text, p_issued_on date, p_total numeric, p_supplier jsonb, p_installments jsonb, p_project_id uuid, p_category_id uuid, p_products jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_document text;
  v_masked text;
  v_name text;
  v_address text;
  v_phone text;
  v_supplier uuid;
  v_supplier_created boolean := false;
  v_count integer;
  v_ids uuid[] := '{}';
  v_id uuid;
  v_series uuid;
  v_description text;
  v_item jsonb;
  v_n integer := 0;
  v_products integer := 0;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_key is null or p_key !~ '^[0-9]{44}$' then
    raise exception using errcode = 'P0001', message = 'invalid_nfe_key';
  end if;
  if p_number is null or p_number !~ '^[0-9]{1,9}$' or (p_series is not null and p_series !~ '^[0-9]{1,3}$') then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  perform private.assert_valid_date(p_issued_on);
  perform private.assert_valid_amount(p_total);
  if p_installments is null or jsonb_typeof(p_installments) <> 'array'
     or (p_products is not null and jsonb_typeof(p_products) <> 'array') then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  v_count := jsonb_array_length(p_installments);
  if v_count > 360 then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;

  v_document := upper(regexp_replace(coalesce(p_supplier->>'document', ''), '[^0-9A-Za-z]', '', 'g'));
  if not private.valid_br_document(v_document) then
    raise exception using errcode = 'P0001', message = 'invalid_document';
  end if;
  v_name := btrim(coalesce(p_supplier->>'name', ''));
  if v_name = '' then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  v_address := nullif(btrim(coalesce(p_supplier->>'address', '')), '');
  v_phone := nullif(btrim(coalesce(p_supplier->>'phone', '')), '');
  perform private.assert_text_length(v_name, 200, 'name');
  perform private.assert_text_length(v_address, 300, 'address');
  perform private.assert_text_length(v_phone, 30, 'phone');

  -- Two imports of the same chave at once: the second waits here and then finds the first.
  perform pg_advisory_xact_lock(hashtextextended('nfe:' || p_company_id::text || ':' || p_key, 0));
  if exists (select 1 from public.accounts_payable p where p.company_id = p_company_id and p.nfe_key = p_key) then
    raise exception using errcode = 'P0001', message = 'nfe_already_imported';
  end if;

  -- A CNPJ is on the supplier, a CPF on its details (20261130030100).
  select s.id into v_supplier
  from public.suppliers s
  left join public.supplier_details d on d.company_id = s.company_id and d.supplier_id = s.id
  where s.company_id = p_company_id
    and upper(regexp_replace(coalesce(s.document, d.document, ''), '[^0-9A-Za-z]', '', 'g')) = v_document
  order by s.is_active desc, s.created_at
  limit 1;
  if v_supplier is null then
    v_masked := case char_length(v_document)
      when 14 then substr(v_document, 1, 2) || '.' || substr(v_document, 3, 3) || '.' || substr(v_document, 6, 3)
                   || '/' || substr(v_document, 9, 4) || '-' || substr(v_document, 13, 2)
      else substr(v_document, 1, 3) || '.' || substr(v_document, 4, 3) || '.' || substr(v_document, 7, 3)
           || '-' || substr(v_document, 10, 2)
    end;
    insert into public.suppliers (company_id, name, document)
    values (p_company_id, v_name, case when char_length(v_document) = 14 then v_masked end)
    returning id into v_supplier;
    if v_address is not null or v_phone is not null or char_length(v_document) <> 14 then
      insert into public.supplier_details (company_id, supplier_id, address, phone, document)
      values (p_company_id, v_supplier, v_address, v_phone,
              case when char_length(v_document) <> 14 then v_masked end);
    end if;
    v_supplier_created := true;
  end if;

  v_description := left('NF-e ' || p_number || ' - ' || v_name, 200);
  -- Rateio (issue 33): a duplicata may carry its parts ({due_date, amount, parts}); its payable is
  -- then split (project_id, category_id null; private.check_entry_parts checks the parts against
  -- the amount, the company's obras, stages and categories, with its own keys).
  if v_count = 0 then
    insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                         category_id, nfe_key)
    values (p_company_id, v_description, v_supplier, p_total, p_issued_on, p_project_id, p_category_id, p_key)
    returning id into v_id;
    v_ids := array[v_id];
  else
    v_series := case when v_count > 1 then gen_random_uuid() end;
    -- Lock order (docs/contracts.md): the duplicatas inserted by due date (each insert moves the
    -- kept totals of its month; two NF-es with their months in opposite orders deadlocked, 40P01,
    -- tests/db/contention.test.ts), numbered and answered in the NF-e's order as before.
    for v_item, v_n in
      select e.value, e.ordinality::integer from jsonb_array_elements(p_installments) with ordinality e
      order by e.value->>'due_date', e.ordinality
    loop
      perform private.assert_valid_amount((v_item->>'amount')::numeric);
      perform private.assert_valid_date((v_item->>'due_date')::date);
      if jsonb_typeof(v_item->'parts') not in ('array', 'null') then
        raise exception using errcode = 'P0001', message = 'split_invalid';
      end if;
      insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                           category_id, nfe_key, series_id, series_kind, installment_number,
                                           installment_count, parts)
      values (p_company_id,
              -- Lançar's installments say "(1/3)" (src/features/entries/lib/entry-rows.ts): so do these.
              case when v_count > 1
                   then left(v_description, 200 - char_length(' (' || v_n || '/' || v_count || ')'))
                        || ' (' || v_n || '/' || v_count || ')'
                   else v_description end,
              v_supplier, (v_item->>'amount')::numeric, (v_item->>'due_date')::date,
              case when v_item->'parts' is null or jsonb_typeof(v_item->'parts') = 'null' then p_project_id end,
              case when v_item->'parts' is null or jsonb_typeof(v_item->'parts') = 'null' then p_category_id end,
              p_key, v_series,
              case when v_count > 1 then 'installment' end,
              case when v_count > 1 then v_n end,
              case when v_count > 1 then v_count end,
              case when jsonb_typeof(v_item->'parts') = 'array' then v_item->'parts' end)
      returning id into v_id;
      v_ids[v_n] := v_id;
    end loop;
  end if;

  for v_item in select value from jsonb_array_elements(coalesce(p_products, '[]'::jsonb)) loop
    perform private.assert_valid_amount((v_item->>'price')::numeric);
    insert into public.supplier_products (company_id, supplier_id, name, price, unit)
    values (p_company_id, v_supplier, left(btrim(v_item->>'name'), 200), (v_item->>'price')::numeric,
            coalesce(v_item->>'unit', 'unidade'));
    v_products := v_products + 1;
  end loop;

  return jsonb_build_object('supplier_id', v_supplier, 'supplier_created', v_supplier_created,
                            'entry_ids', to_jsonb(v_ids), 'products', v_products);
exception
  when unique_violation then
    -- Only the NF-e's own key can collide here (the lock above orders imports of one chave).
    raise exception using errcode = 'P0001', message = 'nfe_already_imported';
end;
$function$;
