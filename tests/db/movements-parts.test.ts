// Rateio in Movimentações (issue 33): an obra or category filter lists a split entry when one of
// its parts matches every such filter, ONCE, with the figures of its matching parts summed (each
// part's share of the paid amount, juros, multa and desconto apportioned exactly: recomputed here
// with src/lib/apportion.ts, not the database's function); every order and the unpaged call agree;
// without such filters a split entry is listed as before; a search finds a split entry by its
// parts' category and obra names; movement_summary adds up what is listed.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../src/lib/apportion';
import { adminDb, createMember } from './helpers';
import { createBankAccount, createPayable, createReceivable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let other: Member;
const TODAY = '2026-03-31';
const ids: Record<string, string> = {};

type Row = {
  row_type: string;
  kind: string;
  id: string;
  amount: number;
  paid_amount: number;
  open_amount: number;
  paid_total: number;
  display_amount: number;
  signed_amount: number;
  project_id: string | null;
  category_id: string | null;
  part_count: number | null;
  part_project_names: (string | null)[] | null;
  parts:
    | {
        project_id: string | null;
        project_name: string | null;
        category_id: string | null;
        category_name: string | null;
        amount: number;
        display_amount: number;
        match: boolean;
      }[]
    | null;
};

const cents = (value: number) => Math.round(value * 100);

// S1: a payable of R$ 1.000,00 in three parts, partly paid with juros, multa and desconto.
const S1_PARTS = [60000, 30033, 9967];
const S1_PAID = 50000;
const S1_INTEREST = 1001;
const S1_FINE = 300;
const S1_DISCOUNT = 100;

/** The figures of S1's parts at `positions`, summed, in centavos (the rule of private.apportion). */
function s1Figures(positions: number[]) {
  const paid = apportion(S1_PARTS, S1_PAID);
  const interest = apportion(S1_PARTS, S1_INTEREST);
  const fine = apportion(S1_PARTS, S1_FINE);
  const discount = apportion(S1_PARTS, S1_DISCOUNT);
  const sum = { amount: 0, paid: 0, open: 0, paidTotal: 0 };
  for (const i of positions) {
    sum.amount += S1_PARTS[i]!;
    sum.paid += paid[i]!;
    sum.open += S1_PARTS[i]! - paid[i]!;
    sum.paidTotal += paid[i]! + interest[i]! + fine[i]! - discount[i]!;
  }
  return { ...sum, display: sum.paidTotal + sum.open };
}

async function search(args: Record<string, unknown>): Promise<Row[]> {
  const { data, error } = await owner.client.rpc('search_movements', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    ...args,
  });
  if (error) throw new Error(JSON.stringify(error));
  return (data as unknown as Row[]).filter((r) => r.row_type === 'entry');
}

async function summary(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('movement_summary', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    ...args,
  });
  if (error) throw new Error(JSON.stringify(error));
  return data as unknown as { income_total: number; expense_total: number; count: number };
}

