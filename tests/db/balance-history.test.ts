// balance_history (Relatório's balance evolution) against an independent computation: the ledger is
// read back as the superuser and the balance at each point is summed here, in TypeScript. Also the
// point cap (without it one ledger row in year 2000 made a chart of megabytes), the date range
// and membership checks.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

interface History {
  start: string;
  end: string;
  bucket: 'day' | 'week' | 'month';
  points: string[];
  accounts: { id: string; name: string; current_balance: number; balances: number[] }[];
}

let db: pg.Pool;
let owner: Member;
let outsider: Member;
const account = {} as Record<'main' | 'site' | 'archived', { id: string; initial: number }>;

/** A ledger row written as the superuser (the trigger still moves current_balance). */
async function ledger(accountId: string, day: string, direction: 'in' | 'out', amount: number) {
  await db.query(
    `insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id)
     values ($1, $2, $3, 'Lançamento de teste', $4, $5, $6)`,
    [
      owner.company.id,
      direction === 'in' ? 'income' : 'expense',
      direction,
      amount,
      day,
      accountId,
    ],
  );
}

/** initial_balance + Σ (in − out) of the rows dated on or before `day`, summed here. */
async function expectedBalances(accountId: string, points: string[]): Promise<number[]> {
  const { rows } = await db.query<{ day: string; signed: string; initial: string }>(
    `select to_char(t.transaction_date, 'YYYY-MM-DD') as day,
            case t.direction when 'in' then t.amount else -t.amount end as signed,
            a.initial_balance as initial
     from public.bank_accounts a left join public.transactions t on t.bank_account_id = a.id
     where a.id = $1`,
    [accountId],
  );
  const initial = Math.round(Number(rows[0]?.initial ?? 0) * 100);
  return points.map((point) => {
    const cents = rows
      .filter((r) => r.day !== null && r.day <= point)
      .reduce((sum, r) => sum + Math.round(Number(r.signed) * 100), initial);
    return cents / 100;
  });
}

async function history(args: Record<string, unknown>, member: Member = owner): Promise<History> {
  const { data, error } = await member.client.rpc('balance_history', {
    p_company_id: member.company.id,
    ...args,
  });
  if (error) throw error;
  return data as unknown as History;
}

async function expectMatchesLedger(h: History) {
  for (const a of h.accounts) {
    expect(a.balances.map(Number), a.name).toEqual(await expectedBalances(a.id, h.points));
  }
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Histórico');
  outsider = await createMember('Construtora Vizinha');
  const main = await createBankAccount(owner, 1500.5, { name: 'Banco Principal' });
  const site = await createBankAccount(owner, 0, { name: 'Caixa da Obra' });
  const archived = await createBankAccount(owner, 100, { name: 'Conta Antiga' });
  account.main = { id: main.id, initial: 1500.5 };
  account.site = { id: site.id, initial: 0 };
  account.archived = { id: archived.id, initial: 100 };

  // Several rows on one day, rows on bucket edges, a row on the last day, an outflow that makes
  // the balance negative.
  await ledger(main.id, '2026-01-05', 'in', 300);
  await ledger(main.id, '2026-01-05', 'out', 120.25);
  await ledger(main.id, '2026-01-12', 'out', 2000);
  await ledger(main.id, '2026-02-01', 'in', 999.99);
  await ledger(main.id, '2026-02-28', 'in', 10);
  await ledger(main.id, '2026-03-31', 'out', 0.01);
  await ledger(site.id, '2026-01-20', 'in', 700);
  await ledger(site.id, '2026-03-02', 'out', 250);
  await ledger(archived.id, '2026-01-02', 'in', 50);
  await db.query('update public.bank_accounts set is_active = false where id = $1', [archived.id]);
});

afterAll(async () => {
  await db.end();
});

