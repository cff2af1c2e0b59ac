// The receivable side, tested as the payable side is (settlement-facts.test.ts, delete-entries.test.ts):
// a partial receipt leaves its remainder pending with balances, ledger, lists, home totals and
// reports agreeing; estorno reopens it; the delete scopes of a receivable series. Through the API
// as a real member; balances and ledger read as the superuser. Every number to the centavo.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createReceivable,
  currentBalance,
  ledgerBalance,
  settleReceivable,
  type Member,
} from './money-helpers';

const TODAY = '2026-03-31';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Recebe');
  outsider = await createMember('Construtora Recebe Vizinha');
});
afterAll(async () => {
  await db.end();
});

async function ledger(id: string) {
  const { rows } = await db.query(
    `select amount, principal_amount, interest_amount, transaction_date::text, direction, reversal_of
     from public.transactions where receivable_id = $1 order by created_at, reversal_of nulls first`,
    [id],
  );
  return rows;
}

describe('partial receipt, then the rest', () => {
  it('keeps the remainder pending on the same entry; balance, ledger, lists and home totals agree', async () => {
    const account = await createBankAccount(owner, 5000, { name: 'Conta recebimento parcial' });
    const entry = await createReceivable(owner, 1000, {
      due_date: '2026-03-10',
      description: 'Medição parcial',
    });

    const first = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2026-03-12',
      p_amount_paid: 400.1,
      p_today: TODAY,
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      status: 'pending',
      received_date: null,
      paid_amount: 400.1,
      open_amount: 599.9,
    });
    // Money came in: the balance goes up by what was received.
    expect(await currentBalance(db, account.id)).toBe(5400.1);
    expect(await ledgerBalance(db, account.id)).toBe(5400.1);

    // The lists show the open remainder.
    const view = await owner.client
      .from('entries')
      .select('kind, status, amount, paid_amount, open_amount, paid_total')
      .eq('id', entry.id)
      .single();
    expect(view.data).toEqual({
      kind: 'income',
      status: 'pending',
      amount: 1000,
      paid_amount: 400.1,
      open_amount: 599.9,
      paid_total: 400.1,
    });
    const home = await owner.client.rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(home.data).toMatchObject({
      receivable_total: 599.9,
      overdue_total: 599.9,
      receivable_pending_count: 1,
    });
    const cards = await owner.client.rpc('entry_list_summary', {
      p_company_id: owner.company.id,
      p_kind: 'income',
      p_today: TODAY,
    });
    expect(cards.data).toMatchObject({
      pending_total: 599.9,
      pending_count: 1,
      partial_paid_total: 400.1,
      partial_count: 1,
      paid_count: 0,
    });
    const moves = await owner.client.rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
      p_search: 'Medição parcial',
    });
    expect(moves.data).toEqual([
      expect.objectContaining({
        kind: 'income',
        display_status: 'overdue',
        open_amount: 599.9,
        paid_amount: 400.1,
        display_amount: 1000,
      }),
    ]);

    // More than the open amount is refused and changes nothing.
    const over = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2026-03-20',
      p_amount_paid: 600,
      p_today: TODAY,
    });
    expect(over.error?.message).toBe('payment_exceeds_open_amount');
    expect(await currentBalance(db, account.id)).toBe(5400.1);

    // The rest (default = the open amount) settles it.
    const rest = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2026-03-20',
      p_today: TODAY,
    });
    expect(rest.error).toBeNull();
    expect(rest.data).toMatchObject({
      status: 'paid',
      received_date: '2026-03-20',
      paid_amount: 1000,
      open_amount: 0,
    });
    expect(await currentBalance(db, account.id)).toBe(6000);
    expect(await ledgerBalance(db, account.id)).toBe(6000);
    const rows = await ledger(entry.id);
    expect(
      rows.map((r) => [r.amount, r.principal_amount, r.transaction_date, r.direction]),
    ).toEqual([
      ['400.10', '400.10', '2026-03-12', 'in'],
      ['599.90', '599.90', '2026-03-20', 'in'],
    ]);
    const after = await owner.client.rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(after.data).toMatchObject({
      receivable_total: 0,
      overdue_total: 0,
      receivable_pending_count: 0,
    });
    const report = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      p_start: '2026-03-01',
      p_end: '2026-03-31',
    });
    expect(report.data).toMatchObject({ revenue_total: 1000, revenue_count: 2 });
  });

  it('estorno reverses every receipt and reopens the whole amount', async () => {
    const account = await createBankAccount(owner, 1000);
    const entry = await createReceivable(owner, 300, { due_date: '2026-03-10' });
    for (const part of [100, 50]) {
      const { error } = await owner.client.rpc('settle_receivable', {
        p_receivable_id: entry.id,
        p_bank_account_id: account.id,
        p_received_on: '2026-03-15',
        p_amount_paid: part,
        p_interest: 1.5,
        p_today: TODAY,
      });
      expect(error).toBeNull();
    }
    expect(await currentBalance(db, account.id)).toBe(1153);
    // A partially received entry cannot change its amount nor be deleted.
    const edit = await owner.client
      .from('accounts_receivable')
      .update({ amount: 500 })
      .eq('id', entry.id);
    expect(edit.error?.message).toBe('entry_has_payments');
    const del = await owner.client.from('accounts_receivable').delete().eq('id', entry.id);
    expect(del.error?.message).toBe('entry_has_payments');

    const reopened = await owner.client.rpc('reopen_receivable', {
      p_receivable_id: entry.id,
      p_reopened_on: '2026-03-16',
    });
    expect(reopened.error).toBeNull();
    expect(reopened.data).toMatchObject({
      status: 'pending',
      paid_amount: 0,
      interest_amount: 0,
      open_amount: 300,
    });
    expect(await currentBalance(db, account.id)).toBe(1000);
    expect(await ledgerBalance(db, account.id)).toBe(1000);
    expect(await ledger(entry.id)).toHaveLength(4);
    const again = await owner.client.rpc('reopen_receivable', { p_receivable_id: entry.id });
    expect(again.error?.message).toBe('entry_not_settled');
    const report = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      p_start: '2026-03-15',
      p_end: '2026-03-15',
      p_account_ids: [account.id],
    });
    expect(report.data).toMatchObject({ revenue_total: 0, revenue_count: 0 });
  });

  it("another company's receivable cannot be received → entry_not_found, nothing moves", async () => {
    const account = await createBankAccount(outsider, 0);
    const entry = await createReceivable(owner, 100);
    const { error } = await outsider.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2026-03-20',
      p_amount_paid: 10,
      p_today: TODAY,
    });
    expect(error?.message).toBe('entry_not_found');
    expect(await currentBalance(db, account.id)).toBe(0);
    expect(await ledger(entry.id)).toEqual([]);
  });
});

