// Settlement, estorno, transfers and the ledger invariant, through the API as real users.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember, noPrivilege } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  currentBalance,
  ledgerBalance,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Settle');
  outsider = await createMember('Construtora Vizinha');
});
afterAll(async () => {
  await db.end();
});

async function ledgerRows(column: 'payable_id' | 'receivable_id', id: string) {
  const { rows } = await db.query(
    `select * from public.transactions where ${column} = $1 order by created_at`,
    [id],
  );
  return rows;
}

describe('settle_payable', () => {
  it('moves the balance down by the amount, writes one ledger row, sets date and account', async () => {
    const acc = await createBankAccount(owner, 1000);
    const entry = await createPayable(owner, 150.25);
    const { data, error } = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'paid',
      payment_date: '2026-11-22',
      bank_account_id: acc.id,
    });
    expect(await currentBalance(db, acc.id)).toBe(849.75);
    const rows = await ledgerRows('payable_id', entry.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'expense',
      direction: 'out',
      amount: '150.25',
      bank_account_id: acc.id,
    });
  });

  it('refuses to settle twice', async () => {
    const acc = await createBankAccount(owner, 500);
    const entry = await createPayable(owner, 100);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    const again = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    expect(again.error?.message).toBe('entry_already_settled');
    expect(await currentBalance(db, acc.id)).toBe(400);
  });

  it("refuses another company's account and an inactive account", async () => {
    const foreign = await createBankAccount(outsider, 100);
    const inactive = await createBankAccount(owner, 100, { is_active: false });
    const entry = await createPayable(owner, 10);
    const a = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: foreign.id,
      p_paid_on: '2026-11-22',
    });
    expect(a.error?.message).toBe('bank_account_not_found');
    const b = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: inactive.id,
      p_paid_on: '2026-11-22',
    });
    expect(b.error?.message).toBe('bank_account_inactive');
    expect(await currentBalance(db, foreign.id)).toBe(100);
    expect(await currentBalance(db, inactive.id)).toBe(100);
    expect(await ledgerRows('payable_id', entry.id)).toHaveLength(0);
  });

  it('does not let another company settle the entry', async () => {
    const foreign = await createBankAccount(outsider, 100);
    const entry = await createPayable(owner, 10);
    const { error } = await outsider.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: foreign.id,
      p_paid_on: '2026-11-22',
    });
    expect(error?.message).toBe('entry_not_found');
  });

  it('reopening (estorno) restores the balance and keeps both ledger rows', async () => {
    const acc = await createBankAccount(owner, 300);
    const entry = await createPayable(owner, 120);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    expect(await currentBalance(db, acc.id)).toBe(180);
    const { data, error } = await owner.client.rpc('reopen_payable', { p_payable_id: entry.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', payment_date: null });
    expect(await currentBalance(db, acc.id)).toBe(300);
    expect(await ledgerRows('payable_id', entry.id)).toHaveLength(2);
    expect(await ledgerBalance(db, acc.id)).toBe(300);
    const twice = await owner.client.rpc('reopen_payable', { p_payable_id: entry.id });
    expect(twice.error?.message).toBe('entry_not_settled');
  });

  it('a settled entry cannot be deleted nor have its amount changed', async () => {
    const acc = await createBankAccount(owner, 300);
    const entry = await createPayable(owner, 50);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    const upd = await owner.client
      .from('accounts_payable')
      .update({ amount: 1 })
      .eq('id', entry.id);
    expect(upd.error?.message).toBe('entry_already_settled');
    const del = await owner.client.from('accounts_payable').delete().eq('id', entry.id);
    expect(del.error?.message).toBe('entry_already_settled');
  });
});

describe('settle_receivable', () => {
  it('moves the balance up by the amount and reopening restores it', async () => {
    const acc = await createBankAccount(owner, 1000);
    const entry = await createReceivable(owner, 2500.5);
    const { data, error } = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: acc.id,
      p_received_on: '2026-11-21',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'paid',
      received_date: '2026-11-21',
      bank_account_id: acc.id,
    });
    expect(await currentBalance(db, acc.id)).toBe(3500.5);
    expect(await ledgerRows('receivable_id', entry.id)).toHaveLength(1);
    await owner.client.rpc('reopen_receivable', { p_receivable_id: entry.id });
    expect(await currentBalance(db, acc.id)).toBe(1000);
  });
});

