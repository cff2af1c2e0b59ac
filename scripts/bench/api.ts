// Request timings of the screens that summarise money, on a company big enough to show whether a
// figure is computed in SQL or by downloading rows: 20 000 entries (10 000 payables, 10 000
// receivables, half of each paid) and 10 000 ledger rows (one per paid entry), over ~3 years.
// Every request goes through the embedded API (gateway → PostgREST → Postgres) as a signed-in
// member with supabase-js, the way the app sends it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { autoExplainHere } from './auto-explain';
import { median } from './samples';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';

type Client = SupabaseClient<Database>;

export interface Timing {
  label: string;
  medianMs: number;
  /** Rows or bytes that came back, so a reader sees what was measured. */
  detail: string;
}

export interface ApiReport {
  entries: number;
  ledgerRows: number;
  timings: Timing[];
  /** naive home totals ÷ dashboard_summary, from the same run. */
  naiveRatio: number;
}

// The same columns and shapes the app asks for (src/lib/entries.ts,
// src/features/entries/api/get-pending-entries.ts, src/features/movements/api/get-movements.ts).
const ENTRY_COLUMNS =
  'kind, id, description, amount, due_date, status, settled_on, counterparty_name, project_id, project_name, category_id, category_name, category_color, bank_account_id, bank_account_name, installment_number, installment_count, created_at';
const HOME_LIST_LIMIT = 20;
const MOVEMENTS_PAGE_SIZE = 50;
const PAGE = 1000; // PostgREST's max rows per request (hosted default, and ours)

