// `npm run bench -- --tenants N --load [--largest 200k] [--duration 180] [--users 100] [--think 5]`:
// a Monday morning (issue 35). On the database the tenants bench seeded (TenantSeeder, tenants.ts),
// `--users` simulated people of different companies and roles (several in the large and the mid
// companies) work at once for `--duration` seconds, each as the app sends it: sign-in, then screen
// after screen (home, a search in Movimentações, Contas a Pagar, Dar Baixa of a bill on the page
// with the open amount seen, Aprovações and a decision with the version seen, Lançar with
// installments, a statement import, an export), with a think time between screens (uniform in
// ½–1½ × `--think` seconds; the first screen at a random moment of the first think). Each screen is
// one autocannon run of one connection with the person's JWT and ids: autocannon sends the
// requests and reads the answers; our code only says when a person opens the next screen, which
// autocannon cannot pace below a request a second per connection. The requests are the app's own:
// built by supabase-js with the same calls as src/features/*/api (a fetch that records instead of
// sending), then sent by autocannon with the session's values filled in.
//
// Printed: throughput and p50/p95/p99 per call kind (reads and writes apart; target p95 ≤ 300 ms),
// non-2xx answers by status and error key (an expected refusal — two people racing the same bill or
// decision — counted apart), deadlocks (pg_stat_database and the server log). Then the checks, each
// a failure (exit code 1): every acknowledged write is in the database exactly once and nothing
// refused is there; every bank account's balance = initial + its ledger; every kept total of every
// company touched = the sum of its rows (scripts/shared/kept-totals.ts, the db tests' sums).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import autocannon, { type Request as CannonRequest, type Result } from 'autocannon';
import pg from 'pg';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';
import { ENTRY_COLUMNS, ENTRY_ROW_COLUMNS } from '../../src/lib/entries';
import { applyOrder } from '../../src/lib/list-order';
import { entryListOrder } from '../../src/features/entries/lib/list-orders';
import { buildEntryRows } from '../../src/features/entries/lib/entry-rows';
import {
  EMPTY_MOVEMENT_FILTERS,
  toMovementArgs,
} from '../../src/features/movements/lib/movement-filters';
import { keptEntryTotals, ledgerTotalPairs, summedEntryTotals } from '../shared/kept-totals';
import { PG_MAX_CONNECTIONS } from '../local-stack/postgres';
import { POSTGREST_POOL } from '../local-stack/postgrest';
import type { Tenant, TenantUser } from './tenants';

type Client = SupabaseClient<Database>;

export interface LoadOptions {
  duration: number;
  users: number;
  /** Mean seconds a person spends on a screen before the next (uniform in ½–1½ × this). */
  think: number;
  /**
   * A pace above the realistic one, to find the ceiling: p95 and errors (overload answers 504)
   * are printed, not failures; correctness (deadlocks, writes, balances, totals) still is.
   */
  ceiling?: boolean;
}

interface Stack {
  apiUrl: string;
  anonKey: string;
  dbUrl: string;
  adminDbUrl: string;
}

/** The p95 the issue asks of every call kind, reads and writes, on this 2-core machine. */
export const P95_TARGET_MS = 300;

/** Refusals the app expects when two people act on the same thing; shown to the user, not bugs. */
const EXPECTED_REFUSALS = new Set([
  'entry_already_settled',
  'entry_changed',
  'not_awaiting_approval',
]);

const SEARCHES = ['eletrica', 'cimento', 'joão', 'aço', 'obra', 'fornecedor 1', 'xyzw'];
const INSTALLMENTS = 3;
const STATEMENT_LINES = 20;
/** As the app's pages: Contas a Pagar 50 rows, Aprovações 50, an export chunk 1000. */
const PAGE = 50;
const EXPORT_CHUNK = 1000;

// ---------------------------------------------------------------------------------------------
// The app's requests, recorded from supabase-js

