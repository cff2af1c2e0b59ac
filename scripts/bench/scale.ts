// `npm run bench -- --scale 200k`: does a screen's cost follow the page or the company's history?
// One company in the bench's throwaway stack is grown with set-based SQL (generate_series, as the
// owner, every trigger firing as in production: approval, payment parts, audit, balances) to a
// tenth of the target, every call a screen makes is timed through the API as a signed-in member
// (median of --runs, default 5), then the same company is grown to the target and timed again.
// The table prints both medians and the growth factor; a factor above 2× is a call whose cost
// follows the history (docs/performance.md, "A decade of books").
//
// Shape at 200k (the builder of the issue): 150 000 payables and 50 000 receivables over ten
// years, half of each paid, one ledger row per paid entry (100 000), and the audit rows their
// inserts write (300 000). A third of the entries are split (rateio, issue 33) into 2–5 parts, and
// their ledger rows carry the parts. Descriptions carry accents ("Elétrica", "João") so searches are real.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import pg from 'pg';
import { autoExplainHere } from './auto-explain';
import { timeSides, type Answer } from './samples';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';
import { applyOrder, type ListSort } from '../../src/lib/list-order';
import { latestOrder } from '../../src/features/movements/lib/list-orders';

type Client = SupabaseClient<Database>;

export interface ScaleRow {
  label: string;
  small: number;
  large: number;
  detail: string;
}

export interface ScaleReport {
  smallEntries: number;
  largeEntries: number;
  rows: ScaleRow[];
  seedSeconds: { small: number; large: number };
}

const ENTRY_COLUMNS =
  'kind, id, description, amount, due_date, status, settled_on, counterparty_name, project_id, project_name, category_id, category_name, category_color, bank_account_id, bank_account_name, installment_number, installment_count, created_at';
const CHUNK = 10_000;
const YEARS_OF_DAYS = 3650;

/** "200k" → 200000. */
export function parseScale(value: string): number {
  const m = /^(\d+)(k?)$/i.exec(value.trim());
  if (!m) throw new Error(`--scale: expected a number like 200k, got "${value}"`);
  return Number(m[1]) * (m[2] ? 1000 : 1);
}

function check<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw new Error(JSON.stringify(result.error));
  if (result.data === null) throw new Error('the API answered no data');
  return result.data;
}

export interface Company {
  supabase: Client;
  companyId: string;
  accountId: string;
  categoryId: string;
  /** 'Instalação Elétrica': with categoryId, the two categories a split entry often has both of. */
  secondCategoryId: string;
  supplierId: string;
  projectId: string;
}

export async function makeCompany(apiUrl: string, anonKey: string, db: pg.Pool): Promise<Company> {
  const supabase = createClient<Database>(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const email = `scale-${Date.now()}@example.com`;
  const { error: signUpError } = await supabase.auth.signUp({ email, password: 'bench-123456' });
  if (signUpError) throw signUpError;
  const company = check(
    await supabase.rpc('create_company', { p_name: 'Construtora Década', p_full_name: 'Bench' }),
  );
  await addRegisters(db, [company.id], { projects: 300, suppliers: 400, clients: 200 });
  return companyOf(supabase, db, company.id);
}

/**
 * Each company's registers, one statement per table for all of them: 3 bank accounts, the 5
 * categories below (two expense ones a split entry often has both of), `projects` obras
 * ("Obra 1 São José"…), `suppliers` suppliers (every tenth "João n"; "João 10" is the one timed)
 * and `clients` clients.
 */
export async function addRegisters(
  db: pg.Pool,
  companyIds: string[],
  counts: { projects: number; suppliers: number; clients: number },
): Promise<void> {
  await db.query(
    `insert into public.bank_accounts (company_id, name, type, initial_balance)
     select c, 'Conta ' || i, 'checking', 50000 from unnest($1::uuid[]) c, generate_series(1, 3) i`,
    [companyIds],
  );
  await db.query(
    `insert into public.categories (company_id, name, type, color)
     select c, v.name, v.type, v.color from unnest($1::uuid[]) c,
       (values ('Materiais', 'expense', 'orange'), ('Instalação Elétrica', 'expense', 'yellow'),
               ('Mão de obra', 'expense', 'red'), ('Venda de casas', 'income', 'green'),
               ('Aluguel', 'income', 'blue')) v(name, type, color)`,
    [companyIds],
  );
  // ≈30 obras a year over ten years at 300.
  await db.query(
    `insert into public.projects (company_id, name)
     select c, 'Obra ' || i || ' São José' from unnest($1::uuid[]) c, generate_series(1, $2::int) i`,
    [companyIds, counts.projects],
  );
  await db.query(
    `insert into public.suppliers (company_id, name)
     select c, case when i % 10 = 0 then 'João ' else 'Fornecedor ' end || i
     from unnest($1::uuid[]) c, generate_series(1, $2::int) i`,
    [companyIds, counts.suppliers],
  );
  await db.query(
    `insert into public.clients (company_id, name)
     select c, 'Cliente ' || i from unnest($1::uuid[]) c, generate_series(1, $2::int) i`,
    [companyIds, counts.clients],
  );
}

/** The ids calls() times, of a company with addRegisters' registers, for a member's client. */
export async function companyOf(
  supabase: Client,
  db: pg.Pool,
  companyId: string,
): Promise<Company> {
  const one = async (sql: string) => (await db.query<{ id: string }>(sql, [companyId])).rows[0]!.id;
  return {
    supabase,
    companyId,
    accountId: await one(
      `select id from public.bank_accounts where company_id = $1 order by name limit 1`,
    ),
    categoryId: await one(
      `select id from public.categories where company_id = $1 and name = 'Materiais'`,
    ),
    secondCategoryId: await one(
      `select id from public.categories where company_id = $1 and name = 'Instalação Elétrica'`,
    ),
    supplierId: await one(
      `select id from public.suppliers where company_id = $1 and name = 'João 10'`,
    ),
    projectId: await one(
      `select id from public.projects where company_id = $1 and name = 'Obra 1 São José'`,
    ),
  };
}

/**
 * Issue 32's shape of the team: 50 members (the bench's admin and 49 more, as users the auth
 * stand-in holds: inserted as the cluster's superuser, they never sign in): 4 admins, 10
 * financeiros, 20 'obra' members with 3 obras each, 15 leitura of whom 5 turned the summary on;
 * and their avisos (`noticesPerMember` each, one every 7 hours back from now, the last 30 unread).
 */
export async function addTeam(
  adminDbUrl: string,
  db: pg.Pool,
  companyId: string,
  noticesPerMember: number,
): Promise<void> {
  const su = new pg.Client({ connectionString: adminDbUrl });
  await su.connect();
  try {
    await su.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at,
                               raw_app_meta_data, raw_user_meta_data)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'equipe-' || i || '-' || $1::text || '@example.com',
              now(), now(), now(), '{}', '{}'
       from generate_series(1, 49) i`,
      [companyId],
    );
  } finally {
    await su.end();
  }
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     select u.id, $1::uuid, u.email, 'Equipe ' || n,
            case when n <= 3 then 'admin' when n <= 13 then 'financeiro' when n <= 33 then 'obra' else 'leitura' end,
            true
     from (select u.id, u.email, row_number() over (order by u.email) as n
           from auth.users u where u.email like 'equipe-%-' || $1::text || '@example.com') u`,
    [companyId],
  );
  await db.query(
    `insert into public.project_access (company_id, user_id, project_id)
     select $1, p.user_id, pr.id
     from (select user_id, row_number() over (order by user_id) as n from public.user_profiles
           where company_id = $1 and role = 'obra') p
     join (select id, row_number() over (order by name) as n from public.projects where company_id = $1) pr
       on pr.n in (p.n, p.n + 100, p.n + 200)`,
    [companyId],
  );
  await db.query(
    `insert into public.notice_settings (company_id, user_id, kind, enabled, email, push)
     select $1, user_id, 'due_summary', true, true, true from public.user_profiles
     where company_id = $1 and role = 'leitura' order by user_id limit 5`,
    [companyId],
  );
  // Past avisos of every member (one a day or so), the last ~30 unread.
  await db.query(
    `insert into public.notices (company_id, user_id, kind, event_key, link, title, body, created_at, read_at)
     select $1, p.user_id, 'statement_imported', 'bench-' || i, '/contas-bancarias', 'Extrato importado: ' || i,
            'Importado por Bench', now() - make_interval(hours => i * 7),
            case when i > 30 then now() - make_interval(hours => i * 7 - 1) end
     from public.user_profiles p, generate_series(1, $2::int) i
     where p.company_id = $1`,
    [companyId, noticesPerMember],
  );
  await db.query('analyze public.notices');
}

