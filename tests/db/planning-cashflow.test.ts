// Fluxo de caixa previsto (cash_flow_projection): the projected balance of a seeded company equals
// a day-by-day computation done here from what the test created — overdue entries counted today,
// a partial payment by its open remainder, the rows of a recurrence, an archived account left out,
// another company's entries ignored.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createMember, noExecute } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  type Member,
} from './money-helpers';

const TODAY = '2026-06-10';
const PAID_ON = '2026-06-01';

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Pending {
  kind: 'income' | 'expense';
  due: string;
  open: number;
  account: string | null;
  description: string;
}

let owner: Member;
let outsider: Member;
let accountA: string;
let accountB: string;
let archived: string;
const pending: Pending[] = [];
/** Active accounts' balances as this test made them: initial − what was paid from them. */
const balances: Record<string, number> = {};
const balance = (id: string) => balances[id] ?? 0;

async function payable(p: Omit<Pending, 'kind' | 'open'> & { amount: number; extra?: object }) {
  const row = await createPayable(owner, p.amount, {
    description: p.description,
    due_date: p.due,
    bank_account_id: p.account,
    ...p.extra,
  });
  return row.id;
}

beforeAll(async () => {
  owner = await createMember('Construtora Previsão');
  outsider = await createMember('Construtora Vizinha');
  accountA = (await createBankAccount(owner, 1000, { name: 'Banco A' })).id;
  accountB = (await createBankAccount(owner, 500, { name: 'Banco B' })).id;
  archived = (await createBankAccount(owner, 9999, { name: 'Conta antiga' })).id;
  balances[accountA] = 1000;
  balances[accountB] = 500;

  const add = async (p: Pending & { amount?: number; extra?: object }) => {
    if (p.kind === 'expense') {
      await payable({ ...p, amount: p.amount ?? p.open });
    } else {
      await createReceivable(owner, p.amount ?? p.open, {
        description: p.description,
        due_date: p.due,
        bank_account_id: p.account,
        ...p.extra,
      });
    }
    pending.push({
      kind: p.kind,
      due: p.due,
      open: p.open,
      account: p.account,
      description: p.description,
    });
  };

  await add({
    kind: 'expense',
    description: 'Atrasada',
    due: addDays(TODAY, -5),
    open: 300,
    account: accountA,
  });
  await add({
    kind: 'income',
    description: 'Recebível atrasado',
    due: addDays(TODAY, -2),
    open: 150,
    account: null,
  });
  await add({
    kind: 'income',
    description: 'Parcela cliente',
    due: addDays(TODAY, 5),
    open: 800,
    account: accountB,
  });
  await add({
    kind: 'expense',
    description: 'Sem conta',
    due: addDays(TODAY, 10),
    open: 2500,
    account: null,
  });
  await add({
    kind: 'expense',
    description: 'Depois de 30 dias',
    due: addDays(TODAY, 40),
    open: 90,
    account: accountA,
  });
  // Pending on an account that is then archived: an obligation of the company (all accounts).
  await add({
    kind: 'expense',
    description: 'Na conta arquivada',
    due: addDays(TODAY, 4),
    open: 50,
    account: archived,
  });

  // A recurrence: Lançar writes each occurrence as its own pending row of one series.
  const series = randomUUID();
  for (const [n, offset] of [7, 37, 67].entries()) {
    await add({
      kind: 'expense',
      description: `Aluguel ${n + 1}/3`,
      due: addDays(TODAY, offset),
      open: 200,
      account: accountB,
      extra: { series_id: series, series_kind: 'recurrence' },
    });
  }

  // Partially paid: 1000 due, 400 paid from A → 600 still open.
  const partial = await payable({
    description: 'Parcial',
    due: addDays(TODAY, 3),
    amount: 1000,
    account: accountA,
  });
  const { error } = await owner.client.rpc('settle_payable', {
    p_payable_id: partial,
    p_bank_account_id: accountA,
    p_paid_on: PAID_ON,
    p_amount_paid: 400,
  });
  if (error) throw error;
  balances[accountA] = balance(accountA) - 400;
  pending.push({
    kind: 'expense',
    description: 'Parcial',
    due: addDays(TODAY, 3),
    open: 600,
    account: accountA,
  });

  // Fully paid: moves A's balance, never projected.
  const paid = await payable({
    description: 'Paga',
    due: addDays(TODAY, 2),
    amount: 100,
    account: accountA,
  });
  await settlePayable(owner, paid, accountA, PAID_ON);
  balances[accountA] = balance(accountA) - 100;

  const { error: archiveError } = await owner.client
    .from('bank_accounts')
    .update({ is_active: false })
    .eq('id', archived);
  if (archiveError) throw archiveError;

  // Another company: a huge bill due tomorrow and money in its bank.
  const foreignAccount = await createBankAccount(outsider, 50000);
  await createPayable(outsider, 99999, {
    due_date: addDays(TODAY, 1),
    bank_account_id: foreignAccount.id,
  });
});

afterAll(async () => {
  await owner.client.auth.signOut();
  await outsider.client.auth.signOut();
});

interface Day {
  date: string;
  income: number;
  expense: number;
  balance: number;
}