/** A 12-installment receivable plan (due on the 10th of each month of 2026); ids by due date. */
async function receivablePlan(member: Member, kind: 'recurrence' | 'installment' = 'installment') {
  const series = randomUUID();
  const rows = Array.from({ length: 12 }, (_, i) => ({
    company_id: member.company.id,
    description: `Venda lote ${i + 1}/12`,
    amount: 100,
    due_date: `2026-${String(i + 1).padStart(2, '0')}-10`,
    series_id: series,
    series_kind: kind,
    installment_number: kind === 'installment' ? i + 1 : null,
    installment_count: kind === 'installment' ? 12 : null,
  }));
  const { data, error } = await member.client
    .from('accounts_receivable')
    .insert(rows)
    .select('id, due_date');
  if (error) throw error;
  const byDue = [...data].sort((a, b) => a.due_date.localeCompare(b.due_date));
  return { series, ids: byDue.map((r) => r.id) };
}

async function remaining(series: string): Promise<string[]> {
  const { rows } = await db.query<{ description: string }>(
    'select description from public.accounts_receivable where series_id = $1 order by due_date',
    [series],
  );
  return rows.map((r) => r.description);
}

describe('delete_entry of a receivable series', () => {
  it('"esta e as próximas" from #5 of 12 installments leaves #1–#4', async () => {
    const { series, ids } = await receivablePlan(owner);
    const { data, error } = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: ids[4]!,
      p_scope: 'following',
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ deleted: 8, storage_paths: [] }]);
    expect(await remaining(series)).toEqual([
      'Venda lote 1/12',
      'Venda lote 2/12',
      'Venda lote 3/12',
      'Venda lote 4/12',
    ]);
  });

  it('"esta e as próximas" of a recurrence goes by due date', async () => {
    const { series, ids } = await receivablePlan(owner, 'recurrence');
    const { data, error } = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: ids[9]!,
      p_scope: 'following',
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ deleted: 3, storage_paths: [] }]);
    expect(await remaining(series)).toHaveLength(9);
  });

  it('"só esta" deletes one; "todas as pendentes" keeps the received and partially received ones', async () => {
    const account = await createBankAccount(owner, 0);
    const { series, ids } = await receivablePlan(owner);
    const one = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: ids[11]!,
      p_scope: 'one',
    });
    expect(one.error).toBeNull();
    expect(one.data).toEqual([{ deleted: 1, storage_paths: [] }]);
    await settleReceivable(owner, ids[0]!, account.id, '2026-01-10');
    const partial = await owner.client.rpc('settle_receivable', {
      p_receivable_id: ids[1]!,
      p_bank_account_id: account.id,
      p_received_on: '2026-02-10',
      p_amount_paid: 30,
    });
    expect(partial.error).toBeNull();
    const all = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: ids[5]!,
      p_scope: 'all_pending',
    });
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ deleted: 9, storage_paths: [] }]);
    expect(await remaining(series)).toEqual(['Venda lote 1/12', 'Venda lote 2/12']);
    // What came in stays in the account.
    expect(await currentBalance(db, account.id)).toBe(130);
    expect(await ledgerBalance(db, account.id)).toBe(130);
  });

  it('a received or partially received receivable cannot be deleted, in any scope', async () => {
    const account = await createBankAccount(owner, 0);
    const received = await createReceivable(owner, 50);
    await settleReceivable(owner, received.id, account.id, '2026-11-20');
    const refused = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: received.id,
    });
    expect(refused.error?.message).toBe('entry_has_payments');
    const { ids } = await receivablePlan(owner);
    const partial = await owner.client.rpc('settle_receivable', {
      p_receivable_id: ids[3]!,
      p_bank_account_id: account.id,
      p_received_on: '2026-04-10',
      p_amount_paid: 1,
    });
    expect(partial.error).toBeNull();
    const following = await owner.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: ids[3]!,
      p_scope: 'following',
    });
    expect(following.error?.message).toBe('entry_has_payments');
    const { rows } = await db.query('select 1 from public.accounts_receivable where id = any($1)', [
      [...ids, received.id],
    ]);
    expect(rows).toHaveLength(13);
    expect(await currentBalance(db, account.id)).toBe(51);
  });

  it("another company's series → entry_not_found, and every installment stays", async () => {
    const { series, ids } = await receivablePlan(owner);
    for (const scope of ['one', 'following', 'all_pending']) {
      const { error } = await outsider.client.rpc('delete_entry', {
        p_kind: 'income',
        p_id: ids[0]!,
        p_scope: scope,
      });
      expect(error?.message).toBe('entry_not_found');
    }
    expect(await remaining(series)).toHaveLength(12);
  });

  it('the kind must match: a receivable id sent as expense is not found', async () => {
    const { series, ids } = await receivablePlan(owner);
    const { error } = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: ids[0]!,
      p_scope: 'all_pending',
    });
    expect(error?.message).toBe('entry_not_found');
    expect(await remaining(series)).toHaveLength(12);
  });
});
