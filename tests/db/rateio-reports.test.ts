// Rateio (issue 33), the readers of obra and categoria outside Movimentações: orçado × realizado per
// stage (project_budget), aguardando aprovação per obra (project_budget_totals), the obra's "Gasto"
// (project_financials), the DRE on both bases and per obra, Relatório's breakdowns (report_summary)
// and a category's statistics (category_stats) read a split entry as its parts. Each is compared
// with sums computed here from the raw rows, split by src/lib/apportion.ts (the same rule, written
// apart from the database's): split payables paid in two parts with juros, multa and desconto, one
// paid and reversed (estorno), one pending, one awaiting approval, a split receipt with multa, and
// entries without split beside them.
//
// The ledger rows carry their entry's parts because settle_* and reverse_payment copy them; the
// tests under "kept totals" read what the triggers keep (entry_totals, ledger_*_months).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '@/lib/apportion';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let account: string;
let obraA: string;
let obraB: string;
const stage = {} as Record<'a1' | 'a2' | 'b1', string>;
const cat = {} as Record<'mat' | 'adm' | 'med', string>;

interface DbPart {
  project_id: string | null;
  stage_id: string | null;
  category_id: string | null;
  amount: number;
  percent: number | null;
}

const cents = (value: string | number) => Math.round(Number(value) * 100);

function part(
  project_id: string | null,
  stage_id: string | null,
  category_id: string | null,
  amount: number,
): DbPart {
  return { project_id, stage_id, category_id, amount, percent: null };
}

async function createProject(name: string, stages: string[]) {
  const { data, error } = await owner.client.rpc('create_project', {
    p_company_id: owner.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: 50000,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: stages,
  });
  if (error) throw error;
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from public.project_stages where project_id = $1',
    [data.id],
  );
  return { id: data.id as string, stages: Object.fromEntries(rows.map((r) => [r.name, r.id])) };
}