/** The morning run's day: the first business day from today (São Paulo), at 07:05 there. */
export async function morningOf(db: pg.Pool, today: string): Promise<string> {
  const { rows } = await db.query<{ at: string }>(
    `select ((case when private.is_business_day($1::date) then $1::date
                   else private.next_business_day($1::date) end + time '07:05')
             at time zone 'America/Sao_Paulo')::text as at`,
    [today],
  );
  return rows[0]!.at;
}

/**
 * Entries numbered (from, to] of each table, in chunks of 10 000 (one transaction each, so the
 * balance trigger's row versions of the three accounts are pruned between chunks), then the ledger
 * rows of those that are paid. Entry i is due ten years back plus i spread over the decade.
 */
export async function grow(
  db: pg.Pool,
  companyId: string,
  from: number,
  to: number,
): Promise<void> {
  await growCompanies(db, [{ companyId, from, to }]);
}

/** A company's entries numbered (from, to], for growCompanies. */
export interface Growth {
  companyId: string;
  from: number;
  to: number;
}

/**
 * grow for many companies at once (scripts/bench/tenants.ts): each statement inserts up to 10 000
 * entries of as many companies as fit (generate_series over companies × rows, every trigger
 * firing), so a thousand small companies take a hundred statements, not thousands. Then `analyze`.
 */
