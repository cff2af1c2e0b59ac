// Movimentações by value reads a page of ids from each table in the order of its value index, then
// the page's names: its pages must be exactly the rows of the unpaged list (p_limit null, the same
// filters) sorted by the signed amount shown, ties latest movement first (created_at, id), with
// every filter the screen offers (search, status, kind, account, category, obra, sem comprovante).
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

const TODAY = '2026-06-30';
let owner: Member;
let accountId: string;
let otherAccountId: string;
let categoryId: string;

type Row = {
  id: string;
  signed_amount: number;
  movement_date: string;
  created_at: string;
};

/** created_at as a sortable text (Postgres trims trailing zeros of the microseconds). */
function micro(at: string): string {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(at)!;
  return `${m[1]}.${(m[2] ?? '').padEnd(6, '0')}${m[3]}`;
}

function byValue(rows: Row[], direction: 'value_desc' | 'value_asc'): string[] {
  const sign = direction === 'value_desc' ? -1 : 1;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort(
      (a, b) =>
        sign * (Number(a.signed_amount) - Number(b.signed_amount)) ||
        -cmp(a.movement_date, b.movement_date) ||
        -cmp(micro(a.created_at), micro(b.created_at)) ||
        -cmp(a.id, b.id),
    )
    .map((r) => r.id);
}

beforeAll(async () => {
  owner = await createMember('Construtora Valor');
  accountId = (await createBankAccount(owner, 0, { name: 'Conta Valor' })).id;
  otherAccountId = (await createBankAccount(owner, 0, { name: 'Poupança Elétrica' })).id;
  const { data: category } = await owner.client
    .from('categories')
    .insert({ company_id: owner.company.id, name: 'Elétrica', type: 'expense', color: 'yellow' })
    .select('id')
    .single();
  categoryId = category!.id;
  // Equal amounts on purpose, of both kinds, paid, partly paid and pending, some overdue.
  const amounts = [50, 300, 50, 1200, 75.5, 300, 980, 50, 10, 640];
  for (const [i, amount] of amounts.entries()) {
    const due = `2026-06-${String(5 + i * 2).padStart(2, '0')}`;
    const p = await createPayable(owner, amount, {
      description: i % 3 === 0 ? `Fiação elétrica ${i}` : `Material ${i}`,
      due_date: due,
      category_id: i % 2 === 0 ? categoryId : null,
    });
    if (i % 3 === 1) await settlePayable(owner, p.id, i % 2 ? accountId : otherAccountId, due);
    const r = await createReceivable(owner, amount, {
      description: `Medição ${i}`,
      due_date: due,
      client_name: i % 4 === 0 ? 'João Elétrica' : null,
    });
    if (i % 3 === 2) await settleReceivable(owner, r.id, accountId, due);
  }
  const transfer = await owner.client.rpc('transfer_between_accounts', {
    p_from_account_id: accountId,
    p_to_account_id: otherAccountId,
    p_amount: 300,
    p_transfer_date: '2026-06-11',
  });
  expect(transfer.error).toBeNull();
});

describe('search_movements by value', () => {
  const filters: Record<string, unknown>[] = [
    {},
    { p_search: 'eletrica' },
    { p_statuses: ['overdue'] },
    { p_statuses: ['paid', 'open'] },
    { p_kinds: ['income', 'transfer'] },
    { p_account_ids: [] as string[] },
    { p_category_ids: [] as string[] },
    { p_include_no_project: true },
    { p_without_comprovante: true },
    { p_start: '2026-06-10', p_end: '2026-06-20' },
  ];

  it('pages are the unpaged rows in order of the signed amount, with every filter', async () => {
    filters[5]!.p_account_ids = [otherAccountId];
    filters[6]!.p_category_ids = [categoryId];
    for (const filter of filters) {
      const args = { p_company_id: owner.company.id, p_today: TODAY, ...filter };
      const all = await owner.client
        .rpc('search_movements', args)
        .select('id, signed_amount, movement_date, created_at');
      expect(all.error).toBeNull();
      expect(all.data!.length).toBeGreaterThan(0);
      for (const order of ['value_desc', 'value_asc'] as const) {
        const ids: string[] = [];
        for (let offset = 0; ; offset += 4) {
          const page = await owner.client
            .rpc('search_movements', { ...args, p_order: order, p_limit: 4, p_offset: offset })
            .select('id');
          expect(page.error).toBeNull();
          ids.push(...page.data!.map((r) => r.id));
          if (page.data!.length < 4) break;
        }
        expect({ filter, order, ids }).toEqual({
          filter,
          order,
          ids: byValue(all.data as Row[], order),
        });
      }
    }
  });
});
