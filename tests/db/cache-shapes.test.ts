// Every query of the app, run for real against the embedded stack as the demo user, through what
// the saved offline cache does: dehydrate, JSON, hydrate into a fresh client. What comes back must
// equal what went in, and hold nothing JSON cannot keep (a Map, a Set, a Date, a class instance):
// Conciliação's guesses were a Map, saved as {} and fatal after a reload. A new query function in
// src must be added here (the last test counts them). Type-checked with the app's sources
// (tsconfig.app.json), since it imports them.
/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  dehydrate,
  hydrate,
  QueryClient,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';

// helpers.ts is not imported: it would bring the stack's scripts into the app's type check.
type TestClient = SupabaseClient<Database>;
function stackEnv(): { apiUrl: string; anonKey: string } {
  return (inject as (key: string) => { apiUrl: string; anonKey: string })('stack');
}

// The app's queries read `supabase` from src/lib/supabase.ts: here, a client signed in as the demo
// user of supabase/seed.sql (the module itself needs the browser's env and storage).
const app = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('@/lib/supabase', () => ({
  get supabase() {
    return app.client;
  },
}));

const { peopleQuery } = await import('@/features/activity/api/get-people');
const { approvalsQuery } = await import('@/features/approvals/api/get-approvals');
const { approvalCountQuery } = await import('@/lib/api/approval-count');
const { noticeCountQuery } = await import('@/lib/api/notice-count');
const { noticesQuery } = await import('@/features/notices/api/notices');
const { noticeSettingsQuery } = await import('@/features/preferences/api/notice-settings');
const { failedDeliveriesQuery } = await import('@/features/preferences/api/failed-deliveries');
const { activityQuery } = await import('@/features/activity/api/get-activity');
const { DEFAULT_ACTIVITY_FILTERS } = await import('@/features/activity/lib/activity');
const { membershipsQuery } = await import('@/features/auth/api/get-memberships');
const { invitationPreviewQuery } = await import('@/features/auth/api/accept-invitation');
const { accountLedgerQuery } = await import('@/features/bank-accounts/api/get-account-ledger');
const { accountSummaryQuery } = await import('@/features/bank-accounts/api/get-account-summary');
const { bankAccountQuery } = await import('@/features/bank-accounts/api/get-bank-account');
const { statementSummaryQuery } =
  await import('@/features/bank-accounts/api/get-statement-summary');
const { DEFAULT_LEDGER_FILTERS } = await import('@/features/bank-accounts/lib/ledger');
const { categoryStatsQuery } = await import('@/features/categories/api/get-category-stats');
const { categoryQuery } = await import('@/features/categories/api/get-category');
const { homeCashFlowQuery } =
  await import('@/features/entries/components/dashboard/cash-flow-warning');
const { dashboardSummaryQuery } = await import('@/features/entries/api/get-dashboard-summary');
const { entryHistoryQuery } = await import('@/features/entries/api/get-entry-history');
const { entryListSummaryQuery } = await import('@/features/entries/api/get-entry-list-summary');
const { entryListQuery } = await import('@/features/entries/api/get-entry-list');
const { entryDocumentsQuery } = await import('@/lib/documents/documents-api');
const { entryPaymentsQuery } = await import('@/features/entries/api/get-entry-payments');
const { entryQuery } = await import('@/features/entries/api/get-entry');
const { lookalikePayablesQuery } = await import('@/features/entries/api/get-lookalike-payables');
const { latestEntriesQuery } = await import('@/features/movements/api/get-latest-entries');
const { latestEntriesCountQuery } =
  await import('@/features/movements/api/get-latest-entries-count');
