/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// Rateio (issue 33) offline: a split bill made in Lançar with no network waits on the device
// ("Aguardando envio"), survives a reload, and reaches the database once, with its parts, when the
// connection returns; its detail then lists the parts. And a supplier's Importar NF-e has Ratear.
import type { Page } from '@playwright/test';
import { addDaysIso } from '../../src/lib/dates';
import { nfeKey, nfeXml } from '../../src/test/nfe';
import { browserToday, createAccount, expect, signIn, test, type Account } from './support';

// The shell and the split editor's chunk come from the service worker.
test.use({ serviceWorkers: 'allow' });
// Several loads of the app (online, offline, a reload) on the shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

async function createObra(account: Account, name: string): Promise<string> {
  const created = await one(
    account.client.rpc('create_project', {
      p_company_id: account.companyId,
      p_name: name,
      p_address: `Rua ${name}, 1`,
      p_client_name: `Cliente ${name}`,
      p_budget: 100000,
      p_start_date: '2026-01-10',
      p_end_date: '2027-12-20',
      p_stages: ['Estrutura'],
    }),
  );
  return created.id;
}

async function pick(page: Page, combobox: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option }).click();
}

/** Installs the service worker, then signs in under its control (the shell gets precached). */
async function firstOnlineVisit(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await signIn(page, account.email, account.password);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** R$ text with any space (Intl puts a no-break space after "R$"). */
function brl(text: string): RegExp {
  return new RegExp(`R\\$\\s${text.replace(/\./g, '\\.')}`);
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Mostrando os últimos dados salvos neste aparelho' });

test('a split bill saved offline survives a reload and is sent with its parts when back online', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Rateio Offline', 'Olga Offline');
  const norte = await createObra(account, 'Obra Norte');
  const sul = await createObra(account, 'Obra Sul');
  await one(
    account.client
      .from('categories')
      .insert({ company_id: account.companyId, name: 'Concreto', type: 'expense' })
      .select('id')
      .single(),
  );
  const description = `Concreto usinado ${Date.now()}`;
  await firstOnlineVisit(page, account);

  // Lançar opened online once: its pickers (obras, categorias) are on the device.
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await expect(form.getByLabel('Descrição')).toBeVisible({ timeout: 30_000 });
  await form.getByRole('combobox', { name: 'Categoria' }).click();
  await expect(page.getByRole('option', { name: 'Concreto' })).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();
  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('18.000,00');
  await form.getByLabel('Data de Vencimento').click();
  await page.locator('[data-today] button, button[data-today]').click();
  await pick(page, form.getByRole('combobox', { name: 'Categoria' }), 'Concreto');
  await form.getByRole('button', { name: 'Ratear' }).click();
  const split = form.getByRole('region', { name: 'Rateio' });
  await pick(page, split.getByRole('combobox', { name: 'Obra da parte 1' }), 'Obra Norte');
  await split.getByLabel('Percentual da parte 1 (%)').fill('60');
  await pick(page, split.getByRole('combobox', { name: 'Obra da parte 2' }), 'Obra Sul');
  await split.getByLabel('Percentual da parte 2 (%)').fill('40');
  await expect(split.getByRole('status')).toHaveText('Soma confere');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page.getByText('Sem conexão: o lançamento ficou salvo neste aparelho', { exact: false }),
  ).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Aguardando envio' });
  await expect(waiting.getByText(description)).toBeVisible();

  // A reload with no network: the split bill is still waiting on the device.
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(waiting.getByText(description)).toBeVisible();
  const none = await account.client
    .from('accounts_payable')
    .select('id')
    .eq('description', description);
  expect(none.data).toEqual([]);

  // Back online: sent once, with its two parts and no obra of its own.
  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  const bill = await one(
    account.client
      .from('accounts_payable')
      .select('id, amount, project_id, category_id, parts, due_date')
      .eq('description', description)
      .single(),
  );
  expect(bill.project_id).toBeNull();
  expect(bill.category_id).toBeNull();
  expect(bill.due_date).toBe(browserToday());
  expect(
    (bill.parts as { project_id: string; amount: number }[]).map((p) => [p.project_id, p.amount]),
  ).toEqual([
    [norte, 10800],
    [sul, 7200],
  ]);

  // Its detail lists the parts.
  await page.goto(`/lancamentos/expense/${bill.id}`);
  const parts = page.getByRole('region', { name: 'Rateio' });
  await expect(parts).toContainText('Rateio (2 partes)');
  await expect(parts.getByRole('listitem').nth(0)).toContainText('Obra Norte');
  await expect(parts.getByRole('listitem').nth(0)).toContainText(brl('10.800,00'));
  await expect(parts.getByRole('listitem').nth(1)).toContainText('Obra Sul');
  await expect(parts.getByRole('listitem').nth(1)).toContainText(brl('7.200,00'));
});

test("a supplier's Importar NF-e splits the note 60/40 as Lançar's does", async ({ page }) => {
  test.slow();
  const account = await createAccount('Construtora Nota Rateada', 'Nara Nota');
  const norte = await createObra(account, 'Obra Norte');
  const sul = await createObra(account, 'Obra Sul');
  const supplier = await one(
    account.client
      .from('suppliers')
      .insert({ company_id: account.companyId, name: 'Depósito Chave Ltda' })
      .select('id')
      .single(),
  );
  const key = nfeKey(String(Date.now()).slice(-9));
  const xml = nfeXml({
    key,
    number: '5150',
    total: '1000.00',
    duplicatas: [{ number: '001', dueDate: addDaysIso(browserToday(), 30), amount: '1000.00' }],
  });
  await signIn(page, account.email, account.password);
  await page.goto(`/fornecedores/${supplier.id}`);
  await page.getByRole('button', { name: 'Importar NF-e (XML)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Arquivo XML da NF-e')
    .setInputFiles({ name: 'nfe.xml', mimeType: 'text/xml', buffer: Buffer.from(xml, 'utf8') });
  await expect(dialog.getByLabel('Resumo da NF-e')).toContainText('5150/1');
  await dialog.getByRole('button', { name: 'Ratear' }).click();
  const split = dialog.getByRole('region', { name: 'Rateio' });
  await pick(page, split.getByRole('combobox', { name: 'Obra da parte 1' }), 'Obra Norte');
  await split.getByLabel('Percentual da parte 1 (%)').fill('60');
  await pick(page, split.getByRole('combobox', { name: 'Obra da parte 2' }), 'Obra Sul');
  await split.getByLabel('Percentual da parte 2 (%)').fill('40');
  await expect(split.getByRole('status')).toHaveText('Soma confere');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('NF-e importada')).toBeVisible();

  const bill = await one(
    account.client
      .from('accounts_payable')
      .select('project_id, parts')
      .eq('company_id', account.companyId)
      .single(),
  );
  expect(bill.project_id).toBeNull();
  expect(
    (bill.parts as { project_id: string; amount: number }[]).map((p) => [p.project_id, p.amount]),
  ).toEqual([
    [norte, 600],
    [sul, 400],
  ]);
});
