-- Dar Baixa locked the bank account FOR UPDATE. Inserting a row that points at the account (an entry
-- with bank_account_id, a ledger row) takes FOR KEY SHARE on it through the foreign key, and FOR
-- UPDATE waits for every KEY SHARE: two create_and_settle_entry calls on one account (each inserts
-- its entry, then locks the account to settle) waited for each other and Postgres killed one (40P01,
-- deadlock). FOR NO KEY UPDATE still serialises the balance changes (it conflicts with itself and
-- with the trigger's UPDATE of current_balance) but not with the foreign keys' KEY SHARE.
create or replace function private.lock_active_account(p_company_id uuid, p_bank_account_id uuid)
returns public.bank_accounts
language plpgsql
set search_path = ''
as $$
declare
  v_account public.bank_accounts;
begin
  select * into v_account from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id = p_company_id
  for no key update;
  if not found then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  if not v_account.is_active then
    raise exception using errcode = 'P0001', message = 'bank_account_inactive';
  end if;
  return v_account;
end;
$$;
