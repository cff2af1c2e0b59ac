/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// Offline, honestly: after one online visit the app opens with no network, says
// "Sem conexão" and shows the last data it saw; new entries made offline wait on the device
// ("Aguardando envio") and reach the database exactly once when the connection returns.
import type { Locator, Page, Route } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

// The shell must come from the service worker, which playwright.config.ts blocks elsewhere.
test.use({ serviceWorkers: 'allow' });
// Each journey loads the app several times (online, offline, reloads): on the shared 2-core machine
// (load 30+) that is well over the default minute, without anything being wrong.
test.describe.configure({ timeout: 180_000 });

/** Installs the service worker, then signs in under its control (the shell gets precached). */
async function firstOnlineVisit(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // signIn navigates again: this page load is controlled by the worker.
  await signIn(page, account.email, account.password);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** The persisted query cache (IndexedDB) holds `text` for this company. */
async function cachedOnDevice(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('app-financas');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          if (!db.objectStoreNames.contains('keyval')) return false;
          const values = await new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction('keyval').objectStore('keyval').getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          db.close();
          return values.some((value) => typeof value === 'string' && value.includes(wanted));
        }, text),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Home's A Pagar list and totals are on the device with `description`. The description alone is
 * not enough: the cash-flow alert names it too and is often saved before the list.
 */
async function homeCachedOnDevice(page: Page, description: string): Promise<void> {
  await cachedOnDevice(page, description);
  await cachedOnDevice(page, '"pending","expense"]');
  await cachedOnDevice(page, '"summary",');
}

async function pendingPayable(account: Account, description: string): Promise<void> {
  const { error } = await account.client.from('accounts_payable').insert({
    company_id: account.companyId,
    description,
    amount: 321.5,
    due_date: browserToday(),
  });
  if (error) throw new Error(JSON.stringify(error));
}

async function payablesNamed(account: Account, description: string) {
  const { data, error } = await account.client
    .from('accounts_payable')
    .select('id, due_date, amount, series_id')
    .eq('description', description)
    .order('due_date');
  if (error) throw new Error(JSON.stringify(error));
  return data;
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

// The banner at the top, not a screen's own "Sem conexão" (a read with nothing saved on the device).
const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Mostrando os últimos dados salvos neste aparelho' });

async function pickDueDate(page: Page, form: Locator, iso: string) {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  await form.getByLabel('Data de Vencimento').click();
  await page
    .getByRole('button', { name: new RegExp(`\\b${day} de ${monthName} de ${year}`, 'i') })
    .click();
}

test('after one online visit, the app opens offline with "Sem conexão" and the last data seen', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Offline');
  const description = `Cimento da laje ${Date.now()}`;
  await pendingPayable(account, description);
  await firstOnlineVisit(page, account);
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await homeCachedOnDevice(page, description);

  await context.setOffline(true);
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  await expect(page.getByText(/Olá, /)).toBeVisible();
  await screenshot(page, 'home-offline');

  // What needs the server and was never seen says so, instead of loading forever.
  await page
    .getByRole('link', { name: /Relatório/ })
    .first()
    .click();
  await expect(
    page.getByText('Estes dados não estão salvos neste aparelho.', { exact: false }).first(),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
});

test('a network that says online but reaches nothing: "Sem conexão" and the last data seen, until the API answers', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Sinal Fraco');
  const description = `Areia lavada ${Date.now()}`;
  await pendingPayable(account, description);
  await firstOnlineVisit(page, account);
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  await homeCachedOnDevice(page, description);

  // The phone keeps its network (navigator.onLine stays true); the API is out of reach.
  const unreachable = (route: Route) => route.abort('internetdisconnected');
  await context.route(/\/rest\/v1\//, unreachable);
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  // The API answers again: the app finds out by itself (it asks every few seconds).
  await context.unroute(/\/rest\/v1\//, unreachable);
  await expect(banner(page)).toHaveCount(0, { timeout: 30_000 });
});

test('offline, a screen never opened online says "Sem conexão" instead of loading forever', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Sem Rede');
  await firstOnlineVisit(page, account);
  await expect(page.getByText(/Olá, /)).toBeVisible();

  await context.setOffline(true);
  const offlineNotice = page.getByRole('status').filter({
    hasText: 'Estes dados não estão salvos neste aparelho.',
  });
  // Obras and Atividade were never visited: nothing of theirs is on the device.
  for (const [path, loading] of [
    ['/obras', 'Carregando obras...'],
    ['/atividade', 'Carregando atividade...'],
  ] as const) {
    await page.goto(path);
    await expect(offlineNotice).toBeVisible();
    await expect(offlineNotice).toContainText('Sem conexão');
    await expect(page.getByText(loading)).toHaveCount(0);
  }
  await screenshot(page, 'activity-offline');

  // Back online, the paused read runs by itself.
  await context.setOffline(false);
  await expect(offlineNotice).toHaveCount(0);
  await expect(page.getByText('Carregando atividade...')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an expired access token with no network keeps the user in, on the cached data', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Token');
  const description = `Areia lavada ${Date.now()}`;
  await pendingPayable(account, description);
  await firstOnlineVisit(page, account);
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  await homeCachedOnDevice(page, description);

  await context.setOffline(true);
  // The access token expired an hour ago while the phone was in a pocket.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    if (!key) throw new Error('no stored session');
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 3600;
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);

  // Back online, the session is refreshed and the screens read the server again.
  await context.setOffline(false);
  await account.client
    .from('accounts_payable')
    .update({ amount: 999 })
    .eq('description', description);
  await page.reload();
  await expect(page.getByRole('region', { name: 'A Pagar' }).getByText(description)).toBeVisible();
  await expect(page.getByText('R$ 999,00').first()).toBeVisible();
});

