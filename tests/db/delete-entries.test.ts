// Excluir / cancelar (delete_entry) and the edits of an entry: series scopes, entries with
// payments protected, a paid entry's edits reaching its ledger row so reports agree.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Exclusão');
  outsider = await createMember('Construtora Exclusão Vizinha');
});
afterAll(async () => {
  await db.end();
});

/** A 12-installment payable plan (due on the 10th of each month of 2026); returns ids by number. */
async function installmentPlan(member: Member, kind: 'recurrence' | 'installment' = 'installment') {
  const series = randomUUID();
  const rows = Array.from({ length: 12 }, (_, i) => ({
    company_id: member.company.id,
    description: `Betoneira ${i + 1}/12`,
    amount: 100,
    due_date: `2026-${String(i + 1).padStart(2, '0')}-10`,
    series_id: series,
    series_kind: kind,
    installment_number: kind === 'installment' ? i + 1 : null,
    installment_count: kind === 'installment' ? 12 : null,
  }));
  const { data, error } = await member.client
    .from('accounts_payable')
    .insert(rows)
    .select('id, due_date');
  if (error) throw error;
  const byDue = [...data].sort((a, b) => a.due_date.localeCompare(b.due_date));
  return { series, ids: byDue.map((r) => r.id) };
}

async function remaining(series: string): Promise<string[]> {
  const { rows } = await db.query<{ description: string }>(
    'select description from public.accounts_payable where series_id = $1 order by due_date',
    [series],
  );
  return rows.map((r) => r.description);
}

describe('delete_entry', () => {
  it('"esta e as próximas" from #5 of 12 installments leaves #1–#4', async () => {
    const { series, ids } = await installmentPlan(owner);
    const { data, error } = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: ids[4]!,
      p_scope: 'following',
    });
    expect(error).toBeNull();
    expect(data).toEqual([{ deleted: 8, storage_paths: [] }]);
    expect(await remaining(series)).toEqual([
      'Betoneira 1/12',
      'Betoneira 2/12',
      'Betoneira 3/12',
      'Betoneira 4/12',
    ]);
  });

  it('"esta e as próximas" of a recurrence goes by due date', async () => {
    const { series, ids } = await installmentPlan(owner, 'recurrence');
    const { data } = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: ids[9]!,
      p_scope: 'following',
    });
    expect(data).toEqual([{ deleted: 3, storage_paths: [] }]);
    expect(await remaining(series)).toHaveLength(9);
  });

  it('"só esta" deletes one; "todas as pendentes" keeps the paid ones', async () => {
    const account = await createBankAccount(owner, 10000);
    const { series, ids } = await installmentPlan(owner);
    const one = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: ids[11]!,
      p_scope: 'one',
    });
    expect(one.data).toEqual([{ deleted: 1, storage_paths: [] }]);
    await settlePayable(owner, ids[0]!, account.id, '2026-01-10');
    const partial = await owner.client.rpc('settle_payable', {
      p_payable_id: ids[1]!,
      p_bank_account_id: account.id,
      p_paid_on: '2026-02-10',
      p_amount_paid: 30,
    });
    expect(partial.error).toBeNull();
    const all = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: ids[5]!,
      p_scope: 'all_pending',
    });
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ deleted: 9, storage_paths: [] }]);
    expect(await remaining(series)).toEqual(['Betoneira 1/12', 'Betoneira 2/12']);
  });

  it('a paid or partially paid entry cannot be deleted', async () => {
    const account = await createBankAccount(owner, 1000);
    const paid = await createPayable(owner, 50);
    await settlePayable(owner, paid.id, account.id, '2026-11-20');
    const refused = await owner.client.rpc('delete_entry', { p_kind: 'expense', p_id: paid.id });
    expect(refused.error?.message).toBe('entry_has_payments');
    const { ids } = await installmentPlan(owner);
    await owner.client.rpc('settle_payable', {
      p_payable_id: ids[3]!,
      p_bank_account_id: account.id,
      p_paid_on: '2026-04-10',
      p_amount_paid: 1,
    });
    const partial = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: ids[3]!,
      p_scope: 'following',
    });
    expect(partial.error?.message).toBe('entry_has_payments');
    const { rows } = await db.query('select 1 from public.accounts_payable where id = any($1)', [
      ids,
    ]);
    expect(rows).toHaveLength(12);
  });

  it("another company's entry → entry_not_found, and it stays", async () => {
    const entry = await createReceivable(owner, 10);
    const { error } = await outsider.client.rpc('delete_entry', {
      p_kind: 'income',
      p_id: entry.id,
    });
    expect(error?.message).toBe('entry_not_found');
    const { rows } = await db.query('select 1 from public.accounts_receivable where id = $1', [
      entry.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown scope or kind', async () => {
    const entry = await createPayable(owner, 10);
    const scope = await owner.client.rpc('delete_entry', {
      p_kind: 'expense',
      p_id: entry.id,
      p_scope: 'x',
    });
    expect(scope.error?.message).toBe('invalid_scope');
    const kind = await owner.client.rpc('delete_entry', { p_kind: 'x', p_id: entry.id });
    expect(kind.error?.message).toBe('invalid_kind');
  });
});

