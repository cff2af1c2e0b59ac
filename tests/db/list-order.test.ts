// The desktop tables sort the entry lists by date or by value in SQL (search_movements' and
// account_ledger's p_order, which page themselves; PostgREST `order=` on the entries view), so that
// "Carregar mais" continues the same order. The orders the app sends (src/lib/list-order.ts,
// src/features/*/lib), read page by page as a real member: every row exactly once, dates or
// amounts monotonic, the same as one read of every row,
// and the list's filters still apply. Where a list mixes entradas and saídas (Movimentações,
// Últimos lançamentos, a bank account's history), by value is by the signed value as shown: every
// saída (negative) before every entrada ascending, and equal amounts of each kind do not tie.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  afterLatestChunk,
  afterRow,
  applyOrder,
  toSqlOrder,
  type ListSort,
  type OrderTerm,
} from '../../src/lib/list-order';
import { entryListOrder } from '../../src/features/entries/lib/list-orders';
import { latestOrder } from '../../src/features/movements/lib/list-orders';
import { createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

const PAGE = 3;
const TODAY = '2026-06-30';

let owner: Member;
let accountId: string;

type Page<T> = PromiseLike<{ data: T[] | null; error: unknown }>;

/** Every page of `size` rows, until a short one. */
async function readPaged<T>(read: (from: number, to: number) => Page<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await read(from, from + PAGE - 1);
    if (error) throw new Error(JSON.stringify(error));
    rows.push(...(data ?? []));
    if ((data ?? []).length < PAGE) return rows;
  }
}

/** Every page as the app reads a list paged in SQL: one row more than the page says there is more. */
async function readSqlPaged<T>(read: (offset: number, limit: number) => Page<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await read(offset, PAGE + 1);
    if (error) throw new Error(JSON.stringify(error));
    rows.push(...(data ?? []).slice(0, PAGE));
    if ((data ?? []).length <= PAGE) return rows;
  }
}

function expectMonotonic(values: (string | number)[], direction: ListSort['direction']) {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(values).toEqual(direction === 'ascending' ? sorted : sorted.reverse());
}

/** Every saída before every entrada (ascending), or after them (descending): they never mix. */
function expectSaidasApart(rows: { kind: string | null }[], direction: ListSort['direction']) {
  const kinds = rows.map((r) => (r.kind === 'expense' ? 'saída' : 'entrada'));
  const first = direction === 'ascending' ? 'saída' : 'entrada';
  const second = first === 'saída' ? 'entrada' : 'saída';
  const split = kinds.indexOf(second);
  expect(kinds.includes('saída') && kinds.includes('entrada')).toBe(true);
  expect(kinds.slice(split)).toEqual(kinds.slice(split).map(() => second));
  expect(kinds.slice(0, split)).toEqual(kinds.slice(0, split).map(() => first));
}

const SORTS: ListSort[] = [
  { by: 'value', direction: 'ascending' },
  { by: 'value', direction: 'descending' },
  { by: 'date', direction: 'ascending' },
  { by: 'date', direction: 'descending' },
];

beforeAll(async () => {
  owner = await createMember('Construtora Ordem');
  accountId = (await createBankAccount(owner, 0, { name: 'Conta Ordem' })).id;
  // Equal amounts and equal dates on purpose: only the last term (id) tells them apart.
  const payables: [string, number, string, string | null][] = [
    ['Cimento', 300, '2026-06-10', '2026-06-12'],
    ['Areia', 50, '2026-06-20', null],
    ['Brita', 300, '2026-06-20', null],
    ['Aço', 1200, '2026-05-02', '2026-06-01'],
    ['Tijolo', 75.5, '2026-07-15', null],
    ['Prego', 50, '2026-06-10', '2026-06-12'],
    ['Telha', 980, '2026-08-01', null],
  ];
  for (const [description, amount, due, paid] of payables) {
    const p = await createPayable(owner, amount, { description, due_date: due });
    if (paid) await settlePayable(owner, p.id, accountId, paid);
  }
  const receivables: [string, number, string, string | null][] = [
    ['Medição 1', 5000, '2026-06-05', '2026-06-05'],
    ['Medição 2', 50, '2026-06-20', '2026-06-21'],
    ['Medição 3', 640, '2026-07-01', null],
  ];
  for (const [description, amount, due, received] of receivables) {
    const r = await createReceivable(owner, amount, { description, due_date: due });
    if (received) await settleReceivable(owner, r.id, accountId, received);
  }
});

