// The ledger's totals are kept by a trigger (private.ledger_account_days, ledger_category_months,
// ledger_project_months, ledger_category_totals, ledger_project_totals, 20261128010100) instead of summed over the history: after random settles
// (full, partial, with juros and desconto), estornos, transfers and their reversal, edits of settled
// entries' category and obra, direct edits and deletes of ledger rows, each kept figure equals the sum
// over the rows to the centavo, and the functions that read them answer what a sum over the rows says.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import { compareLedgerTotals } from './kept-totals';
import { createBankAccount, createPayable, createReceivable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let other: Member;
let accounts: string[];
let categories: { expense: string[]; income: string[] };
let projects: string[];

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Razão');
  other = await createMember('Construtora Razão Vizinha');
  accounts = [
    (await createBankAccount(owner, 100_000, { name: 'Conta A' })).id,
    (await createBankAccount(owner, 50_000, { name: 'Conta B' })).id,
    (await createBankAccount(owner, 0, { name: 'Conta C' })).id,
  ];
  const { rows } = await db.query<{ id: string; type: 'expense' | 'income' }>(
    `select id, type from public.categories where company_id = $1 order by name`,
    [owner.company.id],
  );
  categories = {
    expense: rows.filter((r) => r.type === 'expense').map((r) => r.id),
    income: rows.filter((r) => r.type === 'income').map((r) => r.id),
  };
  const { rows: made } = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name)
     select $1, 'Obra ' || i from generate_series(1, 3) i returning id`,
    [owner.company.id],
  );
  projects = made.map((r) => r.id);
});
afterAll(async () => {
  await db.end();
});

/** mulberry32: the same sequence for a seed, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Kept and summed figures as sorted lines of text, rows that are all zero left out on both sides. */
const compare = (companyId: string, label: string) => compareLedgerTotals(db, companyId, label);

/** What each kind of write did (only successful calls count), so the test knows it wrote. */
const writes = new Map<string, number>();
const did = (kind: string) => writes.set(kind, (writes.get(kind) ?? 0) + 1);
async function call(fn: string, args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc(fn as never, args as never);
  if (error) throw new Error(`${fn}: ${error.message}`);
  did(fn.replace(/_(payable|receivable)$/, ''));
  return data as unknown;
}

async function randomLedger(seed: number, steps: number) {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const cents = () => (100 + Math.floor(next() * 900_000)) / 100;
  const day = () => {
    const d = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 200) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const entries: { kind: 'expense' | 'income'; id: string }[] = [];
  for (let i = 0; i < 30; i++) {
    const kind = i % 3 === 0 ? 'income' : 'expense';
    const make = kind === 'expense' ? createPayable : createReceivable;
    const row = await make(owner, cents(), {
      due_date: '2026-03-10',
      category_id: next() < 0.8 ? pick(categories[kind]) : null,
      project_id: next() < 0.7 ? pick(projects) : null,
    });
    entries.push({ kind, id: row.id });
  }
  const transfers: string[] = [];
  // Every kind of write once, whatever the seed: settle, reopen, a partial settle with juros and
  // desconto, its estorno, a transfer and its estorno, an estorno row deleted (what it reversed
  // stands again), a standing row deleted and one moved.
  const first = entries.find((e) => e.kind === 'expense')!;
  const second = entries.find((e) => e.kind === 'income')!;
  await call('settle_payable', {
    p_payable_id: first.id,
    p_bank_account_id: accounts[0],
    p_paid_on: day(),
  });
  await call('reopen_payable', { p_payable_id: first.id, p_reopened_on: day() });
  await call('settle_receivable', {
    p_receivable_id: second.id,
    p_bank_account_id: accounts[1],
    p_received_on: day(),
    p_amount_paid: 50,
    p_interest: 12.34,
    p_discount: 0.99,
  });
  const { rows: paid } = await db.query<{ id: string }>(
    `select id from public.transactions where receivable_id = $1`,
    [second.id],
  );
  await call('reverse_payment', { p_payment_id: paid[0]!.id, p_reversed_on: day() });
  await db.query(`delete from public.transactions where reversal_of = $1`, [paid[0]!.id]);
  did('delete estorno');
  await compare(owner.company.id, `seed ${seed}, estorno deleted`);
  await db.query(`delete from public.transactions where id = $1`, [paid[0]!.id]);
  did('delete row');
  const group = (await call('transfer_between_accounts', {
    p_from_account_id: accounts[0],
    p_to_account_id: accounts[2],
    p_amount: cents(),
    p_transfer_date: day(),
  })) as string;
  await call('reverse_transfer', { p_transfer_group_id: group, p_reversed_on: day() });
  // A settled row moved to another day and account (no screen does it; the trigger must follow).
  const third = entries.filter((e) => e.kind === 'expense')[1]!;
  await call('settle_payable', {
    p_payable_id: third.id,
    p_bank_account_id: accounts[0],
    p_paid_on: day(),
  });
  await db.query(
    `update public.transactions set transaction_date = $2, bank_account_id = $3 where payable_id = $1`,
    [third.id, day(), accounts[2]],
  );
  did('move row');
  await compare(owner.company.id, `seed ${seed}, scripted writes`);
  for (let step = 0; step < steps; step++) {
    const op = next();
    if (op < 0.1) {
      const from = pick(accounts);
      const to = pick(accounts.filter((a) => a !== from));
      transfers.push(
        (await call('transfer_between_accounts', {
          p_from_account_id: from,
          p_to_account_id: to,
          p_amount: cents(),
          p_transfer_date: day(),
        })) as string,
      );
      continue;
    }
    if (op < 0.15 && transfers.length) {
      const group = pick(transfers);
      const { rows } = await db.query(
        `select 1 from public.transactions where transfer_group_id = $1 and reversal_of is not null`,
        [group],
      );
      if (!rows.length)
        await call('reverse_transfer', { p_transfer_group_id: group, p_reversed_on: day() });
      continue;
    }
    if (op < 0.2) {
      // Direct edits and deletes of ledger rows (no screen does them; the trigger must follow anyway).
      const { rows } = await db.query<{
        id: string;
        reversal_of: string | null;
        reversed: boolean;
      }>(
        `select t.id, t.reversal_of, exists (select 1 from public.transactions r where r.reversal_of = t.id) as reversed
         from public.transactions t where t.company_id = $1 and t.type <> 'transfer' order by t.id`,
        [owner.company.id],
      );
      if (!rows.length) continue;
      const row = pick(rows);
      const what = next();
      if (what < 0.3 && row.reversal_of) {
        // An estorno and the row it reversed, one statement each (the entry's figures, which
        // count neither, stay true): the first makes the row stand again for a moment.
        await db.query(`delete from public.transactions where id = $1`, [row.id]);
        did('delete estorno');
        await db.query(`delete from public.transactions where id = $1`, [row.reversal_of]);
        did('delete row');
      } else if (what < 0.6) {
        await db.query(
          `update public.transactions set transaction_date = $2, bank_account_id = $3 where id = $1`,
          [row.id, day(), pick(accounts)],
        );
        did('move row');
      } else {
        await db.query(`update public.transactions set description = 'Só o texto' where id = $1`, [
          row.id,
        ]);
        did('edit text');
      }
      continue;
    }
    const e = pick(entries);
    const table = e.kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
    const { rows } = await db.query<{ status: string; open_amount: string }>(
      `select e.status, e.open_amount from public.${table} e where e.id = $1`,
      [e.id],
    );
    const row = rows[0];
    if (!row) continue;
    const settle = e.kind === 'expense' ? 'settle_payable' : 'settle_receivable';
    const idArg = e.kind === 'expense' ? 'p_payable_id' : 'p_receivable_id';
    const dateArg = e.kind === 'expense' ? 'p_paid_on' : 'p_received_on';
    if (row.status === 'pending' && op < 0.55) {
      const open = Number(row.open_amount);
      const partial = next() < 0.4 && open > 2;
      await call(settle, {
        [idArg]: e.id,
        p_bank_account_id: pick(accounts),
        [dateArg]: day(),
        ...(partial ? { p_amount_paid: Math.round(open * 50) / 100 } : {}),
        ...(next() < 0.3 ? { p_interest: 12.34, p_fine: 1.01 } : {}),
        ...(next() < 0.2 ? { p_discount: 0.99 } : {}),
      });
    } else if (op < 0.7) {
      const { rows: payments } = await db.query<{ id: string }>(
        `select t.id from public.standing_transactions t
         where t.payable_id = $1 or t.receivable_id = $1 order by t.created_at limit 1`,
        [e.id],
      );
      if (payments[0])
        await call('reverse_payment', { p_payment_id: payments[0].id, p_reversed_on: day() });
    } else if (row.status === 'paid' && op < 0.75) {
      await call(e.kind === 'expense' ? 'reopen_payable' : 'reopen_receivable', {
        [idArg]: e.id,
        p_reopened_on: day(),
      });
    } else {
      // Category and obra of an entry, settled or not: its standing ledger rows follow.
      const { error } = await owner.client
        .from(table)
        .update({
          category_id: next() < 0.8 ? pick(categories[e.kind]) : null,
          project_id: next() < 0.7 ? pick(projects) : null,
        })
        .eq('id', e.id);
      if (error) throw new Error(`edit ${e.kind}: ${error.message}`);
      did('edit entry');
    }
    if (step % 40 === 39) await compare(owner.company.id, `seed ${seed}, step ${step}`);
  }
}

const PERIODS: [string | null, string | null][] = [
  [null, null],
  ['2026-01-01', '2026-12-31'],
  ['2026-02-01', '2026-03-31'],
  ['2026-02-11', '2026-05-03'],
  ['2026-03-05', '2026-03-20'],
  [null, '2026-04-15'],
  ['2026-04-16', null],
];

const num = (v: unknown) => Math.round(Number(v) * 100);

/** bank_account_summary of each account and period equals the sums over its standing rows. */
async function accountAnswers(label: string) {
  for (const account of accounts)
    for (const [start, end] of PERIODS) {
      const { data, error } = await owner.client.rpc('bank_account_summary', {
        p_bank_account_id: account,
        ...(start ? { p_start: start } : {}),
        ...(end ? { p_end: end } : {}),
      });
      expect(error).toBeNull();
      const { rows } = await db.query<Record<string, string>>(
        `select coalesce(sum(amount) filter (where direction = 'in'), 0) as income_total,
                coalesce(sum(amount) filter (where direction = 'out'), 0) as expense_total,
                coalesce(sum(case direction when 'in' then amount else -amount end), 0) as result,
                count(*) as count
         from public.standing_transactions
         where bank_account_id = $1 and ($2::date is null or transaction_date >= $2)
           and ($3::date is null or transaction_date <= $3)`,
        [account, start, end],
      );
      const want = rows[0]!;
      const got = data as unknown as Record<string, unknown>;
      expect(
        ['income_total', 'expense_total', 'result', 'count'].map((k) => num(got[k])),
        `${label} ${account} ${start}…${end}`,
      ).toEqual(['income_total', 'expense_total', 'result', 'count'].map((k) => num(want[k])));
    }
}

/** balance_history's every point equals initial balance + Σ every row up to it. */
async function balanceAnswers(label: string) {
  for (const [start, end, bucket] of [
    [null, '2026-12-31', 'day'],
    ['2026-01-15', '2026-06-30', 'day'],
    ['2026-02-01', '2026-07-20', 'week'],
    // Day and week steps read as days after a first point late in its month.
    ['2026-01-20', '2026-03-10', 'day'],
    ['2026-02-27', '2026-07-02', 'week'],
    [null, '2026-08-01', 'month'],
    // Month points from the kept months: points early (days up to them) and late (days after them)
    // in their month, and at month ends.
    ['2025-12-09', '2026-11-09', 'month'],
    ['2025-12-20', '2026-12-20', 'month'],
    ['2025-11-30', '2026-10-31', 'month'],
    ['2026-01-31', '2026-09-14', 'month'],
  ] as const) {
    const { data, error } = await owner.client.rpc('balance_history', {
      p_company_id: owner.company.id,
      ...(start ? { p_start: start } : {}),
      p_end: end,
      p_bucket: bucket,
    });
    expect(error).toBeNull();
    const answer = data as unknown as {
      points: string[];
      accounts: { id: string; balances: number[] }[];
    };
    expect(answer.accounts).toHaveLength(3);
    for (const a of answer.accounts) {
      const { rows } = await db.query<{ balance: string }>(
        `select b.initial_balance + coalesce((
                  select sum(case t.direction when 'in' then t.amount else -t.amount end)
                  from public.transactions t where t.bank_account_id = b.id and t.transaction_date <= p.day), 0)
                  as balance
         from public.bank_accounts b, unnest($2::date[]) with ordinality p(day, i)
         where b.id = $1 order by p.i`,
        [a.id, answer.points],
      );
      expect(a.balances.map(num), `${label} ${a.id} ${start}…${end} ${bucket}`).toEqual(
        rows.map((r) => num(r.balance)),
      );
    }
  }
}

type Slice = { id: string | null; total: number; count: number };
const slices = (list: Slice[]) =>
  list.map((x) => `${x.id ?? '-'} ${num(x.total)} ${Number(x.count)}`).sort();

/** report_summary for each period and filter equals the sums over the standing payment rows. */
async function reportAnswers(label: string) {
  const filters: Record<string, unknown>[] = [
    {},
    { p_account_ids: [accounts[1]] },
    { p_project_ids: [projects[0]], p_include_no_project: true },
  ];
  for (const [start, end] of PERIODS)
    for (const filter of filters) {
      const { data, error } = await owner.client.rpc('report_summary', {
        p_company_id: owner.company.id,
        ...(start ? { p_start: start } : {}),
        ...(end ? { p_end: end } : {}),
        ...filter,
      });
      expect(error).toBeNull();
      const got = data as unknown as Record<string, unknown>;
      const accountIds = (filter.p_account_ids as string[] | undefined) ?? null;
      const projectIds = (filter.p_project_ids as string[] | undefined) ?? null;
      const where = `company_id = $1 and type in ('income', 'expense')
        and ($2::date is null or transaction_date >= $2) and ($3::date is null or transaction_date <= $3)
        and ($4::uuid[] is null or bank_account_id = any ($4))
        and ($5::uuid[] is null or project_id = any ($5) or project_id is null)`;
      const args = [owner.company.id, start, end, accountIds, projectIds];
      const group = async (column: string, kind: string) =>
        (
          await db.query<{ line: string }>(
            `select concat_ws(' ', coalesce(${column}::text, '-'), round(sum(amount) * 100), count(*)) as line
             from public.standing_transactions where ${where} and type = '${kind}'
             group by ${column}`,
            args,
          )
        ).rows
          .map((r) => r.line)
          .sort();
      const at = `${label} ${start}…${end} ${JSON.stringify(filter)}`;
      expect(slices(got.revenue_by_category as Slice[]), at).toEqual(
        await group('category_id', 'income'),
      );
      expect(slices(got.expense_by_category as Slice[]), at).toEqual(
        await group('category_id', 'expense'),
      );
      expect(slices(got.revenue_by_project as Slice[]), at).toEqual(
        await group('project_id', 'income'),
      );
      expect(slices(got.expense_by_project as Slice[]), at).toEqual(
        await group('project_id', 'expense'),
      );
      const { rows } = await db.query<Record<string, string>>(
        `select coalesce(sum(amount) filter (where type = 'income'), 0) as revenue_total,
                coalesce(sum(amount) filter (where type = 'expense'), 0) as expense_total,
                count(*) filter (where type = 'income') as revenue_count,
                count(*) filter (where type = 'expense') as expense_count
         from public.standing_transactions where ${where}`,
        args,
      );
      const keys = ['revenue_total', 'expense_total', 'revenue_count', 'expense_count'];
      expect(
        keys.map((k) => num(got[k])),
        at,
      ).toEqual(keys.map((k) => num(rows[0]![k])));
      const { rows: top } = await db.query<{ id: string }>(
        `select id from public.standing_transactions where ${where} and type = 'income'
         order by amount desc, transaction_date desc, id limit 5`,
        args,
      );
      expect(
        (got.top_receipts as { transaction_id: string }[]).map((r) => r.transaction_id),
        at,
      ).toEqual(top.map((r) => r.id));
    }
}

/** category_stats of each category equals counts and sums over its standing rows. */
async function categoryAnswers(label: string) {
  for (const category of [...categories.expense, ...categories.income]) {
    const { data, error } = await owner.client.rpc('category_stats', {
      p_category_id: category,
      p_today: '2026-05-20',
    });
    expect(error).toBeNull();
    const got = data as unknown as Record<string, unknown> & { recent: { id: string }[] };
    const { rows } = await db.query<Record<string, string>>(
      `select count(*) as transaction_count, coalesce(sum(amount), 0) as total_amount,
              max(transaction_date)::text as last_used_on,
              count(*) filter (where transaction_date > date '2026-05-20' - 90
                                 and transaction_date <= date '2026-05-20') as last_90_days_count
       from public.standing_transactions where category_id = $1 and type <> 'transfer'`,
      [category],
    );
    const want = rows[0]!;
    expect(
      [
        num(got.transaction_count),
        num(got.total_amount),
        got.last_used_on ?? null,
        num(got.last_90_days_count),
      ],
      `${label} ${category}`,
    ).toEqual([
      num(want.transaction_count),
      num(want.total_amount),
      want.last_used_on ?? null,
      num(want.last_90_days_count),
    ]);
    const { rows: recent } = await db.query<{ id: string }>(
      `select id from public.standing_transactions where category_id = $1 and type <> 'transfer'
       order by transaction_date desc, created_at desc limit 10`,
      [category],
    );
    expect(
      got.recent.map((r) => r.id),
      `${label} ${category}`,
    ).toEqual(recent.map((r) => r.id));
  }
}

/** dre (caixa) per category and month equals the sums over the standing payment rows. */
async function dreAnswers(label: string) {
  for (const [start, end] of [
    ['2026-01-01', '2026-06-30'],
    ['2026-02-11', '2026-05-03'],
    ['2026-03-05', '2026-03-20'],
    ['2026-01-31', '2026-07-01'],
  ] as const)
    for (const project of [null, projects[1]]) {
      const { data, error } = await owner.client.rpc('dre', {
        p_company_id: owner.company.id,
        p_start: start,
        p_end: end,
        p_basis: 'caixa',
        ...(project ? { p_project_id: project } : {}),
      });
      expect(error).toBeNull();
      const got = (
        data as unknown as {
          categories: {
            id: string | null;
            kind: string;
            months: { month: string; total: number }[];
          }[];
        }
      ).categories
        .flatMap((c) => c.months.map((m) => `${c.id ?? '-'} ${c.kind} ${m.month} ${num(m.total)}`))
        .sort();
      const { rows } = await db.query<{ line: string }>(
        `select concat_ws(' ', coalesce(category_id::text, '-'), type,
                          date_trunc('month', transaction_date)::date, round(sum(amount) * 100)) as line
         from public.standing_transactions
         where company_id = $1 and type in ('income', 'expense') and transaction_date between $2 and $3
           and ($4::uuid is null or project_id = $4)
         group by category_id, type, date_trunc('month', transaction_date)`,
        [owner.company.id, start, end, project],
      );
      expect(got, `${label} ${start}…${end} ${project}`).toEqual(rows.map((r) => r.line).sort());
    }
}

describe('kept ledger totals', () => {
  const seed = Number(process.env.LEDGER_TOTALS_SEED ?? Date.now() % 100_000);

  it('equal the sums over the rows after random writes of every kind', async () => {
    await randomLedger(seed, 160);
    await compare(owner.company.id, `seed ${seed}, end`);
    await accountAnswers(`seed ${seed}`);
    await balanceAnswers(`seed ${seed}`);
    await reportAnswers(`seed ${seed}`);
    await categoryAnswers(`seed ${seed}`);
    await dreAnswers(`seed ${seed}`);
    for (const kind of [
      'settle',
      'reverse_payment',
      'reopen',
      'transfer_between_accounts',
      'reverse_transfer',
      'edit entry',
      'move row',
      'delete estorno',
      'delete row',
    ]) {
      expect(writes.get(kind) ?? 0, `${kind}, seed ${seed}`).toBeGreaterThan(0);
    }
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from public.standing_transactions where company_id = $1`,
      [owner.company.id],
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(10);
  });

  it('are not readable through the API, and their readers refuse another company', async () => {
    const { error } = await owner.client
      .schema('private' as never)
      .from('ledger_account_days')
      .select('*');
    expect(error?.code).toBe('PGRST106');
    const { rows } = await db.query(
      `select has_table_privilege('authenticated', 'private.ledger_category_months', 'select') as c,
              has_table_privilege('authenticated', 'private.ledger_project_months', 'select') as p,
              has_table_privilege('authenticated', 'private.ledger_account_days', 'select') as d`,
    );
    expect(rows[0]).toEqual({ c: false, p: false, d: false });
    const { error: refused } = await other.client.rpc('report_summary', {
      p_company_id: owner.company.id,
    });
    expect(refused).toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });
});