/** Every order and the unpaged call list the same rows with the same figures. */
async function listed(filters: Record<string, unknown>): Promise<Row[]> {
  const all = await search({ ...filters, p_limit: null });
  const byId = (rows: Row[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const order of ['date_desc', 'date_asc', 'value_desc', 'value_asc']) {
    const page = await search({ ...filters, p_limit: 500, p_order: order });
    expect(byId(page), `${order} ${JSON.stringify(filters)}`).toEqual(byId(all));
  }
  const ids = all.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  return all;
}

function one(rows: Row[], id: string | undefined): Row {
  const found = rows.filter((r) => r.id === id);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function expectFigures(row: Row, figures: ReturnType<typeof s1Figures>) {
  expect(cents(row.amount)).toBe(figures.amount);
  expect(cents(row.paid_amount)).toBe(figures.paid);
  expect(cents(row.open_amount)).toBe(figures.open);
  expect(cents(row.paid_total)).toBe(figures.paidTotal);
  expect(cents(row.display_amount)).toBe(figures.display);
  expect(cents(row.signed_amount)).toBe(-figures.display);
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Rateio Movimentações');
  other = await createMember('Outra Construtora');
  ids.account = (await createBankAccount(owner, 100000)).id;
  const { rows: categories } = await db.query<{ id: string; name: string }>(
    `insert into public.categories (company_id, name, type)
     values ($1, 'Materiais', 'expense'), ($1, 'Elétrica', 'expense'), ($1, 'Medições', 'income')
     returning id, name`,
    [owner.company.id],
  );
  for (const c of categories) ids[c.name] = c.id;
  const { rows: projects } = await db.query<{ id: string; name: string }>(
    `insert into public.projects (company_id, name)
     values ($1, 'Obra Alfa'), ($1, 'Obra Beta'), ($1, 'Obra Gama') returning id, name`,
    [owner.company.id],
  );
  for (const p of projects) ids[p.name] = p.id;
  const part = (project: string | null, category: string, amount: number) => ({
    project_id: project && ids[project],
    stage_id: null,
    category_id: ids[category],
    amount,
    percent: null,
  });

  ids.s1 = (
    await createPayable(owner, 1000, {
      description: 'Concreto usinado',
      due_date: '2026-03-10',
      parts: [
        part('Obra Alfa', 'Materiais', 600),
        part('Obra Beta', 'Elétrica', 300.33),
        part(null, 'Materiais', 99.67),
      ],
    })
  ).id;
  const { error } = await owner.client.rpc('settle_payable', {
    p_payable_id: ids.s1,
    p_bank_account_id: ids.account,
    p_paid_on: '2026-03-12',
    p_amount_paid: 500,
    p_interest: 10.01,
    p_fine: 3,
    p_discount: 1,
    p_today: TODAY,
  });
  if (error) throw error;
  // S2: no one part is Obra Alfa AND Materiais.
  ids.s2 = (
    await createPayable(owner, 100, {
      description: 'Fios e cimento',
      due_date: '2026-03-20',
      parts: [part('Obra Alfa', 'Elétrica', 50), part('Obra Gama', 'Materiais', 50)],
    })
  ).id;
  ids.r1 = (
    await createReceivable(owner, 1000, {
      description: 'Medição conjunta',
      due_date: '2026-03-15',
      parts: [part('Obra Alfa', 'Medições', 700), part('Obra Beta', 'Medições', 300)],
    })
  ).id;
  ids.p1 = (
    await createPayable(owner, 200, {
      due_date: '2026-03-11',
      project_id: ids['Obra Alfa'],
      category_id: ids.Materiais,
    })
  ).id;
  ids.p2 = (
    await createPayable(owner, 100, { due_date: '2026-03-12', project_id: ids['Obra Beta'] })
  ).id;
  ids.p3 = (await createPayable(owner, 40, { description: 'Sem nada', due_date: '2026-03-13' })).id;
  ids.r2 = (
    await createReceivable(owner, 500, {
      due_date: '2026-03-16',
      project_id: ids['Obra Alfa'],
      category_id: ids['Medições'],
    })
  ).id;
});

afterAll(async () => {
  await db.end();
});

describe('search_movements follows the parts', () => {
  it('an obra filter lists a split entry once, with the figures of its parts of that obra', async () => {
    const rows = await listed({ p_project_ids: [ids['Obra Alfa']] });
    expect(rows.map((r) => r.id).sort()).toEqual([ids.s1, ids.s2, ids.r1, ids.p1, ids.r2].sort());
    expectFigures(one(rows, ids.s1), s1Figures([0]));
    expect(cents(one(rows, ids.s2).display_amount)).toBe(5000);
    expect(cents(one(rows, ids.r1).display_amount)).toBe(70000);
    // The parts come along, each saying whether it matched.
    const parts = one(rows, ids.s1).parts!;
    expect(parts.map((p) => [p.project_name, p.category_name, p.match])).toEqual([
      ['Obra Alfa', 'Materiais', true],
      ['Obra Beta', 'Elétrica', false],
      [null, 'Materiais', false],
    ]);
    expect(parts.reduce((sum, p) => sum + cents(p.display_amount), 0)).toBe(
      s1Figures([0, 1, 2]).display,
    );
  });

  it('two obras: still once, their parts summed', async () => {
    const rows = await listed({ p_project_ids: [ids['Obra Alfa'], ids['Obra Beta']] });
    expectFigures(one(rows, ids.s1), s1Figures([0, 1]));
    expect(cents(one(rows, ids.r1).display_amount)).toBe(100000);
  });

  it('sem obra takes the Geral parts, never a split entry in full', async () => {
    const rows = await listed({ p_include_no_project: true });
    expect(rows.map((r) => r.id).sort()).toEqual([ids.s1, ids.p3].sort());
    expectFigures(one(rows, ids.s1), s1Figures([2]));
    const withAlfa = await listed({
      p_project_ids: [ids['Obra Alfa']],
      p_include_no_project: true,
    });
    expectFigures(one(withAlfa, ids.s1), s1Figures([0, 2]));
  });

  it('a category filter sums the parts of that category', async () => {
    const rows = await listed({ p_category_ids: [ids.Materiais] });
    expect(rows.map((r) => r.id).sort()).toEqual([ids.s1, ids.s2, ids.p1].sort());
    expectFigures(one(rows, ids.s1), s1Figures([0, 2]));
    expect(cents(one(rows, ids.s2).display_amount)).toBe(5000);
  });

  it('obra and category: a part must match both', async () => {
    const rows = await listed({
      p_project_ids: [ids['Obra Alfa']],
      p_category_ids: [ids.Materiais],
    });
    expect(rows.map((r) => r.id).sort()).toEqual([ids.s1, ids.p1].sort());
    expectFigures(one(rows, ids.s1), s1Figures([0]));
  });

  it('without an obra or category filter a split entry is listed as before', async () => {
    const rows = await listed({});
    const s1 = one(rows, ids.s1);
    expectFigures(s1, s1Figures([0, 1, 2]));
    expect(s1.project_id).toBeNull();
    expect(s1.category_id).toBeNull();
    expect(s1.parts!.every((p) => p.match)).toBe(true);
    expect(one(rows, ids.p1).parts).toBeNull();
    // An account filter is no part filter either.
    expectFigures(
      one(await listed({ p_account_ids: [ids.account] }), ids.s1),
      s1Figures([0, 1, 2]),
    );
  });

  it('a search finds a split entry by its parts’ category and obra names, in full', async () => {
    const byCategory = await listed({ p_search: 'eletrica' });
    expect(byCategory.map((r) => r.id).sort()).toEqual([ids.s1, ids.s2].sort());
    expectFigures(one(byCategory, ids.s1), s1Figures([0, 1, 2]));
    const byObra = await listed({ p_search: 'gama' });
    expect(byObra.map((r) => r.id)).toEqual([ids.s2]);
    // A search within an obra filter: the filter's parts.
    const both = await listed({ p_search: 'eletrica', p_project_ids: [ids['Obra Beta']] });
    expectFigures(one(both, ids.s1), s1Figures([1]));
  });

  // What the lists show of a split entry ("Rateio (3)", its obras' names; issue 35): the phone's
  // cards and the desktop's table select these and not the parts.
  it('part_count and part_project_names: distinct obras in the parts’ order, Geral null', async () => {
    const rows = await listed({});
    const s1 = one(rows, ids.s1);
    expect([s1.part_count, s1.part_project_names]).toEqual([3, ['Obra Alfa', 'Obra Beta', null]]);
    const s2 = one(rows, ids.s2);
    expect([s2.part_count, s2.part_project_names]).toEqual([2, ['Obra Alfa', 'Obra Gama']]);
    expect([one(rows, ids.p1).part_count, one(rows, ids.p1).part_project_names]).toEqual([
      null,
      null,
    ]);
    // An obra filter lists the entry by its parts, and still names all of them.
    const beta = one(await listed({ p_project_ids: [ids['Obra Beta']] }), ids.s1);
    expect([beta.part_count, beta.part_project_names]).toEqual([
      3,
      ['Obra Alfa', 'Obra Beta', null],
    ]);
    // An obra twice among the parts is named once, where it first comes.
    const { rows: projects } = await db.query<{ id: string; name: string }>(
      `insert into public.projects (company_id, name) values ($1, 'Obra Um'), ($1, 'Obra Dois')
       returning id, name`,
      [other.company.id],
    );
    const { rows: categories } = await db.query<{ id: string }>(
      `insert into public.categories (company_id, name, type) values ($1, 'Materiais', 'expense')
       returning id`,
      [other.company.id],
    );
    const obra = (name: string) => projects.find((p) => p.name === name)!.id;
    const part = (name: string, amount: number) => ({
      project_id: obra(name),
      stage_id: null,
      category_id: categories[0]!.id,
      amount,
      percent: null,
    });
    const twice = await createPayable(other, 90, {
      due_date: '2026-03-10',
      parts: [part('Obra Dois', 30), part('Obra Um', 30), part('Obra Dois', 30)],
    });
    const { data, error } = await other.client.rpc('search_movements', {
      p_company_id: other.company.id,
      p_today: TODAY,
      p_limit: 20,
    });
    if (error) throw new Error(JSON.stringify(error));
    const row = one(data as unknown as Row[], twice.id);
    expect([row.part_count, row.part_project_names]).toEqual([3, ['Obra Dois', 'Obra Um']]);
  });

  it('another company reads nothing of it', async () => {
    const { error } = await other.client.rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
      p_project_ids: [ids['Obra Alfa']!],
    });
    expect(error?.message).toBe('not_a_member');
  });
});

