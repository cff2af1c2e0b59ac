// Documents for real: the wizard's receipt photo stored with the entry and seen on its detail after
// a reload and from a second signed-in browser; a comprovante attached at Dar Baixa (on the
// payment); a document removed, its file gone from Storage too.
import type { Page } from '@playwright/test';
import { addDaysIso } from '../../src/lib/dates';
import {
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

test.describe.configure({ timeout: 120_000 });

// A 1×1 PNG: the device re-draws it as JPEG before it goes up.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || data === null || data === undefined) {
    throw new Error(`setup failed: ${JSON.stringify(error)}`);
  }
  return data;
}

async function setup(): Promise<{ account: Account; projectId: string }> {
  const account = await createAccount('Construtora Papelada');
  const { client, companyId } = account;
  await one(
    client
      .from('bank_accounts')
      .insert({
        company_id: companyId,
        name: 'Conta Principal',
        type: 'checking',
        initial_balance: 5000,
      })
      .select('id')
      .single(),
  );
  await one(
    client
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Depósito Silva' })
      .select('id')
      .single(),
  );
  const project = await one(
    client
      .from('projects')
      .insert({ company_id: companyId, name: 'Casa 001' })
      .select('id')
      .single(),
  );
  await one(
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Materiais', type: 'expense' })
      .select('id')
      .single(),
  );
  return { account, projectId: project.id };
}

const continuar = (page: Page) => page.getByRole('button', { name: 'Continuar' });

async function objectsOf(account: Account, folder: string): Promise<string[]> {
  const { data, error } = await account.client.storage.from('documentos').list(folder);
  if (error) throw error;
  return data.map((o) => o.name);
}

