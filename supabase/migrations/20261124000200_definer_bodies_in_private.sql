-- No SECURITY DEFINER function is reachable through the API (issue 8, point 2; Supabase lints 0028
-- and 0029). The functions that must write what callers may not (a company with its first admin
-- membership; settlement, estorno and transfers, which write status columns and the ledger) keep
-- their bodies as security definer in `private`, which PostgREST does not expose. `public` keeps a
-- SECURITY INVOKER wrapper with the same name, arguments and result, so the front end is unchanged.
-- Each body now also validates its dates (invalid_date) and amounts (invalid_amount) through the
-- helpers of 20261124000100.
-- accept_invitation and my_pending_invitations are replaced by the invitation work (issue 8, point 1).

-- ---------------------------------------------------------------------------------------------
-- create_company
-- ---------------------------------------------------------------------------------------------

-- security definer: a company and its first (admin) membership are created together, and nobody
-- may insert companies or memberships directly.
create or replace function private.create_company(
  p_name text,
  p_full_name text,
  p_document text,
  p_email text,
  p_phone text,
  p_address text,
  p_city text,
  p_state text,
  p_zip_code text
)
returns public.companies
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text;
  v_company public.companies;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select u.email into v_email from auth.users u where u.id = v_uid;
  if v_email is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;

  insert into public.companies (name, document, email, phone, address, city, state, zip_code, created_by)
  values (
    btrim(p_name), nullif(btrim(p_document), ''), nullif(btrim(p_email), ''), nullif(btrim(p_phone), ''),
    nullif(btrim(p_address), ''), nullif(btrim(p_city), ''), nullif(btrim(p_state), ''),
    nullif(btrim(p_zip_code), ''), v_uid
  )
  returning * into v_company;

  insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
  values (v_uid, v_company.id, v_email, btrim(p_full_name), 'admin', true);

  return v_company;
end;
$$;

create or replace function public.create_company(
  p_name text,
  p_full_name text,
  p_document text default null,
  p_email text default null,
  p_phone text default null,
  p_address text default null,
  p_city text default null,
  p_state text default null,
  p_zip_code text default null
)
returns public.companies
language sql
security invoker
set search_path = ''
as $$
  select * from private.create_company(p_name, p_full_name, p_document, p_email, p_phone, p_address,
                                       p_city, p_state, p_zip_code)
$$;
comment on function public.create_company is
  'Creates a company and makes the caller its admin, in one transaction (body: private.create_company). '
  'Raises not_authenticated.';

-- ---------------------------------------------------------------------------------------------
-- Settlement and estorno. security definer: callers have no write access to status, settlement
-- dates or the ledger; each body finds the entry among the caller's companies before touching it.
-- ---------------------------------------------------------------------------------------------

create or replace function private.settle_payable(p_payable_id uuid, p_bank_account_id uuid, p_paid_on date)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
begin
  perform private.assert_valid_date(p_paid_on);
  select * into v_entry from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  perform private.lock_active_account(v_entry.company_id, p_bank_account_id);

  update public.accounts_payable
  set status = 'paid', payment_date = coalesce(p_paid_on, current_date), bank_account_id = p_bank_account_id
  where id = v_entry.id
  returning * into v_entry;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, created_by)
  values (v_entry.company_id, 'expense', 'out', v_entry.description, v_entry.amount, v_entry.payment_date,
          p_bank_account_id, v_entry.category_id, v_entry.project_id, v_entry.id, (select auth.uid()));
  return v_entry;
end;
$$;

create or replace function public.settle_payable(p_payable_id uuid, p_bank_account_id uuid, p_paid_on date)
returns public.accounts_payable
language sql
security invoker
set search_path = ''
as $$
  select * from private.settle_payable(p_payable_id, p_bank_account_id, p_paid_on)
$$;
comment on function public.settle_payable(uuid, uuid, date) is
  'Dar Baixa of a payable into an active account on p_paid_on (null = today), writing its ledger row '
  '(body: private.settle_payable). Raises invalid_date, entry_not_found, entry_already_settled, '
  'bank_account_not_found, bank_account_inactive.';

create or replace function private.settle_receivable(p_receivable_id uuid, p_bank_account_id uuid, p_received_on date)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
begin
  perform private.assert_valid_date(p_received_on);
  select * into v_entry from public.accounts_receivable e
  where e.id = p_receivable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  perform private.lock_active_account(v_entry.company_id, p_bank_account_id);

  update public.accounts_receivable
  set status = 'paid', received_date = coalesce(p_received_on, current_date), bank_account_id = p_bank_account_id
  where id = v_entry.id
  returning * into v_entry;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, receivable_id, created_by)
  values (v_entry.company_id, 'income', 'in', v_entry.description, v_entry.amount, v_entry.received_date,
          p_bank_account_id, v_entry.category_id, v_entry.project_id, v_entry.id, (select auth.uid()));
  return v_entry;
end;
$$;

create or replace function public.settle_receivable(p_receivable_id uuid, p_bank_account_id uuid, p_received_on date)
returns public.accounts_receivable
language sql
security invoker
set search_path = ''
as $$
  select * from private.settle_receivable(p_receivable_id, p_bank_account_id, p_received_on)
$$;
comment on function public.settle_receivable(uuid, uuid, date) is
  'Dar Baixa of a receivable into an active account on p_received_on (null = today), writing its '
  'ledger row (body: private.settle_receivable). Raises invalid_date, entry_not_found, '
  'entry_already_settled, bank_account_not_found, bank_account_inactive.';

create or replace function private.reopen_payable(p_payable_id uuid, p_reopened_on date)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
  v_row public.transactions;
