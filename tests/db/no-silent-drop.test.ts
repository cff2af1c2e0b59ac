// Creates never drop a row silently: the client's inserts (src/features/entries/api/
// insert-new-entries.ts) against the real database, as a real member. A re-send of the same rows
// (the answer of the first send was lost) succeeds without writing twice; another row with one of the
// ids — the company's own, different, or another company's, invisible — is entry_already_exists, and
// nothing changes.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertSameEntry,
  insertNewEntries,
  type SentRow,
} from '../../src/features/entries/api/insert-new-entries';
import { buildEntryRows } from '../../src/features/entries/lib/entry-rows';
import { errorKey } from '../../src/lib/errors';
import { adminDb, createMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let neighbour: Member;

beforeAll(async () => {
  db = adminDb();
  [owner, neighbour] = await Promise.all([
    createMember('Construtora Sem Perdas'),
    createMember('Construtora Vizinha Sem Perdas'),
  ]);
});
afterAll(async () => {
  await db.end();
});

function payables(member: Member, rows: SentRow[]) {
  return insertNewEntries(
    rows,
    () => member.client.from('accounts_payable').insert(rows as never),
    (ids) => member.client.from('accounts_payable').select('*').in('id', ids),
  );
}

async function keyOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return errorKey(error);
  }
}

async function stored(ids: string[]) {
  const { rows } = await db.query(
    `select id, company_id, description, amount::text, due_date::text from public.accounts_payable
     where id = any($1::uuid[]) order by due_date`,
    [ids],
  );
  return rows;
}

function plan(companyId: string, description: string): SentRow[] {
  return buildEntryRows(
    {
      companyId,
      description,
      amountCents: 100_000,
      dueDate: '2026-12-10',
      projectId: null,
      categoryId: null,
      bankAccountId: null,
      paymentMethod: 'pix',
      notes: 'Entrega em três vezes',
      plan: { type: 'installments', count: 3 },
    },
    randomUUID(),
  ).map((row) => ({
    ...row,
    id: randomUUID(),
    supplier_id: null,
    supplier_name: 'Areal Bom Jesus',
  }));
}

describe('creates with client-made ids', () => {
  it('a re-send of the same rows succeeds and writes nothing twice', async () => {
    const rows = plan(owner.company.id, 'Areia');
    await payables(owner, rows);
    const first = await stored(rows.map((r) => r.id));
    expect(first.map((r) => [r.description, r.amount])).toEqual([
      ['Areia (1/3)', '333.33'],
      ['Areia (2/3)', '333.33'],
      ['Areia (3/3)', '333.34'],
    ]);
    await payables(owner, rows);
    expect(await stored(rows.map((r) => r.id))).toEqual(first);
  });

  it('another row of the company with the id: entry_already_exists, nothing changes', async () => {
    const rows = plan(owner.company.id, 'Brita');
    await payables(owner, rows);
    const before = await stored(rows.map((r) => r.id));
    const other = rows.map((row) => ({ ...row, description: 'Cimento' }));
    expect(await keyOf(payables(owner, other))).toBe('entry_already_exists');
    expect(await stored(rows.map((r) => r.id))).toEqual(before);
  });

  it("another company's id (invisible to the caller): entry_already_exists, nothing written", async () => {
    const rows = plan(owner.company.id, 'Tijolo');
    await payables(owner, rows);
    const before = await stored(rows.map((r) => r.id));
    const theirs = rows.map((row) => ({ ...row, company_id: neighbour.company.id }));
    expect(await keyOf(payables(neighbour, theirs))).toBe('entry_already_exists');
    expect(await stored(rows.map((r) => r.id))).toEqual(before);
  });

  it('"Marcar como Pago" with an id that exists answers another entry: refused as entry_already_exists', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta sem perdas' });
    const [existing] = plan(owner.company.id, 'Cal');
    if (!existing) throw new Error('no row');
    await payables(owner, [existing]);
    const sent = {
      company_id: owner.company.id,
      kind: 'expense',
      description: 'Conta de luz',
      amount: 99.9,
      due_date: '2026-11-20',
    };
    const call = () =>
      owner.client.rpc('create_and_settle_entry', {
        p_kind: 'expense',
        p_id: existing.id,
        p_company_id: owner.company.id,
        p_description: sent.description,
        p_amount: sent.amount,
        p_due_date: sent.due_date,
        p_bank_account_id: account.id,
        p_paid_on: '2026-11-20',
        p_today: '2026-11-20',
      });
    const { data, error } = await call();
    expect(error).toBeNull();
    expect(() => assertSameEntry(data, sent)).toThrow('entry_already_exists');

    // A retry of a submit that was written answers what it sent.
    const fresh = { ...sent, description: 'Conta de água' };
    const id = randomUUID();
    for (let i = 0; i < 2; i++) {
      const again = await owner.client.rpc('create_and_settle_entry', {
        p_kind: 'expense',
        p_id: id,
        p_company_id: owner.company.id,
        p_description: fresh.description,
        p_amount: fresh.amount,
        p_due_date: fresh.due_date,
        p_bank_account_id: account.id,
        p_paid_on: '2026-11-20',
        p_today: '2026-11-20',
      });
      expect(again.error).toBeNull();
      expect(() => assertSameEntry(again.data, fresh)).not.toThrow();
    }
  });
});