interface Template {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const TOKEN = '@TOKEN@';

// get-movements.ts' MOVEMENT_COLUMNS (that module loads the browser's supabase client, so it is
// not imported here; keep the two equal).
const MOVEMENT_COLUMNS = `row_type, ${ENTRY_ROW_COLUMNS}, movement_date, display_status, paid_total, open_amount, display_amount, to_account_id, to_account_name, reversed, reversed_on, signed_amount`;

/**
 * A supabase-js client whose fetch records the request instead of sending it (answering `[]`):
 * the exact method, path, query, headers and body the app's call makes. The session's token is a
 * placeholder filled in per request.
 */
function recorder(apiUrl: string, anonKey: string) {
  let last: Template | undefined;
  const client = createClient<Database>(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    global: {
      headers: { Authorization: `Bearer ${TOKEN}` },
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(typeof input === 'string' ? input : input.toString());
        const headers: Record<string, string> = {};
        new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
        last = {
          method: init?.method ?? 'GET',
          path: url.pathname + url.search,
          headers,
          body: typeof init?.body === 'string' ? init.body : undefined,
        };
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  });
  return async (call: (c: Client) => PromiseLike<unknown>): Promise<Template> => {
    last = undefined;
    await Promise.resolve(call(client)).catch(() => undefined);
    if (!last) throw new Error('the call sent no request');
    return last;
  };
}

/** The template with the session's values: every `@KEY@` of path, headers and body replaced. */
function fill(t: Template, values: Record<string, string>): CannonRequest {
  const sub = (s: string) => s.replace(/@([A-Z0-9_]+)@/g, (m, key: string) => values[key] ?? m);
  // Numbers are recorded as the strings "@KEY@" and sent as JSON numbers.
  const body = t.body
    ?.replace(/"@NUM_([A-Z0-9_]+)@"/g, (m, key: string) => values[`NUM_${key}`] ?? m)
    .replace(/@([A-Z0-9_]+)@/g, (m, key: string) => values[key] ?? m);
  // autocannon adds content-length itself.
  const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, sub(v)]));
  return { method: t.method, path: sub(t.path), headers, body };
}

// ---------------------------------------------------------------------------------------------
// The people

export interface LoadUser {
  tenant: Tenant;
  user: TenantUser;
}

/**
 * `count` people: several in the large company (10) and in each mid one (4), then one per small
 * company, the roles taken in turn so that every company has its office (admin, financeiro) and
 * most have obra and leitura people too.
 */
export function pickUsers(tenants: Tenant[], count: number): LoadUser[] {
  const order: TenantUser['role'][] = ['financeiro', 'admin', 'obra', 'financeiro', 'leitura'];
  const picked: LoadUser[] = [];
  const take = (tenant: Tenant, n: number) => {
    const used = new Set<string>();
    for (let i = 0; i < n && picked.length < count; i++) {
      const role = order[i % order.length]!;
      const user =
        tenant.users.find((u) => u.role === role && !used.has(u.userId)) ??
        tenant.users.find((u) => !used.has(u.userId));
      if (!user) return;
      used.add(user.userId);
      picked.push({ tenant, user });
    }
  };
  const bySize = (size: Tenant['size']) => tenants.filter((t) => t.size === size);
  for (const t of bySize('large')) take(t, 10);
  for (const t of bySize('mid')) take(t, 4);
  const smalls = bySize('small');
  for (let i = 0; picked.length < count && i < smalls.length * 5; i++) {
    const tenant = smalls[i % smalls.length]!;
    const role = order[(i + Math.floor(i / smalls.length)) % order.length]!;
    const user = tenant.users.find(
      (u) => u.role === role && !picked.some((p) => p.user.userId === u.userId),
    );
    if (user) picked.push({ tenant, user });
  }
  return picked;
}

// ---------------------------------------------------------------------------------------------
// What happened

interface Sample {
  kind: string;
  write: boolean;
  ms: number;
  status: number;
}

interface WriteRecord {
  kind: 'Lançar' | 'Dar Baixa' | 'Aprovar' | 'Recusar' | 'Importar extrato';
  /** Lançar: the description; Dar Baixa / decisions: the payable; import: the file name. */
  key: string;
  companyId: string;
  status: number | null; // null = sent, no answer before the run ended
}

interface Outcome {
  samples: Sample[];
  refusals: Map<string, number>;
  errors: Map<string, number>;
  writes: WriteRecord[];
}

function errorKey(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { code?: string; message?: string; error_code?: string };
    const code = parsed.error_code ?? parsed.code ?? '';
    const message = (parsed.message ?? '').slice(0, 80);
    return `${status} ${code} ${message}`.trim();
  } catch {
    return `${status} ${body.slice(0, 80)}`;
  }
}