const { movementSummaryQuery } = await import('@/features/movements/api/get-movement-summary');
const { movementsQuery } = await import('@/features/movements/api/get-movements');
const { pendingEntriesQuery } = await import('@/features/entries/api/get-pending-entries');
const { obraHomeQuery } = await import('@/features/entries/api/get-obra-home');
const { EMPTY_MOVEMENT_FILTERS } = await import('@/features/movements/lib/movement-filters');
const { companySettingsQuery } = await import('@/features/company/api/get-company-settings');
const { invitationsQuery } = await import('@/features/preferences/api/get-invitations');
const { membersQuery } = await import('@/features/preferences/api/get-members');
const { memberProjectsQuery } = await import('@/features/preferences/api/get-member-projects');
const { projectBudgetQuery } = await import('@/features/projects/api/get-project-budget');
const { projectEntriesQuery } = await import('@/features/projects/api/get-project-entries');
const { projectStagesQuery } = await import('@/lib/api/project-stages');
const { projectTeamQuery } = await import('@/features/projects/api/get-project-team');
const { projectQuery } = await import('@/features/projects/api/get-project');
const { projectsOverviewQuery } = await import('@/features/projects/api/get-projects-overview');
const reconciliation = await import('@/features/reconciliation/api/get-reconciliation');
const { balanceHistoryQuery } = await import('@/features/reports/api/get-balance-history');
const { dreQuery } = await import('@/features/reports/api/get-dre');
const { reportSummaryQuery } = await import('@/features/reports/api/get-report-summary');
const { DEFAULT_REPORT_FILTERS } = await import('@/features/reports/lib/report-period');
const { supplierOrdersQuery } = await import('@/features/suppliers/api/get-supplier-orders');
const { supplierProductsQuery } = await import('@/features/suppliers/api/get-supplier-products');
const { supplierStatsQuery } = await import('@/features/suppliers/api/get-supplier-stats');
const { supplierSummaryQuery } = await import('@/features/suppliers/api/get-supplier-summary');
const { supplierQuery } = await import('@/features/suppliers/api/get-supplier');
const lookups = await import('@/lib/api/lookups');
const { splitTemplatesQuery } = await import('@/lib/api/split-templates');
const { importBatchesQuery, importMappingQuery } = await import('@/lib/api/imports');
const { cashFlowQuery } = await import('@/lib/cash-flow');
const { notPlainJsonAt } = await import('@/lib/offline/plain-json');

const TODAY = new Date().toISOString().slice(0, 10);

let demo: TestClient;
/** An 'obra' member of the demo company's first obra: their home reads obra_payables. */
let engineer: TestClient;
let userId: string;
let companyId: string;
const ids = {
  account: '',
  category: '',
  project: '',
  supplier: '',
  payable: '',
  receivable: '',
  token: '',
};

async function one<T>(request: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await request;
  if (error) throw error as Error;
  if (data === null || data === undefined) throw new Error('no row');
  return data;
}

