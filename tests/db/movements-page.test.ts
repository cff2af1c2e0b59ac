// Movimentações paged in SQL (search_movements' p_limit / p_offset): pages in the default order
// (movement_date desc, created_at desc, id desc) join up to exactly the rows of the unpaged call,
// entries and transfers merged, rows written in the same instant included; filters apply before
// the page; a page out of range is refused with invalid_page. A search pages the same whether its
// matches are few (found on their indexes first, then looked up by id) or many (the date walk), and
// finds a transfer by its description (stored search key, accents and case ignored).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, asMember, createMember } from './helpers';
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

describe('a searched page, few matches or many', () => {
  let lots: Member;
  beforeAll(async () => {
    lots = await createMember('Construtora Lotes');
    const a = await createBankAccount(lots, 0, { name: 'Conta Lotes' });
    const b = await createBankAccount(lots, 0, { name: 'Conta Reserva' });
    // 2 100 entries match "lote" (more than the 2 000 looked up by id); "lote 1" matches 1 111.
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date, status, payment_date, bank_account_id)
       select $1, 'Lote ' || i, 10 + i % 7, date '2026-01-01' + (i % 60),
              case when i % 4 = 0 then 'paid' else 'pending' end,
              case when i % 4 = 0 then date '2026-03-01' + (i % 9) end,
              case when i % 4 = 0 then $2::uuid end
       from generate_series(1, 2100) i`,
      [lots.company.id, a.id],
    );
    for (const description of [undefined, 'Reserva de obra']) {
      const { error } = await lots.client.rpc('transfer_between_accounts', {
        p_from_account_id: a.id,
        p_to_account_id: b.id,
        p_amount: 5,
        p_transfer_date: '2026-01-15',
        ...(description ? { p_description: description } : {}),
      });
      expect(error).toBeNull();
    }
  });

  /** Every row, unpaged (the API caps an answer at 1 000 rows): as the member, in SQL. */
  async function lotsWhole(text: string) {
    const { rows } = await asMember(db, lots.user.id, (client) =>
      client.query<Row & { status: string }>(
        `select id, movement_date::text, created_at, row_type, status
         from public.search_movements($1, $2, $3)`,
        [lots.company.id, TODAY, text],
      ),
    );
    return rows.map((r) => ({ ...r, created_at: (r.created_at as unknown as Date).toISOString() }));
  }

  async function lotsSearch(args: Record<string, unknown>) {
    const { data, error } = await lots.client.rpc('search_movements', {
      p_company_id: lots.company.id,
      p_today: TODAY,
      ...args,
    });
    if (error) throw error;
    return data as unknown as Row[];
  }

  it.each([
    ['lote 1', 1111],
    ['LOTE', 2102], // with the two transfers of 'Conta Lotes'
  ])('"%s": pages of 100 in both date orders are the unpaged rows sorted', async (text, count) => {
    const whole = await lotsWhole(text);
    expect(whole).toHaveLength(count);
    for (const order of ['date_desc', 'date_asc'] as const) {
      const rows: Row[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await lotsSearch({
          p_search: text,
          p_order: order,
          p_limit: 100,
          p_offset: offset,
        });
        rows.push(...page);
        if (page.length < 100) break;
      }
      const wanted = latestFirst(whole);
      if (order === 'date_asc') wanted.reverse();
      expect(rows.map((r) => r.id)).toEqual(wanted.map((r) => r.id));
    }
    // A filter still applies to the matches looked up by id.
    const paid = await lotsSearch({
      p_search: text,
      p_statuses: ['paid'],
      p_limit: 5000,
      p_offset: 0,
    });
    // A status filter leaves transfers out.
    expect(paid.length).toBe(
      whole.filter((r) => r.row_type === 'entry' && r.status === 'paid').length,
    );
    expect(paid.length).toBeGreaterThan(0);
  });

  it('finds nothing for a text nothing has, and a transfer by its description', async () => {
    expect(await lotsSearch({ p_search: 'xyzw', p_limit: 51, p_offset: 0 })).toEqual([]);
    const untitled = await lotsSearch({ p_search: 'TRANSFERÊNCIA', p_limit: 51, p_offset: 0 });
    expect(
      untitled.map((r) => [r.row_type, (r as Row & { description: string }).description]),
    ).toEqual([['transfer', 'Transferência Conta Lotes → Conta Reserva']]);
    const titled = await lotsSearch({ p_search: 'reserva de', p_limit: 51, p_offset: 0 });
    expect(titled.map((r) => (r as Row & { description: string }).description)).toEqual([
      'Reserva de obra',
    ]);
  });
});

describe('private.movement_search_ids', () => {
  it("another company's member is refused (not_a_member)", async () => {
    const stranger = await createMember('Construtora Vizinha de Busca');
    const attempt = asMember(db, stranger.user.id, (client) =>
      client.query(
        `select private.movement_search_ids($1, '%a%', '{}', '{}', '{}', '{}', '{}', 10)`,
        [owner.company.id],
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });
});
