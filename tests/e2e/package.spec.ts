/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// The accountant's month: the package downloaded from Mais → Exportar is one zip with the month's
// CSVs and its documents under their dated names; and a photo taken offline reaches the entry once
// when the connection returns.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Uploads the bytes and records the document, as the app does. */
async function attach(
  account: Account,
  payableId: string,
  bytes: Buffer,
  name: string,
  mime: string,
  kind: string,
) {
  const path = `${account.companyId}/entries/${payableId}/${randomUUID()}-${name}`;
  const upload = await account.client.storage
    .from('documentos')
    .upload(path, bytes, { contentType: mime });
  if (upload.error) throw upload.error;
  await one(
    account.client
      .from('documents')
      .insert({
        company_id: account.companyId,
        payable_id: payableId,
        storage_path: path,
        original_name: name,
        mime,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        kind,
      })
      .select('id')
      .single(),
  );
}

async function monthWithDocuments(): Promise<Account> {
  const account = await createAccount('Construtora Pacote', 'Carla Contadora');
  const { client, companyId } = account;
  const today = browserToday();
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({ company_id: companyId, name: 'Conta Obra', type: 'checking', initial_balance: 0 })
      .select('id')
      .single(),
  );
  const supplier = await one(
    client
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Depósito Central', document: '11222333000181' })
      .select('id')
      .single(),
  );
  const payable = async (description: string, amount: number) =>
    one(
      client
        .from('accounts_payable')
        .insert({
          company_id: companyId,
          description,
          amount,
          due_date: today,
          supplier_id: supplier.id,
        })
        .select('id')
        .single(),
    );
  const cimento = await payable('Cimento CP-II', 1234.5);
  const frete = await payable('Frete', 300);
  await payable('Areia (em aberto)', 80);
  for (const id of [cimento.id, frete.id]) {
    const { error } = await client.rpc('settle_payable', {
      p_payable_id: id,
      p_bank_account_id: bank.id,
      p_paid_on: today,
      p_today: today,
    });
    if (error) throw error;
  }
  // Two documents of one entry get the same dated name: the second is made unique.
  await attach(account, cimento.id, JPEG, 'IMG_0001.jpg', 'image/jpeg', 'comprovante');
  await attach(account, cimento.id, PDF, 'nota.pdf', 'application/pdf', 'nota_fiscal');
  await attach(
    account,
    cimento.id,
    Buffer.concat([JPEG, Buffer.from([1])]),
    'IMG_0002.jpg',
    'image/jpeg',
    'outro',
  );
  // Frete is paid without a comprovante: the accountant's list of what to ask for.
  return account;
}

test('the month package is one zip with the CSVs and the dated documents', async ({ page }) => {
  const account = await monthWithDocuments();
  const today = browserToday();
  const month = today.slice(0, 7);
  await signIn(page, account.email, account.password);

  await page.goto('/mais');
  // Mais' own menu (on a desktop the sidebar links Exportar too).
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Exportar' })
    .click();
  await expect(page.getByRole('heading', { name: 'Pacote do contador' })).toBeVisible();
  await page.getByLabel('Mês').selectOption(month);
  await screenshot(page, 'exportar');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar pacote do mês' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`pacote-contador-construtora-pacote-${month}.zip`);
  await expect(page.getByText('Pacote do contador baixado')).toBeVisible();

  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const day = today;
  expect(Object.keys(files).sort()).toEqual(
    [
      'dre.csv',
      'lancamentos.csv',
      'pagamentos.csv',
      'sem-comprovante.csv',
      `documentos/${day} - Cimento CP-II - R$ 1.234,50.jpg`,
      `documentos/${day} - Cimento CP-II - R$ 1.234,50.pdf`,
      `documentos/${day} - Cimento CP-II - R$ 1.234,50 (2).jpg`,
    ].sort(),
  );
  const text = (name: string) => {
    const bytes = files[name];
    if (!bytes) throw new Error(`${name} is not in the zip`);
    return strFromU8(bytes);
  };
  expect(Buffer.from(files[`documentos/${day} - Cimento CP-II - R$ 1.234,50.jpg`] ?? [])).toEqual(
    JPEG,
  );
  const lancamentos = text('lancamentos.csv').split('\r\n');
  expect(lancamentos[0]).toMatch(/^Tipo;Status;Vencimento;Data do pagamento;Descrição;/);
  expect(lancamentos).toContainEqual(
    expect.stringMatching(
      /^Despesa;Pago;.*;Cimento CP-II;Depósito Central;11\.222\.333\/0001-81;Sem categoria;Geral;;Conta Obra;;;1234,50;1234,50;0,00;0,00;0,00;1234,50;0,00;1;3;$/,
    ),
  );
  expect(lancamentos).toContainEqual(
    expect.stringMatching(/^Despesa;Aberto;.*;Areia \(em aberto\);/),
  );
  expect(text('pagamentos.csv').split('\r\n')).toHaveLength(2 + 1 + 1); // header, 2 rows, final CRLF
  const semComprovante = text('sem-comprovante.csv').split('\r\n');
  expect(semComprovante.slice(1, -1)).toEqual([
    expect.stringMatching(
      /;Despesa;Frete;Depósito Central;11\.222\.333\/0001-81;Geral;Conta Obra;300,00$/,
    ),
  ]);
  expect(text('dre.csv')).toContain('DRE gerencial - Competência');
  expect(text('dre.csv')).toContain('DRE gerencial - Regime de caixa');
});

