// Movimentações and Relatório functions (search_movements, movement_summary, report_summary,
// balance_history) against data created through the API as a real user, checked against sums
// computed independently with plain SQL as the superuser.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createMember, noExecute, stackEnv } from './helpers';
import {
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;
const ids = {} as Record<'a' | 'b' | 'venda' | 'material' | 'casa' | 'cliente' | 'foreign', string>;

const TODAY = '2026-03-31';
const MARCH = { p_start: '2026-03-01', p_end: '2026-03-31' };

async function insert<T extends 'bank_accounts' | 'categories' | 'projects' | 'clients'>(
  table: T,
  row: Record<string, unknown>,
): Promise<string> {
  const { data, error } = await owner.client
    .from(table as 'projects')
    .insert({ company_id: owner.company.id, name: '', ...row })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function entry(
  kind: 'payable' | 'receivable',
  row: { description: string; amount: number; due_date: string } & Record<string, unknown>,
  settle?: { account: string; on: string },
): Promise<string> {
  if (kind === 'payable') {
    const created = await createPayable(owner, row.amount, row);
    if (settle) await settlePayable(owner, created.id, settle.account, settle.on);
    return created.id;
  }
  const created = await createReceivable(owner, row.amount, row);
  if (settle) await settleReceivable(owner, created.id, settle.account, settle.on);
  return created.id;
}

async function sql(text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ v: string | null }>(text, params);
  return Number(rows[0]?.v ?? 0);
}

/** Σ paid amounts of one kind settled in [start, end], optionally in some accounts / projects. */
async function paidSum(
  kind: 'payable' | 'receivable',
  start: string,
  end: string,
  extra = '',
  params: unknown[] = [],
): Promise<number> {
  const table = kind === 'payable' ? 'accounts_payable' : 'accounts_receivable';
  const date = kind === 'payable' ? 'payment_date' : 'received_date';
  return sql(
    `select sum(amount) as v from public.${table}
     where company_id = $1 and status = 'paid' and ${date} between $2 and $3 ${extra}`,
    [owner.company.id, start, end, ...params],
  );
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  owner = await createMember('Construtora Relatório');
  outsider = await createMember('Construtora Curiosa');

  ids.a = await insert('bank_accounts', {
    name: 'Banco A',
    type: 'checking',
    initial_balance: 1000,
  });
  ids.b = await insert('bank_accounts', {
    name: 'Caixa Obra',
    type: 'checking',
    initial_balance: 0,
  });
  ids.venda = await insert('categories', {
    name: 'Venda de casas',
    type: 'income',
    color: 'green',
  });
  ids.material = await insert('categories', {
    name: 'Materiais',
    type: 'expense',
    color: 'orange',
  });
  ids.casa = await insert('projects', { name: 'Casa 001' });
  ids.cliente = await insert('clients', { name: 'Joana Cliente' });

  // Receipts: six in March (top 5 must drop the smallest), one in February, one pending.
  await entry(
    'receivable',
    {
      description: 'Entrada Casa 001',
      amount: 5000,
      due_date: '2026-03-10',
      category_id: ids.venda,
      project_id: ids.casa,
      client_id: ids.cliente,
    },
    { account: ids.a, on: '2026-03-10' },
  );
  await entry(
    'receivable',
    { description: 'Aluguel de betoneira', amount: 1200, due_date: '2026-03-15' },
    { account: ids.b, on: '2026-03-15' },
  );
  for (const [i, amount] of [400, 300, 200, 100].entries()) {
    await entry(
      'receivable',
      {
        description: `Parcela pequena ${i + 1}`,
        amount,
        due_date: '2026-03-20',
        category_id: ids.venda,
      },
      { account: ids.a, on: '2026-03-20' },
    );
  }
  await entry(
    'receivable',
    { description: 'Sinal fevereiro', amount: 300, due_date: '2026-02-28' },
    { account: ids.a, on: '2026-02-28' },
  );
  await entry('receivable', {
    description: 'Parcela futura 100% garantida',
    amount: 800,
    due_date: '2026-04-20',
  });

  // Payments: two in March, one overdue pending, one settled then reopened (estorno).
  await entry(
    'payable',
    {
      description: 'Cimento CP-II',
      amount: 2000,
      due_date: '2026-03-05',
      category_id: ids.material,
      project_id: ids.casa,
      supplier_name: 'Depósito Silva',
    },
    { account: ids.a, on: '2026-03-05' },
  );
  await entry(
    'payable',
    { description: 'Tarifa bancária', amount: 500, due_date: '2026-03-12' },
    { account: ids.b, on: '2026-03-12' },
  );
  await entry('payable', { description: 'Areia atrasada', amount: 700, due_date: '2026-03-01' });
  const reopened = await entry(
    'payable',
    { description: 'Brita estornada', amount: 250, due_date: '2026-03-18' },
    { account: ids.a, on: '2026-03-18' },
  );
  const { error } = await owner.client.rpc('reopen_payable', {
    p_payable_id: reopened,
    p_reopened_on: '2026-03-19',
  });
  if (error) throw error;

  // The outsider has money of its own, which must never show up in the owner's numbers.
  const { data: foreign } = await outsider.client
    .from('bank_accounts')
    .insert({
      company_id: outsider.company.id,
      name: 'Conta vizinha',
      type: 'checking',
      initial_balance: 50,
    })
    .select('id')
    .single();
  ids.foreign = foreign?.id ?? '';
  const { data: fr } = await outsider.client
    .from('accounts_receivable')
    .insert({
      company_id: outsider.company.id,
      description: 'Receita vizinha',
      amount: 999,
      due_date: '2026-03-10',
    })
    .select('id')
    .single();
  await outsider.client.rpc('settle_receivable', {
    p_receivable_id: fr?.id ?? '',
    p_bank_account_id: ids.foreign,
    p_received_on: '2026-03-10',
  });
});