export async function growCompanies(
  db: pg.Pool,
  growths: Growth[],
  spent: (phase: string, seconds: number) => void = () => {},
  options: { analyze?: boolean } = {},
): Promise<void> {
  let t0 = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    spent(phase, (now - t0) / 1000);
    t0 = now;
  };
  const payables = (n: number) => Math.round(n * 0.75);
  for (const [table, dateColumn, kind, party, partyId, partyTable, share] of [
    [
      'accounts_payable',
      'payment_date',
      'expense',
      'supplier_name',
      'supplier_id',
      'suppliers',
      payables,
    ],
    [
      'accounts_receivable',
      'received_date',
      'income',
      'client_name',
      'client_id',
      'clients',
      (n: number) => n - payables(n),
    ],
  ] as const) {
    const pieces = growths.map((g) => ({
      companyId: g.companyId,
      lo: share(g.from),
      hi: share(g.to),
    }));
    for (const chunk of chunks(pieces)) {
      await db.query(
        `with refs as (
           select p.company_id, p.lo, p.hi,
                  array(select id from public.bank_accounts where company_id = p.company_id order by name) as accounts,
                  array(select id from public.categories where company_id = p.company_id and type = $4 order by name) as categories,
                  array(select id from public.projects where company_id = p.company_id order by name) as projects,
                  array(select id from public.${partyTable} where company_id = p.company_id order by name) as parties,
                  array(select name from public.${partyTable} where company_id = p.company_id order by name) as party_names
           from unnest($1::uuid[], $2::int[], $3::int[]) p(company_id, lo, hi)
         ), rows as (
           select refs.*, i, (current_date - ${YEARS_OF_DAYS} + (i::bigint * 7919 % ${YEARS_OF_DAYS})::int) as due
           from refs, generate_series(refs.lo + 1, refs.hi) i
         )
         insert into public.${table}
           (company_id, description, ${party}, ${partyId}, amount, due_date, status, ${dateColumn},
            bank_account_id, category_id, project_id, parts)
         select rows.company_id,
                case i % 9 when 0 then 'Instalação elétrica ' when 1 then 'Cimento e areia '
                           when 2 then 'Mão de obra — João ' when 3 then 'Aço CA-50 '
                           else 'Lançamento ' end || i,
                rows.party_names[1 + i % cardinality(rows.parties)], rows.parties[1 + i % cardinality(rows.parties)],
                a.amount,
                rows.due,
                case when rows.due < current_date - 30 and i % 8 <> 1 then 'paid' else 'pending' end,
                case when rows.due < current_date - 30 and i % 8 <> 1 then rows.due end,
                rows.accounts[1 + i % 3],
                case when i % 7 <> 0 and i % 3 <> 2 then rows.categories[1 + i % cardinality(rows.categories)] end,
                case when i % 4 <> 0 and i % 3 <> 2 then rows.projects[1 + (i / 500 + i % 3) % cardinality(rows.projects)] end,
                -- Rateio (issue 33): a third of the entries split into 2–5 parts, among obras of
                -- the same years (one part in ten Geral), weights 10–99, apportioned exactly.
                case when i % 3 = 2 then (
                  select jsonb_agg(jsonb_build_object(
                           'project_id', case when (i + k) % 10 <> 0
                                              then rows.projects[1 + (i / 500 + k * 7) % cardinality(rows.projects)] end,
                           'stage_id', null,
                           'category_id', case when (i + k) % 6 <> 0
                                               then rows.categories[1 + (i + k) % cardinality(rows.categories)] end,
                           'amount', s.share, 'percent', null) order by s.k)
                  from unnest(private.apportion(
                         array(select 10 + (i::bigint * 31 + w * 17) % 90 from generate_series(1, 2 + i % 4) w),
                         a.amount)) with ordinality s(share, k)) end
         from rows
         cross join lateral (select round((10 + (i::bigint * 7919) % 900000 / 100.0)::numeric, 2) as amount) a`,
        [chunk.map((p) => p.companyId), chunk.map((p) => p.lo), chunk.map((p) => p.hi), kind],
      );
    }
  }
  lap('entries (payables, receivables)');
  // One ledger row per paid entry, as settlement writes it (its trigger moves the balances), for
  // as many companies at once as hold up to 10 000 of them.
  const companyIds = growths.map((g) => g.companyId);
  for (const [table, type, direction, dateColumn, link] of [
    ['accounts_payable', 'expense', 'out', 'payment_date', 'payable_id'],
    ['accounts_receivable', 'income', 'in', 'received_date', 'receivable_id'],
  ] as const) {
    for (const batch of companyBatches(growths)) {
      for (;;) {
        const { rowCount } = await db.query(
          `insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id, category_id, project_id, parts, ${link})
           select e.company_id, $2, $3, e.description, e.amount, e.${dateColumn}, e.bank_account_id, e.category_id, e.project_id, e.parts, e.id
           from unnest($1::uuid[]) c(id)
           join public.${table} e on e.company_id = c.id
           where e.status = 'paid'
             and not exists (select 1 from public.transactions t where t.company_id = e.company_id and t.${link} = e.id)
           limit ${CHUNK}`,
          [batch, type, direction],
        );
        if (!rowCount) break;
      }
    }
  }
  lap('ledger rows of the paid entries');
  // A transfer between two of the accounts for every 100 entries (a pair of ledger rows, as
  // transfer_between_accounts writes it), so the transfers view is read at scale.
  await db.query(
    `with refs as (
       select g.company_id, g.lo, g.hi,
              array(select id from public.bank_accounts where company_id = g.company_id order by name) as accounts
       from unnest($1::uuid[], $2::int[], $3::int[]) g(company_id, lo, hi)
     ), rows as (
       select refs.company_id, refs.accounts, i, gen_random_uuid() as grp,
              (current_date - ${YEARS_OF_DAYS} + (i::bigint * 7919 % ${YEARS_OF_DAYS})::int) as day
       from refs, generate_series(refs.lo / 100 + 1, refs.hi / 100) i
     )
     insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id, transfer_group_id)
     select rows.company_id, 'transfer', d.direction, 'Transferência ' || rows.i,
            round((100 + (rows.i::bigint * 7919) % 500000 / 100.0)::numeric, 2), rows.day,
            rows.accounts[1 + (rows.i + case d.direction when 'out' then 0 else 1 end) % 3], rows.grp
     from rows, (values ('out'), ('in')) d(direction)`,
    [companyIds, growths.map((g) => g.from), growths.map((g) => g.to)],
  );
  lap('transfers');
  if (options.analyze === false) return;
  await db.query('analyze');
  lap('analyze');
}