/** The projection computed here, day by day, from what the test created. */
function expected(days: number, account: string | null) {
  const end = addDays(TODAY, days - 1);
  let running = account ? balance(account) : Object.values(balances).reduce((a, b) => a + b, 0);
  const relevant = pending.filter((p) => (account ? p.account === account : true) && p.due <= end);
  const result: Day[] = [];
  let firstNegative: { date: string; balance: number } | null = null;
  for (let i = 0; i < days; i++) {
    const date = addDays(TODAY, i);
    const dueToday = relevant.filter((p) => (p.due < TODAY ? TODAY : p.due) === date);
    const income = dueToday.filter((p) => p.kind === 'income').reduce((s, p) => s + p.open, 0);
    const expense = dueToday.filter((p) => p.kind === 'expense').reduce((s, p) => s + p.open, 0);
    running += income - expense;
    result.push({ date, income, expense, balance: running });
    if (!firstNegative && running < 0) firstNegative = { date, balance: running };
  }
  return { days: result, firstNegative, relevant };
}

async function project(days: number, account: string | null = null, member = owner) {
  const { data, error } = await member.client.rpc('cash_flow_projection', {
    p_company_id: owner.company.id,
    p_days: days,
    p_bank_account_id: account ?? undefined,
    p_today: TODAY,
  });
  return { data: data as unknown as Record<string, unknown> | null, error };
}

function numeric(days: unknown): Day[] {
  return (days as Record<string, unknown>[]).map((d) => ({
    date: String(d.date),
    income: Number(d.income),
    expense: Number(d.expense),
    balance: Number(d.balance),
  }));
}

describe('cash_flow_projection', () => {
  it('all accounts, 30 days: every day equals the independent computation', async () => {
    const { data, error } = await project(30);
    expect(error).toBeNull();
    const want = expected(30, null);
    expect(Number(data?.opening_balance)).toBe(balance(accountA) + balance(accountB));
    expect(numeric(data?.days)).toEqual(want.days);
    expect(want.firstNegative).toEqual({ date: addDays(TODAY, 10), balance: -1700 });
    const first = data?.first_negative as Record<string, unknown>;
    expect({ date: first.date, balance: Number(first.balance) }).toEqual(want.firstNegative);
    // The payables due up to that day, largest first.
    const causes = (first.entries as Record<string, unknown>[]).map((e) => [
      e.description,
      Number(e.open_amount),
    ]);
    expect(causes).toEqual([
      ['Sem conta', 2500],
      ['Parcial', 600],
      ['Atrasada', 300],
      ['Aluguel 1/3', 200],
      ['Na conta arquivada', 50],
    ]);
  });

  it('60 and 90 days take the later rows of the recurrence', async () => {
    for (const days of [60, 90]) {
      const { data, error } = await project(days);
      expect(error).toBeNull();
      expect(numeric(data?.days)).toEqual(expected(days, null).days);
    }
    const { data } = await project(90);
    const last = numeric(data?.days).at(-1);
    // 1000 opening + 150 + 800 − (300 + 2500 + 90 + 50 + 600 + 3 × 200)
    expect(last?.balance).toBe(1000 + 150 + 800 - (300 + 2500 + 90 + 50 + 600 + 600));
  });

  it('one account: its balance and only the entries pointing at it', async () => {
    for (const account of [accountA, accountB]) {
      const { data, error } = await project(30, account);
      expect(error).toBeNull();
      const want = expected(30, account);
      expect(numeric(data?.days)).toEqual(want.days);
      expect(data?.first_negative ?? null).toEqual(
        want.firstNegative ? expect.objectContaining({ date: want.firstNegative.date }) : null,
      );
    }
    // Account A: 500 − 300 today − 600 on day 3 → −400.
    expect(expected(30, accountA).firstNegative).toEqual({
      date: addDays(TODAY, 3),
      balance: -400,
    });
  });

  it('an archived account is refused and its balance is not counted', async () => {
    const { error } = await project(30, archived);
    expect(error).toMatchObject({ code: 'P0001', message: 'bank_account_inactive' });
  });

  it('another company: not_a_member; its account: bank_account_not_found', async () => {
    const { error } = await project(30, null, outsider);
    expect(error).toMatchObject({ code: 'P0001', message: 'not_a_member' });
    const { data: foreign } = await outsider.client
      .from('bank_accounts')
      .select('id')
      .limit(1)
      .single();
    const { error: accountError } = await project(30, foreign?.id ?? null);
    expect(accountError).toMatchObject({ code: 'P0001', message: 'bank_account_not_found' });
  });

  it('period and dates are range-checked', async () => {
    for (const days of [0, -1, 367]) {
      const { error } = await project(days);
      expect(error).toMatchObject({ code: 'P0001', message: 'invalid_period' });
    }
    const { error } = await owner.client.rpc('cash_flow_projection', {
      p_company_id: owner.company.id,
      p_days: 30,
      p_today: '2100-12-15',
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_date' });
  });

  it('anon cannot execute it', async () => {
    const { error } = await anonClient().rpc('cash_flow_projection', {
      p_company_id: owner.company.id,
      p_days: 30,
    });
    expect(error).toMatchObject(noExecute('cash_flow_projection'));
  });
});