test('entries saved offline wait as "Aguardando envio" and reach the database exactly once', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Fila');
  const first = `Frete da areia ${Date.now()}`;
  const series = `Aluguel da betoneira ${Date.now()}`;
  await firstOnlineVisit(page, account);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await expect(form.getByLabel('Descrição')).toBeVisible({ timeout: 30_000 });
  const today = browserToday();

  // 1. Saved offline, sent when the connection returns.
  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();
  await form.getByLabel('Descrição').fill(first);
  await form.getByLabel('Valor').fill('R$ 180,00');
  await pickDueDate(page, form, today);
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page.getByText('Sem conexão: o lançamento ficou salvo neste aparelho', { exact: false }),
  ).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Aguardando envio' });
  await expect(waiting.getByText(first)).toBeVisible();
  await expect(banner(page)).toContainText('1 lançamento aguardando envio');
  await screenshot(page, 'lancar-aguardando-envio');
  expect(await payablesNamed(account, first)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Lançamentos enviados')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  expect(await payablesNamed(account, first)).toHaveLength(1);

  // 2. A monthly series of 2 saved offline, the page reloaded offline (and a second tab open):
  //    the queue survives, and the series is sent once.
  await context.setOffline(true);
  await form.getByLabel('Descrição').fill(series);
  await form.getByLabel('Valor').fill('R$ 450,00');
  await pickDueDate(page, form, today);
  await form.getByLabel('Recorrência', { exact: true }).click();
  await page.getByRole('option', { name: 'Mensal' }).click();
  await form.getByLabel('Ocorrências').fill('2');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(waiting.getByText(series)).toBeVisible();
  await expect(waiting.getByText('2 lançamentos')).toBeVisible();

  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(waiting.getByText(series)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await expect(banner(other)).toContainText('1 lançamento aguardando envio');
  expect(await payablesNamed(account, series)).toHaveLength(0);

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(other.getByRole('status').filter({ hasText: 'aguardando envio' })).toHaveCount(0);
  const rows = await payablesNamed(account, series);
  expect(rows).toHaveLength(2);
  expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);

  // Nothing is sent again later: a reload online finds an empty queue and the same two rows.
  await page.reload();
  await expect(form.getByLabel('Descrição')).toBeVisible();
  await expect(waiting).toHaveCount(0);
  expect(await payablesNamed(account, series)).toHaveLength(2);
  expect(await payablesNamed(account, first)).toHaveLength(1);
  await other.close();
});

