// Últimos lançamentos' "{n} transações encontradas": latest_entries_count must be exactly the number
// of rows the list reads (the entries view under the caller's RLS, the company, due_date within the
// period, both bounds inclusive), for every kind of period, for a reader of the whole company and
// for an 'obra' member, and stay so after every kind of write. The kept per-month counts behind it
// (private.entry_due_counts) are compared with the rows too.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, stackEnv, type TestClient } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let admin: Member;
let obra: TestClient;
let leitura: TestClient;
let projectA: string;
let projectB: string;
let accountId: string;

type Args = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };
function rpc(client: TestClient, fn: string, args: Args) {
  return (client.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>).call(
    client,
    fn,
    args,
  );
}

interface Period {
  name: string;
  start: string | null;
  end: string | null;
}

// Dates are fixed (the seed spreads entries over 2025-2026): presets as the app computes them for a
// "today" of 2026-03-18, custom ranges with and without whole months, open sides and edges.
const PERIODS: Period[] = [
  { name: 'Todos', start: null, end: null },
  { name: 'Hoje', start: '2026-03-18', end: '2026-03-18' },
  { name: 'Esta semana', start: '2026-03-15', end: '2026-03-21' },
  { name: 'Este mês', start: '2026-03-01', end: '2026-03-31' },
  { name: 'Últimos 30 dias', start: '2026-02-17', end: '2026-03-18' },
  { name: 'two partial months', start: '2026-01-20', end: '2026-02-10' },
  { name: 'whole months and both edges', start: '2025-03-15', end: '2026-02-10' },
  { name: 'whole months only', start: '2025-04-01', end: '2025-09-30' },
  { name: 'a first day to a last day of a year', start: '2025-01-01', end: '2025-12-31' },
  { name: 'from a date on', start: '2025-11-12', end: null },
  { name: 'up to a date', start: null, end: '2025-06-07' },
  { name: 'ten years', start: '2020-01-01', end: '2029-12-31' },
  { name: 'the limits', start: '2000-01-01', end: '2100-12-31' },
  { name: 'one last day of a month', start: '2025-02-28', end: '2025-02-28' },
  { name: 'nothing in it', start: '2031-01-01', end: '2031-12-31' },
  { name: 'start after end', start: '2026-03-10', end: '2026-03-01' },
];

/** What the list reads: the entries view as `client`, the company, the period on due_date. */
async function listed(client: TestClient, period: Period): Promise<number> {
  let request = client
    .from('entries')
    .select('id', { count: 'exact', head: true })
    .eq('company_id', admin.company.id);
  if (period.start) request = request.gte('due_date', period.start);
  if (period.end) request = request.lte('due_date', period.end);
  const { count, error } = await request;
  if (error) throw error;
  return count ?? -1;
}

async function counted(client: TestClient, period: Period): Promise<number> {
  const args: Args = { p_company_id: admin.company.id };
  if (period.start) args.p_start = period.start;
  if (period.end) args.p_end = period.end;
  const { data, error } = await rpc(client, 'latest_entries_count', args);
  if (error) throw new Error(`${period.name}: ${error.message}`);
  return Number(data);
}

/** Every period, as every client: the count and the list's rows side by side. */
async function compareAll(label: string) {
  const clients = { admin: admin.client, obra, leitura };
  const got: Record<string, [number, number]> = {};
  const want: Record<string, [number, number]> = {};
  for (const [who, client] of Object.entries(clients)) {
    for (const period of PERIODS) {
      const [n, rows] = await Promise.all([counted(client, period), listed(client, period)]);
      got[`${who} ${period.name}`] = [n, rows];
      want[`${who} ${period.name}`] = [rows, rows];
    }
  }
  expect(got, label).toEqual(want);
  // The kept months are the rows grouped by due month.
  const { rows } = await db.query<{ month: string; kept: string | null; real: string | null }>(
    `with real as (
       select date_trunc('month', due_date::timestamp)::date as month, count(*) as n
       from (select due_date from public.accounts_payable where company_id = $1
             union all
             select due_date from public.accounts_receivable where company_id = $1) e
       group by 1
     ), kept as (
       select month, entry_count as n from private.entry_due_counts
       where company_id = $1 and entry_count <> 0
     )
     select coalesce(real.month, kept.month)::text as month, kept.n::text as kept, real.n::text as real
     from real full join kept on kept.month = real.month
     where kept.n is distinct from real.n`,
    [admin.company.id],
  );
  expect(rows, label).toEqual([]);
}

