// Movimentações filtered by category, obra (including "sem obra") or account, with and without a
// period, in both date orders: the page's ids are read along the filter's index (one read per id
// chosen, "sem obra" on its own) and the page is cut from them, so its pages must join up to
// exactly the rows of the unpaged call (p_limit null, the same filters) sorted here: date_desc =
// movement_date, created_at, id all desc; date_asc = all asc. Rows are written in one statement
// per table (ties on the date and the instant: only the id tells them apart), paid and pending,
// with transfers (kept by an account filter when either side matches, left out by the others).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, asMember, createMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
const TODAY = '2026-03-31';
const ids: Record<string, string> = {};

type Row = { id: string; movement_date: string; created_at: string; row_type: string };

/** created_at as a sortable text (Postgres trims trailing zeros of the microseconds). */
function micro(at: string): string {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(at)!;
  return `${m[1]}.${(m[2] ?? '').padEnd(6, '0')}${m[3]}`;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sorted(rows: Row[], order: 'date_desc' | 'date_asc'): string[] {
  const sign = order === 'date_asc' ? 1 : -1;
  return [...rows]
    .sort(
      (a, b) =>
        sign *
        (cmp(a.movement_date, b.movement_date) ||
          cmp(micro(a.created_at), micro(b.created_at)) ||
          cmp(a.id, b.id)),
    )
    .map((r) => r.id);
}

async function search(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('search_movements', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    ...args,
  });
  if (error) throw new Error(JSON.stringify(error));
  return data as unknown as Row[];
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Filtros Paginados');
  ids.a1 = (await createBankAccount(owner, 1000, { name: 'Conta Um' })).id;
  ids.a2 = (await createBankAccount(owner, 1000, { name: 'Conta Dois' })).id;
  ids.a3 = (await createBankAccount(owner, 1000, { name: 'Conta Três' })).id;
  const { rows: categories } = await db.query<{ id: string; name: string }>(
    `insert into public.categories (company_id, name, type, color)
     values ($1, 'Materiais', 'expense', 'orange'), ($1, 'Elétrica', 'expense', 'yellow'),
            ($1, 'Medições', 'income', 'green')
     returning id, name`,
    [owner.company.id],
  );
  for (const c of categories) ids[c.name] = c.id;
  const { rows: projects } = await db.query<{ id: string; name: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra A'), ($1, 'Obra B')
     returning id, name`,
    [owner.company.id],
  );
  for (const p of projects) ids[p.name] = p.id;
  // 60 payables and 30 receivables in one statement each, spread over January to March, every
  // combination of category (or none), obra (or none) and account; a third paid (their movement
  // date is the payment's), some overdue.
  await db.query(
    `insert into public.accounts_payable
       (company_id, description, amount, due_date, status, payment_date, bank_account_id, category_id, project_id)
     select $1, case when i % 5 = 0 then 'Cimento ' else 'Conta ' end || i, 10 + i,
            date '2026-01-05' + (i * 7 % 80),
            case when i % 3 = 0 then 'paid' else 'pending' end,
            case when i % 3 = 0 then date '2026-01-10' + (i % 9) * 9 end,
            (array[$2, $3, $4]::uuid[])[1 + i % 3],
            (array[$5, $6, null]::uuid[])[1 + i % 4 % 3],
            (array[$7, $8, null]::uuid[])[1 + i % 5 % 3]
     from generate_series(1, 60) i`,
    [
      owner.company.id,
      ids.a1,
      ids.a2,
      ids.a3,
      ids.Materiais,
      ids['Elétrica'],
      ids['Obra A'],
      ids['Obra B'],
    ],
  );
  await db.query(
    `insert into public.accounts_receivable
       (company_id, description, amount, due_date, status, received_date, bank_account_id, category_id, project_id)
     select $1, 'Medição ' || i, 100 + i, date '2026-01-03' + (i * 11 % 85),
            case when i % 2 = 0 then 'paid' else 'pending' end,
            case when i % 2 = 0 then date '2026-01-08' + (i % 7) * 10 end,
            (array[$2, $3]::uuid[])[1 + i % 2],
            case when i % 3 <> 0 then $4::uuid end,
            (array[$5, null]::uuid[])[1 + i % 2]
     from generate_series(1, 30) i`,
    [owner.company.id, ids.a1, ids.a2, ids['Medições'], ids['Obra A']],
  );
  const groups: string[] = [];
  for (const [from, to, day] of [
    [ids.a1, ids.a2, '2026-01-20'],
    [ids.a2, ids.a3, '2026-02-11'],
    [ids.a3, ids.a1, '2026-03-02'],
  ] as const) {
    const { data, error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from,
      p_to_account_id: to,
      p_amount: 5,
      p_transfer_date: day,
    });
    expect(error).toBeNull();
    groups.push(data as string);
  }
  // One transfer reversed: still listed, flagged, with the estorno's date.
  const reversed = await owner.client.rpc('reverse_transfer', {
    p_transfer_group_id: groups[1]!,
    p_reversed_on: '2026-02-12',
  });
  expect(reversed.error).toBeNull();
});
afterAll(async () => {
  await db.end();
});

describe('search_movements filtered, in pages, in both date orders', () => {
  const FEB = { p_start: '2026-02-01', p_end: '2026-02-28' };
  const filters: [string, () => Record<string, unknown>][] = [
    ['nothing', () => ({})],
    ['a period', () => FEB],
    ['a category', () => ({ p_category_ids: [ids.Materiais] })],
    ['a category and a period', () => ({ p_category_ids: [ids.Materiais], ...FEB })],
    [
      'categories of both kinds',
      () => ({ p_category_ids: [ids.Materiais, ids['Medições'], ids['Elétrica']] }),
    ],
    ['a category given twice', () => ({ p_category_ids: [ids.Materiais, ids.Materiais] })],
    ['an obra', () => ({ p_project_ids: [ids['Obra A']] })],
    ['two obras and a period', () => ({ p_project_ids: [ids['Obra A'], ids['Obra B']], ...FEB })],
    ['sem obra', () => ({ p_include_no_project: true })],
    ['sem obra and a period', () => ({ p_include_no_project: true, ...FEB })],
    [
      'an obra and sem obra',
      () => ({ p_project_ids: [ids['Obra B']], p_include_no_project: true }),
    ],
    ['an account (transfers of either side)', () => ({ p_account_ids: [ids.a1] })],
    ['two accounts and a period', () => ({ p_account_ids: [ids.a2, ids.a3], ...FEB })],
    [
      'category, obra and account together',
      () => ({
        p_category_ids: [ids.Materiais, ids['Medições']],
        p_project_ids: [ids['Obra A']],
        p_account_ids: [ids.a1, ids.a2],
      }),
    ],
    ['a category and a search', () => ({ p_category_ids: [ids.Materiais], p_search: 'cimento' })],
    ['an obra, overdue', () => ({ p_project_ids: [ids['Obra A']], p_statuses: ['overdue'] })],
    ['income in an account', () => ({ p_kinds: ['income', 'transfer'], p_account_ids: [ids.a2] })],
  ];

  it.each(filters)('%s: pages join up to the unpaged rows sorted', async (_, filter) => {
    const args = filter();
    const whole = await search(args);
    expect(whole.length).toBeGreaterThan(0);
    // Whole rows: the page reads transfers from the ledger, the unpaged call from the transfers
    // view, and entries by id; every column must agree.
    const byId = new Map(whole.map((r) => [r.id, r]));
    for (const order of ['date_desc', 'date_asc'] as const) {
      const paged: Row[] = [];
      for (let offset = 0; offset < 1000; offset += 4) {
        const page = await search({ ...args, p_order: order, p_limit: 4, p_offset: offset });
        paged.push(...page);
        if (page.length < 4) break;
      }
      expect({ order, paged }).toEqual({
        order,
        paged: sorted(whole, order).map((id) => byId.get(id)),
      });
    }
  });

  it('the filters select what they say (the unpaged rows the pages are held to)', async () => {
    expect(await search({})).toHaveLength(60 + 30 + 3);
    const rowsOf = async (args: Record<string, unknown>) =>
      (await search(args)).filter((r) => r.row_type === 'entry').length;
    // Payables: category by i % 4 % 3, obra by i % 5 % 3; receivables: category when i % 3 <> 0.
    expect(await rowsOf({ p_category_ids: [ids.Materiais] })).toBe(30);
    expect(await rowsOf({ p_category_ids: [ids['Medições']] })).toBe(20);
    expect(await rowsOf({ p_category_ids: [ids.Materiais, ids.Materiais] })).toBe(30);
    expect(await rowsOf({ p_include_no_project: true })).toBe(12 + 15);
    // A transfer is listed under the account of either side, and by no category or obra.
    const account = await search({ p_account_ids: [ids.a1] });
    expect(account.filter((r) => r.row_type === 'transfer')).toHaveLength(2);
    const transfers = (await search({ p_kinds: ['transfer'] })) as unknown as {
      reversed: boolean;
      reversed_on: string | null;
    }[];
    expect(transfers.filter((r) => r.reversed).map((r) => r.reversed_on)).toEqual(['2026-02-12']);
    const category = await search({ p_category_ids: [ids.Materiais] });
    expect(category.some((r) => r.row_type === 'transfer')).toBe(false);
  });

  it("the page's ids: another company's member is refused (not_a_member), the owner reads them", async () => {
    const stranger = await createMember('Construtora Vizinha dos Filtros');
    const call = (userId: string) =>
      asMember(db, userId, (client) =>
        client.query<{ id: string }>(
          `select private.movement_page_ids($1, $2, null, null, null, null, null, array[$3::uuid],
                                            false, null, false, null, null, null, null, null, null,
                                            'date_desc', 5) as id`,
          [owner.company.id, TODAY, ids['Obra A']],
        ),
      );
    await expect(call(stranger.user.id)).rejects.toMatchObject({
      code: 'P0001',
      message: 'not_a_member',
    });
    const { rows } = await call(owner.user.id);
    expect(rows.map((r) => r.id)).toEqual(
      (await search({ p_project_ids: [ids['Obra A']], p_limit: 5, p_offset: 0 })).map((r) => r.id),
    );
  });
});