/** Companies in groups of up to CHUNK new entries (a larger company alone). */
function companyBatches(growths: Growth[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const g of growths) {
    if (current.length && size + (g.to - g.from) > CHUNK) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(g.companyId);
    size += g.to - g.from;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * Ranges of entries cut into statements of at most CHUNK rows: a large range is split, small ones
 * of many companies share one.
 */
function chunks(pieces: { companyId: string; lo: number; hi: number }[]) {
  const out: { companyId: string; lo: number; hi: number }[][] = [];
  let current: { companyId: string; lo: number; hi: number }[] = [];
  let size = 0;
  for (const piece of pieces) {
    for (let start = piece.lo; start < piece.hi;) {
      const end = Math.min(piece.hi, start + CHUNK - size);
      current.push({ companyId: piece.companyId, lo: start, hi: end });
      size += end - start;
      start = end;
      if (size >= CHUNK) {
        out.push(current);
        current = [];
        size = 0;
      }
    }
  }
  if (current.length) out.push(current);
  return out;
}

export async function time(
  runs: number,
  request: (i: number) => Promise<Answer>,
  prepare?: () => Promise<void>,
) {
  return (await timeSides(runs, [{ request, prepare }]))[0]!;
}

/** A call a screen (or the schedule) makes; `prepare` runs untimed before each sample. */
export type Call = [
  label: string,
  request: (i: number) => Promise<Answer>,
  prepare?: () => Promise<void>,
];

/** What a statement cost in the database, as the member runs it. */
export interface StatementCost {
  /** Its duration under auto_explain (wall time, instrumented). */
  ms: number;
  /** Shared buffers hit + read by the whole statement (its functions' statements included). */
  pages: number;
  /** CPU time its backend spent on it (mean of CPU_SAMPLES runs): what load does not move. */
  cpuMs: number;
  /**
   * Pages a run right after those still read from outside shared buffers: 0 when the statement's
   * pages stay in Postgres' memory between runs; more, and each run pays for the kernel's copy.
   */
  warmRead: number;
}

/** Runs of a statement whose backend CPU time is averaged (schedstat counts nanoseconds). */
const CPU_SAMPLES = 10;

/** Nanoseconds a process has run on a CPU (Linux /proc/<pid>/schedstat, first field). */
function cpuNs(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

/** The outermost plan's duration and its top node's `Buffers: shared hit=… read=…`. */
export function statementCost(
  plans: string[],
  sql: string,
): (Omit<StatementCost, 'cpuMs' | 'warmRead'> & { read: number }) | undefined {
  const plan = plans.find((p) => p.includes(`Query Text: ${sql}`)) ?? plans.at(-1);
  const ms = plan && /duration: ([\d.]+) ms/.exec(plan);
  const buffers = plan && /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(plan);
  if (!ms || !buffers) return undefined;
  const read = Number(buffers[2] ?? 0);
  return { ms: Number(ms[1]), pages: Number(buffers[1] ?? 0) + read, read };
}

/**
 * `--explain`: EXPLAIN (ANALYZE, BUFFERS) of the statements a screen runs, and of every statement
 * inside the functions (auto_explain, nested), as the member the way PostgREST runs them (role
 * authenticated, the JWT claims), in a rolled-back transaction. As the cluster's superuser:
 * loading auto_explain needs one. Returns each statement's cost: the tenants bench compares a
 * company's alone and among many by its backend's CPU time and pages, which the machine's load does
 * not move as it moves wall time; `print: false` only measures.
 */
export async function explainCalls(
  adminDbUrl: string,
  userId: string,
  c: Company,
  today: string,
  log: (line: string) => void,
  {
    print = true,
    morning,
  }: {
    print?: boolean;
    /** The daily run's morning: one plan_mornings page of it explained too, as the service role. */
    morning?: string;
  } = {},
): Promise<Map<string, StatementCost>> {
  const costs = new Map<string, StatementCost>();
  const db = new pg.Client({ connectionString: adminDbUrl });
  await db.connect();
  const notices: string[] = [];
  db.on('notice', (notice) => notices.push(notice.message ?? ''));
  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]!.pid;
  const statements: [string, string][] = [
    [
      'search_movements page 1',
      `select * from public.search_movements('${c.companyId}', '${today}', p_limit => 51, p_offset => 0)`,
    ],
    [
      'search_movements "eletrica"',
      `select * from public.search_movements('${c.companyId}', '${today}', 'eletrica', p_limit => 51, p_offset => 0)`,
    ],
    ['movement_summary', `select public.movement_summary('${c.companyId}', '${today}')`],
    [
      'company_activity page 1',
      `select * from public.company_activity('${c.companyId}', p_limit => 31)`,
    ],
    [
      'account_ledger page 1',
      `select * from public.account_ledger('${c.accountId}', p_limit => 51, p_offset => 0)`,
    ],
    [
      'account_ledger by value',
      `select * from public.account_ledger('${c.accountId}', p_order => 'value_desc', p_limit => 51, p_offset => 0)`,
    ],
    [
      'account_ledger search "joao"',
      `select * from public.account_ledger('${c.accountId}', p_search => 'joao', p_limit => 51, p_offset => 0)`,
    ],
    [
      'search_movements, transfers only',
      `select * from public.search_movements('${c.companyId}', '${today}', p_kinds => array['transfer'], p_limit => 51, p_offset => 0)`,
    ],
    [
      'search_movements oldest first',
      `select * from public.search_movements('${c.companyId}', '${today}', p_limit => 51, p_offset => 0, p_order => 'date_asc')`,
    ],
    [
      'search_movements by value',
      `select * from public.search_movements('${c.companyId}', '${today}', p_limit => 51, p_offset => 0, p_order => 'value_desc')`,
    ],
    [
      'search_movements a category + year',
      `select * from public.search_movements('${c.companyId}', '${today}', p_category_ids => array['${c.categoryId}'::uuid],
         p_start => ('${today}'::date - interval '1 year')::date, p_end => '${today}', p_limit => 51, p_offset => 0)`,
    ],
    [
      'search_movements an obra + year',
      `select * from public.search_movements('${c.companyId}', '${today}', p_project_ids => array['${c.projectId}'::uuid],
         p_start => ('${today}'::date - interval '1 year')::date, p_end => '${today}', p_limit => 51, p_offset => 0)`,
    ],
    [
      'search_movements an account',
      `select * from public.search_movements('${c.companyId}', '${today}', p_account_ids => array['${c.accountId}'::uuid], p_limit => 51, p_offset => 0)`,
    ],
    [
      'Últimos lançamentos page 1',
      `select id from public.entries where company_id = '${c.companyId}' order by created_at desc, id desc limit 51`,
    ],
    ['latest_entries_count (Todos)', `select public.latest_entries_count('${c.companyId}')`],
    [
      'latest_entries_count (Este mês)',
      `select public.latest_entries_count('${c.companyId}', date_trunc('month', date '${today}')::date,
         (date_trunc('month', date '${today}') + interval '1 month - 1 day')::date)`,
    ],
    [
      'latest_entries_count (10 anos)',
      `select public.latest_entries_count('${c.companyId}', (date '${today}' - interval '10 years')::date, '${today}')`,
    ],
    ['bank_account_summary', `select public.bank_account_summary('${c.accountId}')`],
    ['report_summary', `select public.report_summary('${c.companyId}')`],
    [
      'report_summary (this month)',
      `select public.report_summary('${c.companyId}', date_trunc('month', date '${today}')::date, '${today}')`,
    ],
    [
      'balance_history',
      `select public.balance_history('${c.companyId}', p_end => '${today}', p_bucket => 'week')`,
    ],
    ['category_stats', `select public.category_stats('${c.categoryId}', '${today}')`],
    [
      'dre (12 meses, caixa)',
      `select public.dre('${c.companyId}', (date_trunc('month', date '${today}') - interval '11 months')::date, '${today}')`,
    ],
    ['project_budget_totals', `select public.project_budget_totals('${c.companyId}')`],
    [
      'movement_summary, a category, Em atraso',
      `select public.movement_summary('${c.companyId}', '${today}', p_category_ids => array['${c.categoryId}'::uuid], p_statuses => array['overdue'])`,
    ],
    [
      'movement_summary "elétrica"',
      `select public.movement_summary('${c.companyId}', '${today}', 'elétrica')`,
    ],
    [
      'movement_summary, Sem comprovante',
      `select public.movement_summary('${c.companyId}', '${today}', p_without_comprovante => true)`,
    ],
    ['dashboard_summary', `select public.dashboard_summary('${c.companyId}', '${today}')`],
    [
      'entry_list_summary',
      `select public.entry_list_summary('${c.companyId}', 'expense', '${today}')`,
    ],
    ['supplier_summary', `select public.supplier_summary('${c.companyId}')`],
    [
      'cash_flow_projection',
      `select public.cash_flow_projection('${c.companyId}', 90, p_today => '${today}')`,
    ],
    ['statement_candidates', `select * from public.statement_candidates('${c.accountId}')`],
    // A write, rolled back with the rest: 500 new lines a run (its 12 runs add up to 6 000 in the
    // transaction), as Conciliação's import sends them.
    [
      'import_bank_statement (500 lines)',
      `select public.import_bank_statement(p_bank_account_id => '${c.accountId}', p_source => 'ofx',
         p_lines => (select jsonb_agg(jsonb_build_object('fitid', gen_random_uuid()::text,
                       'posted_on', '${today}', 'amount', (100 + k)::text, 'memo', 'Linha ' || k,
                       'trn_type', 'CREDIT')) from generate_series(1, 500) k),
         p_file_name => 'bench.ofx', p_start => '${today}', p_end => '${today}')`,
    ],
  ];
  try {
    for (const [label, sql] of statements) {
      await db.query('begin');
      try {
        await autoExplainHere(db);
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: userId, role: 'authenticated' }),
        ]);
        await db.query('set local role authenticated');
        notices.length = 0;
        await db.query(sql);
        const cost = statementCost(notices, sql);
        if (print) log(`plans of ${label}:\n${notices.join('\n\n')}`);
        // Then the CPU its backend spends on it, uninstrumented (the run above warmed it).
        await db.query(
          `reset role; set local auto_explain.log_min_duration = -1; set local role authenticated`,
        );
        const before = cpuNs(pid);
        for (let i = 0; i < CPU_SAMPLES; i++) await db.query(sql);
        const cpuMs = (cpuNs(pid) - before) / CPU_SAMPLES / 1e6;
        await db.query(
          `reset role; set local auto_explain.log_min_duration = 0; set local role authenticated`,
        );
        notices.length = 0;
        await db.query(sql);
        const warm = statementCost(notices, sql);
        if (cost)
          costs.set(label, { ms: cost.ms, pages: cost.pages, cpuMs, warmRead: warm?.read ?? NaN });
      } catch (e) {
        log(`plans of ${label}: ${(e as Error).message}`);
      } finally {
        await db.query('rollback');
      }
    }
    if (morning) await explainMorningPage(db, notices, morning, log);
  } finally {
    await db.end();
  }
  return costs;
}

