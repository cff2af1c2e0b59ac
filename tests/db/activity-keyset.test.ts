// Atividade in keyset pages (company_activity's p_before_at / p_before_id / p_limit): the pages
// join up to the whole list with no row twice or lost (rows written in the same instant included),
// a filter by person or kind pages the same way, and a half cursor or a page out of range is
// refused with invalid_page.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Páginas');
  // 23 categories in one statement: their audit rows share one `at` (now() of the transaction),
  // so only the id tells them apart, as a bulk import's rows are.
  await db.query(
    `insert into public.categories (company_id, name, type, color)
     select $1, 'Categoria ' || i, 'expense', 'blue' from generate_series(1, 23) i`,
    [owner.company.id],
  );
});
afterAll(async () => {
  await db.end();
});

type Row = { id: number; at: string; entity: string };

async function page(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('company_activity', {
    p_company_id: owner.company.id,
    ...args,
  });
  if (error) throw error;
  return data as unknown as Row[];
}

async function allPages(filter: Record<string, unknown>, size: number) {
  const rows: Row[] = [];
  let cursor: Record<string, unknown> = {};
  for (let i = 0; i < 100; i++) {
    const got = await page({ ...filter, ...cursor, p_limit: size });
    rows.push(...got);
    const last = got.at(-1);
    if (got.length < size || !last) return rows;
    cursor = { p_before_at: last.at, p_before_id: last.id };
  }
  throw new Error('more pages than rows');
}

describe('company_activity in keyset pages', () => {
  it('pages of 4 join up to the whole list, newest first, every row once', async () => {
    const whole = await page({});
    expect(whole.length).toBeGreaterThan(23);
    const paged = await allPages({}, 4);
    expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
  });

  it('a kind and a person page the same way', async () => {
    const categories = await page({ p_table: 'category' });
    expect(categories).toHaveLength(23);
    expect((await allPages({ p_table: 'category' }, 5)).map((r) => r.id)).toEqual(
      categories.map((r) => r.id),
    );
    const mine = await page({ p_actor: owner.user.id });
    expect(mine.length).toBeGreaterThan(0);
    expect((await allPages({ p_actor: owner.user.id }, 2)).map((r) => r.id)).toEqual(
      mine.map((r) => r.id),
    );
  });

  it('p_limit caps the page; the cursor starts strictly after its row', async () => {
    const first = await page({ p_limit: 3 });
    expect(first).toHaveLength(3);
    const next = await page({ p_limit: 1, p_before_at: first[2]!.at, p_before_id: first[2]!.id });
    const whole = await page({});
    expect(next.map((r) => r.id)).toEqual([whole[3]!.id]);
  });

  it.each([
    ['half a cursor', { p_before_at: '2026-01-01T00:00:00Z' }],
    ['the other half', { p_before_id: 1 }],
    ['a page of 0', { p_limit: 0 }],
    ['a page over 1000', { p_limit: 1001 }],
  ])('%s → invalid_page', async (_, args) => {
    const { error } = await owner.client.rpc('company_activity', {
      p_company_id: owner.company.id,
      ...args,
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_page' });
  });
});
