// Attacks with absurd dates and amounts, categories of the wrong kind and half-given installments
// through the API as a member. Each asserts the key the user would get: functions raise it; table
// writes meet a constraint that src/lib/errors.ts maps to it.
import type { PostgrestError } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorKey } from '../../src/lib/errors';
import { adminDb, createMember, type TestClient } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Datas');
});
afterAll(async () => {
  await db.end();
});

type LooseRpc = (
  fn: string,
  args?: Record<string, unknown>,
) => PromiseLike<{ data: unknown; error: PostgrestError | null }>;

function rpc(client: TestClient, fn: string, args: Record<string, unknown>) {
  return (client.rpc as unknown as LooseRpc).call(client, fn, args);
}

function insert(table: string, row: Record<string, unknown>) {
  return owner.client
    .from(table as 'accounts_payable')
    .insert({ company_id: owner.company.id, ...row } as never)
    .select()
    .single();
}

async function category(type: 'expense' | 'income', name = `Cat ${Math.random()}`) {
  const { data, error } = await owner.client
    .from('categories')
    .insert({ company_id: owner.company.id, name, type })
    .select()
    .single();
  if (error) throw error;
  return data;
}

describe('absurd dates', () => {
  it.each(['-infinity', 'infinity', '1999-12-31', '2101-01-01', '0001-01-01'])(
    'settle_payable on %s → invalid_date, and nothing moves',
    async (paidOn) => {
      const account = await createBankAccount(owner, 100);
      const payable = await createPayable(owner, 10);
      const { error } = await rpc(owner.client, 'settle_payable', {
        p_payable_id: payable.id,
        p_bank_account_id: account.id,
        p_paid_on: paidOn,
      });
      expect(error?.code).toBe('P0001');
      expect(error?.message).toBe('invalid_date');
      const { rows } = await db.query('select 1 from public.transactions where payable_id = $1', [
        payable.id,
      ]);
      expect(rows).toEqual([]);
    },
  );

  it('settle_receivable and reopen refuse absurd dates too', async () => {
    const account = await createBankAccount(owner, 100);
    const receivable = await createReceivable(owner, 10);
    const settle = await rpc(owner.client, 'settle_receivable', {
      p_receivable_id: receivable.id,
      p_bank_account_id: account.id,
      p_received_on: '9999-12-31',
    });
    expect(settle.error?.message).toBe('invalid_date');

    const payable = await createPayable(owner, 10);
    await settlePayable(owner, payable.id, account.id, '2026-11-20');
    const reopen = await rpc(owner.client, 'reopen_payable', {
      p_payable_id: payable.id,
      p_reopened_on: '-infinity',
    });
    expect(reopen.error?.message).toBe('invalid_date');
  });

  it('a ledger row in year 1 through a transfer → invalid_date', async () => {
    const from = await createBankAccount(owner, 100);
    const to = await createBankAccount(owner, 0);
    const { error } = await rpc(owner.client, 'transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 10,
      p_transfer_date: '0001-01-01',
    });
    expect(error?.message).toBe('invalid_date');
  });

  it.each([
    ['dashboard_summary', { p_today: '9999-12-31' }],
    ['dashboard_summary', { p_today: '-infinity' }],
    ['entry_list_summary', { p_kind: 'income', p_today: 'infinity' }],
    ['search_movements', { p_today: '2026-11-23', p_start: '0001-01-01' }],
    ['movement_summary', { p_today: '2026-11-23', p_end: '9999-01-01' }],
    ['report_summary', { p_start: '-infinity' }],
  ])('%s with %j → invalid_date', async (fn, args) => {
    const { error } = await rpc(owner.client, fn, { p_company_id: owner.company.id, ...args });
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('invalid_date');
  });

  it('category_stats and create_project refuse absurd dates', async () => {
    const expense = await category('expense');
    const stats = await rpc(owner.client, 'category_stats', {
      p_category_id: expense.id,
      p_today: '3000-01-01',
    });
    expect(stats.error?.message).toBe('invalid_date');
    const project = await rpc(owner.client, 'create_project', {
      p_company_id: owner.company.id,
      p_name: 'Obra eterna',
      p_address: 'Rua A',
      p_client_name: 'Cliente',
      p_budget: 1000,
      p_start_date: '2026-01-01',
      p_end_date: 'infinity',
      p_stages: ['Fundação'],
    });
    expect(project.error?.message).toBe('invalid_date');
  });

  it('a due date in 9999 written to the table → invalid_date', async () => {
    const { error } = await insert('accounts_payable', {
      description: 'Para sempre',
      amount: 10,
      due_date: '9999-12-31',
    });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('accounts_payable_due_date_range');
    expect(errorKey(error)).toBe('invalid_date');
  });

  it('an update to -infinity or year 1 → invalid_date', async () => {
    const payable = await createPayable(owner, 10);
    for (const dueDate of ['-infinity', '0001-01-01']) {
      const { error } = await owner.client
        .from('accounts_payable')
        .update({ due_date: dueDate })
        .eq('id', payable.id);
      expect(errorKey(error)).toBe('invalid_date');
    }
  });

  it.each([
    ['accounts_receivable', { description: 'R', amount: 1, due_date: '1900-01-01' }],
    ['projects', { name: 'Obra', start_date: '1500-01-01' }],
    ['projects', { name: 'Obra', start_date: '2026-01-01', end_date: 'infinity' }],
    ['suppliers', { name: 'Antigo', founded_on: '1700-01-01' }],
  ])('%s %j → invalid_date', async (table, row) => {
    const { error } = await insert(table, row);
    expect(error?.code).toBe('23514');
    expect(errorKey(error)).toBe('invalid_date');
  });

  it('accepts the bounds, and a supplier founded before 2000', async () => {
    for (const dueDate of ['2000-01-01', '2100-12-31']) {
      const { error } = await insert('accounts_payable', {
        description: 'Limite',
        amount: 10,
        due_date: dueDate,
      });
      expect(error).toBeNull();
    }
    const { error } = await insert('suppliers', { name: 'Tradicional', founded_on: '1985-06-01' });
    expect(error).toBeNull();
  });

  it('the seed still loads (its dates are in range)', async () => {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from public.accounts_payable
       where company_id = 'c0000000-0000-4000-8000-000000000001'`,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(10);
  });
});

describe('bad amounts', () => {
  it.each([
    ['three decimals', 10.005],
    ['1e20', 1e20],
    ['zero', 0],
    ['negative', -1],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
  ])('transfer_between_accounts with %s → invalid_amount', async (_label, amount) => {
    const from = await createBankAccount(owner, 100);
    const to = await createBankAccount(owner, 0);
    const { error } = await rpc(owner.client, 'transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: amount,
      p_transfer_date: '2026-11-20',
    });
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('invalid_amount');
  });

  it('a transfer of 10.50 still works', async () => {
    const from = await createBankAccount(owner, 100);
    const to = await createBankAccount(owner, 0);
    const { error } = await rpc(owner.client, 'transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 10.5,
      p_transfer_date: '2026-11-20',
    });
    expect(error).toBeNull();
  });

  it.each([
    ['three decimals', 1000.005],
    ['1e20', 1e20],
    ['negative', -1],
  ])('create_project with a budget of %s → invalid_amount', async (_label, budget) => {
    const { error } = await rpc(owner.client, 'create_project', {
      p_company_id: owner.company.id,
      p_name: 'Obra',
      p_address: 'Rua A',
      p_client_name: 'Cliente',
      p_budget: budget,
      p_start_date: '2026-01-01',
      p_end_date: '2026-12-31',
      p_stages: ['Fundação'],
    });
    expect(error?.message).toBe('invalid_amount');
  });

  it.each([
    ['1e20 (overflow)', 1e20, '22003'],
    ['0.001 (rounds to zero)', 0.001, '23514'],
    ['NaN', 'NaN', '23514'],
  ])('a payable of %s written to the table → invalid_amount', async (_label, amount, code) => {
    const { error } = await insert('accounts_payable', {
      description: 'Valor ruim',
      amount,
      due_date: '2026-11-20',
    });
    expect(error?.code).toBe(code);
    expect(errorKey(error)).toBe('invalid_amount');
  });

  it.each([
    ['bank_accounts', { name: 'Conta', type: 'checking', initial_balance: 'NaN' }],
    ['bank_accounts', { name: 'Conta', type: 'checking', initial_balance: 1e20 }],
    ['projects', { name: 'Obra', budget: 'NaN' }],
  ])('%s %j → invalid_amount', async (table, row) => {
    const { error } = await insert(table, row);
    expect(errorKey(error)).toBe('invalid_amount');
  });

  it('the table API rounds a third decimal to centavos (documented: the API takes centavos)', async () => {
    const { data, error } = await insert('accounts_payable', {
      description: 'Arredondada',
      amount: 10.005,
      due_date: '2026-11-20',
    });
    expect(error).toBeNull();
    expect(data?.amount).toBe(10.01);
  });
});

describe('categories of the right kind', () => {
  it('a payable cannot take an income category', async () => {
    const income = await category('income');
    const { error } = await insert('accounts_payable', {
      description: 'Errada',
      amount: 10,
      due_date: '2026-11-20',
      category_id: income.id,
    });
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('category_type_mismatch');
  });

  it('a receivable cannot take an expense category', async () => {
    const expense = await category('expense');
    const { error } = await insert('accounts_receivable', {
      description: 'Errada',
      amount: 10,
      due_date: '2026-11-20',
      category_id: expense.id,
    });
    expect(error?.message).toBe('category_type_mismatch');
  });

  it('nor be moved to one by an update', async () => {
    const income = await category('income');
    const payable = await createPayable(owner, 10, { category_id: (await category('expense')).id });
    const { error } = await owner.client
      .from('accounts_payable')
      .update({ category_id: income.id })
      .eq('id', payable.id);
    expect(error?.message).toBe('category_type_mismatch');
  });

  it('a category in use cannot change kind; an unused one can', async () => {
    const used = await category('expense');
    await createPayable(owner, 10, { category_id: used.id });
    const refused = await owner.client
      .from('categories')
      .update({ type: 'income' })
      .eq('id', used.id);
    expect(refused.error?.message).toBe('category_type_mismatch');

    const unused = await category('expense');
    const allowed = await owner.client
      .from('categories')
      .update({ type: 'income' })
      .eq('id', unused.id);
    expect(allowed.error).toBeNull();
  });
});

describe('installments', () => {
  it('a number without a count is refused', async () => {
    const { error } = await insert('accounts_payable', {
      description: 'Parcela solta',
      amount: 10,
      due_date: '2026-11-20',
      installment_number: 2,
    });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('accounts_payable_installment_needs_count');
  });

  it('a number above the count is refused; within it accepted', async () => {
    const above = await insert('accounts_receivable', {
      description: 'Parcela 3/2',
      amount: 10,
      due_date: '2026-11-20',
      installment_number: 3,
      installment_count: 2,
    });
    expect(above.error?.code).toBe('23514');
    const within = await insert('accounts_receivable', {
      description: 'Parcela 2/2',
      amount: 10,
      due_date: '2026-11-20',
      installment_number: 2,
      installment_count: 2,
    });
    expect(within.error).toBeNull();
  });
});

describe('a paid entry’s category or obra changes with its ledger row', () => {
  it('report_summary (entries) and category_stats (ledger) agree after the change', async () => {
    const member = await createMember('Construtora Razão');
    const make = async (table: 'categories' | 'projects', row: Record<string, unknown>) => {
      const { data, error } = await member.client
        .from(table)
        .insert({ company_id: member.company.id, ...row } as never)
        .select('id')
        .single();
      if (error) throw error;
      return data.id;
    };
    const before = await make('categories', { name: 'Materiais', type: 'expense' });
    const after = await make('categories', { name: 'Mão de Obra', type: 'expense' });
    const obraA = await make('projects', { name: 'Casa A' });
    const obraB = await make('projects', { name: 'Casa B' });
    const account = await createBankAccount(member, 1000);
    const payable = await createPayable(member, 250, { category_id: before, project_id: obraA });
    await settlePayable(member, payable.id, account.id, '2026-11-20');

    const { error } = await member.client
      .from('accounts_payable')
      .update({ category_id: after, project_id: obraB })
      .eq('id', payable.id);
    expect(error).toBeNull();

    const ledger = await member.client
      .from('transactions')
      .select('category_id, project_id')
      .eq('payable_id', payable.id);
    expect(ledger.data).toEqual([{ category_id: after, project_id: obraB }]);

    const report = await member.client.rpc('report_summary', { p_company_id: member.company.id });
    const summary = report.data as {
      expense_by_category: { id: string | null; total: number }[];
      expense_by_project: { id: string | null; total: number }[];
    };
    expect(summary.expense_by_category).toEqual([
      expect.objectContaining({ id: after, total: 250 }),
    ]);
    expect(summary.expense_by_project).toEqual([
      expect.objectContaining({ id: obraB, total: 250 }),
    ]);

    const statsOf = async (id: string) =>
      (await member.client.rpc('category_stats', { p_category_id: id, p_today: '2026-11-23' }))
        .data as { transaction_count: number; total_amount: number };
    expect(await statsOf(after)).toMatchObject({ transaction_count: 1, total_amount: 250 });
    expect(await statsOf(before)).toMatchObject({ transaction_count: 0, total_amount: 0 });
  });
});