async function category(name: string, type: 'income' | 'expense', dre_group: string) {
  const { data, error } = await owner.client
    .from('categories')
    .insert({ company_id: owner.company.id, name, type, dre_group })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function pay(
  kind: 'payable' | 'receivable',
  id: string,
  on: string,
  extra: Record<string, number> = {},
) {
  const { error } =
    kind === 'payable'
      ? await owner.client.rpc('settle_payable', {
          p_payable_id: id,
          p_bank_account_id: account,
          p_paid_on: on,
          ...extra,
        })
      : await owner.client.rpc('settle_receivable', {
          p_receivable_id: id,
          p_bank_account_id: account,
          p_received_on: on,
          ...extra,
        });
  if (error) throw error;
}

// ---------------------------------------------------------------------------------------------
// Independent sums from the raw rows
// ---------------------------------------------------------------------------------------------

interface Piece {
  project: string | null;
  stage: string | null;
  category: string | null;
}

/** An entry as parts, each figure apportioned by the parts' amounts (in centavos). */
interface EntryPiece extends Piece {
  kind: 'income' | 'expense';
  dueDate: string;
  status: string;
  approval: string;
  amount: number;
  open: number;
  paidTotal: number;
}

/** A standing ledger row as parts (in centavos). */
interface RowPiece extends Piece {
  id: string;
  kind: 'income' | 'expense';
  on: string;
  share: number;
}

async function entryPieces(): Promise<EntryPiece[]> {
  const { rows } = await db.query<{
    kind: 'income' | 'expense';
    due_date: string;
    status: string;
    approval_status: string;
    amount: string;
    paid_amount: string;
    interest_amount: string;
    fine_amount: string;
    discount_amount: string;
    project_id: string | null;
    stage_id: string | null;
    category_id: string | null;
    parts: DbPart[] | null;
  }>(
    `select 'expense' as kind, due_date::text, status, approval_status, amount, paid_amount, interest_amount,
            fine_amount, discount_amount, project_id, stage_id, category_id, parts
     from public.accounts_payable where company_id = $1
     union all
     select 'income', due_date::text, status, 'approved', amount, paid_amount, interest_amount,
            fine_amount, discount_amount, project_id, stage_id, category_id, parts
     from public.accounts_receivable where company_id = $1`,
    [owner.company.id],
  );
  return rows.flatMap((e) => {
    const base = {
      kind: e.kind,
      dueDate: e.due_date,
      status: e.status,
      approval: e.approval_status,
    };
    if (!e.parts) {
      const paid = cents(e.paid_amount);
      return [
        {
          ...base,
          project: e.project_id,
          stage: e.stage_id,
          category: e.category_id,
          amount: cents(e.amount),
          open: cents(e.amount) - paid,
          paidTotal:
            paid + cents(e.interest_amount) + cents(e.fine_amount) - cents(e.discount_amount),
        },
      ];
    }
    const weights = e.parts.map((p) => cents(p.amount));
    const paid = apportion(weights, cents(e.paid_amount));
    const interest = apportion(weights, cents(e.interest_amount));
    const fine = apportion(weights, cents(e.fine_amount));
    const discount = apportion(weights, cents(e.discount_amount));
    return e.parts.map((p, i) => ({
      ...base,
      project: p.project_id,
      stage: p.stage_id,
      category: p.category_id,
      amount: weights[i]!,
      open: weights[i]! - paid[i]!,
      paidTotal: paid[i]! + interest[i]! + fine[i]! - discount[i]!,
    }));
  });
}

async function rowPieces(): Promise<RowPiece[]> {
  const { rows } = await db.query<{
    id: string;
    type: 'income' | 'expense';
    transaction_date: string;
    amount: string;
    project_id: string | null;
    category_id: string | null;
    parts: DbPart[] | null;
  }>(
    `select t.id, t.type, t.transaction_date::text, t.amount, t.project_id, t.category_id, t.parts
     from public.transactions t
     where t.company_id = $1 and t.type in ('income', 'expense') and t.reversal_of is null
       and not exists (select 1 from public.transactions r where r.reversal_of = t.id)`,
    [owner.company.id],
  );
  return rows.flatMap((t) => {
    const base = { id: t.id, kind: t.type, on: t.transaction_date };
    if (!t.parts) {
      return [
        {
          ...base,
          project: t.project_id,
          stage: null,
          category: t.category_id,
          share: cents(t.amount),
        },
      ];
    }
    const shares = apportion(
      t.parts.map((p) => cents(p.amount)),
      cents(t.amount),
    );
    return t.parts.map((p, i) => ({
      ...base,
      project: p.project_id,
      stage: p.stage_id,
      category: p.category_id,
      share: shares[i]!,
    }));
  });
}

function sum<T>(items: T[], value: (item: T) => number) {
  return items.reduce((total, item) => total + value(item), 0);
}

function inPeriod(day: string, start: string, end: string) {
  return day >= start && day <= end;
}

// ---------------------------------------------------------------------------------------------
// The company
// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Rateio');
  account = (await createBankAccount(owner, 100000)).id;
  const a = await createProject('Obra A', ['Fundação', 'Estrutura']);
  const b = await createProject('Obra B', ['Fundação']);
  obraA = a.id;
  obraB = b.id;
  stage.a1 = a.stages['Fundação']!;
  stage.a2 = a.stages['Estrutura']!;
  stage.b1 = b.stages['Fundação']!;
  cat.mat = await category('Materiais', 'expense', 'custo_obra');
  cat.adm = await category('Escritório', 'expense', 'despesa_administrativa');
  cat.med = await category('Medições', 'income', 'receita');

  // Not split, beside the split ones: 100 paid (Obra A, Fundação, Materiais); 300 received (Obra A).
  const u1 = await createPayable(owner, 100, {
    due_date: '2026-03-05',
    project_id: obraA,
    stage_id: stage.a1,
    category_id: cat.mat,
  });
  await pay('payable', u1.id, '2026-03-05');
  const r2 = await createReceivable(owner, 300, {
    due_date: '2026-03-09',
    project_id: obraA,
    category_id: cat.med,
  });
  await settleReceivable(owner, r2.id, account, '2026-03-09');

  // S1: 1000 in three parts (one without obra), paid in two payments with juros, desconto, multa.
  const s1 = await createPayable(owner, 1000, {
    due_date: '2026-03-10',
    parts: [
      part(obraA, stage.a1, cat.mat, 333.33),
      part(obraB, stage.b1, cat.adm, 333.34),
      part(null, null, cat.mat, 333.33),
    ],
  });
  await pay('payable', s1.id, '2026-03-12', {
    p_amount_paid: 500,
    p_interest: 10.01,
    p_discount: 3,
  });
  await pay('payable', s1.id, '2026-03-20', { p_amount_paid: 200, p_fine: 1 });

  // S2: 900, paid then reversed (estorno): nothing realised, all committed again.
  const s2 = await createPayable(owner, 900, {
    due_date: '2026-03-15',
    parts: [part(obraA, null, cat.mat, 600), part(obraB, stage.b1, cat.mat, 300)],
  });
  await settlePayable(owner, s2.id, account, '2026-03-15');
  const { data: payments, error } = await owner.client
    .from('entry_payments')
    .select('id')
    .eq('entry_id', s2.id);
  if (error) throw error;
  const reversed = await owner.client.rpc('reverse_payment', {
    p_payment_id: payments[0]!.id!,
    p_reversed_on: '2026-03-16',
  });
  if (reversed.error) throw reversed.error;

  // S3: 700 pending.
  await createPayable(owner, 700, {
    due_date: '2026-03-25',
    parts: [part(obraA, stage.a2, cat.adm, 350), part(obraB, stage.b1, cat.mat, 350)],
  });

  // S4: 250.50 awaiting approval (as an 'obra' member's request would be).
  const s4 = await createPayable(owner, 250.5, {
    due_date: '2026-03-26',
    parts: [part(obraA, stage.a1, cat.mat, 125.25), part(obraB, null, cat.mat, 125.25)],
  });
  await db.query(`update public.accounts_payable set approval_status = 'pending' where id = $1`, [
    s4.id,
  ]);

  // R1: 2000 received in full with multa, 3/4 Obra A, 1/4 Obra B.
  const r1 = await createReceivable(owner, 2000, {
    due_date: '2026-03-08',
    parts: [part(obraA, null, cat.med, 1500.01), part(obraB, null, cat.med, 499.99)],
  });
  await pay('receivable', r1.id, '2026-03-08', { p_fine: 7 });

  // A transfer between the company's accounts: neither a receipt nor a payment.
  const savings = (await createBankAccount(owner, 0, { name: 'Poupança' })).id;
  const transfer = await owner.client.rpc('transfer_between_accounts', {
    p_from_account_id: account,
    p_to_account_id: savings,
    p_amount: 50,
    p_transfer_date: '2026-03-18',
  });
  if (transfer.error) throw transfer.error;

  // settle_* and reverse_payment gave every ledger row of a split entry its parts.
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.transactions t
     left join public.accounts_payable p on p.id = t.payable_id
     left join public.accounts_receivable r on r.id = t.receivable_id
     where t.company_id = $1 and coalesce(p.parts, r.parts) is not null and t.parts is null`,
    [owner.company.id],
  );
  expect(rows[0]!.n).toBe(0);
}, 60_000);

afterAll(async () => {
  await db.end();
});

// ---------------------------------------------------------------------------------------------
// Entry side
// ---------------------------------------------------------------------------------------------

describe('project_budget follows the parts', () => {
  it.each([
    ['Obra A', () => obraA],
    ['Obra B', () => obraB],
  ])('%s: per stage, Sem etapa and total equal the sums of its parts', async (_, obra) => {
    const pieces = (await entryPieces()).filter(
      (p) => p.kind === 'expense' && p.project === obra(),
    );
    const { data, error } = await owner.client.rpc('project_budget', { p_project_id: obra() });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(2);
    for (const row of data!) {
      const mine = pieces.filter((p) =>
        row.kind === 'total' ? true : p.stage === (row.kind === 'stage' ? row.stage_id : null),
      );
      const approved = mine.filter((p) => p.approval === 'approved');
      expect({
        kind: row.kind,
        stage: row.stage_id,
        committed: cents(row.committed),
        realized: cents(row.realized),
        awaiting: cents(row.awaiting),
      }).toEqual({
        kind: row.kind,
        stage: row.stage_id,
        committed: sum(
          approved.filter((p) => p.status === 'pending'),
          (p) => p.open,
        ),
        realized: sum(approved, (p) => p.paidTotal),
        awaiting: sum(
          mine.filter((p) => p.approval === 'pending'),
          (p) => p.amount,
        ),
      });
    }
    // Something of every kind is there (the figures are not all zero).
    const total = data!.find((r) => r.kind === 'total')!;
    expect(Number(total.committed)).toBeGreaterThan(0);
    expect(Number(total.realized)).toBeGreaterThan(0);
    expect(Number(total.awaiting)).toBeGreaterThan(0);
  });

  it('the obras share every centavo of a split bill: S1 realizado per obra sums to what moved', async () => {
    const figures = await Promise.all(
      [obraA, obraB].map(async (id) => {
        const { data } = await owner.client.rpc('project_budget', { p_project_id: id });
        return data!.find((r) => r.kind === 'total')!;
      }),
    );
    const pieces = (await entryPieces()).filter((p) => p.kind === 'expense');
    const withoutObra = sum(
      pieces.filter((p) => p.project === null && p.approval === 'approved'),
      (p) => p.paidTotal,
    );
    // What the company's approved payables moved = Obra A + Obra B + the part without obra.
    const { rows } = await db.query<{ moved: string }>(
      `select sum(paid_total) as moved from public.accounts_payable
       where company_id = $1 and approval_status = 'approved'`,
      [owner.company.id],
    );
    expect(sum(figures, (f) => cents(f.realized)) + withoutObra).toBe(cents(rows[0]!.moved));
  });
});

describe('project_budget_totals: aguardando aprovação follows the parts', () => {
  it('awaiting per obra equals the parts of the payables awaiting approval', async () => {
    const pieces = await entryPieces();
    const { data, error } = await owner.client.rpc('project_budget_totals', {
      p_company_id: owner.company.id,
    });
    expect(error).toBeNull();
    for (const id of [obraA, obraB]) {
      const row = data!.find((r) => r.project_id === id)!;
      expect(cents(row.awaiting)).toBe(
        sum(
          pieces.filter(
            (p) => p.kind === 'expense' && p.project === id && p.approval === 'pending',
          ),
          (p) => p.amount,
        ),
      );
      expect(cents(row.awaiting)).toBe(12525);
    }
  });
});

describe('DRE competência follows the parts', () => {
  it.each([
    ['the company', () => null],
    ['Obra A', () => obraA],
    ['Obra B', () => obraB],
  ])('by categoria, for %s: the parts due in the period', async (_, obra) => {
    const pieces = (await entryPieces()).filter(
      (p) =>
        p.approval === 'approved' &&
        inPeriod(p.dueDate, '2026-03-01', '2026-03-31') &&
        (obra() === null || p.project === obra()),
    );
    const { data, error } = await owner.client.rpc('dre', {
      p_company_id: owner.company.id,
      p_start: '2026-03-01',
      p_end: '2026-03-31',
      p_basis: 'competencia',
      ...(obra() ? { p_project_id: obra()! } : {}),
    });
    expect(error).toBeNull();
    const dre = data as { categories: { id: string | null; kind: string; total: number }[] };
    const got = Object.fromEntries(
      dre.categories.map((c) => [`${c.kind}:${c.id}`, cents(c.total)]),
    );
    const want: Record<string, number> = {};
    for (const p of pieces) {
      const key = `${p.kind}:${p.category}`;
      want[key] = (want[key] ?? 0) + p.amount;
    }
    expect(got).toEqual(want);
  });
});

// ---------------------------------------------------------------------------------------------
// Ledger side, read from the rows (periods that are not whole months, or one obra)
// ---------------------------------------------------------------------------------------------

describe('project_financials follows the parts', () => {
  it('Gasto and receipts per obra are the parts of the entries, as orçado × realizado has them', async () => {
    const pieces = await entryPieces();
    const { data, error } = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
    });
    expect(error).toBeNull();
    const totals = await owner.client.rpc('project_budget_totals', {
      p_company_id: owner.company.id,
    });
    for (const id of [obraA, obraB]) {
      const row = data!.find((r) => r.project_id === id)!;
      const mine = pieces.filter((p) => p.project === id && p.approval === 'approved');
      expect([cents(row.paid_expenses), cents(row.paid_revenues!)]).toEqual([
        sum(
          mine.filter((p) => p.kind === 'expense'),
          (p) => p.paidTotal,
        ),
        sum(
          mine.filter((p) => p.kind === 'income'),
          (p) => p.paidTotal,
        ),
      ]);
      // The obra's two screens agree to the centavo.
      expect(row.paid_expenses).toBe(totals.data!.find((r) => r.project_id === id)!.realized);
    }
    const one = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: obraB,
    });
    expect(one.data).toEqual([data!.find((r) => r.project_id === obraB)]);
  });
});

describe('DRE caixa follows the parts (rows)', () => {
  it.each([
    ['the company', () => null],
    ['Obra A', () => obraA],
    ['Obra B', () => obraB],
  ])('by categoria, for %s: shares of the standing rows of the period', async (_, obra) => {
    const [start, end] = ['2026-03-02', '2026-03-30'];
    const pieces = (await rowPieces()).filter(
      (p) => inPeriod(p.on, start, end) && (obra() === null || p.project === obra()),
    );
    const { data, error } = await owner.client.rpc('dre', {
      p_company_id: owner.company.id,
      p_start: start,
      p_end: end,
      p_basis: 'caixa',
      ...(obra() ? { p_project_id: obra()! } : {}),
    });
    expect(error).toBeNull();
    const dre = data as {
      categories: { id: string | null; kind: string; total: number }[];
      total: Record<string, number>;
    };
    const want: Record<string, number> = {};
    for (const p of pieces) {
      const key = `${p.kind}:${p.category}`;
      want[key] = (want[key] ?? 0) + p.share;
    }
    expect(
      Object.fromEntries(dre.categories.map((c) => [`${c.kind}:${c.id}`, cents(c.total)])),
    ).toEqual(want);
    expect(cents(dre.total.despesas_administrativas!)).toBe(
      sum(
        pieces.filter((p) => p.category === cat.adm),
        (p) => p.share,
      ),
    );
  });
});

type Slice = { id: string | null; total: number; count: number };
interface Summary {
  revenue_total: number;
  expense_total: number;
  revenue_count: number;
  expense_count: number;
  revenue_by_category: Slice[];
  expense_by_category: Slice[];
  revenue_by_project: Slice[];
  expense_by_project: Slice[];
  top_receipts: {
    transaction_id: string;
    amount: number;
    category_name: string | null;
    project_name: string | null;
  }[];
}

function slices(list: Slice[]) {
  return Object.fromEntries(list.map((s) => [String(s.id), [cents(s.total), Number(s.count)]]));
}

/** Per group: [Σ shares, payments that have the group] from the row pieces. */
function expectedSlices(pieces: RowPiece[], key: (p: RowPiece) => string | null) {
  const out: Record<string, [number, number]> = {};
  const seen = new Set<string>();
  for (const p of pieces) {
    const k = String(key(p));
    const entry = (out[k] ??= [0, 0]);
    entry[0] += p.share;
    if (!seen.has(`${k}|${p.id}`)) {
      seen.add(`${k}|${p.id}`);
      entry[1] += 1;
    }
  }
  return out;
}

async function summary(args: Record<string, unknown>): Promise<Summary> {
  const { data, error } = await owner.client.rpc('report_summary', {
    p_company_id: owner.company.id,
    ...args,
  });
  expect(error).toBeNull();
  return data as unknown as Summary;
}

describe('report_summary follows the parts (rows)', () => {
  it('breakdowns by categoria and obra, totals and counts over days that are not whole months', async () => {
    const [start, end] = ['2026-03-02', '2026-03-30'];
    const pieces = (await rowPieces()).filter((p) => inPeriod(p.on, start, end));
    const r = await summary({ p_start: start, p_end: end });
    for (const kind of ['income', 'expense'] as const) {
      const mine = pieces.filter((p) => p.kind === kind);
      const prefix = kind === 'income' ? 'revenue' : 'expense';
      expect(slices(r[`${prefix}_by_category`])).toEqual(expectedSlices(mine, (p) => p.category));
      expect(slices(r[`${prefix}_by_project`])).toEqual(expectedSlices(mine, (p) => p.project));
      expect(cents(r[`${prefix}_total`])).toBe(sum(mine, (p) => p.share));
      // Counts are payments: a split one once.
      expect(Number(r[`${prefix}_count`])).toBe(new Set(mine.map((p) => p.id)).size);
    }
    expect(Number(r.expense_count)).toBe(3); // U1 and S1's two payments (S2 reversed)
    // Unfiltered, the split receipt is among the largest with its whole amount and "Rateio" labels.
    expect(r.top_receipts.map((t) => [cents(t.amount), t.category_name, t.project_name])).toEqual([
      [200700, 'Rateio (2)', 'Obra A e Obra B'],
      [30000, 'Medições', 'Obra A'],
    ]);
  });

  it('an obra filter keeps only the parts of the obras chosen (and without obra)', async () => {
    const [start, end] = ['2026-03-01', '2026-03-31'];
    for (const [projects, noProject] of [
      [[obraB], false],
      [[obraA], true],
    ] as const) {
      const pieces = (await rowPieces()).filter(
        (p) =>
          inPeriod(p.on, start, end) &&
          ((p.project !== null && projects.includes(p.project)) ||
            (noProject && p.project === null)),
      );
      const r = await summary({
        p_start: start,
        p_end: end,
        p_project_ids: projects,
        p_include_no_project: noProject,
      });
      for (const kind of ['income', 'expense'] as const) {
        const mine = pieces.filter((p) => p.kind === kind);
        const prefix = kind === 'income' ? 'revenue' : 'expense';
        expect(slices(r[`${prefix}_by_category`])).toEqual(expectedSlices(mine, (p) => p.category));
        expect(slices(r[`${prefix}_by_project`])).toEqual(expectedSlices(mine, (p) => p.project));
        expect(cents(r[`${prefix}_total`])).toBe(sum(mine, (p) => p.share));
        expect(Number(r[`${prefix}_count`])).toBe(new Set(mine.map((p) => p.id)).size);
      }
      // The split receipt among the largest, with the filtered obras' share and "Rateio" labels.
      const receipt = r.top_receipts.find((t) => t.category_name === 'Rateio (2)')!;
      expect(receipt.project_name).toBe('Obra A e Obra B');
      expect(cents(receipt.amount)).toBe(
        sum(
          pieces.filter((p) => p.id === receipt.transaction_id),
          (p) => p.share,
        ),
      );
    }
  });
});

describe('report_summary counts payments once over whole months', () => {
  it('a split payment once, a transfer not at all (the kept per-account counts)', async () => {
    const pieces = (await rowPieces()).filter((p) => inPeriod(p.on, '2026-03-01', '2026-03-31'));
    for (const args of [
      { p_start: '2026-03-01', p_end: '2026-03-31' },
      { p_start: '2026-02-15', p_end: '2026-04-30' },
      {},
    ]) {
      const r = await summary(args);
      expect([Number(r.revenue_count), Number(r.expense_count)]).toEqual([
        new Set(pieces.filter((p) => p.kind === 'income').map((p) => p.id)).size,
        new Set(pieces.filter((p) => p.kind === 'expense').map((p) => p.id)).size,
      ]);
    }
    const one = await summary({
      p_start: '2026-03-01',
      p_end: '2026-03-31',
      p_account_ids: [account],
    });
    expect([Number(one.revenue_count), Number(one.expense_count)]).toEqual([2, 3]);
  });
});

describe('category_stats follows the parts (rows)', () => {
  it('the latest rows of the category: a split row once, with its parts of the category', async () => {
    const pieces = (await rowPieces()).filter((p) => p.category === cat.mat);
    const { data, error } = await owner.client.rpc('category_stats', {
      p_category_id: cat.mat,
      p_today: '2026-03-31',
    });
    expect(error).toBeNull();
    const stats = data as {
      last_90_days_count: number;
      last_used_on: string;
      recent: { id: string; amount: number; project_name: string | null }[];
    };
    const ids = [...new Set(pieces.map((p) => p.id))];
    expect(stats.last_90_days_count).toBe(ids.length);
    expect(stats.last_used_on).toBe('2026-03-20');
    expect(Object.fromEntries(stats.recent.map((r) => [r.id, cents(r.amount)]))).toEqual(
      Object.fromEntries(
        ids.map((id) => [
          id,
          sum(
            pieces.filter((p) => p.id === id),
            (p) => p.share,
          ),
        ]),
      ),
    );
    // U1 is Obra A's; S1's Materiais parts are its Obra A part and its part without obra (Geral).
    expect(stats.recent.map((r) => r.project_name)).toEqual([
      'Obra A e Geral',
      'Obra A e Geral',
      'Obra A',
    ]);
  });
});

describe("the obra's Financeiro tab finds its split entries", () => {
  it('part_project_ids cs {obra} through the API: the paid split receipt of both obras', async () => {
    for (const id of [obraA, obraB]) {
      const { data, error } = await owner.client
        .from('accounts_receivable')
        .select('id, parts')
        .eq('company_id', owner.company.id)
        .eq('status', 'paid')
        .not('parts', 'is', null)
        .contains('part_project_ids', [id]);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect((data![0]!.parts as unknown as DbPart[]).map((p) => p.project_id)).toEqual([
        obraA,
        obraB,
      ]);
    }
    // S1 is partly paid (pending): not in the paid list.
    const { data } = await owner.client
      .from('accounts_payable')
      .select('id')
      .eq('status', 'paid')
      .contains('part_project_ids', [obraA]);
    expect(data).toEqual([]);
  });
});

describe('readers without obra or categoria are not moved by a split', () => {
  it('cash_flow_projection: the pending split payables by their open amounts, overdue ones today', async () => {
    const pieces = await entryPieces();
    const { data, error } = await owner.client.rpc('cash_flow_projection', {
      p_company_id: owner.company.id,
      p_days: 10,
      p_today: '2026-03-24',
    });
    expect(error).toBeNull();
    const days = (data as unknown as { days: { date: string; expense: number; income: number }[] })
      .days;
    const open = (on: (d: string) => boolean) =>
      sum(
        pieces.filter(
          (p) =>
            p.kind === 'expense' &&
            p.status === 'pending' &&
            p.approval === 'approved' &&
            on(p.dueDate),
        ),
        (p) => p.open,
      );
    // Today: what was due before (S1's open remainder, S2 reversed); 25/03: S3 (S4 awaits approval).
    expect(cents(days.find((d) => d.date === '2026-03-24')!.expense)).toBe(
      open((d) => d < '2026-03-24'),
    );
    expect(cents(days.find((d) => d.date === '2026-03-25')!.expense)).toBe(70000);
    expect(cents(days.find((d) => d.date === '2026-03-26')!.expense)).toBe(0);
  });

  it('statement_category_guesses still answers with split rows in the ledger', async () => {
    const { error } = await owner.client.rpc('statement_category_guesses', {
      p_bank_account_id: account,
    });
    expect(error).toBeNull();
  });
});

describe("a bank account's history names and finds split rows", () => {
  async function ledger(search?: string) {
    const { data, error } = await owner.client.rpc('account_ledger', {
      p_bank_account_id: account,
      ...(search ? { p_search: search } : {}),
    });
    expect(error).toBeNull();
    return data!;
  }

  it('a split row: "Rateio (n)" and its obras', async () => {
    const rows = await ledger();
    const receipt = rows.find((r) => r.type === 'income' && cents(r.amount) === 200700)!;
    expect([receipt.category_name, receipt.project_name]).toEqual([
      'Rateio (2)',
      'Obra A e Obra B',
    ]);
    const s1 = rows.filter((r) => r.description === 'Cimento' && r.category_name === 'Rateio (3)');
    // S1's parts: Obra A, Obra B and one without obra (Geral): more than two, "Rateio".
    expect(s1.map((r) => r.project_name)).toEqual(['Rateio', 'Rateio']);
    const own = rows.find((r) => cents(r.amount) === 10000 && r.type === 'expense')!;
    expect([own.category_name, own.project_name]).toEqual(['Materiais', 'Obra A']);
  });

  it('searching a categoria or an obra of a part finds the split rows', async () => {
    const byCategory = await ledger('Escritório');
    // Only S1 has an Escritório part (S3 is pending): its two payments.
    expect(byCategory.map((r) => r.category_name)).toEqual(['Rateio (3)', 'Rateio (3)']);
    const byObra = await ledger('Obra B');
    expect(new Set(byObra.map((r) => r.category_name))).toEqual(
      new Set(['Rateio (3)', 'Rateio (2)']),
    );
    expect(byObra).toHaveLength(3);
  });
});

// ---------------------------------------------------------------------------------------------
// Kept totals: pass once slice `totals` (the triggers expand parts) is merged
// ---------------------------------------------------------------------------------------------

describe('kept totals follow the parts', () => {
  it('project_budget_totals: committed and realized per obra equal project_budget', async () => {
    const { data } = await owner.client.rpc('project_budget_totals', {
      p_company_id: owner.company.id,
    });
    for (const id of [obraA, obraB]) {
      const { data: budget } = await owner.client.rpc('project_budget', { p_project_id: id });
      const total = budget!.find((r) => r.kind === 'total')!;
      const row = data!.find((r) => r.project_id === id)!;
      expect([cents(row.committed), cents(row.realized)]).toEqual([
        cents(total.committed),
        cents(total.realized),
      ]);
    }
  });

  it('DRE caixa and report_summary over whole months equal the rows', async () => {
    const pieces = (await rowPieces()).filter((p) => inPeriod(p.on, '2026-03-01', '2026-03-31'));
    const { data } = await owner.client.rpc('dre', {
      p_company_id: owner.company.id,
      p_start: '2026-03-01',
      p_end: '2026-03-31',
      p_basis: 'caixa',
    });
    const dre = data as { categories: { id: string | null; kind: string; total: number }[] };
    const want: Record<string, number> = {};
    for (const p of pieces)
      want[`${p.kind}:${p.category}`] = (want[`${p.kind}:${p.category}`] ?? 0) + p.share;
    expect(
      Object.fromEntries(dre.categories.map((c) => [`${c.kind}:${c.id}`, cents(c.total)])),
    ).toEqual(want);

    const r = await summary({ p_start: '2026-03-01', p_end: '2026-03-31' });
    for (const kind of ['income', 'expense'] as const) {
      const mine = pieces.filter((p) => p.kind === kind);
      const prefix = kind === 'income' ? 'revenue' : 'expense';
      expect(slices(r[`${prefix}_by_category`])).toEqual(expectedSlices(mine, (p) => p.category));
      expect(slices(r[`${prefix}_by_project`])).toEqual(expectedSlices(mine, (p) => p.project));
      expect(Number(r[`${prefix}_count`])).toBe(new Set(mine.map((p) => p.id)).size);
    }
  });

  it('category_stats: count and total of the category from the kept months', async () => {
    const pieces = (await rowPieces()).filter((p) => p.category === cat.mat);
    const { data } = await owner.client.rpc('category_stats', {
      p_category_id: cat.mat,
      p_today: '2026-03-31',
    });
    const stats = data as { transaction_count: number; total_amount: number };
    expect([Number(stats.transaction_count), cents(stats.total_amount)]).toEqual([
      new Set(pieces.map((p) => p.id)).size,
      sum(pieces, (p) => p.share),
    ]);
  });
});
