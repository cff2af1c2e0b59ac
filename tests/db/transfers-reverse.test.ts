// Transfer estorno (reverse_transfer), the transfers list, and a bank account's ledger and
// Entradas/Saídas/Resultado over the whole history (account_ledger, bank_account_summary).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  currentBalance,
  ledgerBalance,
  reopenPayable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Transferências');
  outsider = await createMember('Construtora Transferências Vizinha');
});
afterAll(async () => {
  await db.end();
});

async function transfer(from: string, to: string, amount: number, on = '2026-03-10') {
  const { data, error } = await owner.client.rpc('transfer_between_accounts', {
    p_from_account_id: from,
    p_to_account_id: to,
    p_amount: amount,
    p_transfer_date: on,
  });
  if (error) throw error;
  return data;
}

describe('reverse_transfer', () => {
  it('writes the opposite pair once; both balances return; the list shows it reversed', async () => {
    const a = await createBankAccount(owner, 1000, { name: 'Banco A' });
    const b = await createBankAccount(owner, 0, { name: 'Banco B' });
    const group = await transfer(a.id, b.id, 250.55);
    expect(await currentBalance(db, a.id)).toBe(749.45);
    expect(await currentBalance(db, b.id)).toBe(250.55);

    const listed = await owner.client.from('transfers').select('*').eq('id', group).single();
    expect(listed.data).toMatchObject({
      from_account_id: a.id,
      from_account_name: 'Banco A',
      to_account_id: b.id,
      to_account_name: 'Banco B',
      amount: 250.55,
      reversed: false,
    });

    const { data, error } = await owner.client.rpc('reverse_transfer', {
      p_transfer_group_id: group,
      p_reversed_on: '2026-03-11',
    });
    expect(error).toBeNull();
    expect(data).toBe(group);
    expect(await currentBalance(db, a.id)).toBe(1000);
    expect(await currentBalance(db, b.id)).toBe(0);
    expect(await ledgerBalance(db, a.id)).toBe(1000);
    const { rows } = await db.query(
      'select count(*)::int as n from public.transactions where transfer_group_id = $1',
      [group],
    );
    expect(rows[0].n).toBe(4);

    const again = await owner.client.rpc('reverse_transfer', { p_transfer_group_id: group });
    expect(again.error?.message).toBe('transfer_already_reversed');
    const after = await owner.client
      .from('transfers')
      .select('reversed, reversed_on')
      .eq('id', group)
      .single();
    expect(after.data).toEqual({ reversed: true, reversed_on: '2026-03-11' });
  });

  it('two estornos at once: exactly one succeeds', async () => {
    const a = await createBankAccount(owner, 100);
    const b = await createBankAccount(owner, 0);
    const group = await transfer(a.id, b.id, 40);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        owner.client.rpc('reverse_transfer', { p_transfer_group_id: group }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.filter((r) => r.error?.message === 'transfer_already_reversed')).toHaveLength(4);
    expect(await currentBalance(db, a.id)).toBe(100);
    expect(await currentBalance(db, b.id)).toBe(0);
  });

  it("another company's transfer → transfer_not_found", async () => {
    const a = await createBankAccount(owner, 100);
    const b = await createBankAccount(owner, 0);
    const group = await transfer(a.id, b.id, 10);
    const { error } = await outsider.client.rpc('reverse_transfer', { p_transfer_group_id: group });
    expect(error?.message).toBe('transfer_not_found');
    expect(await currentBalance(db, a.id)).toBe(90);
    const seen = await outsider.client.from('transfers').select('id').eq('id', group);
    expect(seen.data).toEqual([]);
  });
});

