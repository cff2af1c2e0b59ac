// Movimentações with transfers (search_movements / movement_summary, 20261124007000) and Atividade
// by kind of row with the entry it belongs to (company_activity, 20261124007100).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createUser } from './helpers';
import { createMember, plansAsMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Movimentos');
  outsider = await createMember('Construtora Movimentos Vizinha');
});
afterAll(async () => {
  await db.end();
});

const TODAY = '2026-03-31';

async function transfer(from: string, to: string, amount: number, on: string) {
  const { data, error } = await owner.client.rpc('transfer_between_accounts', {
    p_from_account_id: from,
    p_to_account_id: to,
    p_amount: amount,
    p_transfer_date: on,
  });
  if (error) throw error;
  return data;
}

type Summary = { transfer_count: number; transfer_total: number };

describe('search_movements and movement_summary with transfers', () => {
  let a: { id: string };
  let b: { id: string };
  let group: string;
  let reversedGroup: string;

  beforeAll(async () => {
    a = await createBankAccount(owner, 1000, { name: 'Itaú Matriz' });
    b = await createBankAccount(owner, 0, { name: 'Caixa Obra' });
    const bill = await createPayable(owner, 300, {
      description: 'Cimento',
      due_date: '2026-03-05',
    });
    await settlePayable(owner, bill.id, a.id, '2026-03-06');
    const income = await createReceivable(owner, 500, {
      description: 'Medição',
      due_date: '2026-03-07',
    });
    await settleReceivable(owner, income.id, a.id, '2026-03-07');
    group = await transfer(a.id, b.id, 200, '2026-03-10');
    reversedGroup = await transfer(a.id, b.id, 50, '2026-03-11');
    const { error } = await owner.client.rpc('reverse_transfer', {
      p_transfer_group_id: reversedGroup,
      p_reversed_on: '2026-03-12',
    });
    expect(error).toBeNull();
  });

  it('lists each transfer once, from → to, a reversed one flagged', async () => {
    const { data, error } = await owner.client
      .rpc('search_movements', { p_company_id: owner.company.id, p_today: TODAY })
      .order('movement_date', { ascending: false });
    expect(error).toBeNull();
    expect(data?.map((r) => [r.row_type, r.kind, r.display_amount])).toEqual([
      ['transfer', 'transfer', 50],
      ['transfer', 'transfer', 200],
      ['entry', 'income', 500],
      ['entry', 'expense', 300],
    ]);
    expect(data?.[1]).toMatchObject({
      id: group,
      bank_account_id: a.id,
      bank_account_name: 'Itaú Matriz',
      to_account_id: b.id,
      to_account_name: 'Caixa Obra',
      reversed: false,
      movement_date: '2026-03-10',
    });
    expect(data?.[0]).toMatchObject({
      id: reversedGroup,
      reversed: true,
      reversed_on: '2026-03-12',
    });
  });

  it('the summary never counts a transfer as income or expense', async () => {
    const { data } = await owner.client.rpc('movement_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(data).toEqual({
      income_total: 500,
      expense_total: 300,
      balance: 200,
      count: 4,
      transfer_total: 200,
      transfer_count: 2,
    });
  });

  it('filters: kind transfer, account on either side, status/category/obra leave transfers out, search by account', async () => {
    const args = { p_company_id: owner.company.id, p_today: TODAY };
    const onlyTransfers = await owner.client.rpc('search_movements', {
      ...args,
      p_kinds: ['transfer'],
    });
    expect(onlyTransfers.data?.map((r) => r.id).sort()).toEqual([group, reversedGroup].sort());
    const byDestination = await owner.client.rpc('search_movements', {
      ...args,
      p_account_ids: [b.id],
    });
    expect(byDestination.data?.map((r) => r.row_type)).toEqual(['transfer', 'transfer']);
    const paid = await owner.client.rpc('search_movements', { ...args, p_statuses: ['paid'] });
    expect(paid.data?.map((r) => r.row_type)).toEqual(['entry', 'entry']);
    const general = await owner.client.rpc('search_movements', {
      ...args,
      p_include_no_project: true,
    });
    expect(general.data?.every((r) => r.row_type === 'entry')).toBe(true);
    const search = await owner.client.rpc('search_movements', { ...args, p_search: 'caixa obra' });
    expect(search.data?.map((r) => r.row_type)).toEqual(['transfer', 'transfer']);
    const expenseOnly = await owner.client.rpc('movement_summary', {
      ...args,
      p_kinds: ['expense'],
    });
    expect(expenseOnly.data).toMatchObject({ expense_total: 300, count: 1, transfer_count: 0 });
  });

  it("the summary's transfer figures are the listed transfers' under each filter and search", async () => {
    const { error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: b.id,
      p_to_account_id: a.id,
      p_amount: 70,
      p_transfer_date: '2026-03-20',
      p_description: 'Devolução de caixa',
    });
    expect(error).toBeNull();
    const args = { p_company_id: owner.company.id, p_today: TODAY };
    const filters: Record<string, unknown>[] = [
      {},
      { p_account_ids: [a.id] },
      { p_account_ids: [b.id] },
      { p_start: '2026-03-11' },
      { p_end: '2026-03-10' },
      { p_search: 'caixa obra' }, // an account's name, on either side
      { p_search: 'itau' },
      { p_search: 'devolucao' }, // the description
      { p_search: 'transferência' }, // what a transfer without description is called
      { p_search: 'devolucao', p_account_ids: [b.id] },
      { p_search: 'matriz', p_start: '2026-03-11', p_end: '2026-03-15' },
    ];
    for (const filter of filters) {
      const rows = await owner.client.rpc('search_movements', { ...args, ...filter });
      const summary = await owner.client.rpc('movement_summary', { ...args, ...filter });
      expect(rows.error).toBeNull();
      expect(summary.error).toBeNull();
      const transfers = (rows.data ?? []).filter((r) => r.row_type === 'transfer');
      const total = transfers
        .filter((r) => !r.reversed)
        .reduce((s, r) => s + Math.round(r.amount * 100), 0);
      expect({ filter, ...(summary.data as Record<string, unknown>) }).toMatchObject({
        filter,
        transfer_count: transfers.length,
        transfer_total: total / 100,
      });
    }
    // Each kind of match finds something, so the comparison above is not of empty lists.
    const counts = await Promise.all(
      [{ p_account_ids: [b.id] }, { p_search: 'devolucao' }, { p_search: 'transferência' }].map(
        async (filter) =>
          ((await owner.client.rpc('movement_summary', { ...args, ...filter })).data as Summary)
            .transfer_count,
      ),
    );
    expect(counts).toEqual([3, 1, 2]);
  });

  it("counts the transfers along the company's out rows, the in row read only for an account filter", async () => {
    const { rows } = await db.query<{ id: string }>(
      `select o.bank_account_id as id from public.transactions o
       where o.company_id = $1 and o.type = 'transfer' and o.direction = 'in' limit 1`,
      [owner.company.id],
    );
    const summary = (extra: string) =>
      plansAsMember(owner.user.id, async (client, plans) => {
        await client.query(
          `select public.movement_summary(p_company_id => $1, p_today => '${TODAY}'${extra})`,
          [owner.company.id],
        );
        return plans.find((p) => p.includes("'transfer' = any (p_kinds)")) ?? '';
      });
    // "on transactions i": a read of the in rows (the view public.transfers read one per transfer).
    const plain = await summary('');
    expect(plain).toMatch(/on transactions o\b/);
    expect(plain).not.toMatch(/on transactions i\b/);
    const byAccount = await summary(`, p_account_ids => array['${rows[0]!.id}']::uuid[]`);
    expect(byAccount).toMatch(/on transactions i\b/);
  });

  it("another company's user sees none of it (not_a_member)", async () => {
    const { error } = await outsider.client.rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });
});