/**
 * One page of the daily run (plan_mornings, 10 companies), then its notices' part (plan_deliveries),
 * as the notify function runs them (role service_role), in a rolled-back transaction on a fresh day
 * list: their statements that took 1 ms or more (the page's digests are many short ones), nested,
 * with their buffers. A page must read its companies' rows on the company-keyed indexes, never
 * every company's.
 */
async function explainMorningPage(
  db: pg.Client,
  notices: string[],
  morning: string,
  log: (line: string) => void,
) {
  await db.query('begin');
  try {
    await db.query(`delete from private.notify_mornings`);
    await db.query(
      `delete from public.notices where kind = 'due_summary'
         and event_key = to_char(($1::timestamptz at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`,
      [morning],
    );
    await db.query('set local role service_role');
    await db.query(`select public.plan_mornings($1, 10)`, [morning]); // the day's list
    await db.query('reset role');
    await autoExplainHere(db, 1);
    await db.query('set local role service_role');
    notices.length = 0;
    const { rows } = await db.query<{ r: unknown }>(`select public.plan_mornings($1, 10) as r`, [
      morning,
    ]);
    log(
      `plans of plan_mornings (one page of 10 companies) → ${JSON.stringify(rows[0]?.r)}:\n${notices.join('\n\n')}`,
    );
    // The notices' part, once a run: the notices no run has planned yet (private.notices_to_plan;
    // until 20261208010000 every notice of the last 2 days, of every company).
    notices.length = 0;
    const planned = await db.query<{ n: number }>(`select public.plan_deliveries($1) as n`, [
      morning,
    ]);
    log(`plans of plan_deliveries (${planned.rows[0]?.n} planned):\n${notices.join('\n\n')}`);
  } catch (e) {
    log(`plans of plan_mornings: ${(e as Error).message}`);
  } finally {
    await db.query('rollback');
  }
}

