-- Removing a bank account (DESIGN §2: the spec's "Remove" only toasted). An account nobody has
-- used yet is really deleted; one with history (ledger rows, or payables/receivables pointing at
-- it) is archived (is_active = false) so that its history and the balances stay consistent.
--
-- security invoker: the caller's RLS decides which accounts exist for them (another company's
-- account is simply "not found"), and the grants decide what they may do (members may delete an
-- account and update is_active).
create or replace function public.remove_bank_account(p_bank_account_id uuid)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_account public.bank_accounts;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;

  -- The row lock makes a concurrent settlement or transfer on this account wait (they lock it
  -- too, and a new ledger row or entry pointing at it needs a key-share lock), so the history
  -- check below cannot go stale before the delete.
  select * into v_account from public.bank_accounts a
  where a.id = p_bank_account_id
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  if exists (select 1 from public.transactions t
             where t.company_id = v_account.company_id and t.bank_account_id = v_account.id)
     or exists (select 1 from public.accounts_payable p
                where p.company_id = v_account.company_id and p.bank_account_id = v_account.id)
     or exists (select 1 from public.accounts_receivable r
                where r.company_id = v_account.company_id and r.bank_account_id = v_account.id) then
    update public.bank_accounts set is_active = false where id = v_account.id;
    return 'archived';
  end if;

  begin
    delete from public.bank_accounts where id = v_account.id;
  exception when foreign_key_violation then
    -- Something we cannot see (a row hidden from the caller) still points at it: keep it.
    update public.bank_accounts set is_active = false where id = v_account.id;
    return 'archived';
  end;
  return 'deleted';
end;
$$;
comment on function public.remove_bank_account(uuid) is
  'Deletes a bank account without history and returns ''deleted''; archives (is_active = false) one '
  'with ledger rows or entries pointing at it and returns ''archived''. Errors: not_authenticated, '
  'bank_account_not_found (also for another company''s account).';

revoke all on function public.remove_bank_account(uuid) from public, anon;
grant execute on function public.remove_bank_account(uuid) to authenticated;