test('a wizard expense with a photo: stored, seen on its detail after a reload and from another browser', async ({
  page,
  browser,
}) => {
  const { account } = await setup();
  const description = `Areia lavada ${Date.now()}`;
  await signIn(page, account.email, account.password);
  await page.goto('/pagar');
  await page.getByLabel('Descrição').fill(description);
  await continuar(page).click();
  await page.getByRole('radio', { name: 'Depósito Silva' }).click();
  await continuar(page).click();
  await page.getByLabel('Valor').fill('250,00');
  await continuar(page).click();
  await page.getByRole('radio', { name: /Amanhã/ }).click();
  await continuar(page).click();
  await page.getByRole('radio', { name: 'Casa 001' }).click();
  await continuar(page).click();
  await page.getByRole('radio', { name: 'Materiais' }).click();
  await continuar(page).click();
  await continuar(page).click();
  await page
    .getByLabel(/Foto do comprovante/)
    .setInputFiles({ name: 'recibo areia.png', mimeType: 'image/png', buffer: PNG });
  await continuar(page).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lançamento salvo!')).toBeVisible();
  await expect(page.getByText('Comprovante anexado')).toBeVisible();

  const entry = await one(
    account.client.from('accounts_payable').select('id').eq('description', description).single(),
  );
  const { data: rows } = await account.client
    .from('documents')
    .select('original_name, mime, kind, storage_path')
    .eq('entry_id', entry.id);
  expect(rows).toEqual([
    {
      original_name: 'recibo areia.jpg',
      mime: 'image/jpeg',
      kind: 'comprovante',
      storage_path: expect.stringMatching(
        new RegExp(`^${account.companyId}/entries/${entry.id}/[0-9a-f-]{36}-recibo-areia\\.jpg$`),
      ) as unknown as string,
    },
  ]);

  await page.goto(`/lancamentos/expense/${entry.id}`);
  await page.reload();
  const documents = page.getByRole('region', { name: 'Documentos' });
  const open = documents.getByRole('button', { name: 'Abrir recibo areia.jpg' });
  await expect(open).toBeVisible();
  await screenshot(page, 'detalhe-documentos');
  await open.click();
  const viewer = page.getByRole('dialog', { name: 'recibo areia.jpg' });
  await expect(viewer.getByRole('img', { name: 'recibo areia.jpg' })).toBeVisible();
  await expect
    .poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);
  await screenshot(page, 'visualizador');
  await page.keyboard.press('Escape');

  // The paperclip in Contas a Pagar.
  await page.goto('/contas-pagar');
  await expect(page.getByRole('img', { name: '1 documento anexado' }).first()).toBeVisible();

  // Another browser, the same user: the file came from the server, not this device.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await signIn(second, account.email, account.password);
    await second.goto(`/lancamentos/expense/${entry.id}`);
    await expect(
      second
        .getByRole('region', { name: 'Documentos' })
        .getByRole('button', { name: 'Abrir recibo areia.jpg' }),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a comprovante attached at Dar Baixa goes to the payment; removing it removes the file', async ({
  page,
}) => {
  const { account } = await setup();
  const entry = await one(
    account.client
      .from('accounts_payable')
      .insert({
        company_id: account.companyId,
        description: 'Tijolo baiano',
        amount: 400,
        due_date: addDaysIso(browserToday(), -2),
      })
      .select('id')
      .single(),
  );
  await signIn(page, account.email, account.password);
  await page
    .getByRole('region', { name: 'A Pagar' })
    .getByRole('button', { name: /Tijolo baiano/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Conta bancária' }).click();
  await page.getByRole('option', { name: /^Conta Principal - R\$/ }).click();
  await dialog
    .getByLabel('Anexar comprovante')
    .setInputFiles({ name: 'pix-tijolo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('pix-tijolo.pdf')).toBeVisible();
  await screenshot(page, 'dar-baixa-comprovante');
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(page.getByText('Tijolo baiano foi marcado como pago.')).toBeVisible();
  await expect(page.getByText('Comprovante anexado')).toBeVisible();

  const payment = await one(
    account.client.from('transactions').select('id').eq('payable_id', entry.id).single(),
  );
  const folder = `${account.companyId}/payments/${payment.id}`;
  expect(await objectsOf(account, folder)).toEqual([expect.stringMatching(/-pix-tijolo\.pdf$/)]);

  await page.goto(`/lancamentos/expense/${entry.id}`);
  const documents = page.getByRole('region', { name: 'Documentos' });
  await expect(documents.getByRole('button', { name: 'Abrir pix-tijolo.pdf' })).toBeVisible();
  await expect(documents.getByText('Comprovante · do pagamento')).toBeVisible();

  await documents.getByRole('button', { name: 'Remover pix-tijolo.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remover documento?' });
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(documents.getByText('Nenhum documento anexado.')).toBeVisible();
  await expect.poll(() => objectsOf(account, folder)).toEqual([]);
  await screenshot(page, 'documento-removido');
});

test('a text file named foto.jpg is refused when chosen, saying what is wrong; nothing is sent', async ({
  page,
}) => {
  const { account } = await setup();
  const entry = await one(
    account.client
      .from('accounts_payable')
      .insert({
        company_id: account.companyId,
        description: 'Areia lavada',
        amount: 120,
        due_date: addDaysIso(browserToday(), -1),
      })
      .select('id')
      .single(),
  );
  await signIn(page, account.email, account.password);
  await page
    .getByRole('region', { name: 'A Pagar' })
    .getByRole('button', { name: /Areia lavada/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Conta bancária' }).click();
  await page.getByRole('option', { name: /^Conta Principal - R\$/ }).click();
  await dialog.getByLabel('Anexar comprovante').setInputFiles({
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Isto é um texto, não uma foto.\n'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    'foto.jpg não é uma imagem: escolha uma foto (JPEG, PNG, WebP ou HEIC).',
  );
  await expect(dialog.getByRole('button', { name: /Tentar novamente/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(page.getByText('Areia lavada foi marcado como pago.')).toBeVisible();
  await expect(page.getByText('Comprovante anexado')).toHaveCount(0);
  const payment = await one(
    account.client.from('transactions').select('id').eq('payable_id', entry.id).single(),
  );
  expect(await objectsOf(account, `${account.companyId}/payments/${payment.id}`)).toEqual([]);
});