/** Every call a screen makes when opened (reads), and the writes of the issue. */
export function calls(
  c: Company,
  db: pg.Pool,
  today: string,
  tag: string,
  schedule: { service: Client; morning: string },
): Call[] {
  const { supabase } = c;
  const company = { p_company_id: c.companyId };
  // The whole morning's samples, by sample index: the page call's row reads its slowest page.
  const morning = new Map<number, { slowest: number; pages: number; companies: number }>();
  const morningDay = new Date(schedule.morning).toLocaleDateString('en-CA', {
    timeZone: 'America/Sao_Paulo',
  });
  const movementArgs = { ...company, p_today: today };
  const bytes = (data: unknown) => `${JSON.stringify(data).length} B`;
  const yearAgo = `${String(Number(today.slice(0, 4)) - 1)}${today.slice(4)}`;
  const monthStart = `${today.slice(0, 8)}01`;
  // dre: twelve calendar months ending in this one.
  const first = new Date(`${monthStart}T12:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 11);
  const dreStart = first.toISOString().slice(0, 10);
  const last = new Date(`${monthStart}T12:00:00Z`);
  last.setUTCMonth(last.getUTCMonth() + 1, 0);
  const monthEnd = last.toISOString().slice(0, 10);
  // As the app reads Movimentações: the default order paged by the function (one row more than
  // the page), nothing counted.
  const movements = (extra: Record<string, unknown>) => async () => {
    const rows = check(
      await supabase
        .rpc('search_movements', { ...movementArgs, ...extra, p_limit: 51, p_offset: 0 })
        .select(`${ENTRY_COLUMNS}, movement_date, display_status`),
    );
    return `${rows.length} rows`;
  };
  // Movimentações' totals for the same filters.
  const summary = (extra: Record<string, unknown>) => async () =>
    bytes(check(await supabase.rpc('movement_summary', { ...movementArgs, ...extra })));
  const entryList = (kind: 'expense' | 'income', status: 'pending' | 'paid') => async () => {
    const date = status === 'pending' ? 'due_date' : 'settled_on';
    const rows = check(
      await supabase
        .from('entries')
        .select(ENTRY_COLUMNS)
        .eq('company_id', c.companyId)
        .eq('kind', kind)
        .eq('status', status)
        .eq('approval_status', 'approved')
        .order(date, { ascending: status === 'pending' })
        .order('created_at', { ascending: status === 'pending' })
        .order('id')
        .range(0, 49),
    );
    return `${rows.length} rows`;
  };
  // A page as the app reads it: one row more than shown, nothing counted.
  const ledger = (extra: Record<string, string>) => async () => {
    const rows = check(
      await supabase.rpc('account_ledger', {
        p_bank_account_id: c.accountId,
        p_include_reversed: false,
        ...extra,
        p_limit: 51,
        p_offset: 0,
      }),
    );
    return `${rows.length} rows`;
  };
  const latest = (sort?: ListSort) => async () => {
    const rows = check(
      await applyOrder(
        supabase.from('entries').select(ENTRY_COLUMNS).eq('company_id', c.companyId),
        latestOrder(sort),
      ).range(0, 50),
    );
    return `${rows.length} rows`;
  };
  // "{n} transações encontradas", fetched beside the first page.
  const latestCount = (period: Record<string, string>) => async () =>
    `${check(await supabase.rpc('latest_entries_count', { ...company, ...period }))} entries`;
  const pendingIds = async (n: number) =>
    (
      await db.query<{ id: string }>(
        `select id from public.accounts_payable where company_id = $1 and status = 'pending'
         order by id limit $2`,
        [c.companyId, n],
      )
    ).rows.map((r) => r.id);
  let toSettle: string[] = [];
  let settled: string[] = [];
  return [
    [
      'home: dashboard_summary',
      async () => bytes(check(await supabase.rpc('dashboard_summary', movementArgs))),
    ],
    [
      'home: pending payables (20)',
      async () => {
        const rows = check(
          await supabase
            .from('entries')
            .select(ENTRY_COLUMNS)
            .eq('company_id', c.companyId)
            .eq('kind', 'expense')
            .eq('status', 'pending')
            .eq('approval_status', 'approved')
            .order('due_date')
            .order('created_at')
            .limit(20),
        );
        return `${rows.length} rows`;
      },
    ],
    ['Contas a Pagar: pending, page 1 of 50', entryList('expense', 'pending')],
    ['Contas a Pagar: paid, page 1 of 50', entryList('expense', 'paid')],
    ['Contas a Receber: paid, page 1 of 50', entryList('income', 'paid')],
    [
      'Contas a Pagar: entry_list_summary',
      async () =>
        bytes(
          check(
            await supabase.rpc('entry_list_summary', {
              ...company,
              p_kind: 'expense',
              p_today: today,
            }),
          ),
        ),
    ],
    ['Movimentações: search_movements page 1', movements({})],
    ['Movimentações: oldest first, page 1', movements({ p_order: 'date_asc' })],
    ['Movimentações: by value, page 1', movements({ p_order: 'value_desc' })],
    ['Últimos lançamentos: page 1', latest()],
    ['Últimos lançamentos: by due date', latest({ by: 'date', direction: 'ascending' })],
    ['Últimos lançamentos: count (Todos)', latestCount({})],
    [
      'Últimos lançamentos: count (Este mês)',
      latestCount({ p_start: monthStart, p_end: monthEnd }),
    ],
    ['Movimentações: search "eletrica"', movements({ p_search: 'eletrica' })],
    ['Movimentações: search "elétrica"', movements({ p_search: 'elétrica' })],
    ['Movimentações: search "xyzw" (no match)', movements({ p_search: 'xyzw' })],
    ['Movimentações: transfers only', movements({ p_kinds: ['transfer'] })],
    [
      'Movimentações: filter a category + year',
      movements({ p_category_ids: [c.categoryId], p_start: yearAgo, p_end: today }),
    ],
    [
      'Movimentações: filter an obra + year',
      movements({ p_project_ids: [c.projectId], p_start: yearAgo, p_end: today }),
    ],
    ['Movimentações: filter an account', movements({ p_account_ids: [c.accountId] })],
    // Issue 33 at scale: split entries by their parts' value, two ids of one filter, a search
    // matching a category's name (private.split_entry_dims, private.split_pair_totals).
    [
      'Movimentações: an obra, by value',
      movements({ p_project_ids: [c.projectId], p_order: 'value_desc' }),
    ],
    [
      'Movimentações: a category, by value',
      movements({ p_category_ids: [c.categoryId], p_order: 'value_desc' }),
    ],
    [
      'Movimentações: movement_summary, two categories',
      summary({ p_category_ids: [c.categoryId, c.secondCategoryId] }),
    ],
    ['Movimentações: movement_summary', summary({})],
    [
      'Movimentações: movement_summary, a category + year',
      summary({ p_category_ids: [c.categoryId], p_start: yearAgo, p_end: today }),
    ],
    ['Movimentações: movement_summary, Em atraso', summary({ p_statuses: ['overdue'] })],
    ['Movimentações: movement_summary "elétrica"', summary({ p_search: 'elétrica' })],
    ['Movimentações: movement_summary "são josé" (every obra)', summary({ p_search: 'são josé' })],
    ['Movimentações: movement_summary "xyzw" (no match)', summary({ p_search: 'xyzw' })],
    ['Movimentações: movement_summary, Sem comprovante', summary({ p_without_comprovante: true })],
    [
      'Movimentações: movement_summary, Sem comprovante + year',
      summary({ p_without_comprovante: true, p_start: yearAgo, p_end: today }),
    ],
    [
      'Atividade: company_activity page 1 of 30',
      async () => {
        const rows = check(await supabase.rpc('company_activity', { ...company, p_limit: 31 }));
        return `${rows.length} rows`;
      },
    ],
    [
      'Relatório: report_summary (Todo o período)',
      async () => bytes(check(await supabase.rpc('report_summary', company))),
    ],
    [
      'Relatório: report_summary (this month)',
      async () =>
        bytes(
          check(
            await supabase.rpc('report_summary', { ...company, p_start: monthStart, p_end: today }),
          ),
        ),
    ],
    [
      'Relatório: balance_history (Todo o período)',
      async () =>
        bytes(
          check(
            await supabase.rpc('balance_history', { ...company, p_end: today, p_bucket: 'week' }),
          ),
        ),
    ],
    [
      'Planejamento: cash_flow_projection (90 dias)',
      async () =>
        bytes(
          check(
            await supabase.rpc('cash_flow_projection', { ...company, p_days: 90, p_today: today }),
          ),
        ),
    ],
    [
      'Planejamento: dre (12 meses, caixa)',
      async () =>
        bytes(
          check(
            await supabase.rpc('dre', {
              ...company,
              p_start: dreStart,
              p_end: today,
              p_basis: 'caixa',
            }),
          ),
        ),
    ],
    [
      'Obras: project_budget_totals',
      async () => bytes(check(await supabase.rpc('project_budget_totals', company))),
    ],
    ['Conta: account_ledger page 1 of 50', ledger({})],
    ['Conta: account_ledger by value', ledger({ p_order: 'value_desc' })],
    ['Conta: account_ledger search "joao"', ledger({ p_search: 'joao' })],
    [
      'Conta: bank_account_summary',
      async () =>
        bytes(
          check(await supabase.rpc('bank_account_summary', { p_bank_account_id: c.accountId })),
        ),
    ],
    [
      'Conciliação: statement_candidates',
      async () =>
        bytes(
          check(await supabase.rpc('statement_candidates', { p_bank_account_id: c.accountId })),
        ),
    ],
    [
      'Fornecedor: supplier_stats',
      async () =>
        bytes(
          check(await supabase.rpc('supplier_stats', { ...company, p_supplier_id: c.supplierId })),
        ),
    ],
    [
      'Fornecedores: supplier_summary',
      async () => bytes(check(await supabase.rpc('supplier_summary', company))),
    ],
    [
      'Categoria: category_stats',
      async () =>
        bytes(
          check(
            await supabase.rpc('category_stats', { p_category_id: c.categoryId, p_today: today }),
          ),
        ),
    ],
    [
      // The Avisos bell (src/lib/api/notice-count.ts): a head count of the member's unread.
      "Avisos: the bell's unread count",
      async () => {
        const { count, error } = await supabase
          .from('notices')
          .select('id', { count: 'exact', head: true })
          .eq('company_id', c.companyId)
          .is('read_at', null);
        if (error) throw new Error(JSON.stringify(error));
        return `${count} unread`;
      },
    ],
    [
      // The notify function's morning (issues 32, 35) as its run does it (deliver.ts): pages of
      // plan_mornings (50 companies' in-app summaries and members' daily e-mails, each checked for
      // something to say) until the database says no more, plan_deliveries (the notices no run has
      // planned yet: the day's summaries just written), then claim_deliveries until nothing is left (every e-mail's digest built), as the
      // service role. Timed whole: every company of the database (companies/s in the detail).
      MORNING_LABEL,
      async (i) => {
        const t0 = performance.now();
        let planned = 0;
        let companies = 0;
        let pages = 0;
        let slowest = 0;
        for (;;) {
          const start = performance.now();
          const page = check(
            await schedule.service.rpc('plan_mornings', { p_now: schedule.morning, p_limit: 50 }),
          ) as { planned: number; companies: number; listed: number; more: boolean };
          const ms = performance.now() - start;
          pages++;
          slowest = Math.max(slowest, ms);
          planned += page.planned;
          companies += page.companies;
          if (!page.more || (!page.companies && !page.listed)) break;
        }
        const noticesStart = performance.now();
        planned += check(
          await schedule.service.rpc('plan_deliveries', { p_now: schedule.morning }),
        ) as number;
        const noticesMs = performance.now() - noticesStart;
        let claimed = 0;
        for (;;) {
          const batch = check(
            await schedule.service.rpc('claim_deliveries', {
              p_limit: 50,
              p_now: schedule.morning,
            }),
          ) as unknown[];
          if (batch.length === 0) break;
          claimed += batch.length;
        }
        morning.set(i, { slowest, pages, companies });
        const perSecond = companies / ((performance.now() - t0) / 1000);
        return (
          `${companies} companies in ${pages} calls, ${perSecond.toFixed(0)} companies/s, ` +
          `${planned} planned (the notices' part ${noticesMs.toFixed(0)} ms), ${claimed} claimed`
        );
      },
      // Each sample is a morning not run yet, for every company: the day's summaries and their
      // deliveries removed first, and the day's list of companies (private.notify_mornings).
      async () => {
        await db.query(`delete from public.notice_deliveries where company_id = $1`, [c.companyId]);
        await db.query(
          `delete from public.notice_deliveries where kind = 'due_summary' and event_key = $1`,
          [morningDay],
        );
        await db.query(
          `delete from public.notices where kind = 'due_summary' and (company_id = $1 or event_key = $2)`,
          [c.companyId, morningDay],
        );
        await db.query(`delete from private.notify_mornings`);
      },
    ],
    [
      // The daily run's budget is one call's: the slowest plan_mornings page of the sample above
      // (same index), not timed again.
      PAGE_LABEL,
      async (i) => {
        const m = morning.get(i);
        if (!m) throw new Error('the whole morning was not timed first');
        return { ms: m.slowest, detail: `slowest of ${m.pages} calls, ${m.companies} companies` };
      },
    ],
    [
      'write: settle a payable',
      async (i) => {
        // Request 0 is a warm-up (untimed): enough bills for the samples of any --runs up to 62.
        if (i === 0) toSettle = await pendingIds(64);
        const id = toSettle[i]!;
        check(
          await supabase.rpc('settle_payable', {
            p_payable_id: id,
            p_bank_account_id: c.accountId,
            p_paid_on: today,
          }),
        );
        settled.push(id);
        return 'ok';
      },
    ],
    [
      'write: reverse a payment',
      async (i) => {
        if (i === 0) {
          const { rows } = await db.query<{ id: string }>(
            `select t.id from public.standing_transactions t where t.payable_id = any($1) order by t.payable_id`,
            [settled],
          );
          settled = rows.map((r) => r.id);
        }
        check(
          await supabase.rpc('reverse_payment', {
            p_payment_id: settled[i]!,
            p_reversed_on: today,
          }),
        );
        return 'ok';
      },
    ],
    [
      'write: edit a pending payable',
      async (i) => {
        const id = toSettle[i]!;
        check(
          await supabase
            .from('accounts_payable')
            .update({ description: `Editado ${tag} ${i}` })
            .eq('id', id)
            .select('id'),
        );
        return 'ok';
      },
    ],
    [
      'write: Lançar 12 installments',
      async (i) => {
        const series = crypto.randomUUID();
        const rows = Array.from({ length: 12 }, (_, k) => ({
          company_id: c.companyId,
          description: `Parcelado ${tag} ${i}`,
          amount: 1234.56,
          due_date: `${Number(today.slice(0, 4)) + 1}-${String(k + 1).padStart(2, '0')}-10`,
          installment_number: k + 1,
          installment_count: 12,
          series_id: series,
          series_kind: 'installment',
          category_id: c.categoryId,
        }));
        check(await supabase.from('accounts_payable').insert(rows).select('id'));
        return '12 rows';
      },
    ],
    [
      'write: import a 500-line statement',
      async (i) => {
        const lines = Array.from({ length: 500 }, (_, k) => ({
          fitid: `${tag}-${i}-${k}`,
          posted_on: today,
          amount: k % 2 ? -(100 + k) : 100 + k,
          memo: `Linha ${k}`,
          trn_type: k % 2 ? 'DEBIT' : 'CREDIT',
        }));
        const data = check(
          await supabase.rpc('import_bank_statement', {
            p_bank_account_id: c.accountId,
            p_source: 'ofx',
            p_lines: lines,
            p_file_name: `extrato-${tag}-${i}.ofx`,
            p_start: today,
            p_end: today,
          }),
        );
        return bytes(data);
      },
    ],
    [
      // Issue 34: a 5 000-row sheet of open bills, saved in one transaction (all or nothing); reading
      // and preview run on the device (scripts/bench/import-parse.ts). Limit: the API's 8 s.
      'write: import a 5 000-row sheet',
      async (i) => {
        const rows = Array.from({ length: 5000 }, (_, k) => ({
          line: k + 2,
          description: `Planilha ${tag} ${i} ${k}`,
          amount: `${100 + (k % 900)}.45`,
          due_date: `${Number(today.slice(0, 4)) + 1}-${String((k % 12) + 1).padStart(2, '0')}-15`,
          supplier_id: c.supplierId,
          category_id: c.categoryId,
          project_id: c.projectId,
        }));
        const data = check(
          await supabase.rpc('import_rows', {
            p_company_id: c.companyId,
            p_payload: {
              kind: 'contas_pagar',
              file_name: `planilha-${tag}-${i}.xlsx`,
              create: { projects: [], suppliers: [], clients: [], categories: [] },
              rows,
            },
          }),
        );
        return bytes(data);
      },
    ],
  ];
}