function messageOf(body: string): string {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? '';
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// One person's session

interface Step {
  kind: string;
  write: boolean;
  build: () => CannonRequest | null;
  answered?: (status: number, body: string) => void;
}

interface Templates {
  signIn: Template;
  dashboard: Template;
  homePending: Template;
  payablesPage: Template;
  search: Template;
  obraHome: Template;
  settle: Template;
  approvals: Template;
  approve: Template;
  refuse: Template;
  lancar: Template;
  projects: Template;
  importStatement: Template;
  exportPage: Template;
}

async function templatesFor(
  stack: Stack,
  u: LoadUser,
  today: string,
  run: string,
): Promise<Templates> {
  const record = recorder(stack.apiUrl, stack.anonKey);
  const companyId = u.tenant.companyId;
  const accountId = u.tenant.accountIds[0] ?? '';
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4, 8)}10`;
  // Lançar (create-entries.ts): the installment plan's rows, inserted in one statement.
  const lancarRows = buildEntryRows(
    {
      companyId,
      description: '@DESCRIPTION@',
      amountCents: 300_00 * INSTALLMENTS + 1,
      dueDate: nextYear,
      projectId: '@PROJECT@',
      categoryId: u.tenant.categoryIds.expense[0] ?? null,
      bankAccountId: null,
      paymentMethod: null,
      notes: null,
      plan: { type: 'installments', count: INSTALLMENTS },
    },
    '@ID_0@',
  ).map((row, i) => ({
    ...row,
    id: `@ID_${i}@`,
    supplier_id: u.tenant.supplierIds[0] ?? null,
    supplier_name: null,
  }));
  return {
    // sign-in.ts: signInWithPassword.
    signIn: await record((c) =>
      c.auth.signInWithPassword({ email: u.user.email, password: u.user.password }),
    ),
    // get-dashboard-summary.ts
    dashboard: await record((c) =>
      c.rpc('dashboard_summary', { p_company_id: companyId, p_today: today }),
    ),
    // get-pending-entries.ts (home's "A pagar")
    homePending: await record((c) =>
      c
        .from('entries')
        .select(ENTRY_COLUMNS)
        .eq('company_id', companyId)
        .eq('kind', 'expense')
        .eq('status', 'pending')
        .eq('approval_status', 'approved')
        .order('due_date')
        .order('created_at')
        .limit(5),
    ),
    // get-entry-list.ts: Contas a Pagar, pending, page 1.
    payablesPage: await record((c) =>
      applyOrder(
        c
          .from('entries')
          .select(ENTRY_COLUMNS)
          .eq('company_id', companyId)
          .eq('kind', 'expense')
          .eq('status', 'pending')
          .eq('approval_status', 'approved'),
        entryListOrder('pending'),
      ).range(0, PAGE - 1),
    ),
    // Movimentações with a search: get-movements.ts getMovementsPage, page 1 (one row more).
    search: await record((c) =>
      c
        .rpc('search_movements', {
          ...toMovementArgs(companyId, { ...EMPTY_MOVEMENT_FILTERS, search: '@SEARCH@' }, today),
          p_limit: 51,
          p_offset: 0,
        })
        .select(MOVEMENT_COLUMNS),
    ),
    // get-obra-home.ts: an obra member's home.
    obraHome: await record((c) =>
      c
        .rpc('obra_payables', { p_company_id: companyId })
        .select(
          'id, description, amount, due_date, status, approval_status, approval_reason, created_by, created_at, project_name, share_only',
        ),
    ),
    // settle-entry.ts settlePayment: Dar Baixa of the whole open amount, with the amount seen.
    settle: await record((c) =>
      c.rpc('settle_payable', {
        p_payable_id: '@PAYABLE@',
        p_paid_on: today,
        p_open_amount: '@NUM_OPEN@' as unknown as number,
        p_bank_account_id: accountId,
        p_amount_paid: '@NUM_OPEN@' as unknown as number,
        p_interest: 0,
        p_fine: 0,
        p_discount: 0,
        p_today: today,
      }),
    ),
    // get-approvals.ts, page 1.
    approvals: await record((c) =>
      c
        .from('entries')
        .select(
          'id, description, amount, due_date, project_name, counterparty_name, category_id, category_name, bank_account_id, bank_account_name, created_by, created_at, document_count, updated_at, parts, part_project_names',
        )
        .eq('company_id', companyId)
        .eq('kind', 'expense')
        .eq('approval_status', 'pending')
        .order('due_date')
        .order('id')
        .limit(PAGE),
    ),
    // decide-payable.ts
    approve: await record((c) =>
      c.rpc('approve_payable', {
        p_payable_id: '@PAYABLE@',
        p_amount: '@NUM_AMOUNT@' as unknown as number,
        p_updated_at: '@UPDATED_AT@',
        p_category_id: undefined,
        p_bank_account_id: accountId,
        p_due_date: '@DUE@',
      }),
    ),
    refuse: await record((c) =>
      c.rpc('refuse_payable', {
        p_payable_id: '@PAYABLE@',
        p_amount: '@NUM_AMOUNT@' as unknown as number,
        p_updated_at: '@UPDATED_AT@',
        p_reason: `Recusado na carga ${run}`,
      }),
    ),
    // create-entries.ts: the plan's rows in one insert.
    lancar: await record((c) => c.from('accounts_payable').insert(lancarRows as never)),
    // The obras the person sees (Lançar's obra picker).
    projects: await record((c) =>
      c.from('projects').select('id, name').eq('company_id', companyId).order('name').limit(PAGE),
    ),
    // import-statement.ts: an OFX of STATEMENT_LINES lines.
    importStatement: await record((c) =>
      c.rpc('import_bank_statement', {
        p_bank_account_id: accountId,
        p_source: 'ofx',
        p_lines: '@LINES@' as never,
        p_file_name: '@FILE@',
        p_start: today,
        p_end: today,
      }),
    ),
    // export-entries.ts: the first chunk of Contas a Pagar's export.
    exportPage: await record((c) =>
      applyOrder(
        c
          .from('entries')
          .select(ENTRY_COLUMNS)
          .eq('company_id', companyId)
          .eq('kind', 'expense')
          .eq('status', 'pending')
          .eq('approval_status', 'approved'),
        entryListOrder('pending'),
      ).range(0, EXPORT_CHUNK - 1),
    ),
  };
}

/** The session of one person, by role: signing in, then the screens they go through in turn. */
function session(
  u: LoadUser,
  t: Templates,
  index: number,
  run: string,
  today: string,
  outcome: Outcome,
): { signIn: CannonRequest[]; screens: CannonRequest[][] } {
  const companyId = u.tenant.companyId;
  let token = '';
  let n = 0;
  let bills: { id: string; open: number }[] = [];
  let awaiting: { id: string; amount: number; updated_at: string; due_date: string }[] = [];
  let projectId: string | null = u.tenant.projectIds[0] ?? null;
  let current: { step: Step; started: number; write?: WriteRecord } | undefined;
  const mark = () => `Carga ${run} p${index} n${++n}`;
  const v = (extra: Record<string, string> = {}) => ({ TOKEN: token, ...extra });
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * Math.min(list.length, 5))];

  const read = (
    kind: string,
    template: Template,
    answered?: Step['answered'],
    extra = () => ({}),
  ) => ({ kind, write: false, build: () => fill(template, v(extra())), answered }) satisfies Step;
  const payablesPage = read('Contas a Pagar: page 1', t.payablesPage, (status, body) => {
    if (status !== 200) return;
    const rows = JSON.parse(body) as { id: string; open_amount: number | null; amount: number }[];
    bills = rows.map((r) => ({ id: r.id, open: Number(r.open_amount ?? r.amount) }));
  });
  const approvals = read('Aprovações: page 1', t.approvals, (status, body) => {
    if (status !== 200) return;
    awaiting = JSON.parse(body) as typeof awaiting;
  });
  /** Lançar with installments: a unique description (the marker the checks count) and new ids. */
  const lancar = () => {
    const description = mark();
    const ids: Record<string, string> = {};
    for (let i = 0; i < INSTALLMENTS; i++) ids[`ID_${i}`] = crypto.randomUUID();
    return {
      key: description,
      request: fill(t.lancar, v({ DESCRIPTION: description, PROJECT: projectId ?? '', ...ids })),
    };
  };
  const write = (
    kind: string,
    wkind: WriteRecord['kind'] | null,
    build: () => { request: CannonRequest; key: string; as?: WriteRecord['kind'] } | null,
    fallback: Step,
  ): Step => {
    const step: Step = {
      kind,
      write: true,
      build: () => {
        const made = build();
        if (!made) {
          // Nothing to act on (an empty page): the person looks at the list again instead.
          current = { step: fallback, started: performance.now() };
          return fallback.build();
        }
        const as = made.as ?? wkind;
        const record: WriteRecord | undefined = as
          ? { kind: as, key: made.key, companyId, status: null }
          : undefined;
        if (record) outcome.writes.push(record);
        current = { step, started: performance.now(), write: record };
        return made.request;
      },
    };
    return step;
  };

  const signIn: Step = {
    kind: 'sign-in (token)',
    write: false,
    build: () => fill(t.signIn, {}),
    answered: (status, body) => {
      if (status === 200) token = (JSON.parse(body) as { access_token: string }).access_token;
    },
  };
  // The screens a person goes through in turn, each one's requests back to back. An obra member's
  // app is their home (obra_payables), their obras and Lançar; the others' the full app.
  const obraHome = read('home (obra): obra_payables', t.obraHome);
  const screens: Step[][] =
    u.user.role === 'obra'
      ? [
          [obraHome],
          [
            read('Obras: visible projects', t.projects, (status, body) => {
              if (status !== 200) return;
              const rows = JSON.parse(body) as { id: string }[];
              projectId = rows[Math.floor(Math.random() * rows.length)]?.id ?? projectId;
            }),
          ],
          [write('Lançar (3 parcelas)', 'Lançar', lancar, obraHome)],
        ]
      : [
          [
            read('home: dashboard_summary', t.dashboard),
            read('home: pending payables', t.homePending),
          ],
          [
            read('Movimentações: search', t.search, undefined, () => ({
              SEARCH: SEARCHES[Math.floor(Math.random() * SEARCHES.length)]!,
            })),
          ],
        ];
  const office = u.user.role === 'admin' || u.user.role === 'financeiro';
  const exportPage = read('Exportar (1 000 linhas)', t.exportPage);
  if (office) {
    screens.push(
      [payablesPage],
      [
        write(
          'Dar Baixa (settle_payable)',
          'Dar Baixa',
          () => {
            const bill = pick(bills);
            if (!bill) return null;
            bills = bills.filter((b) => b !== bill);
            return {
              key: bill.id,
              request: fill(t.settle, v({ PAYABLE: bill.id, NUM_OPEN: bill.open.toFixed(2) })),
            };
          },
          payablesPage,
        ),
      ],
      [approvals],
      [
        write(
          'Aprovar / Recusar',
          null,
          () => {
            const entry = pick(awaiting);
            if (!entry) return null;
            awaiting = awaiting.filter((e) => e !== entry);
            const refuse = ++n % 3 === 0;
            const request = fill(
              refuse ? t.refuse : t.approve,
              v({
                PAYABLE: entry.id,
                NUM_AMOUNT: String(entry.amount),
                UPDATED_AT: entry.updated_at,
                DUE: entry.due_date,
              }),
            );
            return { key: entry.id, request, as: refuse ? 'Recusar' : 'Aprovar' };
          },
          approvals,
        ),
      ],
      [write('Lançar (3 parcelas)', 'Lançar', lancar, payablesPage)],
      [
        write(
          'Importar extrato (OFX)',
          'Importar extrato',
          () => {
            const file = `${mark()}.ofx`;
            const lines = Array.from({ length: STATEMENT_LINES }, (_, k) => ({
              fitid: `${file}-${k}`,
              posted_on: today,
              amount: k % 2 ? String(-(100 + k)) + '.00' : `${100 + k}.00`,
              memo: `Linha ${k}`,
              trn_type: k % 2 ? 'DEBIT' : 'CREDIT',
            }));
            return {
              key: file,
              request: fill(
                {
                  ...t.importStatement,
                  body: t.importStatement.body?.replace('"@LINES@"', JSON.stringify(lines)),
                },
                v({ FILE: file }),
              ),
            };
          },
          payablesPage,
        ),
      ],
      [exportPage],
    );
  } else if (u.user.role !== 'obra') {
    screens.push([payablesPage], [exportPage]);
  }

  const cannon = (step: Step): CannonRequest => ({
    // autocannon's defaults (the Host header among them) under the session's request.
    setupRequest: (defaults: CannonRequest) => {
      current = { step, started: performance.now() };
      const request = step.build();
      return (
        request && { ...defaults, ...request, headers: { ...defaults.headers, ...request.headers } }
      );
    },
    onResponse: (status: number, body: string) => {
      const now = performance.now();
      const done = current;
      if (!done) return;
      current = undefined;
      outcome.samples.push({
        kind: done.step.kind,
        write: done.step.write && Boolean(done.write),
        ms: now - done.started,
        status,
      });
      if (done.write) done.write.status = status;
      if (status >= 300) {
        const message = messageOf(body);
        const bag = EXPECTED_REFUSALS.has(message) ? outcome.refusals : outcome.errors;
        const key = `${done.step.kind}: ${errorKey(status, body)}`;
        bag.set(key, (bag.get(key) ?? 0) + 1);
      }
      done.step.answered?.(status, body);
    },
  });
  return { signIn: [cannon(signIn)], screens: screens.map((screen) => screen.map(cannon)) };
}

// ---------------------------------------------------------------------------------------------
// The run

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface LoadReport {
  ok: boolean;
  lines: string[];
}

export async function runLoad(
  stack: Stack,
  tenants: Tenant[],
  options: LoadOptions,
  today: string,
  serverLog: () => string[],
  log: (line: string) => void,
): Promise<LoadReport> {
  const run = Date.now().toString(36);
  const admin = new pg.Pool({ connectionString: stack.adminDbUrl, max: 2 });
  const failures: string[] = [];
  const lines: string[] = [];
  try {
    const people = pickUsers(tenants, options.users);
    log(
      `${people.length} people in ${new Set(people.map((p) => p.tenant.companyId)).size} companies ` +
        `(${['admin', 'financeiro', 'obra', 'leitura'].map((r) => `${people.filter((p) => p.user.role === r).length} ${r}`).join(', ')})`,
    );
    const templates = await Promise.all(people.map((p) => templatesFor(stack, p, today, run)));
    const outcome: Outcome = { samples: [], refusals: new Map(), errors: new Map(), writes: [] };
    const deadlocks = async () =>
      Number(
        (await admin.query<{ d: string }>(`select sum(deadlocks)::text as d from pg_stat_database`))
          .rows[0]!.d,
      );
    const deadlocksBefore = await deadlocks();
    const startedAt = (await admin.query<{ t: string }>(`select now()::text as t`)).rows[0]!.t;
    const logBefore = serverLog().length;

    log(`${people.length} people for ${options.duration} s, ≈ ${options.think} s on each screen…`);
    const t0 = performance.now();
    const end = t0 + options.duration * 1000;
    const results: Result[] = [];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** One screen: its requests back to back on one connection, as autocannon sends them. */
    const visit = async (requests: CannonRequest[]) => {
      results.push(
        await autocannon({
          url: stack.apiUrl,
          connections: 1,
          pipelining: 1,
          amount: requests.length,
          timeout: 30,
          requests,
        }),
      );
    };
    const thinkMs = () => options.think * 1000 * (0.5 + Math.random());
    await Promise.all(
      people.map(async (p, i) => {
        const { signIn, screens } = session(p, templates[i]!, i, run, today, outcome);
        // People arrive over the first think time, not all in the same millisecond.
        await pause(Math.random() * options.think * 1000);
        await visit(signIn);
        for (let k = 0; performance.now() < end; k++) {
          await visit(screens[k % screens.length]!);
          await pause(Math.min(thinkMs(), Math.max(0, end - performance.now())));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const deadlocksAfter = await deadlocks();
    const deadlockLines = serverLog()
      .slice(logBefore)
      .filter((l) => /deadlock/i.test(l));

    // Throughput and latency per call kind.
    const total = outcome.samples.length;
    lines.push(
      `| call (${people.length} people, ${options.duration} s) | kind | count | per s | p50 | p95 | p99 | non-2xx | p95 ≤ ${P95_TARGET_MS} ms |`,
      '|---|---|---|---|---|---|---|---|---|',
    );
    const kinds = [...new Set(outcome.samples.map((s) => s.kind))];
    const slow: string[] = [];
    const rowsOf = (write: boolean) => {
      for (const kind of kinds) {
        const samples = outcome.samples.filter((s) => s.kind === kind && s.write === write);
        if (samples.length === 0) continue;
        const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
        const p95 = percentile(ms, 95);
        const bad = samples.filter((s) => s.status >= 300).length;
        if (p95 > P95_TARGET_MS) slow.push(`${kind} p95 ${p95.toFixed(0)} ms`);
        lines.push(
          `| ${kind} | ${write ? 'write' : 'read'} | ${samples.length} | ${(samples.length / seconds).toFixed(1)} | ` +
            `${percentile(ms, 50).toFixed(0)} ms | ${p95.toFixed(0)} ms | ${percentile(ms, 99).toFixed(0)} ms | ${bad} | ` +
            `${p95 <= P95_TARGET_MS ? '✓' : '✗'} |`,
        );
      }
    };
    rowsOf(false);
    rowsOf(true);
    for (const write of [false, true]) {
      const ms = outcome.samples
        .filter((s) => s.write === write)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      const p95 = percentile(ms, 95);
      lines.push(
        `| all ${write ? 'writes' : 'reads'} | | ${ms.length} | ${(ms.length / seconds).toFixed(1)} | ` +
          `${percentile(ms, 50).toFixed(0)} ms | ${p95.toFixed(0)} ms | ${percentile(ms, 99).toFixed(0)} ms | | ` +
          `${p95 <= P95_TARGET_MS ? '✓' : '✗'} |`,
      );
    }
    const cannon = results.reduce(
      (a, r) => ({
        requests: a.requests + r.requests.total,
        errors: a.errors + r.errors,
        timeouts: a.timeouts + r.timeouts,
      }),
      { requests: 0, errors: 0, timeouts: 0 },
    );
    lines.push(
      '',
      `${total} answered requests in ${seconds.toFixed(0)} s = ${(total / seconds).toFixed(0)}/s ` +
        `(autocannon: ${cannon.requests} requests, ${cannon.errors} connection errors, ${cannon.timeouts} timeouts; ` +
        `≈ ${options.think} s on each screen; ` +
        `PostgREST pool ${POSTGREST_POOL}, Postgres max_connections ${PG_MAX_CONNECTIONS}).`,
    );
    // At the realistic pace the issue's p95 and no error at all; a ceiling probe only reports them.
    const gate = (failure: string) => {
      if (!options.ceiling) failures.push(failure);
    };
    if (slow.length > 0) gate(`over ${P95_TARGET_MS} ms: ${slow.join(', ')}`);
    if (cannon.errors > 0 || cannon.timeouts > 0) {
      gate(`${cannon.errors} connection errors / ${cannon.timeouts} timeouts`);
    }
    lines.push('', 'Errors (non-2xx, unexpected):');
    for (const [key, count] of outcome.errors) lines.push(`  ${count} × ${key}`);
    if (outcome.errors.size === 0) lines.push('  none');
    else gate(`${[...outcome.errors.values()].reduce((a, b) => a + b, 0)} errors`);
    lines.push('Expected refusals (two people on the same bill or decision; the user sees why):');
    for (const [key, count] of outcome.refusals) lines.push(`  ${count} × ${key}`);
    if (outcome.refusals.size === 0) lines.push('  none');
    lines.push(
      `Deadlocks: ${deadlocksAfter - deadlocksBefore} (pg_stat_database), ${deadlockLines.length} in the server log`,
    );
    if (deadlocksAfter - deadlocksBefore > 0 || deadlockLines.length > 0) {
      failures.push('deadlocks');
      lines.push(...deadlockLines.slice(0, 10).map((l) => `  ${l}`));
    }

    // Lost or doubled writes.
    log('checking the writes…');
    const writeIssues = await checkWrites(admin, outcome.writes, startedAt, run);
    const acked = outcome.writes.filter((w) => w.status !== null && w.status < 300).length;
    const inFlight = outcome.writes.filter((w) => w.status === null).length;
    lines.push(
      `Writes: ${outcome.writes.length} sent, ${acked} acknowledged, ${inFlight} without an answer at the end; ` +
        `lost or doubled: ${writeIssues.length}`,
    );
    for (const issue of writeIssues.slice(0, 20)) lines.push(`  ✗ ${issue}`);
    if (writeIssues.length > 0) failures.push(`${writeIssues.length} lost/doubled writes`);

    // Balances and kept totals of every company touched.
    log('checking balances and kept totals…');
    const touched = [...new Set(people.map((p) => p.tenant.companyId))];
    const totalsIssues = await checkTotals(admin, touched);
    lines.push(
      `Balances = initial + ledger, kept totals = sums of rows, ${touched.length} companies: ` +
        `${totalsIssues.length === 0 ? '✓' : `${totalsIssues.length} ✗`}`,
    );
    for (const issue of totalsIssues.slice(0, 20)) lines.push(`  ✗ ${issue}`);
    if (totalsIssues.length > 0) failures.push(`${totalsIssues.length} totals wrong`);

    const { rows: size } = await admin.query<{ size: string }>(
      `select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    lines.push(`Database size after the run: ${size[0]!.size} (hosted plans recommend a maximum).`);
    if (failures.length > 0) lines.push('', `FAILED: ${failures.join('; ')}`);
    return { ok: failures.length === 0, lines };
  } finally {
    await admin.end();
  }
}

