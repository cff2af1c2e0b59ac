// Rateio (issue 33): the ledger side agrees with the entry side to the centavo. An entry paid in
// several payments is read two ways: by its own figures (orçado × realizado, an obra's Gasto:
// the paid, juros, multa and desconto apportioned as totals, private.entry_part_figures) and by its
// ledger rows (DRE caixa, Relatório by period, a bank account's figures: the rows' shares of each
// part). Each payment apportioned alone could leave a centavo per part between them (100.00 split
// 33.33 / 33.33 / 33.34 paid 33.33 + 10.01 + 56.66: 33.34 / 33.32 / 33.34 by the rows). The rows'
// shares are cumulative (private.ledger_parts), so both ways give the same figure, also after an
// estorno in the middle, with juros, multa and desconto, and after the split of a paid entry
// changes. Expected figures are computed here from the entries with src/lib/apportion.ts.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '@/lib/apportion';
import { adminDb, createMember } from './helpers';
import { createBankAccount, createPayable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let account: string;
const obras: string[] = [];
const cats: string[] = [];

const cents = (value: string | number) => Math.round(Number(value) * 100);

interface DbPart {
  project_id: string | null;
  stage_id: string | null;
  category_id: string | null;
  amount: number;
  percent: number | null;
}

function thirds(amounts: [number, number, number]): DbPart[] {
  return amounts.map((amount, i) => ({
    project_id: obras[i]!,
    stage_id: null,
    category_id: cats[i]!,
    amount,
    percent: null,
  }));
}

async function pay(id: string, on: string, amount: number, extra: Record<string, number> = {}) {
  const { error } = await owner.client.rpc('settle_payable', {
    p_payable_id: id,
    p_bank_account_id: account,
    p_paid_on: on,
    p_amount_paid: amount,
    ...extra,
  });
  if (error) throw error;
}

async function paymentIds(entryId: string) {
  const { rows } = await db.query<{ id: string }>(
    `select id from public.transactions where payable_id = $1 and reversal_of is null
     order by created_at, id`,
    [entryId],
  );
  return rows.map((r) => r.id);
}

/** Per obra (= per categoria here), the entry-side realizado: each figure apportioned as a total. */
async function entrySide(): Promise<number[]> {
  const { rows } = await db.query<{
    parts: DbPart[];
    paid_amount: string;
    interest_amount: string;
    fine_amount: string;
    discount_amount: string;
  }>(
    `select parts, paid_amount, interest_amount, fine_amount, discount_amount
     from public.accounts_payable where company_id = $1`,
    [owner.company.id],
  );
  const out = [0, 0, 0];
  for (const e of rows) {
    const weights = e.parts.map((p) => cents(p.amount));
    const paid = apportion(weights, cents(e.paid_amount));
    const interest = apportion(weights, cents(e.interest_amount));
    const fine = apportion(weights, cents(e.fine_amount));
    const discount = apportion(weights, cents(e.discount_amount));
    e.parts.forEach((p, i) => {
      const at = obras.indexOf(p.project_id!);
      out[at]! += paid[i]! + interest[i]! + fine[i]! - discount[i]!;
    });
  }
  return out;
}

async function dreCaixa(start: string, end: string): Promise<number[]> {
  const { data, error } = await owner.client.rpc('dre', {
    p_company_id: owner.company.id,
    p_start: start,
    p_end: end,
    p_basis: 'caixa',
  });
  expect(error).toBeNull();
  const dre = data as { categories: { id: string | null; total: number }[] };
  return cats.map((c) => cents(dre.categories.find((x) => x.id === c)?.total ?? 0));
}

async function summaryByProject(start: string, end: string, accounts?: string[]) {
  const { data, error } = await owner.client.rpc('report_summary', {
    p_company_id: owner.company.id,
    p_start: start,
    p_end: end,
    ...(accounts ? { p_account_ids: accounts } : {}),
  });
  expect(error).toBeNull();
  const r = data as {
    expense_by_project: { id: string | null; total: number }[];
    expense_by_category: { id: string | null; total: number }[];
  };
  return {
    byProject: obras.map((o) => cents(r.expense_by_project.find((x) => x.id === o)?.total ?? 0)),
    byCategory: cats.map((c) => cents(r.expense_by_category.find((x) => x.id === c)?.total ?? 0)),
  };
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Centavo');
  account = (await createBankAccount(owner, 100000)).id;
  for (const [i, name] of ['Obra Um', 'Obra Dois', 'Obra Três'].entries()) {
    const { data, error } = await owner.client.rpc('create_project', {
      p_company_id: owner.company.id,
      p_name: name,
      p_address: 'Rua A, 1',
      p_client_name: 'Cliente',
      p_budget: 10000,
      p_start_date: '2026-01-10',
      p_end_date: '2026-12-20',
      p_stages: ['Fundação'],
    });
    if (error) throw error;
    obras.push(data.id as string);
    const cat = await owner.client
      .from('categories')
      .insert({
        company_id: owner.company.id,
        name: `Categoria ${i + 1}`,
        type: 'expense',
        dre_group: 'custo_obra',
      })
      .select('id')
      .single();
    if (cat.error) throw cat.error;
    cats.push(cat.data.id);
  }
}, 60_000);