export async function measureScale(
  stack: {
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dbUrl: string;
    adminDbUrl: string;
  },
  target: number,
  today: string,
  runs: number,
  log: (line: string) => void,
  options: { explain?: boolean } = {},
): Promise<ScaleReport> {
  const small = Math.round(target / 10);
  const db = new pg.Pool({ connectionString: stack.dbUrl, max: 1 });
  try {
    const company = await makeCompany(stack.apiUrl, stack.anonKey, db);
    // Issue 32: the team of 50 and their avisos (a year and a half of them each).
    await addTeam(stack.adminDbUrl, db, company.companyId, 500);
    const schedule = {
      service: createClient<Database>(stack.apiUrl, stack.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as never },
      }),
      morning: await morningOf(db, today),
    };
    const measure = async (tag: string) => {
      const out = new Map<string, { ms: number; detail: string }>();
      for (const [label, request, prepare] of calls(company, db, today, tag, schedule)) {
        // A failing call is reported in the table, not the end of the run.
        out.set(
          label,
          await time(runs, request, prepare).catch((e: Error) => ({
            ms: NaN,
            detail: `error: ${e.message}`,
          })),
        );
        log(`  ${label}: ${out.get(label)!.ms.toFixed(1)} ms`);
      }
      return out;
    };
    let t0 = performance.now();
    log(`growing the company to ${small} entries…`);
    await grow(db, company.companyId, 0, small);
    const smallSeconds = (performance.now() - t0) / 1000;
    log(`timing at ${small} (median of ${runs})…`);
    const atSmall = await measure('s');
    t0 = performance.now();
    log(`growing the company to ${target} entries…`);
    await grow(db, company.companyId, small, target);
    const largeSeconds = (performance.now() - t0) / 1000;
    log(`timing at ${target} (median of ${runs})…`);
    const atLarge = await measure('l');
    if (options.explain) {
      const { data } = await company.supabase.auth.getUser();
      if (!data.user) throw new Error('the bench member has no session');
      await explainCalls(stack.adminDbUrl, data.user.id, company, today, log);
    }
    return {
      smallEntries: small,
      largeEntries: target,
      seedSeconds: { small: smallSeconds, large: largeSeconds },
      rows: [...atLarge].map(([label, large]) => ({
        label,
        small: atSmall.get(label)!.ms,
        large: large.ms,
        detail: large.detail,
      })),
    };
  } finally {
    await db.end();
  }
}

