// Bank accounts: remove (delete vs archive), transfer atomicity, and what another company can do,
// through the API as real users.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, checkViolation, createMember, noExecute } from './helpers';
import { createBankAccount, currentBalance, ledgerCount, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Contas');
  outsider = await createMember('Construtora Alheia');
});
afterAll(async () => {
  await db.end();
});

async function row(accountId: string) {
  const { rows } = await db.query<{ current_balance: string; is_active: boolean }>(
    'select current_balance, is_active from public.bank_accounts where id = $1',
    [accountId],
  );
  return rows[0];
}

describe('remove_bank_account', () => {
  it('really deletes an account without history', async () => {
    const acc = await createBankAccount(owner, 50);
    const { data, error } = await owner.client.rpc('remove_bank_account', {
      p_bank_account_id: acc.id,
    });
    expect(error).toBeNull();
    expect(data).toBe('deleted');
    expect(await row(acc.id)).toBeUndefined();
  });

  it('archives an account with ledger rows, keeping its balance and history', async () => {
    const acc = await createBankAccount(owner, 1000);
    const other = await createBankAccount(owner, 0);
    const transfer = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: acc.id,
      p_to_account_id: other.id,
      p_amount: 100,
      p_transfer_date: '2026-11-22',
    });
    expect(transfer.error).toBeNull();

    const { data, error } = await owner.client.rpc('remove_bank_account', {
      p_bank_account_id: acc.id,
    });
    expect(error).toBeNull();
    expect(data).toBe('archived');
    expect(await row(acc.id)).toEqual({ current_balance: '900.00', is_active: false });
    expect(await ledgerCount(db, acc.id)).toBe(1);

    // Removing an archived account again keeps archiving it: its history does not go away.
    const again = await owner.client.rpc('remove_bank_account', { p_bank_account_id: acc.id });
    expect(again.data).toBe('archived');
    expect(await row(acc.id)).toBeDefined();
  });

  it('archives an account that a pending entry points at, without a ledger row', async () => {
    const acc = await createBankAccount(owner, 0);
    const entry = await owner.client
      .from('accounts_payable')
      .insert({
        company_id: owner.company.id,
        description: 'Cimento',
        amount: 10,
        due_date: '2026-11-30',
        bank_account_id: acc.id,
      })
      .select()
      .single();
    expect(entry.error).toBeNull();
    expect(await ledgerCount(db, acc.id)).toBe(0);

    const { data } = await owner.client.rpc('remove_bank_account', { p_bank_account_id: acc.id });
    expect(data).toBe('archived');
    expect((await row(acc.id))?.is_active).toBe(false);
  });

  it('another company cannot remove (nor archive) the account', async () => {
    const acc = await createBankAccount(owner, 10);
    const { data, error } = await outsider.client.rpc('remove_bank_account', {
      p_bank_account_id: acc.id,
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('bank_account_not_found');
    expect(await row(acc.id)).toEqual({ current_balance: '10.00', is_active: true });
  });

  it('anonymous callers cannot call it', async () => {
    const acc = await createBankAccount(owner, 10);
    const { error } = await anonClient().rpc('remove_bank_account', { p_bank_account_id: acc.id });
    expect(error).toMatchObject(noExecute('remove_bank_account'));
    expect(await row(acc.id)).toEqual({ current_balance: '10.00', is_active: true });
  });

  it('an unknown id is not found', async () => {
    const { error } = await owner.client.rpc('remove_bank_account', {
      p_bank_account_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(error?.message).toBe('bank_account_not_found');
  });
});

describe('editing an account', () => {
  it('moves the current balance by the change of the initial balance, and the colour must be a token', async () => {
    const acc = await createBankAccount(owner, 100);
    const other = await createBankAccount(owner, 0);
    await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: acc.id,
      p_to_account_id: other.id,
      p_amount: 40,
      p_transfer_date: '2026-11-22',
    });
    const ok = await owner.client
      .from('bank_accounts')
      .update({ initial_balance: -20, name: 'Cartão Empresa', type: 'credit_card' })
      .eq('id', acc.id);
    expect(ok.error).toBeNull();
    expect(await currentBalance(db, acc.id)).toBe(-60);

    const bad = await owner.client
      .from('bank_accounts')
      .update({ color: '#ff0000' })
      .eq('id', acc.id);
    expect(bad.error).toMatchObject(checkViolation('bank_accounts_color_check'));
  });

  it('another company cannot edit the account', async () => {
    const acc = await createBankAccount(owner, 10);
    const { data } = await outsider.client
      .from('bank_accounts')
      .update({ name: 'Invadida', initial_balance: 0 })
      .eq('id', acc.id)
      .select();
    expect(data).toEqual([]);
    expect(await row(acc.id)).toEqual({ current_balance: '10.00', is_active: true });
  });
});

describe('transfer_between_accounts atomicity', () => {
  it('a failing second leg (the destination balance overflows) leaves both balances unchanged', async () => {
    // The out leg is written first and succeeds; the in leg then overflows numeric(14,2) on the
    // destination's balance. Both must be rolled back together.
    const from = await createBankAccount(owner, 500);
    const full = await createBankAccount(owner, 999999999999.99);
    const { error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: full.id,
      p_amount: 1,
      p_transfer_date: '2026-11-22',
    });
    expect(error?.code).toBe('22003'); // numeric field overflow, on the in leg
    expect(await currentBalance(db, from.id)).toBe(500);
    expect(await currentBalance(db, full.id)).toBe(999999999999.99);
    expect(await ledgerCount(db, from.id)).toBe(0);
    expect(await ledgerCount(db, full.id)).toBe(0);
  });

  it('a transfer into an archived account fails and moves nothing', async () => {
    const from = await createBankAccount(owner, 500);
    const to = await createBankAccount(owner, 0);
    // Give `to` a history, then archive it through the remove function.
    await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 5,
      p_transfer_date: '2026-11-22',
    });
    expect((await owner.client.rpc('remove_bank_account', { p_bank_account_id: to.id })).data).toBe(
      'archived',
    );

    const { error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(error?.message).toBe('bank_account_inactive');
    expect(await currentBalance(db, from.id)).toBe(495);
    expect(await currentBalance(db, to.id)).toBe(5);
  });

  it("another company cannot move money out of the owner's account", async () => {
    const victim = await createBankAccount(owner, 1000);
    const mine = await createBankAccount(outsider, 0);
    const { error } = await outsider.client.rpc('transfer_between_accounts', {
      p_from_account_id: victim.id,
      p_to_account_id: mine.id,
      p_amount: 1000,
      p_transfer_date: '2026-11-22',
    });
    expect(error?.message).toBe('bank_account_not_found');
    expect(await currentBalance(db, victim.id)).toBe(1000);
    expect(await currentBalance(db, mine.id)).toBe(0);
  });
});