beforeAll(async () => {
  const { apiUrl, anonKey } = stackEnv();
  demo = createClient<Database>(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
  const signedIn = await demo.auth.signInWithPassword({
    email: 'demo@appfinancas.com.br',
    password: 'demo123456',
  });
  if (signedIn.error) throw signedIn.error;
  userId = signedIn.data.user.id;
  app.client = demo;

  const profile = await one(demo.from('user_profiles').select('company_id').limit(1).single());
  companyId = profile.company_id;
  const first = async (table: 'bank_accounts' | 'categories' | 'projects' | 'suppliers') =>
    (await one(demo.from(table).select('id').eq('company_id', companyId).limit(1).single())).id;
  ids.account = await first('bank_accounts');
  ids.category = await first('categories');
  ids.project = await first('projects');
  ids.supplier = await first('suppliers');
  // Entries with payments, so that their payments and history are not empty.
  const settled = async (table: 'accounts_payable' | 'accounts_receivable') =>
    (
      await one(
        demo
          .from(table)
          .select('id')
          .eq('company_id', companyId)
          .gt('paid_amount', 0)
          .limit(1)
          .single(),
      )
    ).id;
  ids.payable = await settled('accounts_payable');
  ids.receivable = await settled('accounts_receivable');

  // Conciliação with pending lines: the guesses (the Map that broke the screen) need some.
  const paid = await one(
    demo.from('transactions').select('description').eq('bank_account_id', ids.account).limit(1),
  );
  const imported = await demo.rpc('import_bank_statement', {
    p_bank_account_id: ids.account,
    p_source: 'ofx',
    p_lines: [
      {
        fitid: 'CACHE-1',
        posted_on: TODAY,
        amount: -12.34,
        memo: paid[0]?.description ?? 'TARIFA',
      },
      { fitid: 'CACHE-2', posted_on: TODAY, amount: 56.78, memo: 'TED RECEBIDA' },
    ] as never,
    p_file_name: 'cache-shapes.ofx',
  });
  if (imported.error) throw imported.error;

  // An invitation to preview (/convite/<token>), made by the demo admin.
  const invitation = await one(
    demo
      .rpc('create_invitation', {
        p_company_id: companyId,
        p_email: `convite-cache-${Date.now()}@example.com`,
        p_role: 'financeiro',
      })
      .single(),
  );
  ids.token = invitation.token;

  // An 'obra' member of the first obra, invited and accepted through the API as in the app.
  const email = `obra-cache-${Date.now()}@example.com`;
  const obraInvitation = await one(
    demo
      .rpc('create_invitation', {
        p_company_id: companyId,
        p_email: email,
        p_role: 'obra',
        p_project_ids: [ids.project],
      })
      .single(),
  );
  engineer = createClient<Database>(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
  const signedUp = await engineer.auth.signUp({ email, password: 'senha-segura-123' });
  if (signedUp.error) throw signedUp.error;
  const accepted = await engineer.rpc('accept_invitation', {
    p_token: obraInvitation.token,
    p_full_name: 'Engenheira do cache',
  });
  if (accepted.error) throw accepted.error;
});

afterAll(async () => {
  await engineer?.auth.signOut();
  await demo?.auth.signOut();
});

/** What the saved cache does to a client's queries: dehydrate, JSON text, hydrate elsewhere. */
function throughSavedCache(source: QueryClient): QueryClient {
  const text = JSON.stringify(dehydrate(source));
  const restored = new QueryClient();
  hydrate(restored, JSON.parse(text) as ReturnType<typeof dehydrate>);
  return restored;
}

interface Case {
  name: string;
  /** Fetches into the client, returns the key its data is under. */
  run: (client: QueryClient) => Promise<QueryKey>;
}

type AnyOptions = { queryKey: QueryKey; queryFn?: unknown };
function plain(name: string, options: () => AnyOptions): Case {
  return {
    name,
    run: async (client) => {
      const o = options();
      await client.query(o as never);
      return o.queryKey;
    },
  };
}
/** A query only an 'obra' member makes, run with their session. */
function asObra(name: string, options: () => AnyOptions): Case {
  return {
    name,
    run: async (client) => {
      app.client = engineer;
      try {
        return await plain(name, options).run(client);
      } finally {
        app.client = demo;
      }
    },
  };
}
function infinite(name: string, options: () => AnyOptions): Case {
  return {
    name,
    run: async (client) => {
      const o = options() as unknown as UseInfiniteQueryOptions;
      await client.infiniteQuery(o as never);
      return o.queryKey;
    },
  };
}
/** A hook whose queryFn is written inline: its fetcher, under a key of its own. */
function fetcher(name: string, fetch: () => Promise<unknown>): Case {
  return plain(name, () => ({
    queryKey: ['companies', companyId, 'inline', name],
    queryFn: fetch,
  }));
}

const cases: Case[] = [
  plain('peopleQuery', () => peopleQuery(companyId)),
  infinite('approvalsQuery', () => approvalsQuery(companyId)),
  plain('approvalCountQuery', () => approvalCountQuery(companyId)),
  plain('noticeCountQuery', () => noticeCountQuery(companyId)),
  plain('noticesQuery', () => noticesQuery(companyId)),
  plain('noticeSettingsQuery', () => noticeSettingsQuery(companyId)),
  plain('failedDeliveriesQuery', () => failedDeliveriesQuery(companyId)),
  infinite('activityQuery', () => activityQuery(companyId, DEFAULT_ACTIVITY_FILTERS, TODAY)),
  plain('membershipsQuery', () => membershipsQuery(userId)),
  plain('invitationPreviewQuery', () => invitationPreviewQuery(userId, ids.token)),
  infinite('accountLedgerQuery', () =>
    accountLedgerQuery(companyId, ids.account, DEFAULT_LEDGER_FILTERS, TODAY),
  ),
  infinite('accountLedgerQuery oldest first', () =>
    accountLedgerQuery(companyId, ids.account, DEFAULT_LEDGER_FILTERS, TODAY, {
      by: 'date',
      direction: 'ascending',
    }),
  ),
  plain('accountSummaryQuery', () =>
    accountSummaryQuery(companyId, ids.account, DEFAULT_LEDGER_FILTERS, TODAY),
  ),
  plain('bankAccountQuery', () => bankAccountQuery(companyId, ids.account)),
  plain('statementSummaryQuery', () => statementSummaryQuery(companyId, ids.account)),
  plain('categoryStatsQuery', () => categoryStatsQuery(companyId, ids.category, TODAY)),
  plain('categoryQuery', () => categoryQuery(companyId, ids.category)),
  plain('dashboardSummaryQuery', () => dashboardSummaryQuery(companyId, TODAY)),
  plain('entryHistoryQuery', () => entryHistoryQuery(companyId, 'expense', ids.payable)),
  plain('entryListSummaryQuery', () => entryListSummaryQuery(companyId, 'income', TODAY)),
  infinite('entryListQuery', () => entryListQuery(companyId, 'expense', 'pending')),
  plain('entryDocumentsQuery', () => entryDocumentsQuery(companyId, 'expense', ids.payable)),
  plain('entryPaymentsQuery', () => entryPaymentsQuery(companyId, 'income', ids.receivable)),
  plain('entryQuery', () => entryQuery(companyId, 'expense', ids.payable)),
  plain('lookalikePayablesQuery', () =>
    lookalikePayablesQuery(companyId, { id: null, name: 'Fornecedor' }, 100, TODAY),
  ),
  infinite('latestEntriesQuery', () => latestEntriesQuery(companyId, { start: null, end: null })),
  plain('latestEntriesCountQuery', () =>
    latestEntriesCountQuery(companyId, { start: '2026-01-01', end: null }),
  ),
  plain('movementSummaryQuery', () =>
    movementSummaryQuery(companyId, { ...EMPTY_MOVEMENT_FILTERS, search: 'a' }, TODAY),
  ),
  infinite('movementsQuery', () =>
    movementsQuery(companyId, { ...EMPTY_MOVEMENT_FILTERS, statuses: ['open'] }, TODAY),
  ),
  // Another order is a page from the function too (p_order), saved the same way.
  infinite('movementsQuery by value', () =>
    movementsQuery(companyId, EMPTY_MOVEMENT_FILTERS, TODAY, {
      sort: { by: 'value', direction: 'ascending' },
    }),
  ),
  plain('pendingEntriesQuery', () => pendingEntriesQuery(companyId, 'expense')),
  asObra('obraHomeQuery', () => obraHomeQuery(companyId)),
  plain('splitTemplatesQuery', () => splitTemplatesQuery(companyId)),
  plain('importBatchesQuery', () => importBatchesQuery(companyId)),
  plain('importMappingQuery', () => importMappingQuery(companyId, 'contas_pagar')),
  plain('companySettingsQuery', () => companySettingsQuery(companyId)),
  plain('invitationsQuery', () => invitationsQuery(companyId)),
  plain('membersQuery', () => membersQuery(companyId)),
  plain('memberProjectsQuery', () => memberProjectsQuery(companyId)),
  plain('projectBudgetQuery', () => projectBudgetQuery(companyId, ids.project)),
  plain('projectEntriesQuery', () => projectEntriesQuery(companyId, ids.project)),
  plain('projectStagesQuery', () => projectStagesQuery(companyId, ids.project)),
  plain('projectTeamQuery', () => projectTeamQuery(companyId, ids.project)),
  plain('projectQuery', () => projectQuery(companyId, ids.project)),
  plain('projectsOverviewQuery', () => projectsOverviewQuery(companyId)),
  plain('statementLinesQuery', () => reconciliation.statementLinesQuery(companyId, ids.account)),
  fetcher('useCandidates', () => reconciliation.getCandidates(ids.account)),
  fetcher('useCategoryGuesses', () => reconciliation.getCategoryGuesses(ids.account)),
  fetcher('useStatementBalance', async () =>
    reconciliation.toStatementBalance(
      await one(demo.rpc('statement_balance', { p_bank_account_id: ids.account })),
    ),
  ),
  plain('balanceHistoryQuery', () => balanceHistoryQuery(companyId, DEFAULT_REPORT_FILTERS, TODAY)),
  plain('dreQuery', () =>
    dreQuery({
      p_company_id: companyId,
      p_start: `${TODAY.slice(0, 7)}-01`,
      p_end: TODAY,
      p_basis: 'competencia',
    }),
  ),
  plain('reportSummaryQuery', () => reportSummaryQuery(companyId, DEFAULT_REPORT_FILTERS, TODAY)),
  plain('supplierOrdersQuery', () => supplierOrdersQuery(companyId, ids.supplier)),
  plain('supplierProductsQuery', () => supplierProductsQuery(companyId, ids.supplier)),
  plain('supplierStatsQuery', () => supplierStatsQuery(companyId, ids.supplier)),
  plain('supplierSummaryQuery', () => supplierSummaryQuery(companyId)),
  plain('supplierQuery', () => supplierQuery(companyId, ids.supplier)),
  plain('bankAccountsQuery', () => lookups.bankAccountsQuery(companyId, false)),
  plain('categoriesQuery', () => lookups.categoriesQuery(companyId, { activeOnly: false })),
  plain('projectsQuery', () => lookups.projectsQuery(companyId)),
  plain('suppliersQuery', () => lookups.suppliersQuery(companyId, false)),
  plain('clientsQuery', () => lookups.clientsQuery(companyId, false)),
  plain('cashFlowQuery', () => cashFlowQuery(companyId, 90, null, TODAY)),
  plain('homeCashFlowQuery', () => homeCashFlowQuery(companyId, TODAY)),
];

describe('every query through the saved cache', () => {
  it.each(cases)('$name comes back from the device as it was', async ({ run }) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = await run(client);
    const data: unknown = client.getQueryData(key);
    expect(data).toBeDefined();
    expect(notPlainJsonAt(data)).toBeNull();
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(throughSavedCache(client).getQueryData(key)).toEqual(data);
  });

  it('has real data where the crash was: pending lines and their guesses', async () => {
    const client = new QueryClient();
    const lines = await client.query(reconciliation.statementLinesQuery(companyId, ids.account));
    expect(lines.filter((l) => l.status === 'pending').length).toBeGreaterThan(0);
    const guesses = await reconciliation.getCategoryGuesses(ids.account);
    expect(Object.getPrototypeOf(guesses)).toBe(Object.prototype);
  });

  it('covers every query function in src (a new one is added to the list above)', () => {
    const root = path.resolve(__dirname, '../../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !full.includes('/test/'))
          files.push(full);
      }
    };
    walk(root);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const factories = [...text.matchAll(/^export function (\w+Query)\(/gm)].map((m) => m[1]);
      // queryFn written inside a hook: named after the hook.
      const hooks = [...text.matchAll(/^export function (use\w+)\([^]*?^}/gm)]
        .filter((m) => m[0].includes('queryFn'))
        .map((m) => m[1]);
      return [...factories, ...hooks];
    });
    // Not a query of the server's data, or a hook that only calls a factory listed above, or one
    // kept out of the saved cache (meta.persist false: signed links, which expire in minutes; this
    // device's push state, read from the browser, never the API).
    const notOwnQuery = new Set(['useMediaQuery', 'useSignedUrls', 'pushDeviceQuery']);
    const covered = new Set(cases.map((c) => c.name));
    expect(found.filter((name) => !covered.has(name!) && !notOwnQuery.has(name!))).toEqual([]);
  });
});