afterAll(async () => {
  await db.end();
});

const reportSchema = (data: unknown) =>
  data as {
    revenue_total: number;
    expense_total: number;
    revenue_count: number;
    expense_count: number;
    top_receipts: {
      description: string;
      amount: number;
      client_name: string | null;
      project_name: string | null;
    }[];
    revenue_by_category: {
      id: string | null;
      name: string | null;
      total: number;
      percentage: number;
    }[];
    expense_by_category: {
      id: string | null;
      name: string | null;
      total: number;
      percentage: number;
    }[];
    revenue_by_project: {
      id: string | null;
      name: string | null;
      total: number;
      percentage: number;
    }[];
    expense_by_project: {
      id: string | null;
      name: string | null;
      total: number;
      percentage: number;
    }[];
  };

describe('report_summary', () => {
  it('totals equal the independent sums of paid entries settled in the period', async () => {
    const { data, error } = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      ...MARCH,
    });
    expect(error).toBeNull();
    const r = reportSchema(data);
    expect(Number(r.revenue_total)).toBe(await paidSum('receivable', '2026-03-01', '2026-03-31'));
    expect(Number(r.revenue_total)).toBe(7200);
    expect(Number(r.expense_total)).toBe(await paidSum('payable', '2026-03-01', '2026-03-31'));
    expect(Number(r.expense_total)).toBe(2500); // the reopened payment and the pending one do not count
    expect(r.revenue_count).toBe(6);
    expect(r.expense_count).toBe(2);
  });

  it('top receipts are the 5 largest, largest first, with client and obra names', async () => {
    const { data } = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      ...MARCH,
    });
    const top = reportSchema(data).top_receipts;
    expect(top.map((t) => Number(t.amount))).toEqual([5000, 1200, 400, 300, 200]);
    expect(top[0]).toMatchObject({
      description: 'Entrada Casa 001',
      client_name: 'Joana Cliente',
      project_name: 'Casa 001',
    });
  });

  it('breakdowns by category and obra add up, with uncategorised and Geral as null', async () => {
    const { data } = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      ...MARCH,
    });
    const r = reportSchema(data);
    const venda = await sql(
      `select sum(amount) as v from public.accounts_receivable where company_id = $1 and status = 'paid'
       and received_date between '2026-03-01' and '2026-03-31' and category_id = $2`,
      [owner.company.id, ids.venda],
    );
    expect(
      r.revenue_by_category.map((c) => [c.name, Number(c.total), Number(c.percentage)]),
    ).toEqual([
      ['Venda de casas', venda, 83.3],
      [null, 1200, 16.7],
    ]);
    expect(r.expense_by_category.map((c) => [c.id, Number(c.total), Number(c.percentage)])).toEqual(
      [
        [ids.material, 2000, 80],
        [null, 500, 20],
      ],
    );
    expect(r.revenue_by_project.map((p) => [p.name, Number(p.total)])).toEqual([
      ['Casa 001', 5000],
      [null, 2200],
    ]);
    expect(r.expense_by_project.map((p) => [p.id, Number(p.total)])).toEqual([
      [ids.casa, 2000],
      [null, 500],
    ]);
  });

  it('filters by account and by obra (including Geral)', async () => {
    const byAccount = reportSchema(
      (
        await owner.client.rpc('report_summary', {
          p_company_id: owner.company.id,
          ...MARCH,
          p_account_ids: [ids.b],
        })
      ).data,
    );
    expect(Number(byAccount.revenue_total)).toBe(
      await paidSum('receivable', '2026-03-01', '2026-03-31', 'and bank_account_id = $4', [ids.b]),
    );
    expect(Number(byAccount.expense_total)).toBe(500);

    const byProject = reportSchema(
      (
        await owner.client.rpc('report_summary', {
          p_company_id: owner.company.id,
          ...MARCH,
          p_project_ids: [ids.casa],
        })
      ).data,
    );
    expect([Number(byProject.revenue_total), Number(byProject.expense_total)]).toEqual([
      5000, 2000,
    ]);

    const geral = reportSchema(
      (
        await owner.client.rpc('report_summary', {
          p_company_id: owner.company.id,
          ...MARCH,
          p_include_no_project: true,
        })
      ).data,
    );
    expect(Number(geral.revenue_total)).toBe(
      await paidSum('receivable', '2026-03-01', '2026-03-31', 'and project_id is null'),
    );
    expect(Number(geral.expense_total)).toBe(500);
  });

  it('without dates covers every paid entry', async () => {
    const r = reportSchema(
      (await owner.client.rpc('report_summary', { p_company_id: owner.company.id })).data,
    );
    expect(Number(r.revenue_total)).toBe(await paidSum('receivable', '1900-01-01', '2999-12-31'));
    expect(Number(r.revenue_total)).toBe(7500);
  });
});

