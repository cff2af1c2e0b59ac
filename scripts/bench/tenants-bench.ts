// `npm run bench -- --tenants 1000`: is one company's cost independent of the others' (issue 35)?
// The N companies (tenants.ts, set-based) are seeded in the bench's database; then, for each of a
// small, a mid (20 000 entries) and the large company (--largest, 200 000), the same company is
// seeded alone in a database of its own (a second stack, the demo seed aside) and every screen's
// call (scale.ts's calls()) is timed through both APIs as its admin, the samples alternating
// between the two databases (timeSides), each on a settled database (vacuumed and checkpointed,
// its files out of the kernel's page cache: page-cache.ts):
// two passes minutes apart, as earlier versions took them, moved calls of a few ms by up to 2×
// either way with the same statement costs. The table per company: call, alone, among N, the
// ratio (✗ above 1.5×) and the call's limit (≤ 100 ms for a screen's call, scale.ts's limitMs).
// --explain: EXPLAIN (ANALYZE, BUFFERS) of the calls' statements as the API runs them (role
// authenticated, the member's JWT claims), for the small and the largest company among N.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import os from 'node:os';
import pg from 'pg';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';
import {
  calls,
  explainCalls,
  limitMs,
  MORNING_LABEL,
  morningOf,
  PAGE_LABEL,
  type Company,
  type StatementCost,
} from './scale';
import {
  dropFromPageCache,
  formatResidency,
  pageCacheResidency,
  type Residency,
} from './page-cache';
import { timeSides } from './samples';
import {
  formatSeedTimings,
  planTenants,
  signedInCompany,
  TenantSeeder,
  type Tenant,
  type TenantsOptions,
} from './tenants';

/** A ratio above this is a call whose cost follows the other companies' rows. */
export const RATIO_LIMIT = 1.5;

/**
 * Samples of each side for a call under the ratio gate, at least: the median of 5 still let one
 * slow moment of a 2-core machine flag a call of a few ms (the morning's two rows keep --runs: a
 * whole morning among 1 000 companies is 25 s a sample).
 */
const RATIO_RUNS = 9;

/**
 * A read takes more samples while each side's add up to less than a second, up to 41: the median
 * of 9 still flagged a call of 5 ms at 1.57× once in four runs (never the same call twice). A
 * write keeps RATIO_RUNS: its samples use up the company's bills (settled, reversed, edited, then
 * undone by undoWrites), as many on each side.
 */
const READ_ROUNDS = { min: RATIO_RUNS, max: 41, budgetMs: 1000 };

/**
 * Calls that are about every company by design: the whole morning covers all of them, and its
 * slowest page is 50 companies among N but fewer alone (its limit is what holds: one call's budget).
 */
const GLOBAL_CALLS = new Set([MORNING_LABEL, PAGE_LABEL]);

interface Row {
  label: string;
  alone: number;
  among: number;
  detail: string;
  /** Each side's samples in the order taken (printed for a call over the ratio). */
  samples: { alone: number[]; among: number[] };
  /** READ_PROBED calls: the relations their samples read from outside shared buffers, most first. */
  reads?: { alone: Tally; among: Tally };
  /** READ_PROBED calls: what autovacuum did during their samples, by polls that saw it. */
  upkeep?: { polls: number; alone: Tally; among: Tally };
  /** How long the call waited for autovacuum to finish on both sides before its samples (ms). */
  waitedMs: number;
}

/** [name, count], the most first: a relation and its blocks read, an autovacuum and its polls. */
type Tally = [string, number][];

/**
 * Writes whose samples land on pages of their own choosing (the heap's free space, the index leaf
 * of each new key): the blocks each relation read during their samples, on each side, tell a page
 * that was cold among N from a cost that grew (the statement import's 1.80× of stop 46).
 */
const READ_PROBED = new Set([
  'write: import a 500-line statement',
  'write: import a 5 000-row sheet',
]);