/** movement_summary against the listed rows (no transfers here). */
async function expectSummaryAgrees(filters: Record<string, unknown>) {
  const rows = await search({ ...filters, p_limit: null });
  const sum = (kind: string) =>
    rows.filter((r) => r.kind === kind).reduce((s, r) => s + cents(r.display_amount), 0);
  const got = await summary(filters);
  expect(
    { income: cents(got.income_total), expense: cents(got.expense_total), count: got.count },
    JSON.stringify(filters),
  ).toEqual({ income: sum('income'), expense: sum('expense'), count: rows.length });
}

const FILTERS: Record<string, unknown>[] = [
  {},
  { p_project_ids: ['Obra Alfa'] },
  { p_project_ids: ['Obra Alfa', 'Obra Beta'] },
  { p_include_no_project: true },
  { p_project_ids: ['Obra Alfa'], p_include_no_project: true },
  { p_category_ids: ['Materiais'] },
  { p_category_ids: ['Materiais', 'Elétrica'] },
  { p_project_ids: ['Obra Alfa'], p_category_ids: ['Materiais'] },
  { p_project_ids: ['Obra Beta'], p_statuses: ['open', 'overdue'] },
  { p_category_ids: ['Materiais'], p_without_comprovante: true },
];

function named(filters: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...filters };
  for (const key of ['p_project_ids', 'p_category_ids']) {
    if (Array.isArray(out[key])) out[key] = (out[key] as string[]).map((name) => ids[name]);
  }
  return out;
}