async function memberWithRole(role: string) {
  const user = await createUser(undefined, undefined, `Membro ${role}`);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, admin.company.id, user.email, `Membro ${role}`, role],
  );
  return user;
}

/** The version a decision is made on (approve_payable / refuse_payable). */
async function version(id: string) {
  const { rows } = await db.query<{ amount: string; updated_at: string }>(
    `select amount::text as amount, updated_at::text as updated_at from public.accounts_payable
     where id = $1`,
    [id],
  );
  return { p_payable_id: id, p_amount: rows[0]?.amount, p_updated_at: rows[0]?.updated_at };
}

async function insertPayable(client: TestClient, extra: Args) {
  const { data, error } = await client
    .from('accounts_payable')
    .insert({
      company_id: admin.company.id,
      description: 'Areia',
      amount: 120,
      due_date: '2026-03-18',
      ...extra,
    } as never)
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  admin = await createMember('Construtora Contagem');
  const projects = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name, budget)
     values ($1, 'Obra A', 50000), ($1, 'Obra B', 50000) returning id`,
    [admin.company.id],
  );
  [projectA, projectB] = projects.rows.map((r) => r.id) as [string, string];
  accountId = (await createBankAccount(admin, 100000)).id;
  const [engineer, reader] = await Promise.all([memberWithRole('obra'), memberWithRole('leitura')]);
  obra = engineer.client;
  leitura = reader.client;
  await db.query(
    `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
    [admin.company.id, projectA, engineer.user.id],
  );
  // Two years of entries in one statement per table (many months at once), due on varied days
  // (first and last days of months included), spread over obra A, obra B and "Geral".
  await db.query(
    `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
     select $1, 'Conta ' || i, 10 + i, date '2025-01-01' + (i * 7) % 730,
            (array[$2::uuid, $3::uuid, null])[1 + i % 3]
     from generate_series(1, 260) i`,
    [admin.company.id, projectA, projectB],
  );
  await db.query(
    `insert into public.accounts_receivable (company_id, description, amount, due_date, project_id)
     select $1, 'Parcela ' || i, 20 + i, date '2025-01-01' + (i * 11) % 730,
            (array[$2::uuid, null])[1 + i % 2]
     from generate_series(1, 90) i`,
    [admin.company.id, projectA],
  );
});
afterAll(async () => {
  await db.end();
});