/** The notify function's whole morning: every page, the notices, the claims (no limit: per page). */
export const MORNING_LABEL = 'Schedule: daily run, whole morning (every company, all calls)';
/** The slowest single plan_mornings call of that morning: the daily run's budget is per call. */
export const PAGE_LABEL = 'Schedule: daily run, slowest page (plan_mornings, 50 companies)';

/**
 * A call's limit in ms (docs/performance.md): 100 for a screen's call, the exceptions below; the
 * whole morning has none (it grows with the companies by design: its pages are what is bounded).
 */
export function limitMs(label: string): number {
  return label === MORNING_LABEL
    ? Number.POSITIVE_INFINITY
    : label.startsWith('Schedule: daily run')
      ? 5000
      : label.startsWith('Avisos: the bell')
        ? 20
        : label === 'write: import a 5 000-row sheet'
          ? 8000
          : label.startsWith('write: Lançar') || label.startsWith('write: import')
            ? 1000
            : 100;
}

export function printScale(report: ScaleReport, runs: number): void {
  const k = (n: number) => `${n / 1000}k`;
  const lines = [
    `| call (screen) | at ${k(report.smallEntries)} | at ${k(report.largeEntries)} | growth | ≤ 100 ms (bell ≤ 20, daily run's slowest page ≤ 5000, a 5 000-row sheet ≤ 8000) |`,
    '|---|---|---|---|---|',
  ];
  for (const r of report.rows) {
    const limit = limitMs(r.label);
    const growth = r.large / r.small;
    lines.push(
      `| ${r.label} | ${r.small.toFixed(1)} ms | ${r.large.toFixed(1)} ms (${r.detail}) | ${growth.toFixed(1)}×${growth > 2 ? ' ✗' : ''} | ${r.large <= limit ? '✓' : `✗ (≤ ${limit})`} |`,
    );
  }
  console.log(lines.join('\n'));
  console.log(
    `\nMedian of ${runs} after 2 warm-ups, through the embedded API as a signed-in member. Seeding: ` +
      `${report.seedSeconds.small.toFixed(0)} s to ${k(report.smallEntries)}, ` +
      `${report.seedSeconds.large.toFixed(0)} s more to ${k(report.largeEntries)}.`,
  );
}