describe('balance_history', () => {
  type History = {
    points: string[];
    accounts: { id: string; name: string; current_balance: number; balances: number[] }[];
  };

  it('gives initial_balance + Σ ledger at each point and ends at current_balance', async () => {
    const { data, error } = await owner.client.rpc('balance_history', {
      p_company_id: owner.company.id,
      p_start: '2026-02-27',
      p_end: TODAY,
      p_bucket: 'day',
    });
    expect(error).toBeNull();
    const h = data as History;
    expect(h.points[0]).toBe('2026-02-27');
    expect(h.points.at(-1)).toBe(TODAY);
    expect(h.accounts.map((a) => a.name)).toEqual(['Banco A', 'Caixa Obra']);
    for (const account of h.accounts) {
      expect(account.balances).toHaveLength(h.points.length);
      const current = await sql(
        'select current_balance as v from public.bank_accounts where id = $1',
        [account.id],
      );
      expect(Number(account.balances.at(-1))).toBe(current);
      expect(Number(account.current_balance)).toBe(current);
    }
    const a = h.accounts[0]!;
    const at = (day: string) => Number(a.balances[h.points.indexOf(day)]);
    expect(at('2026-02-27')).toBe(1000);
    expect(at('2026-02-28')).toBe(1300);
    expect(at('2026-03-05')).toBe(-700);
    expect(at('2026-03-10')).toBe(4300);
    expect(at('2026-03-18')).toBe(4050); // the payment later reopened
    expect(at('2026-03-19')).toBe(4300); // the estorno gives the 250 back
    expect(at('2026-03-20')).toBe(5300);
  });

  it('weekly points, a chosen account, and the whole history when no start is given', async () => {
    const { data } = await owner.client.rpc('balance_history', {
      p_company_id: owner.company.id,
      p_end: TODAY,
      p_account_ids: [ids.b],
      p_bucket: 'week',
    });
    const h = data as History;
    expect(h.accounts.map((a) => a.id)).toEqual([ids.b]);
    expect(h.points[0]).toBe('2026-03-11'); // the day before B's first ledger row
    expect(Number(h.accounts[0]!.balances[0])).toBe(0);
    expect(h.points[1]).toBe('2026-03-18');
    expect(Number(h.accounts[0]!.balances[1])).toBe(700);
    expect(h.points.at(-1)).toBe(TODAY);
  });

  it('refuses an unknown bucket', async () => {
    const { error } = await owner.client.rpc('balance_history', {
      p_company_id: owner.company.id,
      p_bucket: 'hour',
    });
    expect(error?.message).toBe('invalid_bucket');
  });
});