describe('movement_summary adds up what is listed', () => {
  // Within one month (no whole month): every entry summed from the rows.
  it.each(FILTERS)('from the rows, a part of March: %j', async (filters) => {
    await expectSummaryAgrees({ ...named(filters), p_start: '2026-03-02', p_end: '2026-03-30' });
  });

  it('a search with a filter, from the rows', async () => {
    await expectSummaryAgrees({
      p_search: 'concreto',
      p_project_ids: [ids['Obra Alfa']],
      p_start: '2026-03-02',
      p_end: '2026-03-30',
    });
  });
});

// Whole months are read from private.entry_totals, whose category / project dims expand the parts
// only with the `totals` helper's trigger (issue 33): these wait for it.
describe('movement_summary from the kept totals (needs entry_totals by parts)', () => {
  it.each(FILTERS)('whole history: %j', async (filters) => {
    await expectSummaryAgrees(named(filters));
  });

  it.each(FILTERS)('March as a whole month: %j', async (filters) => {
    await expectSummaryAgrees({ ...named(filters), p_start: '2026-03-01', p_end: '2026-03-31' });
  });

  it.each(['materiais', 'eletrica', 'obra', 'gama'])(
    'a search matching category or obra names: %s',
    async (text) => {
      await expectSummaryAgrees({ p_search: text });
      await expectSummaryAgrees({ p_search: text, p_start: '2026-03-01', p_end: '2026-03-31' });
      await expectSummaryAgrees({ p_search: text, p_project_ids: [ids['Obra Alfa']] });
    },
  );
});