describe('account_ledger and bank_account_summary', () => {
  it('cover the whole history with the period and search filters, leaving reversed pairs out', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta Histórico' });
    const other = await createBankAccount(owner, 0, { name: 'Poupança Obra' });
    const income = await createReceivable(owner, 1000, { description: 'Medição 1' });
    await settleReceivable(owner, income.id, account.id, '2026-01-15');
    const bill = await createPayable(owner, 300, { description: 'Cimento' });
    await settlePayable(owner, bill.id, account.id, '2026-02-10');
    const reversed = await createPayable(owner, 77, { description: 'Pago por engano' });
    await settlePayable(owner, reversed.id, account.id, '2026-02-11');
    await reopenPayable(owner, reversed.id, '2026-02-12');
    await transfer(account.id, other.id, 100, '2026-03-01');
    // 40 more rows, so a page of 10 is a real page of the whole history.
    for (let i = 0; i < 40; i++) {
      const r = await createReceivable(owner, 1, { description: `Recebimento ${i}` });
      await settleReceivable(owner, r.id, account.id, '2026-03-05');
    }

    const all = await owner.client.rpc('bank_account_summary', { p_bank_account_id: account.id });
    expect(all.data).toEqual({ income_total: 1040, expense_total: 400, result: 640, count: 43 });
    expect(await currentBalance(db, account.id)).toBe(640);

    const feb = await owner.client.rpc('bank_account_summary', {
      p_bank_account_id: account.id,
      p_start: '2026-02-01',
      p_end: '2026-02-28',
    });
    expect(feb.data).toEqual({ income_total: 0, expense_total: 300, result: -300, count: 1 });

    const search = await owner.client.rpc('bank_account_summary', {
      p_bank_account_id: account.id,
      p_search: 'poupança',
    });
    expect(search.data).toEqual({ income_total: 0, expense_total: 100, result: -100, count: 1 });

    const page = await owner.client
      .rpc('account_ledger', { p_bank_account_id: account.id }, { count: 'exact' })
      .range(0, 9);
    expect(page.error).toBeNull();
    expect(page.count).toBe(43);
    expect(page.data).toHaveLength(10);

    const transferRow = await owner.client.rpc('account_ledger', {
      p_bank_account_id: account.id,
      p_start: '2026-03-01',
      p_end: '2026-03-01',
    });
    expect(transferRow.data).toEqual([
      expect.objectContaining({
        type: 'transfer',
        direction: 'out',
        signed_amount: -100,
        counterpart_account_id: other.id,
        counterpart_account_name: 'Poupança Obra',
        reversed: false,
      }),
    ]);
    // The other account's history shows the transfer in.
    const otherSide = await owner.client.rpc('account_ledger', { p_bank_account_id: other.id });
    expect(otherSide.data).toEqual([
      expect.objectContaining({ direction: 'in', counterpart_account_id: account.id }),
    ]);

    const withReversed = await owner.client.rpc('account_ledger', {
      p_bank_account_id: account.id,
      p_start: '2026-02-11',
      p_end: '2026-02-12',
      p_include_reversed: true,
    });
    expect(withReversed.data?.map((r) => [r.direction, r.reversed])).toEqual([
      ['in', true],
      ['out', true],
    ]);

    // A page (the screen's read) finds the estornos the way every row does: the same rows, flags
    // and other accounts, with and without the reversed pairs.
    for (const includeReversed of [false, true]) {
      const every = await owner.client.rpc('account_ledger', {
        p_bank_account_id: account.id,
        p_include_reversed: includeReversed,
      });
      const pages = [];
      for (let offset = 0; offset < 100; offset += 20) {
        const { data, error } = await owner.client.rpc('account_ledger', {
          p_bank_account_id: account.id,
          p_include_reversed: includeReversed,
          p_limit: 20,
          p_offset: offset,
        });
        expect(error).toBeNull();
        pages.push(...(data ?? []));
      }
      expect(pages).toEqual(every.data);
      expect(pages.some((r) => r.reversed)).toBe(includeReversed);
      expect(pages).toHaveLength(includeReversed ? 45 : 43);
    }
  });

  it("another company's account → bank_account_not_found", async () => {
    const account = await createBankAccount(owner, 0);
    const { error } = await outsider.client.rpc('bank_account_summary', {
      p_bank_account_id: account.id,
    });
    expect(error?.message).toBe('bank_account_not_found');
  });
});