function client(apiUrl: string, anonKey: string): Client {
  return createClient<Database>(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

/** A member with a company of 20 000 entries and 10 000 ledger rows, made with generate_series. */
export async function seedBigCompany(
  apiUrl: string,
  anonKey: string,
  dbUrl: string,
): Promise<{ supabase: Client; companyId: string }> {
  const supabase = client(apiUrl, anonKey);
  const email = `bench-${Date.now()}@example.com`;
  const { error: signUpError } = await supabase.auth.signUp({ email, password: 'bench-123456' });
  if (signUpError) throw signUpError;
  const { data: company, error } = await supabase.rpc('create_company', {
    p_name: 'Construtora Grande',
    p_full_name: 'Bench',
  });
  if (error) throw error;
  const companyId = company.id;

  const db = new pg.Pool({ connectionString: dbUrl, max: 1 });
  try {
    await db.query('begin');
    await db.query(
      `insert into public.bank_accounts (company_id, name, type, initial_balance)
       select $1, 'Conta ' || i, 'checking', 50000 from generate_series(1, 3) i`,
      [companyId],
    );
    await db.query(
      `insert into public.categories (company_id, name, type, color)
       values ($1, 'Materiais', 'expense', 'orange'), ($1, 'Mão de obra', 'expense', 'red'),
              ($1, 'Venda de casas', 'income', 'green'), ($1, 'Aluguel', 'income', 'blue')`,
      [companyId],
    );
    await db.query(
      `insert into public.projects (company_id, name) select $1, 'Obra ' || i from generate_series(1, 4) i`,
      [companyId],
    );
    for (const [table, dateColumn, kind, party] of [
      ['accounts_payable', 'payment_date', 'expense', 'supplier_name'],
      ['accounts_receivable', 'received_date', 'income', 'client_name'],
    ] as const) {
      await db.query(
        `with refs as (
           select array(select id from public.bank_accounts where company_id = $1 order by name) as accounts,
                  array(select id from public.categories where company_id = $1 and type = $2 order by name) as categories,
                  array(select id from public.projects where company_id = $1 order by name) as projects
         )
         insert into public.${table}
           (company_id, description, ${party}, amount, due_date, status, ${dateColumn}, bank_account_id, category_id, project_id)
         select $1, 'Lançamento ' || i, 'Parte ' || (i % 200),
                round((10 + (i * 7919) % 900000 / 100.0)::numeric, 2),
                date '2024-01-01' + (i % 1060),
                case when i % 2 = 0 then 'paid' else 'pending' end,
                case when i % 2 = 0 then date '2024-01-01' + (i % 1060) end,
                case when i % 2 = 0 or i % 5 = 0 then refs.accounts[1 + i % 3] end,
                case when i % 7 <> 0 then refs.categories[1 + i % 2] end,
                case when i % 4 <> 0 then refs.projects[1 + i % 4] end
         from refs, generate_series(1, 10000) i`,
        [companyId, kind],
      );
    }
    // One ledger row per paid entry, as settlement writes it (the trigger moves the balances).
    await db.query(
      `insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id, category_id, project_id, payable_id)
       select company_id, 'expense', 'out', description, amount, payment_date, bank_account_id, category_id, project_id, id
       from public.accounts_payable where company_id = $1 and status = 'paid'`,
      [companyId],
    );
    await db.query(
      `insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id, category_id, project_id, receivable_id)
       select company_id, 'income', 'in', description, amount, received_date, bank_account_id, category_id, project_id, id
       from public.accounts_receivable where company_id = $1 and status = 'paid'`,
      [companyId],
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (e) {
    await db.query('rollback');
    throw e;
  } finally {
    await db.end();
  }
  return { supabase, companyId };
}

async function time(label: string, runs: number, request: () => Promise<string>): Promise<Timing> {
  let detail = '';
  for (let i = 0; i < 2; i++) detail = await request(); // warm-up: connections, plans, caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    detail = await request();
    samples.push(performance.now() - start);
  }
  return { label, medianMs: median(samples), detail };
}

function check<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error as Error;
  if (result.data === null) throw new Error('the API answered no data');
  return result.data;
}

/** The naive home: every pending entry downloaded (1 000 per request) and summed here. */
async function naiveHomeTotals(supabase: Client, companyId: string, today: string) {
  let count = 0;
  let overdue = 0;
  const totals = { payable: 0, receivable: 0 };
  for (const table of ['accounts_payable', 'accounts_receivable'] as const) {
    for (let from = 0; ; from += PAGE) {
      const rows = check(
        await supabase
          .from(table)
          .select('amount, due_date')
          .eq('company_id', companyId)
          .eq('status', 'pending')
          .order('id')
          .range(from, from + PAGE - 1),
      );
      for (const row of rows) {
        const cents = Math.round(Number(row.amount) * 100);
        totals[table === 'accounts_payable' ? 'payable' : 'receivable'] += cents;
        if (row.due_date < today) overdue += cents;
      }
      count += rows.length;
      if (rows.length < PAGE) break;
    }
  }
  return { count, totals, overdue };
}

/**
 * `--explain`: the plans of every statement inside the planning functions (auto_explain with
 * nested statements, ANALYZE and BUFFERS, sent to this client as NOTICEs), run as the member the
 * way PostgREST runs them (role authenticated, the JWT claims). `adminDbUrl`: as `supabase_admin`,
 * since loading auto_explain and setting it need a superuser (`postgres` is not one).
 */
async function explainPlanning(
  adminDbUrl: string,
  userId: string,
  companyId: string,
  today: string,
  log: (line: string) => void,
): Promise<void> {
  const db = new pg.Client({ connectionString: adminDbUrl });
  await db.connect();
  const notices: string[] = [];
  db.on('notice', (notice) => notices.push(notice.message ?? ''));
  try {
    await db.query('begin');
    await autoExplainHere(db);
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    await db.query('set local role authenticated');
    for (const [label, sql, params] of [
      [
        'cash_flow_projection (90 dias)',
        'select public.cash_flow_projection($1, 90, null, $2)',
        [companyId, today],
      ],
      [
        'dre (12 meses, caixa)',
        `select public.dre($1, (date_trunc('month', $2::date) - interval '11 months')::date, $2, 'caixa')`,
        [companyId, today],
      ],
    ] as const) {
      notices.length = 0;
      await db.query(sql, [...params]);
      log(`plans of ${label}:\n${notices.join('\n\n')}`);
    }
  } finally {
    await db.query('rollback');
    await db.end();
  }
}

export async function measureApi(
  stack: { apiUrl: string; anonKey: string; dbUrl: string; adminDbUrl: string },
  today: string,
  runs: number,
  log: (line: string) => void,
  options: { explain?: boolean } = {},
): Promise<ApiReport> {
  log('seeding 20 000 entries and 10 000 ledger rows…');
  const { supabase, companyId } = await seedBigCompany(stack.apiUrl, stack.anonKey, stack.dbUrl);
  const company = { p_company_id: companyId };
  if (options.explain) {
    const { data } = await supabase.auth.getUser();
    if (!data.user) throw new Error('the bench member has no session');
    // auto_explain's LOAD and settings are superuser-only: the cluster's superuser, as on hosted.
    await explainPlanning(stack.adminDbUrl, data.user.id, companyId, today, log);
  }
  const movementArgs = { ...company, p_today: today };
  log(`timing requests (median of ${runs})…`);

  const pending = (kind: 'expense' | 'income') => async () => {
    const rows = check(
      await supabase
        .from('entries')
        .select(ENTRY_COLUMNS)
        .eq('company_id', companyId)
        .eq('kind', kind)
        .eq('status', 'pending')
        .order('due_date')
        .order('created_at')
        .limit(HOME_LIST_LIMIT),
    );
    return `${rows.length} rows`;
  };

  const timings: Timing[] = [];
  const summary = await time('home: dashboard_summary', runs, async () => {
    const data = check(await supabase.rpc('dashboard_summary', { ...company, p_today: today }));
    return `${JSON.stringify(data).length} B`;
  });
  timings.push(summary);
  timings.push(await time('home: pending payables (20)', runs, pending('expense')));
  timings.push(await time('home: pending receivables (20)', runs, pending('income')));
  const naive = await time('home naive: every pending entry, summed in node', runs, async () => {
    const { count } = await naiveHomeTotals(supabase, companyId, today);
    return `${count} rows in ${Math.ceil(count / PAGE)} requests`;
  });
  timings.push(naive);

  timings.push(
    await time('Movimentações: search_movements (page 1, count)', runs, async () => {
      const result = await supabase
        .rpc('search_movements', movementArgs, { count: 'exact' })
        .select(`${ENTRY_COLUMNS}, movement_date, display_status`)
        .order('movement_date', { ascending: false })
        .order('created_at', { ascending: false })
        .order('id')
        .range(0, MOVEMENTS_PAGE_SIZE - 1);
      const rows = check(result);
      return `${rows.length} of ${result.count ?? '?'} rows`;
    }),
  );
  timings.push(
    await time('Movimentações: movement_summary', runs, async () => {
      const data = check(await supabase.rpc('movement_summary', movementArgs));
      return `${JSON.stringify(data).length} B`;
    }),
  );
  timings.push(
    await time('Relatório: report_summary (Todo o período)', runs, async () => {
      const data = check(await supabase.rpc('report_summary', company));
      return `${JSON.stringify(data).length} B`;
    }),
  );
  timings.push(
    await time('Relatório: balance_history (Todo o período)', runs, async () => {
      // What the page sends for "Todo o período" (src/features/reports/lib/report-period.ts).
      const data = check(
        await supabase.rpc('balance_history', { ...company, p_end: today, p_bucket: 'week' }),
      ) as unknown as { points: unknown[]; accounts: unknown[] };
      return `${data.points.length} points × ${data.accounts.length} accounts`;
    }),
  );

  timings.push(
    await time('Planejamento: cash_flow_projection (90 dias, todas as contas)', runs, async () => {
      const data = check(
        await supabase.rpc('cash_flow_projection', { ...company, p_days: 90, p_today: today }),
      ) as unknown as { days: unknown[] };
      return `${data.days.length} days`;
    }),
  );
  timings.push(
    await time('Planejamento: dre (12 meses, caixa)', runs, async () => {
      const end = today;
      const start = `${String(Number(today.slice(0, 4)) - 1)}-${today.slice(5, 7)}-01`;
      // 12 calendar months ending in this one: start = first day of the month 11 months ago.
      const first = new Date(`${start}T12:00:00Z`);
      first.setUTCMonth(first.getUTCMonth() + 1);
      const data = check(
        await supabase.rpc('dre', {
          ...company,
          p_start: first.toISOString().slice(0, 10),
          p_end: end,
          p_basis: 'caixa',
        }),
      ) as unknown as { months: unknown[] };
      return `${data.months.length} months`;
    }),
  );

  // The naive way must agree with SQL, or the comparison means nothing.
  const sql = check(await supabase.rpc('dashboard_summary', { ...company, p_today: today })) as {
    payable_total: number;
    receivable_total: number;
    overdue_total: number;
  };
  const node = await naiveHomeTotals(supabase, companyId, today);
  const same =
    Math.round(Number(sql.payable_total) * 100) === node.totals.payable &&
    Math.round(Number(sql.receivable_total) * 100) === node.totals.receivable;
  if (!same) log('warning: dashboard_summary and the naive sums disagree');

  return {
    entries: 20_000,
    ledgerRows: 10_000,
    timings,
    naiveRatio: naive.medianMs / summary.medianMs,
  };
}