describe('search_movements and movement_summary', () => {
  const base = () => ({ p_company_id: owner.company.id, p_today: TODAY });

  it('lists every entry with its movement date and derived status', async () => {
    const { data, error } = await owner.client
      .rpc('search_movements', base())
      .order('movement_date', { ascending: false });
    expect(error).toBeNull();
    const total = await sql(
      `select (select count(*) from public.accounts_payable where company_id = $1)
            + (select count(*) from public.accounts_receivable where company_id = $1) as v`,
      [owner.company.id],
    );
    expect(data).toHaveLength(total);
    const areia = data?.find((d) => d.description === 'Areia atrasada');
    expect(areia).toMatchObject({
      display_status: 'overdue',
      movement_date: '2026-03-01',
      kind: 'expense',
    });
    const futura = data?.find((d) => d.description.startsWith('Parcela futura'));
    expect(futura).toMatchObject({ display_status: 'open' });
    const cimento = data?.find((d) => d.description === 'Cimento CP-II');
    expect(cimento).toMatchObject({
      display_status: 'paid',
      counterparty_name: 'Depósito Silva',
      project_name: 'Casa 001',
    });
  });

  it('filters combine, and the summary equals the sums of exactly the listed rows', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { p_kinds: ['income'] },
      { p_statuses: ['overdue'] },
      { p_statuses: ['paid', 'open'], p_kinds: ['expense'] },
      { p_start: '2026-03-01', p_end: '2026-03-15' },
      { p_account_ids: [ids.b] },
      { p_project_ids: [ids.casa] },
      { p_include_no_project: true, p_kinds: ['expense'] },
      { p_category_ids: [ids.venda] },
      { p_search: 'casa 001' },
    ];
    for (const filter of cases) {
      const list = await owner.client.rpc('search_movements', { ...base(), ...filter });
      const summary = await owner.client.rpc('movement_summary', { ...base(), ...filter });
      expect(list.error).toBeNull();
      expect(summary.error).toBeNull();
      const rows = list.data ?? [];
      const income = rows
        .filter((r) => r.kind === 'income')
        .reduce((s, r) => s + Number(r.amount) * 100, 0);
      const expense = rows
        .filter((r) => r.kind === 'expense')
        .reduce((s, r) => s + Number(r.amount) * 100, 0);
      const s = summary.data as {
        income_total: number;
        expense_total: number;
        balance: number;
        count: number;
      };
      expect([
        Number(s.income_total) * 100,
        Number(s.expense_total) * 100,
        Number(s.balance) * 100,
        s.count,
      ]).toEqual([income, expense, income - expense, rows.length]);
    }
  });

  it('each filter narrows as a user expects', async () => {
    const descriptions = async (filter: Record<string, unknown>) =>
      ((await owner.client.rpc('search_movements', { ...base(), ...filter })).data ?? [])
        .map((r) => r.description)
        .sort();

    // Overdue = pending and due before today (the reopened payment is pending again).
    expect(await descriptions({ p_statuses: ['overdue'] })).toEqual([
      'Areia atrasada',
      'Brita estornada',
    ]);
    expect(await descriptions({ p_statuses: ['open'] })).toEqual(['Parcela futura 100% garantida']);
    expect(await descriptions({ p_statuses: ['overdue'], p_today: '2026-03-02' })).toEqual([
      'Areia atrasada',
    ]);
    expect(await descriptions({ p_account_ids: [ids.b] })).toEqual([
      'Aluguel de betoneira',
      'Tarifa bancária',
    ]);
    expect(await descriptions({ p_project_ids: [ids.casa] })).toEqual([
      'Cimento CP-II',
      'Entrada Casa 001',
    ]);
    expect(await descriptions({ p_start: '2026-02-01', p_end: '2026-02-28' })).toEqual([
      'Sinal fevereiro',
    ]);
    // Search matches supplier, client and category names, case-insensitively, and treats % literally.
    expect(await descriptions({ p_search: 'depósito silva' })).toEqual(['Cimento CP-II']);
    expect(await descriptions({ p_search: 'JOANA' })).toEqual(['Entrada Casa 001']);
    expect(await descriptions({ p_search: '100%' })).toEqual(['Parcela futura 100% garantida']);
    expect(await descriptions({ p_search: '%' })).toEqual(['Parcela futura 100% garantida']);
  });

  it('pages on the server', async () => {
    const all = await owner.client
      .rpc('search_movements', base(), { count: 'exact' })
      .order('movement_date')
      .order('id')
      .range(0, 2);
    expect(all.data).toHaveLength(3);
    expect(all.count).toBe(12);
  });
});