describe('edits', () => {
  it('every field of a pending entry can change', async () => {
    const account = await createBankAccount(owner, 0);
    const { data: supplier } = await owner.client
      .from('suppliers')
      .insert({ company_id: owner.company.id, name: 'Fornecedor Novo' })
      .select()
      .single();
    const { data: category } = await owner.client
      .from('categories')
      .insert({ company_id: owner.company.id, name: `Materiais ${randomUUID()}`, type: 'expense' })
      .select()
      .single();
    const entry = await createPayable(owner, 10);
    const { data, error } = await owner.client
      .from('accounts_payable')
      .update({
        description: 'Cimento corrigido',
        supplier_id: supplier!.id,
        supplier_name: null,
        amount: 20.5,
        due_date: '2026-12-01',
        category_id: category!.id,
        bank_account_id: account.id,
        payment_method: 'pix',
        notes: 'Nota fiscal 123',
      })
      .eq('id', entry.id)
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      description: 'Cimento corrigido',
      amount: 20.5,
      open_amount: 20.5,
    });
  });

  it('a paid entry keeps amount and account; description and obra reach its ledger row (category: dates-amounts.test.ts)', async () => {
    const account = await createBankAccount(owner, 1000);
    const other = await createBankAccount(owner, 0);
    const { data: project } = await owner.client
      .from('projects')
      .insert({
        company_id: owner.company.id,
        name: 'Obra Edição',
        address: 'Rua A',
        client_name: 'Cliente',
        budget: 1000,
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      })
      .select()
      .single();
    const entry = await createPayable(owner, 80);
    await settlePayable(owner, entry.id, account.id, '2026-11-20');
    const amount = await owner.client
      .from('accounts_payable')
      .update({ amount: 90 })
      .eq('id', entry.id);
    expect(amount.error?.message).toBe('entry_already_settled');
    const moved = await owner.client
      .from('accounts_payable')
      .update({ bank_account_id: other.id })
      .eq('id', entry.id);
    expect(moved.error?.message).toBe('entry_already_settled');

    const edit = await owner.client
      .from('accounts_payable')
      .update({ description: 'Cimento (NF 55)', project_id: project!.id, notes: 'conferido' })
      .eq('id', entry.id);
    expect(edit.error).toBeNull();
    const { rows } = await db.query(
      'select description, project_id from public.transactions where payable_id = $1',
      [entry.id],
    );
    expect(rows).toEqual([{ description: 'Cimento (NF 55)', project_id: project!.id }]);
    const financials = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: project!.id,
    });
    expect(financials.data).toEqual([
      { project_id: project!.id, paid_expenses: 80, paid_revenues: 0 },
    ]);
  });
});
