// Movimentações paged in SQL (search_movements' p_limit / p_offset): pages in the default order
// (movement_date desc, created_at desc, id desc) join up to exactly the rows of the unpaged call,
// entries and transfers merged, rows written in the same instant included; filters apply before
// the page; a page out of range is refused with invalid_page.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
const TODAY = '2026-03-31';

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Páginas de Movimentos');
  const a = await createBankAccount(owner, 1000, { name: 'Conta A' });
  const b = await createBankAccount(owner, 0, { name: 'Conta B' });
  // 30 payables and 12 receivables in one statement each (one created_at: ties on the date and
  // the instant), over a few days, some paid (their movement date is the payment's).
  await db.query(
    `insert into public.accounts_payable (company_id, description, amount, due_date, status, payment_date, bank_account_id)
     select $1, 'Conta ' || i, 10 + i, date '2026-03-01' + (i % 5),
            case when i % 3 = 0 then 'paid' else 'pending' end,
            case when i % 3 = 0 then date '2026-03-10' + (i % 4) end,
            case when i % 3 = 0 then $2::uuid end
     from generate_series(1, 30) i`,
    [owner.company.id, a.id],
  );
  await db.query(
    `insert into public.accounts_receivable (company_id, description, amount, due_date)
     select $1, 'Receita ' || i, 100 + i, date '2026-03-02' + (i % 6) from generate_series(1, 12) i`,
    [owner.company.id],
  );
  for (const day of ['2026-03-03', '2026-03-11']) {
    const { error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: a.id,
      p_to_account_id: b.id,
      p_amount: 5,
      p_transfer_date: day,
    });
    expect(error).toBeNull();
  }
});
afterAll(async () => {
  await db.end();
});

type Row = { id: string; movement_date: string; created_at: string; row_type: string };

async function search(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('search_movements', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    ...args,
  });
  if (error) throw error;
  return data as unknown as Row[];
}

/** The default order, computed here from the unpaged answer. */
function latestFirst(rows: Row[]) {
  return [...rows].sort(
    (x, y) =>
      y.movement_date.localeCompare(x.movement_date) ||
      Date.parse(y.created_at) - Date.parse(x.created_at) ||
      y.id.localeCompare(x.id),
  );
}

async function allPages(filter: Record<string, unknown>, size: number) {
  const rows: Row[] = [];
  for (let offset = 0; offset < 1000; offset += size) {
    const page = await search({ ...filter, p_limit: size, p_offset: offset });
    rows.push(...page);
    if (page.length < size) return rows;
  }
  throw new Error('more pages than rows');
}

describe('search_movements in pages', () => {
  it('pages of 7 join up to every row, latest movement first, entries and transfers merged', async () => {
    const whole = await search({});
    expect(whole).toHaveLength(44);
    const paged = await allPages({}, 7);
    expect(paged.map((r) => r.id)).toEqual(latestFirst(whole).map((r) => r.id));
    expect(paged.filter((r) => r.row_type === 'transfer')).toHaveLength(2);
  });

  it('filters apply before the page', async () => {
    const income = await search({ p_kinds: ['income'] });
    expect(income).toHaveLength(12);
    expect((await allPages({ p_kinds: ['income'] }, 5)).map((r) => r.id)).toEqual(
      latestFirst(income).map((r) => r.id),
    );
    const found = await allPages({ p_search: 'receita 1' }, 2);
    expect(found.map((r) => r.id).sort()).toEqual(
      (await search({ p_search: 'receita 1' })).map((r) => r.id).sort(),
    );
    expect(found.length).toBe(4); // Receita 1, 10, 11, 12
  });

  it.each([
    ['a page of 0', { p_limit: 0 }],
    ['a page over 5000', { p_limit: 5001 }],
    ['a negative offset', { p_limit: 10, p_offset: -1 }],
  ])('%s → invalid_page', async (_, args) => {
    const { error } = await owner.client.rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
      ...args,
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_page' });
  });
});
