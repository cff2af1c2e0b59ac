// Shared steps of the browser journeys. Data that belongs to other screens' issues may be created
// through the API (as a real user, through supabase-js), never by writing to the database directly.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';

export const test = base;
export { expect };

export type ApiClient = SupabaseClient<Database>;

function env(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the journeys through playwright (global setup sets it)`,
    );
  return value;
}

export function apiClient(): ApiClient {
  return createClient<Database>(env('E2E_API_URL'), env('E2E_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`.toLowerCase();
}

export interface Account {
  email: string;
  password: string;
  fullName: string;
  companyId: string;
  companyName: string;
  client: ApiClient;
}

/** A user with a company, created through the API; sign in with signIn(). */
export async function createAccount(
  companyName = 'Construtora Teste',
  fullName = 'Paula Teste',
): Promise<Account> {
  const client = apiClient();
  const email = uniqueEmail();
  const password = 'segredo123';
  const { error } = await client.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  if (error) throw error;
  const { data, error: rpcError } = await client.rpc('create_company', {
    p_name: companyName,
    p_full_name: fullName,
  });
  if (rpcError) throw rpcError;
  return { email, password, fullName, companyId: (data as { id: string }).id, companyName, client };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(/Olá, /)).toBeVisible();
}

/**
 * Saves a screenshot of the screen a journey visits:
 * test-results/screens/<project>/<spec file>/<name>.png (one folder per spec, so that two specs'
 * "home" never overwrite each other).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const spec = path.basename(test.info().file).replace(/\.spec\.ts$/, '');
  const dir = path.join('test-results', 'screens', test.info().project.name, spec);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Today (yyyy-MM-dd) as the browser sees it: in the time zone playwright.config gives the pages
 * (America/Sao_Paulo), not the machine's (UTC here). From 21:00 in Brazil the two differ, and a
 * journey that used the machine's date would look for tomorrow's entries.
 */
export function browserToday(): string {
  const timeZone = test.info().project.use.timezoneId;
  if (!timeZone) throw new Error('playwright.config must set use.timezoneId for the journeys');
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/**
 * From 1024 px (the office desktop) suppliers, clients and obras are table rows; on a
 * phone, cards in a list. The role of one item of those lists at the page's width.
 */
export function listItemRole(page: Page): 'row' | 'listitem' {
  return (page.viewportSize()?.width ?? 0) >= 1024 ? 'row' : 'listitem';
}

/**
 * The items of a list that is a table on the office desktop (Movimentações, Contas a Pagar/Receber,
 * Últimos lançamentos, a bank account's history) and a list of cards on a phone: the table's body
 * rows (the header row has no cell) or the list's items. `name` is the accessible name of both.
 */
export function listRows(page: Page, name: string): Locator {
  return listItemRole(page) === 'row'
    ? page
        .getByRole('table', { name })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
    : page.getByRole('list', { name }).getByRole('listitem');
}

/** The list (phone) or table (desktop) itself, by its accessible name; see listRows. */
export function listOrTable(page: Page, name: string): Locator {
  return page.getByRole(listItemRole(page) === 'row' ? 'table' : 'list', { name });
}

/** The cents of an amount as shown ("− R$ 1.200,50" → 120050), sign ignored. */
export function centsOf(text: string): number {
  const match = /R\$\s*([\d.]+,\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/\./g, '').replace(',', ''));
}

/** The texts of one column of a table's body rows, found by the column header's name. */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  if (index < 0) throw new Error(`no column "${header}" in ${headers.join(', ')}`);
  const rows = await table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell') })
    .all();
  return Promise.all(
    rows.map(async (row) => (await row.getByRole('cell').nth(index).textContent()) ?? ''),
  );
}

/**
 * Closes every toast, as a user does when one covers what they tap next. Waiting for them to time
 * out is not reliable: sonner pauses a toast while the pointer rests on the stack or a touch began
 * on it, and a slow machine's timers run late.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Fechar aviso' });
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 1_000 });
    await expect(close).toHaveCount(0, { timeout: 500 });
  }).toPass();
}

/**
 * Whether the saved cache on the device (IndexedDB, src/lib/offline/idb.ts) holds `text` (each of
 * them, when several). The copy is written at most once a second (persist-cache.ts): a screen's
 * last query can land a write after its first, so a test about the whole screen names each query
 * it needs (a word of its data, or of its key such as '"pending","income"').
 */
/**
 * The query keys of every saved copy on the device (and what each key's status was), for a
 * failure message: which read a screen opened from the saved copy was missing.
 */
export function savedCacheKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'app-financas')) return ['(no app-financas database)'];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('app-financas');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open'));
    });
    try {
      if (!db.objectStoreNames.contains('keyval')) return ['(no keyval store)'];
      const store = db.transaction('keyval', 'readonly').objectStore('keyval');
      const [keys, values] = await Promise.all(
        [store.getAllKeys(), store.getAll()].map(
          (request) =>
            new Promise<unknown[]>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result as unknown[]);
              request.onerror = () => reject(request.error ?? new Error('keyval'));
            }),
        ),
      );
      return keys!.flatMap((key, i) => {
        const value = values![i];
        if (typeof value !== 'string') return [`${String(key)}: (not a string)`];
        try {
          const saved = JSON.parse(value) as {
            clientState?: { queries?: { queryKey: unknown; state: { status: string } }[] };
          };
          const queries = saved.clientState?.queries;
          if (!queries) return [`${String(key)}: (not a saved cache)`];
          return queries.map(
            (q) => `${String(key)}: ${JSON.stringify(q.queryKey)} ${q.state.status}`,
          );
        } catch {
          return [`${String(key)}: (not JSON)`];
        }
      });
    } finally {
      db.close();
    }
  });
}

export function savedCacheHolds(page: Page, text: string | readonly string[]): Promise<boolean> {
  return page.evaluate(async (needles) => {
    // Opened only once the app made it: opening it first would create it without its store.
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'app-financas')) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('app-financas');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open'));
    });
    try {
      if (!db.objectStoreNames.contains('keyval')) return false;
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('keyval', 'readonly').objectStore('keyval').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('getAll'));
      });
      return needles.every((needle) =>
        values.some((v) => typeof v === 'string' && v.includes(needle)),
      );
    } finally {
      db.close();
    }
  }, [text].flat());
}