/**
 * A backend's statistics reach pg_statio when it has been idle this long at most
 * (PGSTAT_IDLE_INTERVAL, 10 s): the API's backends cannot be asked to flush them.
 */
const STATS_FLUSH_MS = 10_500;

/** Blocks read from outside shared buffers so far, by relation of public and private. */
async function relationReads(db: pg.Pool): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; n: string }>(
    `select relname as name, heap_blks_read + coalesce(toast_blks_read, 0) as n
     from pg_statio_all_tables where schemaname in ('public', 'private')
     union all
     select indexrelname, idx_blks_read
     from pg_statio_all_indexes where schemaname in ('public', 'private')`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

/** What each relation read between two relationReads, the most first (the top 8). */
function readsSince(before: Map<string, number>, after: Map<string, number>): Tally {
  return [...after]
    .map(([name, n]): [string, number] => [name, n - (before.get(name) ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
}

/** What the autovacuum workers of the database are doing now (`autovacuum: VACUUM public.x`). */
async function upkeepNow(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ query: string }>(
    `select query from pg_stat_activity
     where backend_type = 'autovacuum worker' and datname = current_database()`,
  );
  return rows.map((r) => r.query);
}

/** Longest wait for autovacuum before a call's samples; past it the call is timed anyway. */
const QUIET_MAX_MS = 120_000;

/**
 * Waits until no autovacuum worker runs on either side (at most QUIET_MAX_MS): a call's samples
 * start on settled databases, as the company's timing does (settle). The previous call's writes
 * start autovacuum on the tables they touched, and on the shared database that upkeep reads far
 * more (a vacuum of every company's transactions, an ANALYZE sampling 30 000 pages of the audit
 * log): seen in the thirteenth run inside the largest company's import samples. Returns the wait.
 */
async function quiet(sides: pg.Pool[]): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < QUIET_MAX_MS) {
    const busy = await Promise.all(sides.map(upkeepNow));
    if (busy.every((queries) => queries.length === 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return performance.now() - start;
}

/**
 * Polls both sides' autovacuum workers every 100 ms until stopped: what upkeep ran during a call's
 * samples, by the number of polls that saw it.
 */
function watchUpkeep(sides: [pg.Pool, pg.Pool]): () => Promise<NonNullable<Row['upkeep']>> {
  const seen = [new Map<string, number>(), new Map<string, number>()];
  let polls = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const now = await Promise.all(sides.map(upkeepNow));
      polls += 1;
      now.forEach((queries, k) => {
        for (const q of queries) seen[k]!.set(q, (seen[k]!.get(q) ?? 0) + 1);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const sorted = (m: Map<string, number>): Tally => [...m].sort((a, b) => b[1] - a[1]);
  return async () => {
    stopped = true;
    await loop;
    return { polls, alone: sorted(seen[0]!), among: sorted(seen[1]!) };
  };
}

/** One statement of explainCalls as auto_explain measured it alone and among N. */
interface PagesRow {
  label: string;
  alone: StatementCost;
  among: StatementCost;
}

export interface TenantsReport {
  count: number;
  entries: number;
  companies: {
    tenant: Tenant;
    rows: Row[];
    pages: PagesRow[];
    /** How much of each side's files the page cache held when its pass began (then dropped). */
    cached: { alone: Residency | undefined; among: Residency | undefined };
  }[];
  /** The N companies in the shared database, then each timed company alone in its own. */
  seedSeconds: { among: number; alone: number[] };
  seedTimings: string;
  /** Every company seeded in the shared database (the three timed first), for --load. */
  tenants: Tenant[];
  /** The large company's admin, for Lighthouse. */
  largeAdmin: { email: string; password: string };
  load: { before: number; after: number };
}

export type Stack = {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  adminDbUrl: string;
  /** The folder holding its database's files (page-cache.ts). */
  filesDir: string;
};

/** A stack with a database of its own (the demo company seeded), stopped and removed by stop(). */
export type StartTwin = (name: string) => Promise<Stack & { stop(): Promise<void> }>;

/** One database's side of a timing: its pool, its superuser connection (checkpoints), the schedule's client. */
class Side {
  readonly db: pg.Pool;
  private readonly admin: pg.Client;
  readonly service: SupabaseClient<Database>;

  private constructor(
    readonly stack: Stack,
    workers: number,
  ) {
    this.db = new pg.Pool({ connectionString: stack.dbUrl, max: workers + 1 });
    // The cluster's superuser: a checkpoint needs one.
    this.admin = new pg.Client({ connectionString: stack.adminDbUrl });
    this.service = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
  }

  static async open(stack: Stack, workers: number): Promise<Side> {
    const side = new Side(stack, workers);
    await side.admin.connect();
    return side;
  }

  /**
   * A database in use is vacuumed (visibility map, hint bits, dead rows) and checkpointed (no
   * dirty buffers to write before reading) by autovacuum and the checkpointer; one just seeded is
   * neither: its first reads set hint bits and write the seeding's pages out (seen at 1 000
   * companies: a 36 ms category_stats that read 1 504 pages and wrote 185), and the rows a pass's
   * writes added and undoWrites deleted (35 000 sheet bills) stay in the indexes until a vacuum
   * (seen: cash_flow_projection's window scanned 5 834 pages for no live row). Every timing and
   * plan reads a settled database.
   */
  async settle(): Promise<void> {
    await this.db.query('vacuum (analyze)');
    await this.admin.query('checkpoint');
  }

  async end(): Promise<void> {
    await this.admin.end();
    await this.db.end();
  }
}

export async function measureTenants(
  stack: Stack,
  startTwin: StartTwin,
  options: Omit<TenantsOptions, 'log'> & {
    runs: number;
    today: string;
    explain: boolean;
    workers: number;
  },
  log: (line: string) => void,
): Promise<TenantsReport> {
  const loadBefore = os.loadavg()[0]!;
  const among = await Side.open(stack, options.workers);
  try {
    const seeder = new TenantSeeder(stack, among.db, log, options.workers);
    const specs = planTenants(options);
    // The first of each size is timed (small, mid, large), seeded first.
    const timed = specs.filter((s, k) => specs.findIndex((other) => other.size === s.size) === k);
    let t0 = performance.now();
    log(
      `seeding ${specs.length} companies (${specs.reduce((n, s) => n + s.entries, 0)} entries, ` +
        `${options.workers} connection(s))…`,
    );
    const seeded = await seeder.seed(specs);
    await among.settle();
    const amongSeconds = (performance.now() - t0) / 1000;
    log(`seeding: ${formatSeedTimings(seeder.timings)}`);
    const morning = await morningOf(among.db, options.today);
    const aloneSeconds: number[] = [];
    const companies: TenantsReport['companies'] = [];
    for (const spec of timed) {
      const tenant = seeded[specs.indexOf(spec)]!;
      // The same company alone: a database of its own (the demo company aside), seeded from the
      // same spec, live beside the shared one so that every call's samples alternate between the
      // two (timeSides): "alone" and "among N" are measured in the same minutes.
      t0 = performance.now();
      log(`seeding the ${spec.size} company alone in a database of its own…`);
      const twin = await startTwin(`alone-${spec.size}`);
      const alone = await Side.open(twin, options.workers);
      try {
        const [twinTenant] = await new TenantSeeder(twin, alone.db, log, options.workers).seed([
          spec,
        ]);
        await alone.settle();
        aloneSeconds.push((performance.now() - t0) / 1000);
        // Each pass starts with neither side's files in the kernel's page cache (page-cache.ts):
        // the twin just seeded is wholly in it, the shared database only partly.
        const cached = {
          alone: await pageCacheResidency(twin.filesDir),
          among: await pageCacheResidency(stack.filesDir),
        };
        await Promise.all([dropFromPageCache(twin.filesDir), dropFromPageCache(stack.filesDir)]);
        const [aloneCompany, amongCompany] = await Promise.all([
          signedInCompany(twin, alone.db, twinTenant!),
          signedInCompany(stack, among.db, tenant),
        ]);
        log(
          `timing the ${spec.size} company alone and among ${specs.length}, samples alternating ` +
            `(median of ${Math.max(options.runs, RATIO_RUNS)}, a short read's of up to ${READ_ROUNDS.max})…`,
        );
        const tag = `t${spec.index}`;
        const schedule = (side: Side) => ({ service: side.service, morning });
        const aloneCalls = calls(aloneCompany, alone.db, options.today, tag, schedule(alone));
        const amongCalls = calls(amongCompany, among.db, options.today, tag, schedule(among));
        const rows: Row[] = [];
        for (const [k, [label, request, prepare]] of aloneCalls.entries()) {
          const [, amongRequest, amongPrepare] = amongCalls[k]!;
          const min = Math.max(options.runs, RATIO_RUNS);
          const rounds = GLOBAL_CALLS.has(label)
            ? options.runs
            : label.startsWith('write:')
              ? min
              : { ...READ_ROUNDS, min };
          const waitedMs = await quiet([alone.db, among.db]);
          const probed = READ_PROBED.has(label);
          const before = probed
            ? await Promise.all([relationReads(alone.db), relationReads(among.db)])
            : undefined;
          const watched = probed ? watchUpkeep([alone.db, among.db]) : undefined;
          const [a, n] = await timeSides(rounds, [
            { request, prepare },
            { request: amongRequest, prepare: amongPrepare },
          ]).catch((e: Error) => {
            const failed = { ms: NaN, detail: `error: ${e.message}`, samples: [] };
            return [failed, failed];
          });
          const upkeep = await watched?.();
          let reads: Row['reads'];
          if (before) {
            await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
            const [aloneAfter, amongAfter] = await Promise.all([
              relationReads(alone.db),
              relationReads(among.db),
            ]);
            reads = {
              alone: readsSince(before[0], aloneAfter),
              among: readsSince(before[1], amongAfter),
            };
          }
          rows.push({
            label,
            alone: a!.ms,
            among: n!.ms,
            detail: n!.detail,
            samples: { alone: a!.samples, among: n!.samples },
            reads,
            upkeep,
            waitedMs,
          });
        }
        // The plans read each company as it was timed (and --load's companies stay as seeded).
        await undoWrites(alone.db, aloneCompany.companyId, tag);
        await undoWrites(among.db, amongCompany.companyId, tag);
        await Promise.all([alone.settle(), among.settle()]);
        // The pages each statement touches as the company's admin (load does not move them).
        const costs = (side: Side, t: Tenant, company: Company, print = false, day?: string) =>
          explainCalls(
            side.stack.adminDbUrl,
            t.users.find((u) => u.role === 'admin')!.userId,
            company,
            options.today,
            log,
            { print, morning: day },
          );
        const aloneCost = await costs(alone, twinTenant!, aloneCompany);
        // --explain prints the plans of the small company (its cost must not follow the others')
        // and the largest (its own); with the small company's, one page of the morning among N.
        const print = options.explain && spec.size !== 'mid';
        if (print) log(`plans of the ${spec.size} company among ${specs.length}:`);
        const amongCost = await costs(
          among,
          tenant,
          amongCompany,
          print,
          print && spec.size === 'small' ? morning : undefined,
        );
        companies.push({
          tenant,
          rows,
          cached,
          pages: [...amongCost].flatMap(([label, cost]) => {
            const a = aloneCost.get(label);
            return a ? [{ label, alone: a, among: cost }] : [];
          }),
        });
      } finally {
        await alone.end();
        await twin.stop();
      }
    }
    const largeAdmin = seeded
      .find((t) => t.size === 'large')!
      .users.find((u) => u.role === 'admin')!;
    return {
      count: specs.length,
      entries: specs.reduce((n, s) => n + s.entries, 0),
      companies,
      seedSeconds: { among: amongSeconds, alone: aloneSeconds },
      seedTimings: formatSeedTimings(seeder.timings),
      tenants: seeded,
      largeAdmin: { email: largeAdmin.email, password: largeAdmin.password },
      load: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    await among.end();
  }
}

/**
 * What the writes of calls() added while timed alone (the sheet's 5 000 bills a sample, the
 * statements' lines, the installments, the Dar Baixa samples' payments and their estornos), removed
 * as the owner (the triggers keep the balances and totals), so the company timed among N holds what
 * it held alone: its reads compare like with like.
 */
async function undoWrites(db: pg.Pool, companyId: string, tag: string): Promise<void> {
  // The settled bills are the ones the edit sample renamed `Editado <tag> <i>` (pending again after
  // their estorno). Their payments and estornos are dated today: left in, each pass would read a
  // "this month" its predecessors' samples had grown.
  const sampled = `select t.id from public.transactions t where t.company_id = $1
    and t.payable_id in (select p.id from public.accounts_payable p
                         where p.company_id = $1 and p.description like $2)`;
  await db.query(
    `delete from public.transactions where company_id = $1 and reversal_of in (${sampled})`,
    [companyId, `Editado ${tag} %`],
  );
  await db.query(`delete from public.transactions where id in (${sampled})`, [
    companyId,
    `Editado ${tag} %`,
  ]);
  await db.query(
    `delete from public.accounts_payable where company_id = $1 and (description like $2 or description like $3)`,
    [companyId, `Planilha ${tag} %`, `Parcelado ${tag} %`],
  );
  await db.query(`delete from public.import_batches where company_id = $1 and file_name like $2`, [
    companyId,
    `planilha-${tag}-%`,
  ]);
  await db.query(
    `delete from public.bank_statement_lines where company_id = $1 and fitid like $2`,
    [companyId, `${tag}-%`],
  );
  await db.query(`delete from public.bank_statements where company_id = $1 and file_name like $2`, [
    companyId,
    `extrato-${tag}-%`,
  ]);
}

/** The tables; returns whether every call kept its ratio and limit. */
export function printTenants(report: TenantsReport, runs: number): boolean {
  let ok = true;
  const lines: string[] = [];
  for (const { tenant, rows, pages, cached } of report.companies) {
    lines.push(
      '',
      `### ${tenant.name} (${tenant.size}, ${tenant.entries} entries, ${tenant.users.length} members)`,
      '',
      `The kernel's page cache held, when the pass began: alone ${formatResidency(cached.alone)}, ` +
        `among ${formatResidency(cached.among)} of the database's files; both were dropped from it.`,
      '',
      `| call (screen) | alone | among ${report.count} | ratio (≤ ${RATIO_LIMIT}×) | limit |`,
      '|---|---|---|---|---|',
    );
    for (const r of rows) {
      const ratio = r.among / r.alone;
      const global = GLOBAL_CALLS.has(r.label);
      const ratioOk = global || ratio <= RATIO_LIMIT;
      const limit = limitMs(r.label);
      const limitOk = r.among <= limit;
      ok &&= ratioOk && limitOk;
      lines.push(
        `| ${r.label} | ${r.alone.toFixed(1)} ms | ${r.among.toFixed(1)} ms (${r.detail}) | ` +
          `${ratio.toFixed(2)}×${global ? ' (every company: the morning job)' : ratioOk ? '' : ' ✗'} | ` +
          (Number.isFinite(limit)
            ? `${limitOk ? '✓' : '✗'} (≤ ${limit} ms) |`
            : '— (its pages: the row below) |'),
      );
    }
    // A call over the ratio: its samples, to tell a slower call from a few slow samples (and when).
    const over = rows.filter((r) => !GLOBAL_CALLS.has(r.label) && r.among / r.alone > RATIO_LIMIT);
    if (over.length > 0) {
      const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(' ');
      lines.push('', 'Samples of the calls over the ratio, in the order taken (ms):', '');
      for (const r of over) {
        lines.push(`- ${r.label}: alone ${ms(r.samples.alone)}; among ${ms(r.samples.among)}`);
      }
    }
    // Not a gate: which relations' pages a write's samples found cold on each side.
    const probed = rows.filter((r) => r.reads);
    if (probed.length > 0) {
      const list = (reads: Tally) =>
        reads.length === 0 ? 'none' : reads.map(([name, n]) => `${name} ${n}`).join(', ');
      lines.push(
        '',
        'Blocks the samples read from outside shared buffers, by relation (pg_statio, the 8 most):',
        '',
      );
      for (const r of probed) {
        lines.push(`- ${r.label}: alone ${list(r.reads!.alone)}; among ${list(r.reads!.among)}`);
        const u = r.upkeep!;
        lines.push(
          `  autovacuum during its samples (polls of ${u.polls} that saw it): alone ` +
            `${list(u.alone)}; among ${list(u.among)}`,
        );
      }
    }
    const waits = rows.filter((r) => r.waitedMs >= 1000);
    lines.push(
      '',
      `Waited for autovacuum before the samples of ${waits.length} call(s), ` +
        `${(waits.reduce((t, r) => t + r.waitedMs, 0) / 1000).toFixed(0)} s in all` +
        (waits.length > 0
          ? `: ${waits.map((r) => `${r.label} ${(r.waitedMs / 1000).toFixed(0)} s`).join(', ')}`
          : '') +
        (waits.some((r) => r.waitedMs >= QUIET_MAX_MS)
          ? ' (some timed with it still running)'
          : '') +
        '.',
    );
    // Not a gate: the evidence for a ratio above (a statement whose pages stay put while its time
    // moved was timed under a different load; pages that grow with the others' rows are the bug).
    lines.push(
      '',
      'The statements behind those calls, in the database as the admin: the CPU time their backend ' +
        'spent (mean of 10 runs; load moves it far less than wall time) and the pages they touched ' +
        '(buffers hit + read: the load does not move them; a B-tree one level deeper adds a page a probe), ' +
        'and of those the pages a run right after the 10 still read from outside shared buffers (warm reads: ' +
        "0 when the statement's pages stay in Postgres' memory between runs).",
      '',
      `| statement | CPU alone | CPU among ${report.count} | ratio | pages alone | pages among ${report.count} | ratio | warm reads alone / among |`,
      '|---|---|---|---|---|---|---|---|',
    );
    for (const p of pages) {
      lines.push(
        `| ${p.label} | ${p.alone.cpuMs.toFixed(2)} ms | ${p.among.cpuMs.toFixed(2)} ms | ` +
          `${(p.among.cpuMs / p.alone.cpuMs).toFixed(2)}× | ${p.alone.pages} | ${p.among.pages} | ` +
          `${(p.among.pages / p.alone.pages).toFixed(2)}× | ${p.alone.warmRead} / ${p.among.warmRead} |`,
      );
    }
  }
  console.log(lines.join('\n'));
  console.log(
    `\n${report.count} companies, ${report.entries} entries. Median of ${Math.max(runs, RATIO_RUNS)} ` +
      `(a read: more while each side's samples add up to under ${READ_ROUNDS.budgetMs / 1000} s, ` +
      `up to ${READ_ROUNDS.max}; the morning's rows: ${runs}) after 2 warm-ups, alone and among ` +
      `alternating, through the ` +
      `embedded API as each company's admin. Seeding: ${report.seedSeconds.alone
        .map((s) => `${s.toFixed(0)} s`)
        .join(' + ')} (the three timed, each alone in a database of its own) + ` +
      `${report.seedSeconds.among.toFixed(0)} s (the ${report.count} companies); ` +
      `by phase: ${report.seedTimings}. Load average ${report.load.before.toFixed(1)} at the start, ` +
      `${report.load.after.toFixed(1)} at the end (${os.cpus().length} CPUs).`,
  );
  return ok;
}