describe('balance_history', () => {
  it('equals initial_balance + Σ ledger at every day of a period', async () => {
    const h = await history({ p_start: '2026-01-01', p_end: '2026-03-31', p_bucket: 'day' });
    expect(h.bucket).toBe('day');
    expect(h.points).toHaveLength(90);
    expect(h.points[0]).toBe('2026-01-01');
    expect(h.points.at(-1)).toBe('2026-03-31');
    // Every active account, by name; the archived one only when asked for.
    expect(h.accounts.map((a) => a.name)).toEqual(['Banco Principal', 'Caixa da Obra']);
    await expectMatchesLedger(h);
    expect(Number(h.accounts[0]!.balances.at(-1))).toBe(Number(h.accounts[0]!.current_balance));
  });

  it('whole history ("Todo o período") by week starts the day before the first ledger row', async () => {
    const h = await history({ p_end: '2026-04-10', p_bucket: 'week' });
    expect(h.start).toBe('2026-01-01'); // first row of the company: 2026-01-02 (archived account)
    expect(h.points.slice(0, 3)).toEqual(['2026-01-01', '2026-01-08', '2026-01-15']);
    expect(h.points.at(-1)).toBe('2026-04-10');
    await expectMatchesLedger(h);

    const chosen = await history({
      p_end: '2026-04-10',
      p_bucket: 'month',
      p_account_ids: [account.site.id, account.archived.id],
    });
    expect(chosen.accounts.map((a) => a.name)).toEqual(['Caixa da Obra', 'Conta Antiga']);
    expect(chosen.points).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-04-10',
    ]);
    await expectMatchesLedger(chosen);
  });

  it('a start after every ledger row carries the whole ledger in its first point', async () => {
    const h = await history({ p_start: '2026-04-01', p_end: '2026-04-03', p_bucket: 'day' });
    expect(h.points).toEqual(['2026-04-01', '2026-04-02', '2026-04-03']);
    await expectMatchesLedger(h);
  });

  it('caps the points at 400 for every bucket, coarsening the bucket, never moving the start', async () => {
    const cases: [string, 'day' | 'week' | 'month', 'day' | 'week' | 'month'][] = [
      ['2025-03-07', 'day', 'day'], // 400 points: still daily
      ['2025-03-06', 'day', 'week'], // 401 would be needed
      ['2019-01-01', 'day', 'week'],
      ['2000-01-01', 'day', 'month'],
      ['2000-01-01', 'week', 'month'],
      ['2000-01-01', 'month', 'month'],
    ];
    for (const [start, bucket, used] of cases) {
      const h = await history({ p_start: start, p_end: '2026-04-10', p_bucket: bucket });
      const label = `${start} ${bucket}`;
      expect(h.points.length, label).toBeLessThanOrEqual(400);
      expect(h.bucket, label).toBe(used);
      expect(h.points[0], label).toBe(start);
      expect(h.points.at(-1), label).toBe('2026-04-10');
      expect([...h.points].sort(), label).toEqual([...new Set(h.points)]);
      for (const a of h.accounts) expect(a.balances, label).toHaveLength(h.points.length);
      await expectMatchesLedger(h);
    }
    expect((await history({ p_start: '2025-03-07', p_end: '2026-04-10' })).points).toHaveLength(
      400,
    );
  });

  it('a whole century asked by day still answers at most 400 points', async () => {
    const h = await history({ p_start: '2000-01-01', p_end: '2100-12-31', p_bucket: 'day' });
    expect(h.points.length).toBeLessThanOrEqual(400);
    expect(h.points.length).toBeGreaterThan(300);
    expect(h.points.at(-1)).toBe('2100-12-31');
    const gaps = h.points.slice(1).map((p, i) => daysBetween(h.points[i]!, p));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(123); // 4 months: ceil(1212 months / 399 steps)
    await expectMatchesLedger(h);
  });

  it('a ledger row in year 2000 keeps "Todo o período" small', async () => {
    const early = await createMember('Construtora Antiga');
    const acc = await createBankAccount(early, 0, { name: 'Conta 2000' });
    await db.query(
      `insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id)
       values ($1, 'income', 'in', 'Primeiro lançamento', 10, '2000-01-02', $2)`,
      [early.company.id, acc.id],
    );
    for (const bucket of ['day', 'week', 'month']) {
      const h = await history({ p_end: '2100-12-31', p_bucket: bucket }, early);
      expect(h.points.length, bucket).toBeLessThanOrEqual(400);
      expect(h.points[0], bucket).toBe('2000-01-01');
      expect(h.accounts[0]!.balances.map(Number).slice(0, 2), bucket).toEqual([0, 10]);
    }
  });

  it('refuses dates outside 2000-01-01…2100-12-31 with invalid_date', async () => {
    const bad = [
      { p_start: '1999-12-31', p_end: '2026-01-01' },
      { p_start: '2026-01-01', p_end: '2101-01-01' },
      { p_start: '0001-01-01' },
      { p_end: '9999-12-31' },
    ];
    for (const args of bad) {
      const { data, error } = await owner.client.rpc('balance_history', {
        p_company_id: owner.company.id,
        ...args,
      });
      expect(error?.message, JSON.stringify(args)).toBe('invalid_date');
      expect(data).toBeNull();
    }
    // The edges themselves are valid.
    const edges = await history({ p_start: '2000-01-01', p_end: '2100-12-31', p_bucket: 'month' });
    expect(edges.points[0]).toBe('2000-01-01');
  });

  it('refuses an end before the start', async () => {
    const { error } = await owner.client.rpc('balance_history', {
      p_company_id: owner.company.id,
      p_start: '2026-02-01',
      p_end: '2026-01-31',
    });
    expect(error?.message).toBe('invalid_period');
  });

  it('refuses a null or foreign company with not_a_member', async () => {
    for (const companyId of [null, outsider.company.id]) {
      const { data, error } = await owner.client.rpc('balance_history', {
        p_company_id: companyId as unknown as string,
        p_end: '2026-04-10',
      });
      expect(error?.message, String(companyId)).toBe('not_a_member');
      expect(data).toBeNull();
    }
    // Pointing its own history at another company's accounts draws nothing.
    const h = await history({ p_end: '2026-04-10', p_account_ids: [account.main.id] }, outsider);
    expect(h.accounts).toEqual([]);
  });
});