afterAll(async () => {
  await db.end();
});

describe('a split paid in several payments: the rows agree with the entry to the centavo', () => {
  it('100.00 split 33.33 / 33.33 / 33.34 paid 33.33 + 10.01 + 56.66', async () => {
    const e = await createPayable(owner, 100, {
      due_date: '2026-04-05',
      parts: thirds([33.33, 33.33, 33.34]),
    });
    await pay(e.id, '2026-04-05', 33.33);
    await pay(e.id, '2026-04-10', 10.01);
    await pay(e.id, '2026-04-20', 56.66);

    // The entry side: 33.33 / 33.33 / 33.34 (apportion of 100.00).
    expect(await entrySide()).toEqual([3333, 3333, 3334]);
    // Each row's parts sum to the row's amount.
    const { rows } = await db.query<{ amount: string; parts: DbPart[] }>(
      'select amount, parts from public.transactions where payable_id = $1 order by created_at, id',
      [e.id],
    );
    for (const row of rows) {
      expect(row.parts.reduce((s, p) => s + cents(p.amount), 0)).toBe(cents(row.amount));
    }
    // entry_payments gives the accountant's package each payment's shares (principal too).
    const { data: payments, error } = await owner.client
      .from('entry_payments')
      .select('parts, created_at, id')
      .eq('entry_id', e.id)
      .order('created_at')
      .order('id');
    expect(error).toBeNull();
    expect(
      (payments ?? []).map((p) =>
        (p.parts as { principal: number }[]).map((x) => cents(x.principal)),
      ),
    ).toEqual([
      [1111, 1111, 1111],
      [334, 333, 334],
      [1888, 1889, 1889],
    ]);
    expect(rows.map((r) => r.parts.map((p) => cents(p.amount)))).toEqual([
      [1111, 1111, 1111],
      [334, 333, 334],
      [1888, 1889, 1889],
    ]);
  });

  it('with juros, multa, desconto and an estorno of the payment in the middle', async () => {
    const e = await createPayable(owner, 100, {
      due_date: '2026-04-06',
      parts: thirds([33.33, 33.33, 33.34]),
    });
    await pay(e.id, '2026-04-06', 10.01, { p_interest: 0.05 });
    await pay(e.id, '2026-04-08', 10.01, { p_fine: 0.07 });
    await pay(e.id, '2026-04-12', 20, { p_discount: 0.1 });
    const [, middle] = await paymentIds(e.id);
    const reversed = await owner.client.rpc('reverse_payment', {
      p_payment_id: middle!,
      p_reversed_on: '2026-04-14',
    });
    expect(reversed.error).toBeNull();
    await pay(e.id, '2026-04-16', 10.01, { p_fine: 0.01 });

    // The estorno nets out its payment part by part.
    const { rows } = await db.query<{ a: DbPart[]; b: DbPart[] }>(
      `select t.parts as a, r.parts as b from public.transactions t
       join public.transactions r on r.reversal_of = t.id where t.id = $1`,
      [middle],
    );
    expect(rows[0]!.b).toEqual(rows[0]!.a);
  });

  it('after the split of a paid entry changes', async () => {
    const e = await createPayable(owner, 100, {
      due_date: '2026-04-07',
      parts: thirds([33.33, 33.33, 33.34]),
    });
    await pay(e.id, '2026-04-07', 33.33);
    await pay(e.id, '2026-04-09', 10.01);
    const { error } = await owner.client
      .from('accounts_payable')
      .update({ parts: thirds([50.01, 24.99, 25]) as never })
      .eq('id', e.id);
    expect(error).toBeNull();
  });

  it.each([
    ['over a whole month (the kept totals)', '2026-04-01', '2026-04-30'],
    ['over days that are not a whole month (the rows)', '2026-04-02', '2026-04-29'],
  ])(
    'DRE caixa and Relatório per categoria and obra = orçado × realizado, %s',
    async (_, start, end) => {
      const want = await entrySide();
      expect(await dreCaixa(start, end)).toEqual(want);
      const summary = await summaryByProject(start, end);
      expect(summary.byProject).toEqual(want);
      expect(summary.byCategory).toEqual(want);
      // The bank account's own figures (Relatório of one account).
      expect((await summaryByProject(start, end, [account])).byCategory).toEqual(want);
      // orçado × realizado and the obra's Gasto.
      const realized = await Promise.all(
        obras.map(async (id) => {
          const { data } = await owner.client.rpc('project_budget', { p_project_id: id });
          return cents(data!.find((r) => r.kind === 'total')!.realized);
        }),
      );
      expect(realized).toEqual(want);
      const { data: financials } = await owner.client.rpc('project_financials', {
        p_company_id: owner.company.id,
      });
      expect(
        obras.map((id) => cents(financials!.find((r) => r.project_id === id)!.paid_expenses)),
      ).toEqual(want);
    },
  );
});