/**
 * Every acknowledged write is in the database exactly once, every refused one not at all; a write
 * whose answer never came (the run ended) may be either, but only once.
 */
async function checkWrites(
  db: pg.Pool,
  writes: WriteRecord[],
  startedAt: string,
  run: string,
): Promise<string[]> {
  const issues: string[] = [];
  const expect = (w: WriteRecord, found: number, each: number) => {
    const ok =
      w.status === null
        ? found === 0 || found === each
        : w.status < 300
          ? found === each
          : found === 0;
    if (!ok)
      issues.push(
        `${w.kind} ${w.key} (answer ${w.status ?? 'none'}): ${found} rows in the database`,
      );
  };
  // Lançar: the plan's rows, by their description.
  const lancar = writes.filter((w) => w.kind === 'Lançar');
  const { rows: byDescription } = await db.query<{ description: string; n: number }>(
    // buildEntryRows names each installment "<description> (i/n)".
    `select regexp_replace(description, ' \\(\\d+/\\d+\\)$', '') as description, count(*)::int as n
     from public.accounts_payable where description like $1 group by 1`,
    [`Carga ${run} %`],
  );
  const counts = new Map(byDescription.map((r) => [r.description, r.n]));
  for (const w of lancar) expect(w, counts.get(w.key) ?? 0, INSTALLMENTS);
  const sent = new Set(lancar.map((w) => w.key));
  for (const r of byDescription) {
    if (!sent.has(r.description))
      issues.push(`Lançar ${r.description}: in the database, never sent`);
  }
  // Statement imports: their lines, by the file's fitids.
  const imports = writes.filter((w) => w.kind === 'Importar extrato');
  const { rows: byFile } = await db.query<{ file: string; n: number }>(
    `select split_part(fitid, '.ofx-', 1) || '.ofx' as file, count(*)::int as n
     from public.bank_statement_lines where fitid like $1 group by 1`,
    [`Carga ${run} %`],
  );
  const lineCounts = new Map(byFile.map((r) => [r.file, r.n]));
  for (const w of imports) expect(w, lineCounts.get(w.key) ?? 0, STATEMENT_LINES);
  // Dar Baixa: the ledger rows written for each bill since the start = its acknowledged payments.
  const settles = writes.filter((w) => w.kind === 'Dar Baixa');
  const ids = [...new Set(settles.map((w) => w.key))];
  const { rows: paid } = await db.query<{ id: string; n: number }>(
    `select payable_id::text as id, count(*)::int as n from public.transactions
     where payable_id = any($1::uuid[]) and created_at >= $2::timestamptz group by payable_id`,
    [ids, startedAt],
  );
  const ledgerRows = new Map(paid.map((r) => [r.id, r.n]));
  for (const id of ids) {
    const mine = settles.filter((w) => w.key === id);
    const acked = mine.filter((w) => w.status !== null && w.status < 300).length;
    const open = mine.filter((w) => w.status === null).length;
    const found = ledgerRows.get(id) ?? 0;
    if (acked > 1) issues.push(`Dar Baixa ${id}: ${acked} acknowledged payments of one bill`);
    if (found < acked || found > acked + open) {
      issues.push(`Dar Baixa ${id}: ${acked} acknowledged, ${found} ledger rows`);
    }
  }
  // Decisions: an acknowledged one is the payable's state now (nobody undoes it in the run).
  const decisions = writes.filter(
    (w) => (w.kind === 'Aprovar' || w.kind === 'Recusar') && w.status !== null && w.status < 300,
  );
  const { rows: states } = await db.query<{ id: string; s: string }>(
    `select id::text, approval_status as s from public.accounts_payable where id = any($1::uuid[])`,
    [decisions.map((w) => w.key)],
  );
  const stateOf = new Map(states.map((r) => [r.id, r.s]));
  for (const w of decisions) {
    const want = w.kind === 'Aprovar' ? 'approved' : 'refused';
    if (stateOf.get(w.key) !== want) {
      issues.push(
        `${w.kind} ${w.key}: acknowledged, the payable is ${stateOf.get(w.key) ?? 'gone'}`,
      );
    }
  }
  return issues;
}