describe('latest_entries_count', () => {
  it('is the number of rows the list reads, for every period and every reader', async () => {
    await compareAll('seeded');
    // The comparison compares something: the company has rows, and an obra member sees fewer.
    const all = PERIODS[0]!;
    expect(await counted(admin.client, all)).toBe(350);
    const obraCount = await counted(obra, all);
    const obraRows = await db.query<{ n: number }>(
      `select count(*)::int as n from public.accounts_payable where company_id = $1 and project_id = $2`,
      [admin.company.id, projectA],
    );
    expect(obraCount).toBe(obraRows.rows[0]!.n);
    expect(obraCount).toBeGreaterThan(0);
    expect(obraCount).toBeLessThan(350);
  });

  it('follows every kind of write', async () => {
    // Created by the API, by a reader who writes and by the obra member (awaiting approval).
    const created = await insertPayable(admin.client, { due_date: '2026-03-31' });
    const { data: receivable, error: receivableError } = await admin.client
      .from('accounts_receivable')
      .insert({
        company_id: admin.company.id,
        description: 'Medição',
        amount: 900,
        due_date: '2025-06-07',
      })
      .select('id')
      .single();
    if (receivableError) throw receivableError;
    const awaiting = await insertPayable(obra, { project_id: projectA, due_date: '2026-02-10' });
    const refused = await insertPayable(obra, { project_id: projectA, due_date: '2026-01-20' });
    await compareAll('created');

    // Settled (payment date in another month than the due date).
    const settle = await rpc(admin.client, 'settle_payable', {
      p_payable_id: created,
      p_bank_account_id: accountId,
      p_paid_on: '2026-04-02',
    });
    expect(settle.error).toBeNull();
    const settleIncome = await rpc(admin.client, 'settle_receivable', {
      p_receivable_id: receivable.id,
      p_bank_account_id: accountId,
      p_received_on: '2025-06-07',
    });
    expect(settleIncome.error).toBeNull();
    await compareAll('settled');

    // Approved with a new due date; refused.
    const approve = await rpc(admin.client, 'approve_payable', {
      ...(await version(awaiting)),
      p_due_date: '2025-03-15',
    });
    expect(approve.error).toBeNull();
    const refuse = await rpc(admin.client, 'refuse_payable', {
      ...(await version(refused)),
      p_reason: 'Sem nota',
    });
    expect(refuse.error).toBeNull();
    await compareAll('approved and refused');

    // Due dates edited: one through the API, several in one statement across months.
    const edit = await admin.client
      .from('accounts_payable')
      .update({ due_date: '2031-05-05' })
      .eq('id', awaiting);
    expect(edit.error).toBeNull();
    const editIncome = await admin.client
      .from('accounts_receivable')
      .update({ due_date: '2026-03-01' })
      .eq('id', receivable.id);
    expect(editIncome.error).toBeNull();
    await db.query(
      `update public.accounts_payable set due_date = due_date + 45
       where company_id = $1 and status = 'pending' and description like 'Conta 1%'`,
      [admin.company.id],
    );
    await compareAll('due dates edited');

    // Deleted: one through delete_entry, several in one statement.
    const removed = await rpc(admin.client, 'delete_entry', { p_kind: 'expense', p_id: refused });
    expect(removed.error).toBeNull();
    await db.query(
      `delete from public.accounts_receivable
       where company_id = $1 and status = 'pending' and description like 'Parcela 2%'`,
      [admin.company.id],
    );
    await compareAll('deleted');
  });

  it('never counts what the obra member does not see', async () => {
    const before = await counted(obra, PERIODS[0]!);
    await insertPayable(admin.client, { project_id: projectB, due_date: '2026-03-18' });
    await insertPayable(admin.client, { project_id: null, due_date: '2026-03-18' });
    expect(await counted(obra, PERIODS[0]!)).toBe(before);
    await insertPayable(admin.client, { project_id: projectA, due_date: '2026-03-18' });
    expect(await counted(obra, PERIODS[0]!)).toBe(before + 1);
  });

  it('a deleted company takes its kept counts with it', async () => {
    const gone = await createMember('Construtora Encerrada');
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date)
       select $1, 'Conta ' || i, 10, date '2026-01-01' + i * 20 from generate_series(1, 5) i`,
      [gone.company.id],
    );
    const kept = `select count(*)::int as n from private.entry_due_counts where company_id = $1`;
    expect((await db.query<{ n: number }>(kept, [gone.company.id])).rows[0]!.n).toBeGreaterThan(0);
    await db.query(`delete from public.companies where id = $1`, [gone.company.id]);
    expect((await db.query<{ n: number }>(kept, [gone.company.id])).rows[0]!.n).toBe(0);
  });

  it("refuses dates out of range and companies not the caller's", async () => {
    const far = await rpc(admin.client, 'latest_entries_count', {
      p_company_id: admin.company.id,
      p_start: '1999-12-31',
    });
    expect(far.error).toMatchObject({ message: 'invalid_date' });
    const stranger = await createMember('Outra Construtora');
    const foreign = await rpc(stranger.client, 'latest_entries_count', {
      p_company_id: admin.company.id,
    });
    expect(foreign.error).toMatchObject({ message: 'not_a_member' });
  });
});