describe('isolation', () => {
  it("another company's member gets nothing of the owner's", async () => {
    const withToday = { p_company_id: owner.company.id, p_today: TODAY };
    const calls = [
      outsider.client.rpc('report_summary', { p_company_id: owner.company.id }),
      outsider.client.rpc('balance_history', { p_company_id: owner.company.id }),
      outsider.client.rpc('movement_summary', withToday),
      outsider.client.rpc('search_movements', withToday),
    ];
    for (const [fn, call] of calls.entries()) {
      const { data, error } = await call;
      expect(error?.message, String(fn)).toBe('not_a_member');
      expect(data, String(fn)).toBeNull();
    }
    // Pointing its own report at the owner's accounts finds nothing either.
    const own = reportSchema(
      (
        await outsider.client.rpc('report_summary', {
          p_company_id: outsider.company.id,
          p_account_ids: [ids.a, ids.b],
        })
      ).data,
    );
    expect([Number(own.revenue_total), Number(own.expense_total)]).toEqual([0, 0]);
    const history = (
      await outsider.client.rpc('balance_history', {
        p_company_id: outsider.company.id,
        p_account_ids: [ids.a],
        p_end: TODAY,
      })
    ).data as { accounts: unknown[] };
    expect(history.accounts).toEqual([]);
    const ownList = await outsider.client.rpc('search_movements', {
      p_company_id: outsider.company.id,
      p_today: TODAY,
    });
    expect(ownList.data?.map((r) => r.description)).toEqual(['Receita vizinha']);
  });

  it('anonymous callers cannot run the functions', async () => {
    const { error } = await anonClient().rpc('report_summary', { p_company_id: owner.company.id });
    expect(error).toMatchObject(noExecute('report_summary'));
    const list = await anonClient().rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(list.error).toMatchObject(noExecute('search_movements'));
    expect(list.data).toBeNull();
  });
});