describe('company_activity by kind of row', () => {
  it('names payments and transfers apart, links entry rows and payments to their entry', async () => {
    const c = await createMember('Construtora Atividade');
    const x = await createBankAccount(c, 100, { name: 'Conta X' });
    const y = await createBankAccount(c, 0, { name: 'Conta Y' });
    const bill = await createPayable(c, 10, { description: 'Areia' });
    await settlePayable(c, bill.id, x.id, '2026-03-06');
    const { error: transferError } = await c.client.rpc('transfer_between_accounts', {
      p_from_account_id: x.id,
      p_to_account_id: y.id,
      p_amount: 5,
      p_transfer_date: '2026-03-07',
    });
    expect(transferError).toBeNull();

    const all = await c.client.rpc('company_activity', { p_company_id: c.company.id });
    expect(all.error).toBeNull();
    const kinds = new Set(all.data?.map((r) => r.entity));
    // The company itself is audited too (its insert by create_company).
    expect(kinds).toEqual(
      new Set(['company', 'member', 'bank_account', 'entry', 'payment', 'transfer']),
    );
    const payments = await c.client.rpc('company_activity', {
      p_company_id: c.company.id,
      p_table: 'payment',
    });
    expect(payments.data).toEqual([
      expect.objectContaining({
        table_name: 'transactions',
        entity: 'payment',
        entry_kind: 'expense',
        entry_id: bill.id,
      }),
    ]);
    const transfers = await c.client.rpc('company_activity', {
      p_company_id: c.company.id,
      p_table: 'transfer',
    });
    expect(transfers.data).toHaveLength(2);
    expect(transfers.data?.every((r) => r.entry_id === null)).toBe(true);
    const entries = await c.client.rpc('company_activity', {
      p_company_id: c.company.id,
      p_table: 'entry',
    });
    expect(entries.data?.map((r) => [r.action, r.entry_kind, r.entry_id])).toEqual([
      ['update', 'expense', bill.id],
      ['insert', 'expense', bill.id],
    ]);
  });

  it('an unknown kind → invalid_activity_type; a member → not_admin', async () => {
    const bad = await owner.client.rpc('company_activity', {
      p_company_id: owner.company.id,
      p_table: 'audit_log',
    });
    expect(bad.error).toMatchObject({ code: 'P0001', message: 'invalid_activity_type' });
    const member = await createUser();
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
       values ($1, $2, $3, 'Membro', 'financeiro', true)`,
      [member.user.id, owner.company.id, member.email],
    );
    const denied = await member.client.rpc('company_activity', {
      p_company_id: owner.company.id,
      p_table: 'entry',
    });
    expect(denied.error).toMatchObject({ code: 'P0001', message: 'not_admin' });
  });
});