test('after a Dar Baixa and a reload, the wizard records an expense offline, sent when the network returns', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Baixa Offline');
  const { client, companyId } = account;
  const inserted = await Promise.all([
    client
      .from('bank_accounts')
      .insert({ company_id: companyId, name: 'Conta Principal', type: 'checking' }),
    client.from('suppliers').insert({ company_id: companyId, name: 'Depósito Silva' }),
    client.from('projects').insert({ company_id: companyId, name: 'Casa 001' }),
    client.from('categories').insert({ company_id: companyId, name: 'Materiais', type: 'expense' }),
  ]);
  for (const { error } of inserted) if (error) throw new Error(JSON.stringify(error));
  const paid = `Aluguel do andaime ${Date.now()}`;
  const recorded = `Brita da sapata ${Date.now()}`;
  await pendingPayable(account, paid);
  await firstOnlineVisit(page, account);

  // Online, the next expense started in the wizard up to its category (the lists are seen).
  const continuar = page.getByRole('button', { name: 'Continuar' });
  const voltar = page.getByRole('button', { name: 'Voltar' });
  await page.goto('/pagar');
  await page.getByLabel('Descrição').fill(recorded);
  await continuar.click();
  await page.getByRole('radio', { name: 'Depósito Silva' }).click();
  await continuar.click();
  await page.getByLabel('Valor').fill('87,40');
  await continuar.click();
  await page.getByRole('radio', { name: /Amanhã/ }).click();
  await continuar.click();
  await page.getByRole('radio', { name: 'Casa 001' }).click();
  await continuar.click();
  await expect(page.getByRole('radio', { name: 'Materiais' })).toBeVisible();
  await cachedOnDevice(page, '"Materiais"');

  // A bill paid at home (every money list invalidated), then a reload.
  await page.goto('/');
  const list = page.getByRole('region', { name: 'A Pagar' });
  await list.getByRole('button', { name: `Dar Baixa: ${paid}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Conta bancária', exact: true }).click();
  await page.getByRole('option', { name: /^Conta Principal/ }).click();
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(page.getByText(`${paid} foi marcado como pago.`)).toBeVisible();
  await page.reload();
  await expect(list).toBeVisible();

  // The signal goes: the wizard (its draft at step 6) still has every list it needs.
  await context.setOffline(true);
  await page.goto('/pagar');
  await expect(banner(page)).toBeVisible();
  await expect(page.getByText('6/9')).toBeVisible();
  await expect(page.getByText('Sem conexão: a lista aparece quando a conexão voltar.')).toHaveCount(
    0,
  );
  await expect(page.getByRole('radio', { name: 'Materiais' })).toBeVisible();
  for (let step = 6; step > 2; step--) await voltar.click();
  await expect(page.getByRole('radio', { name: 'Depósito Silva' })).toBeChecked();
  for (let step = 2; step < 5; step++) await continuar.click();
  await expect(page.getByRole('radio', { name: 'Casa 001' })).toBeChecked();
  await continuar.click();
  await page.getByRole('radio', { name: 'Materiais' }).click();
  await continuar.click();
  await continuar.click();
  await continuar.click();
  await expect(page.getByText('9/9')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText('Sem conexão: o lançamento ficou salvo neste aparelho', { exact: false }),
  ).toBeVisible();
  expect(await payablesNamed(account, recorded)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Lançamentos enviados')).toBeVisible();
  await expect.poll(async () => (await payablesNamed(account, recorded)).length).toBe(1);
});

test('a comprovante attached at Dar Baixa is kept on the device through a reload mid-upload, and arrives', async ({
  page,
}) => {
  const account = await createAccount('Construtora Comprovante');
  const { client, companyId } = account;
  const { error } = await client
    .from('bank_accounts')
    .insert({ company_id: companyId, name: 'Conta Principal', type: 'checking' });
  if (error) throw new Error(JSON.stringify(error));
  const paid = `Locação da betoneira ${Date.now()}`;
  await pendingPayable(account, paid);
  await signIn(page, account.email, account.password);

  // The upload is slow: it has not reached the server when the page reloads.
  const uploads: string[] = [];
  const objects = /\/storage\/v1\/object\/documentos\//;
  const slow = async (route: Route) => {
    if (route.request().method() === 'OPTIONS') return route.continue();
    uploads.push(route.request().url());
    // Never answered: the reload ends it.
  };
  await page.route(objects, slow);

  const list = page.getByRole('region', { name: 'A Pagar' });
  await list.getByRole('button', { name: `Dar Baixa: ${paid}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Conta bancária', exact: true }).click();
  await page.getByRole('option', { name: /^Conta Principal/ }).click();
  await dialog
    .getByLabel('Anexar comprovante')
    .setInputFiles({ name: 'pix-betoneira.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(page.getByText(`${paid} foi marcado como pago.`)).toBeVisible();
  await expect(page.getByText('Enviando comprovante…')).toBeVisible();
  await expect.poll(() => uploads.length).toBeGreaterThan(0);
  // Until the server has it, the device says it waits.
  await expect(
    page.getByRole('status').filter({ hasText: '1 documento aguardando envio' }),
  ).toBeVisible();

  // Reloaded mid-upload; the storage answers again.
  await page.unroute(objects, slow);
  await page.reload();
  // It arrives: the device stops saying it waits, and the server holds it. ("Comprovante anexado"
  // is said too, but only for a few seconds: a slow machine's reload can outlast it.)
  await expect
    .poll(
      async () =>
        (await client.from('documents').select('id').eq('company_id', companyId)).data?.length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'aguardando envio' })).toHaveCount(0);

  const { data: payments } = await client
    .from('transactions')
    .select('id, payable_id')
    .eq('company_id', companyId)
    .not('payable_id', 'is', null);
  expect(payments).toHaveLength(1);
  const paymentId = String(payments?.[0]?.id);
  const { data: documents, error: documentsError } = await client
    .from('documents')
    .select('original_name, kind, payment_id')
    .eq('company_id', companyId);
  if (documentsError) throw new Error(JSON.stringify(documentsError));
  expect(documents).toEqual([
    { original_name: 'pix-betoneira.pdf', kind: 'comprovante', payment_id: paymentId },
  ]);
  const { data: stored, error: listError } = await client.storage
    .from('documentos')
    .list(`${companyId}/payments/${paymentId}`);
  if (listError) throw listError;
  expect(stored.map((object) => object.name)).toEqual([
    expect.stringMatching(/-pix-betoneira\.pdf$/),
  ]);
});