describe('what clients cannot do directly', () => {
  it('cannot mark an entry paid, write the ledger or set a balance', async () => {
    const acc = await createBankAccount(owner, 100);
    const entry = await createPayable(owner, 10);
    const status = await owner.client
      .from('accounts_payable')
      .update({ status: 'paid' } as never)
      .eq('id', entry.id);
    // status is not among the columns granted for update.
    expect(status.error).toMatchObject(noPrivilege('accounts_payable'));
    const ledger = await owner.client.from('transactions').insert({
      company_id: owner.company.id,
      type: 'income',
      direction: 'in',
      description: 'Dinheiro do nada',
      amount: 1000000,
      transaction_date: '2026-11-22',
      bank_account_id: acc.id,
    } as never);
    expect(ledger.error).toMatchObject(noPrivilege('transactions'));
    const bal = await owner.client
      .from('bank_accounts')
      .update({ current_balance: 999999 } as never)
      .eq('id', acc.id);
    expect(bal.error).toMatchObject(noPrivilege('bank_accounts'));
    expect(await currentBalance(db, acc.id)).toBe(100);
  });

  it('editing the initial balance moves the current balance by the difference', async () => {
    const acc = await createBankAccount(owner, 100);
    const entry = await createPayable(owner, 30);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    const { error } = await owner.client
      .from('bank_accounts')
      .update({ initial_balance: 250 })
      .eq('id', acc.id);
    expect(error).toBeNull();
    expect(await currentBalance(db, acc.id)).toBe(220);
    expect(await ledgerBalance(db, acc.id)).toBe(220);
  });
});

describe('concurrency', () => {
  it('20 simultaneous settlements of one entry: exactly one succeeds', async () => {
    const acc = await createBankAccount(owner, 1000);
    const entry = await createPayable(owner, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.client.rpc('settle_payable', {
          p_payable_id: entry.id,
          p_bank_account_id: acc.id,
          p_paid_on: '2026-11-22',
        }),
      ),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.filter((r) => r.error?.message === 'entry_already_settled')).toHaveLength(19);
    expect(await ledgerRows('payable_id', entry.id)).toHaveLength(1);
    expect(await currentBalance(db, acc.id)).toBe(900);
  });

  it('50 simultaneous settlements on one account keep current = initial + Σ ledger', async () => {
    const acc = await createBankAccount(owner, 10000);
    const { data: entries, error } = await owner.client
      .from('accounts_payable')
      .insert(
        Array.from({ length: 50 }, (_, i) => ({
          company_id: owner.company.id,
          description: `Parcela ${i + 1}`,
          amount: 10 + i / 100,
          due_date: '2026-11-20',
        })),
      )
      .select();
    expect(error).toBeNull();
    const results = await Promise.all(
      entries!.map((e) =>
        owner.client.rpc('settle_payable', {
          p_payable_id: e.id,
          p_bank_account_id: acc.id,
          p_paid_on: '2026-11-22',
        }),
      ),
    );
    expect(results.filter((r) => r.error)).toEqual([]);
    const total = entries!.reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0);
    expect(Math.round((await currentBalance(db, acc.id)) * 100)).toBe(1000000 - total);
    expect(await currentBalance(db, acc.id)).toBe(await ledgerBalance(db, acc.id));
  });
});

describe('transfer_between_accounts', () => {
  it('moves money between two accounts with two ledger rows', async () => {
    const from = await createBankAccount(owner, 1000);
    const to = await createBankAccount(owner, 0);
    const { error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 250.1,
      p_transfer_date: '2026-11-22',
    });
    expect(error).toBeNull();
    expect(await currentBalance(db, from.id)).toBe(749.9);
    expect(await currentBalance(db, to.id)).toBe(250.1);
    const { rows } = await db.query(
      'select * from public.transactions where bank_account_id in ($1, $2)',
      [from.id, to.id],
    );
    expect(rows).toHaveLength(2);
  });

  it('a failing second leg leaves both balances unchanged', async () => {
    const from = await createBankAccount(owner, 1000);
    const inactive = await createBankAccount(owner, 0, { is_active: false });
    const foreign = await createBankAccount(outsider, 0);
    const a = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: inactive.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(a.error?.message).toBe('bank_account_inactive');
    const b = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: foreign.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(b.error?.message).toBe('bank_account_not_found');
    const c = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: from.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(c.error?.message).toBe('same_account');
    expect(await currentBalance(db, from.id)).toBe(1000);
    expect(await currentBalance(db, inactive.id)).toBe(0);
    expect(await currentBalance(db, foreign.id)).toBe(0);
  });
});