/** Balances against the ledger and the kept totals against their rows, per company. */
async function checkTotals(db: pg.Pool, companies: string[]): Promise<string[]> {
  const issues: string[] = [];
  const { rows: balances } = await db.query<{ id: string; kept: string; summed: string }>(
    `select a.id::text, a.current_balance::text as kept,
            (a.initial_balance + coalesce((select sum(case t.direction when 'in' then t.amount else -t.amount end)
                                           from public.transactions t where t.bank_account_id = a.id), 0))::numeric(14,2)::text as summed
     from public.bank_accounts a where a.company_id = any($1::uuid[])`,
    [companies],
  );
  for (const b of balances) {
    if (Number(b.kept) !== Number(b.summed)) {
      issues.push(`bank account ${b.id}: balance ${b.kept}, initial + ledger ${b.summed}`);
    }
  }
  for (const companyId of companies) {
    const kept = JSON.stringify(await keptEntryTotals(db, companyId));
    const summed = JSON.stringify(await summedEntryTotals(db, companyId));
    if (kept !== summed) issues.push(`entry_totals of company ${companyId} differ from the rows`);
    for (const pair of await ledgerTotalPairs(db, companyId, companyId)) {
      if (JSON.stringify(pair.kept) !== JSON.stringify(pair.summed)) {
        issues.push(`${pair.label}: kept ≠ summed`);
      }
    }
  }
  return issues;
}