describe('orders of the paged lists', () => {
  it('search_movements by value and by date, page by page, with the filters applied', async () => {
    for (const args of [
      { p_company_id: owner.company.id, p_today: TODAY },
      { p_company_id: owner.company.id, p_today: TODAY, p_kinds: ['expense'] },
    ]) {
      const expected = args.p_kinds ? 7 : 10;
      for (const sort of SORTS) {
        const request = (offset: number, limit: number) =>
          owner.client
            .rpc('search_movements', {
              ...args,
              p_order: toSqlOrder(sort),
              p_limit: limit,
              p_offset: offset,
            })
            .select('id, display_amount, signed_amount, movement_date, kind, created_at');
        const paged = await readSqlPaged(request);
        expect(paged).toHaveLength(expected);
        expect(new Set(paged.map((r) => r.id)).size).toBe(expected);
        if (args.p_kinds) expect(paged.every((r) => r.kind === 'expense')).toBe(true);
        expectMonotonic(
          paged.map((r) => (sort.by === 'value' ? Number(r.signed_amount) : r.movement_date)),
          sort.direction,
        );
        for (const r of paged) {
          const shown = Number(r.display_amount);
          expect(Number(r.signed_amount)).toBe(r.kind === 'expense' ? -shown : shown);
        }
        if (sort.by === 'value' && !args.p_kinds) expectSaidasApart(paged, sort.direction);
        const whole = await request(0, 5000);
        expect(paged).toEqual(whole.data);
      }
    }
    // The default (no p_order): latest movement first, as before.
    const plain = await readSqlPaged((offset, limit) =>
      owner.client
        .rpc('search_movements', {
          p_company_id: owner.company.id,
          p_today: TODAY,
          p_limit: limit,
          p_offset: offset,
        })
        .select('id, movement_date, created_at'),
    );
    expectMonotonic(
      plain.map((r) => r.movement_date),
      'descending',
    );
    // By value is not by date: the test data tells them apart.
    const byValue = await readSqlPaged((offset, limit) =>
      owner.client
        .rpc('search_movements', {
          p_company_id: owner.company.id,
          p_today: TODAY,
          p_order: 'value_desc',
          p_limit: limit,
          p_offset: offset,
        })
        .select('id, signed_amount, movement_date, created_at'),
    );
    expect(byValue.map((r) => r.id)).not.toEqual(plain.map((r) => r.id));
    // Only the orders the screen offers.
    const unknown = await owner.client.rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
      p_order: 'amount; drop table x',
      p_limit: 10,
    });
    expect(unknown.error?.message).toBe('invalid_page');
  });

  it('Contas a Pagar (entries view) by value and by date, pending and paid', async () => {
    for (const status of ['pending', 'paid'] as const) {
      for (const sort of [undefined, ...SORTS]) {
        const request = () =>
          applyOrder(
            owner.client
              .from('entries')
              .select('id, amount, open_amount, due_date, settled_on')
              .eq('company_id', owner.company.id)
              .eq('kind', 'expense')
              .eq('status', status),
            entryListOrder(status, sort),
          );
        const paged = await readPaged((from, to) => request().range(from, to));
        expect(paged).toHaveLength(status === 'pending' ? 4 : 3);
        expect(new Set(paged.map((r) => r.id)).size).toBe(paged.length);
        const direction = sort?.direction ?? (status === 'pending' ? 'ascending' : 'descending');
        expectMonotonic(
          paged.map((r) =>
            sort?.by === 'value'
              ? Number(status === 'pending' ? r.open_amount : r.amount)
              : String(status === 'pending' ? r.due_date : r.settled_on),
          ),
          direction,
        );
        expect(paged).toEqual((await request()).data);
      }
    }
  });

  it('Últimos lançamentos by value and by due date, within the period filter', async () => {
    for (const sort of SORTS) {
      const request = () =>
        applyOrder(
          owner.client
            .from('entries')
            .select('id, kind, amount, signed_amount, due_date')
            .eq('company_id', owner.company.id)
            .gte('due_date', '2026-06-01')
            .lte('due_date', '2026-06-30'),
          latestOrder(sort),
        );
      const paged = await readPaged((from, to) => request().range(from, to));
      // Cimento, Areia, Brita, Prego, Medição 1, Medição 2.
      expect(paged).toHaveLength(6);
      expectMonotonic(
        paged.map((r) => (sort.by === 'value' ? Number(r.signed_amount) : String(r.due_date))),
        sort.direction,
      );
      for (const r of paged) {
        const amount = Number(r.amount);
        expect(Number(r.signed_amount)).toBe(r.kind === 'expense' ? -amount : amount);
      }
      if (sort.by === 'value') expectSaidasApart(paged, sort.direction);
      expect(paged).toEqual((await request()).data);
    }
  });

  it("a bank account's history (account_ledger) by value and by date", async () => {
    for (const sort of SORTS) {
      const request = (offset: number, limit: number) =>
        owner.client.rpc('account_ledger', {
          p_bank_account_id: accountId,
          p_order: toSqlOrder(sort),
          p_limit: limit,
          p_offset: offset,
        });
      const paged = await readSqlPaged(request);
      // Cimento, Aço, Prego paid; Medição 1 and 2 received.
      expect(paged).toHaveLength(5);
      expect(new Set(paged.map((r) => r.id)).size).toBe(5);
      expectMonotonic(
        paged.map((r) => (sort.by === 'value' ? Number(r.signed_amount) : r.transaction_date)),
        sort.direction,
      );
      if (sort.by === 'value') {
        expectSaidasApart(
          paged.map((r) => ({ kind: r.direction === 'out' ? 'expense' : 'income' })),
          sort.direction,
        );
      }
      expect(paged).toEqual((await request(0, 5000)).data);
      // Without p_limit, every row in the same order (bank_account_summary reads it so).
      const { data: every } = await owner.client.rpc('account_ledger', {
        p_bank_account_id: accountId,
        p_order: toSqlOrder(sort),
      });
      expect(every).toEqual(paged);
    }
    // With a search, only the matching rows, still in order.
    const search = await readSqlPaged((offset, limit) =>
      owner.client.rpc('account_ledger', {
        p_bank_account_id: accountId,
        p_search: 'medição',
        p_order: 'value_asc',
        p_limit: limit,
        p_offset: offset,
      }),
    );
    expect(search.map((r) => [r.description, Number(r.amount)])).toEqual([
      ['Medição 2', 50],
      ['Medição 1', 5000],
    ]);
    // Only the orders the screen offers, and a page of at least one row.
    for (const args of [
      { p_order: 'signed_amount' },
      { p_limit: 0 },
      { p_offset: -1, p_limit: 5 },
    ]) {
      const { error } = await owner.client.rpc('account_ledger', {
        p_bank_account_id: accountId,
        ...args,
      });
      expect(error?.message).toBe('invalid_page');
    }
  });

  it("an export's chunks start where the last one ended (afterRow): every row once, in the list's order", async () => {
    // Equal due dates and one insert (one created_at) on purpose: id alone tells most rows apart.
    const member = await createMember('Construtora Exporta em Blocos');
    const bill = (k: number) => ({
      company_id: member.company.id,
      description: `Conta ${k}`,
      amount: 10 + (k % 2),
      due_date: k < 5 ? '2026-06-10' : '2026-06-11',
    });
    for (const batch of [
      [0, 1, 2, 3, 4, 5, 6],
      [7, 8],
    ]) {
      const { error } = await member.client.from('accounts_payable').insert(batch.map(bill));
      expect(error).toBeNull();
    }
    const orders: [string, OrderTerm[], Member][] = [
      ['pending (the export)', entryListOrder('pending'), member],
      [
        'every direction at once',
        [
          ['due_date', false],
          ['created_at', true],
          ['id', false],
        ],
        member,
      ],
      // Settled on the same day twice (Cimento, Prego): the tie goes to created_at, then id.
      ['paid (the export)', entryListOrder('paid'), owner],
    ];
    for (const [name, order, who] of orders) {
      const status = name.startsWith('paid') ? 'paid' : 'pending';
      const request = () =>
        who.client
          .from('entries')
          .select('id, due_date, settled_on, created_at')
          .eq('company_id', who.company.id)
          .eq('kind', 'expense')
          .eq('status', status);
      const whole = await applyOrder(request(), order);
      const chunked: string[] = [];
      let last: Record<string, unknown> | undefined;
      for (;;) {
        const base = last ? afterRow(request(), order, last) : request();
        const { data, error } = await applyOrder(base, order).limit(2);
        expect(error).toBeNull();
        chunked.push(...data!.map((r) => r.id!));
        if (data!.length < 2) break;
        last = data!.at(-1);
      }
      expect({ name, ids: chunked }).toEqual({ name, ids: whole.data!.map((r) => r.id) });
      expect(chunked.length).toBe(status === 'paid' ? 3 : 9);
    }
  });

  it("Movimentações' export: each chunk up to the last one's date, skipping what it read of that date", async () => {
    // One day spans three chunks of 3 (seven bills, two inserts: equal created_at within each).
    const member = await createMember('Construtora Exporta Movimentos');
    const bill = (k: number, due_date: string) => ({
      company_id: member.company.id,
      description: `Conta ${k}`,
      amount: 10 + k,
      due_date,
    });
    for (const batch of [
      [bill(0, '2026-06-12'), bill(1, '2026-06-12'), bill(2, '2026-06-12')],
      [0, 1, 2, 3].map((k) => bill(3 + k, '2026-06-11')),
      [0, 1, 2].map((k) => bill(7 + k, '2026-06-11')),
      [bill(10, '2026-06-10'), bill(11, '2026-06-10')],
    ]) {
      const { error } = await member.client.from('accounts_payable').insert(batch);
      expect(error).toBeNull();
    }
    for (const [args, count] of [
      [{ p_company_id: member.company.id, p_today: TODAY }, 12],
      // A period ending on a day the chunks end on.
      [{ p_company_id: member.company.id, p_today: TODAY, p_end: '2026-06-11' }, 9],
    ] as const) {
      const read = (a: typeof args, offset: number, limit: number) =>
        member.client
          .rpc('search_movements', { ...a, p_limit: limit, p_offset: offset })
          .select('id, movement_date');
      const whole = await read(args, 0, 5000);
      const chunked: string[] = [];
      const windows: [string | undefined, number][] = [];
      let at: { args: typeof args; skip: number } = { args, skip: 0 };
      for (;;) {
        windows.push([at.args.p_end, at.skip]);
        const { data, error } = await read(at.args, at.skip, 4);
        expect(error).toBeNull();
        const chunk = data!.slice(0, 3);
        chunked.push(...chunk.map((r) => r.id));
        if (data!.length <= 3) break;
        at = afterLatestChunk(
          at.args,
          at.skip,
          chunk.map((r) => r.movement_date),
        );
      }
      expect(chunked).toEqual(whole.data!.map((r) => r.id));
      expect(chunked).toHaveLength(count);
      // Never more skipped than the rows of one day already read.
      expect(Math.max(...windows.map(([, skip]) => skip))).toBeLessThanOrEqual(6);
    }
  });
});