begin
  perform private.assert_valid_date(p_reopened_on);
  select * into v_entry from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status <> 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_not_settled';
  end if;
  for v_row in
    select * from public.transactions t
    where t.company_id = v_entry.company_id and t.payable_id = v_entry.id and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
  loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reopened_on, current_date));
  end loop;
  update public.accounts_payable set status = 'pending', payment_date = null
  where id = v_entry.id
  returning * into v_entry;
  return v_entry;
end;
$$;

create or replace function public.reopen_payable(p_payable_id uuid, p_reopened_on date default null)
returns public.accounts_payable
language sql
security invoker
set search_path = ''
as $$
  select * from private.reopen_payable(p_payable_id, p_reopened_on)
$$;
comment on function public.reopen_payable(uuid, date) is
  'Estorno of a settled payable: a reversing ledger row dated p_reopened_on (null = today), status '
  'pending again (body: private.reopen_payable). Raises invalid_date, entry_not_found, entry_not_settled.';

create or replace function private.reopen_receivable(p_receivable_id uuid, p_reopened_on date)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
  v_row public.transactions;
begin
  perform private.assert_valid_date(p_reopened_on);
  select * into v_entry from public.accounts_receivable e
  where e.id = p_receivable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status <> 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_not_settled';
  end if;
  for v_row in
    select * from public.transactions t
    where t.company_id = v_entry.company_id and t.receivable_id = v_entry.id and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
  loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reopened_on, current_date));
  end loop;
  update public.accounts_receivable set status = 'pending', received_date = null
  where id = v_entry.id
  returning * into v_entry;
  return v_entry;
end;
$$;

create or replace function public.reopen_receivable(p_receivable_id uuid, p_reopened_on date default null)
returns public.accounts_receivable
language sql
security invoker
set search_path = ''
as $$
  select * from private.reopen_receivable(p_receivable_id, p_reopened_on)
$$;
comment on function public.reopen_receivable(uuid, date) is
  'Estorno of a settled receivable: a reversing ledger row dated p_reopened_on (null = today), status '
  'pending again (body: private.reopen_receivable). Raises invalid_date, entry_not_found, entry_not_settled.';

-- ---------------------------------------------------------------------------------------------
-- Transfer: two ledger rows in one transaction; both balances move or neither does.
-- ---------------------------------------------------------------------------------------------

create or replace function private.transfer_between_accounts(
  p_from_account_id uuid,
  p_to_account_id uuid,
  p_amount numeric,
  p_transfer_date date,
  p_description text
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_group uuid := gen_random_uuid();
  v_from public.bank_accounts;
  v_to public.bank_accounts;
  v_description text;
begin
  if p_from_account_id = p_to_account_id then
    raise exception using errcode = 'P0001', message = 'same_account';
  end if;
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_transfer_date);
  select a.company_id into v_company_id from public.bank_accounts a
  where a.id = p_from_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  -- Lock both accounts in a fixed order so two opposite transfers cannot deadlock.
  if p_from_account_id < p_to_account_id then
    v_from := private.lock_active_account(v_company_id, p_from_account_id);
    v_to := private.lock_active_account(v_company_id, p_to_account_id);
  else
    v_to := private.lock_active_account(v_company_id, p_to_account_id);
    v_from := private.lock_active_account(v_company_id, p_from_account_id);
  end if;
  v_description := coalesce(nullif(btrim(p_description), ''), 'Transferência ' || v_from.name || ' → ' || v_to.name);

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, transfer_group_id, created_by)
  values
    (v_company_id, 'transfer', 'out', v_description, p_amount, coalesce(p_transfer_date, current_date),
     p_from_account_id, v_group, (select auth.uid())),
    (v_company_id, 'transfer', 'in', v_description, p_amount, coalesce(p_transfer_date, current_date),
     p_to_account_id, v_group, (select auth.uid()));
  return v_group;
end;
$$;

create or replace function public.transfer_between_accounts(
  p_from_account_id uuid,
  p_to_account_id uuid,
  p_amount numeric,
  p_transfer_date date,
  p_description text default null
)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select private.transfer_between_accounts(p_from_account_id, p_to_account_id, p_amount, p_transfer_date,
                                           p_description)
$$;
comment on function public.transfer_between_accounts(uuid, uuid, numeric, date, text) is
  'Moves p_amount between two active accounts of one company on p_transfer_date (null = today) as two '
  'ledger rows sharing the returned transfer group (body: private.transfer_between_accounts). Raises '
  'same_account, invalid_amount, invalid_date, bank_account_not_found, bank_account_inactive.';

-- ---------------------------------------------------------------------------------------------
-- Grants (20261124000900 resets every grant again; these keep this file correct on its own)
-- ---------------------------------------------------------------------------------------------

revoke all on function private.create_company(text, text, text, text, text, text, text, text, text) from public, anon, authenticated;
revoke all on function private.settle_payable(uuid, uuid, date) from public, anon, authenticated;
revoke all on function private.settle_receivable(uuid, uuid, date) from public, anon, authenticated;
revoke all on function private.reopen_payable(uuid, date) from public, anon, authenticated;
revoke all on function private.reopen_receivable(uuid, date) from public, anon, authenticated;
revoke all on function private.transfer_between_accounts(uuid, uuid, numeric, date, text) from public, anon, authenticated;
-- The invoker wrappers run as the caller, who therefore needs the private bodies too.
grant execute on function private.create_company(text, text, text, text, text, text, text, text, text) to authenticated;
grant execute on function private.settle_payable(uuid, uuid, date) to authenticated;
grant execute on function private.settle_receivable(uuid, uuid, date) to authenticated;
grant execute on function private.reopen_payable(uuid, date) to authenticated;
grant execute on function private.reopen_receivable(uuid, date) to authenticated;
grant execute on function private.transfer_between_accounts(uuid, uuid, numeric, date, text) to authenticated;