test('a document that cannot be downloaded stops the package with an error', async ({ page }) => {
  const account = await monthWithDocuments();
  const month = browserToday().slice(0, 7);
  await signIn(page, account.email, account.password);
  // storage-js downloads from /storage/v1/object/authenticated/documentos/…
  await page.route(
    (url) =>
      url.pathname.startsWith('/storage/v1/object/') && url.pathname.includes('/documentos/'),
    (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }),
  );
  await page.goto('/exportar');
  await page.getByLabel('Mês').selectOption(month);
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await page.getByRole('button', { name: 'Baixar pacote do mês' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'O pacote não foi gerado' }),
  ).toContainText('Não foi possível baixar o documento');
  expect(downloaded).toBe(false);
});

/** A real photo (a 64×48 PNG, one colour): the app re-draws it as a JPEG before storing it. */
function photoPng(): Buffer {
  const width = 64;
  const height = 48;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x90)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function documentsOf(account: Account, description: string) {
  const payables = await one(
    account.client.from('accounts_payable').select('id').eq('description', description),
  );
  const ids = payables.map((p) => p.id);
  if (ids.length === 0) return { payables: 0, documents: [] as { storage_path: string }[] };
  const documents = await one(
    account.client.from('documents').select('storage_path, kind').in('payable_id', ids),
  );
  return { payables: ids.length, documents };
}

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

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'aguardando envio' });

test('a photo taken offline is stored once with its entry when the connection returns', async ({
  page,
  context,
}) => {
  test.slow();
  const account = await createAccount('Construtora Foto Offline', 'Otávio Obra');
  const description = `Brita da laje ${Date.now()}`;
  await signIn(page, account.email, account.password);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await expect(form.getByLabel('Descrição')).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('R$ 275,40');
  await pickDueDate(page, form, browserToday());

  // The network goes; the photo is taken with the form.
  await context.setOffline(true);
  await form.getByLabel('Anexar comprovante').setInputFiles({
    name: 'recibo-brita.png',
    mimeType: 'image/png',
    buffer: photoPng(),
  });
  await expect(form.getByRole('img', { name: /recibo-brita\.png/ })).toBeVisible();
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page.getByText('Sem conexão: o lançamento ficou salvo neste aparelho', { exact: false }),
  ).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Aguardando envio' });
  await expect(waiting.getByText(`Documento de ${description}`)).toBeVisible();
  await expect(banner(page)).toContainText('1 lançamento e 1 documento aguardando envio');
  await screenshot(page, 'foto-aguardando-envio');

  // The photo waits in IndexedDB as a Blob, not as a data URL in localStorage.
  const onDevice = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('app-financas');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const values = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('keyval').objectStore('keyval').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return {
      blobs: values.filter((v) => v instanceof Blob).map((v) => (v as Blob).type),
      dataUrlInLocalStorage: Object.values(localStorage).some((v) => v.includes('data:image')),
    };
  });
  expect(onDevice).toEqual({ blobs: ['image/jpeg'], dataUrlInLocalStorage: false });
  expect((await documentsOf(account, description)).payables).toBe(0);

  // Back online, the first answer of the document's row is lost after its file was stored: the
  // queue sends it again, and the entry still ends with one document and one file.
  let lost = false;
  await context.route(/\/rest\/v1\/documents/, async (route) => {
    if (!lost && route.request().method() === 'POST') {
      lost = true;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 90_000 });
  expect(lost).toBe(true);
  const stored = await documentsOf(account, description);
  expect(stored.payables).toBe(1);
  expect(stored.documents).toEqual([
    { storage_path: expect.stringMatching(/\.jpg$/), kind: 'comprovante' },
  ]);
  const folder = stored.documents[0]?.storage_path.split('/').slice(0, -1).join('/') ?? '';
  const objects = await account.client.storage.from('documentos').list(folder);
  expect(objects.error).toBeNull();
  expect(objects.data?.map((o) => o.name)).toHaveLength(1);
});
