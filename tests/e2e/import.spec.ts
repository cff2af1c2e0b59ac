// Importar planilha (issue 34), as an office moving off spreadsheets walks it: one workbook with
// its 200 suppliers and 500 open bills (5 of them wrong), the suppliers first, then the bills with
// two fixed and three skipped in the preview; both found in their lists; the batches undone.
import AxeBuilder from '@axe-core/playwright';
import writeXlsxFile from 'write-excel-file/node';
import type { Page } from '@playwright/test';
import {
  apiClient,
  createAccount,
  expect,
  listItemRole,
  screenshot,
  signIn,
  test,
  uniqueEmail,
} from './support';

/** A valid CNPJ (check digits computed), written as people type it: 12.345.678/0001-95. */
function cnpj(n: number): string {
  const base = `${String(10_000_000 + n * 7919).slice(0, 8)}0001`.split('').map(Number);
  const digit = (nums: number[]) => {
    const weights =
      nums.length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = nums.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base);
  const d = [...base, d1, digit([...base, d1])].join('');
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

const supplierName = (i: number) => `Fornecedor ${String(i).padStart(3, '0')} Materiais Ltda`;
const billName = (i: number) => `Compra ${String(i).padStart(3, '0')}`;
const money = (value: number) => ({ value, format: '#,##0.00' });
const date = (y: number, m: number, d: number) => ({
  value: new Date(Date.UTC(y, m - 1, d)),
  format: 'dd/mm/yyyy',
});

/** Bills sheet: a title row, the header on row 2, data from row 3 (line = index + 3). */
const BILL_FIRST_LINE = 3;

async function workbook(): Promise<Buffer> {
  const suppliers = [
    ['Razão social', 'CNPJ/CPF', 'E-mail', 'Telefone'],
    ...Array.from({ length: 200 }, (_, i) => [
      supplierName(i + 1),
      cnpj(i + 1),
      `contato${i + 1}@fornecedor.com.br`,
      `(11) 9${String(10_000_000 + i).slice(0, 8)}`,
    ]),
  ];
  const bills: unknown[][] = [
    [{ value: 'Contas em aberto — Construtora', span: 9 }, ...Array<null>(8).fill(null)],
    // Every column a bill can have: the preview's table is 11 columns wide.
    [
      'Fornecedor',
      'Histórico',
      'Valor',
      'Vencimento',
      'Obra',
      'Categoria',
      'Observações',
      'Data de pagamento',
      'Conta bancária',
    ],
  ];
  for (let i = 1; i <= 500; i++) {
    // The first five are wrong: a value with a letter, 31/02, no description, no value, no date.
    const supplier = supplierName(((i - 1) % 200) + 1);
    const amount = i === 1 ? 'R$ 1.234,5x' : i === 4 ? 'abc' : money(100 + i * 3.25);
    const due =
      i === 2
        ? '31/02/2026'
        : i === 5
          ? null
          : i === 1
            ? date(2026, 2, 20)
            : date(2026, 3, 1 + (i % 28));
    // A long note, as offices write them: the preview's table gets wider than a 1280-px screen.
    const note = `Pedido ${i} — entregar no canteiro da Torre B, conferir a nota com o almoxarifado`;
    // Open bills: no payment date nor account.
    bills.push([
      supplier,
      i === 3 ? null : billName(i),
      amount,
      due,
      'Residencial Jardins',
      'Materiais de construção',
      note,
      null,
      null,
    ]);
  }
  return writeXlsxFile([
    { data: suppliers as never, sheet: 'Fornecedores' },
    { data: bills as never, sheet: 'Contas a pagar' },
  ] as never).toBuffer();
}

/** axe's serious and critical findings on the screen as it is (a11y.spec.ts scans step 1). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(`Promise.all(document.getAnimations().filter((a) => a.effect &&
    a.effect.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => 0)))`);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function chooseFile(page: Page, buffer: Buffer, name = 'cadastros.xlsx') {
  await page.getByLabel('Arquivo da planilha (.xlsx, .xls ou .csv)').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  // The step's own line (first in the page; "Importações recentes" may name the same file below).
  await expect(page.getByText(name).first()).toBeVisible();
}

test('imports 200 suppliers and 500 bills, fixing two and skipping three, then undoes them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const buffer = await workbook();
  const user = await createAccount('Construtora Planilha', 'Paula Planilha');
  await signIn(page, user.email, user.password);

  // From the empty list of Fornecedores.
  await page.goto('/fornecedores');
  await expect(page.getByText('Nenhum fornecedor cadastrado')).toBeVisible();
  // The empty list's own link (the desktop's sidebar has one too).
  await page.getByRole('main').getByRole('link', { name: 'Importar planilha' }).click();
  await expect(page).toHaveURL(/\/importar\?tipo=fornecedores$/);
  await expect(page.getByRole('heading', { name: 'Importar planilha', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Fornecedores' })).toBeChecked();
  await chooseFile(page, buffer);
  await screenshot(page, '1-arquivo');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByText('2. Colunas')).toBeVisible();
  await screenshot(page, '2-colunas');
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  const summary = page.getByRole('status', { name: 'Resumo da prévia' });
  await expect(summary).toHaveText('200 prontas · 0 com erro · 0 duplicadas');
  await expect(page.getByText('Procurando duplicados na empresa...')).toBeHidden();
  await page.getByRole('button', { name: 'Importar 200 linhas' }).click();
  await expect(page.getByText('Importação concluída: 200 linhas em Fornecedores.')).toBeVisible();
  const recent = page.getByRole('list', { name: 'Importações recentes' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);

  // The bills: same workbook, its other sheet.
  await page.getByRole('button', { name: 'Importar outra planilha' }).click();
  await page.getByRole('radio', { name: /Contas a pagar/i }).check();
  await chooseFile(page, buffer);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('combobox', { name: 'Aba da planilha' }).click();
  await page.getByRole('option', { name: 'Contas a pagar' }).click();
  await expect(page.getByRole('combobox', { name: 'Linha dos títulos' })).toContainText('Linha 2');
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(summary).toHaveText('495 prontas · 5 com erro · 0 duplicadas');
  await expect(page.getByText('Procurando duplicados na empresa...')).toBeHidden();
  // The obra of the sheet does not exist: created with the import unless one is picked.
  await expect(page.getByText('Cadastros que ainda não existem')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Residencial Jardins/ })).toContainText(
    'Criar “Residencial Jardins”',
  );
  await expect(page.getByRole('button', { name: /Importar .* linhas/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Com erro (5)' }).click();
  await screenshot(page, '3-previa-erros');
  expect(await axeFindings(page)).toEqual([]);

  // Fix two: the value with a letter and 31/02.
  const line = (n: number) =>
    page.getByRole('form', { name: `Corrigir linha ${n + BILL_FIRST_LINE - 1}` });
  // However wide the sheet, a row's problem and its fix field are on screen without scrolling
  // sideways (the desktop's table shows them under the row, as the phone's card does).
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the project sets a viewport');
  for (const target of [
    page.getByRole('list', { name: `Erros da linha ${BILL_FIRST_LINE}` }),
    line(1).getByLabel(/Valor/),
    line(1).getByRole('button', { name: 'Corrigir' }),
  ]) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  }
  // On a desktop all of it is on the first screen (the phone's card is further down).
  if (viewport.width >= 1024)
    await expect(line(1).getByLabel(/Valor/)).toBeInViewport({ ratio: 1 });
  await expect(line(1).getByText(/1\.234,5x/)).toHaveCount(0); // the text is in the field
  await line(1).getByLabel(/Valor/).fill('1.234,50');
  await line(1).getByRole('button', { name: 'Corrigir' }).click();
  await line(2)
    .getByLabel(/Vencimento/)
    .fill('28/02/2026');
  await line(2).getByRole('button', { name: 'Corrigir' }).click();
  await expect(summary).toHaveText('497 prontas · 3 com erro · 0 duplicadas');
  // Skip three.
  for (const n of [3, 4, 5]) await line(n).getByRole('button', { name: 'Pular linha' }).click();
  await expect(summary).toHaveText('497 prontas · 0 com erro · 0 duplicadas · 3 puladas');
  await page.getByRole('button', { name: 'Todas (500)' }).click();
  await screenshot(page, '3-previa');
  await page.getByRole('button', { name: 'Importar 497 linhas' }).click();
  await expect(page.getByText(/Importação concluída: 497 linhas em Contas a pagar\./i)).toBeVisible(
    { timeout: 30_000 },
  );
  await screenshot(page, '4-concluida');
  await expect(recent.getByRole('listitem')).toHaveCount(2);

  // In the lists.
  await page.goto('/fornecedores');
  await page.getByLabel('Buscar fornecedores').fill('Fornecedor 137');
  await expect(
    page.getByRole(listItemRole(page)).filter({ hasText: supplierName(137) }),
  ).toHaveCount(1);
  await page.goto('/contas-pagar');
  // Soonest due first: the two fixed rows (20/02 and 28/02) lead the list.
  await expect(page.getByText(billName(1), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(billName(2), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(billName(4), { exact: true })).toHaveCount(0);
  await expect(page.getByText('R$ 1.234,50').first()).toBeVisible();

  // Undo the bills, then the suppliers: gone.
  await page.goto('/importar');
  const billsBatch = recent.getByRole('listitem').filter({ hasText: /Contas a pagar/i });
  await billsBatch.getByRole('button', { name: 'Desfazer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desfazer importação' }).click();
  await expect(billsBatch.getByText('Desfeita')).toBeVisible();
  const suppliersBatch = recent.getByRole('listitem').filter({ hasText: 'Fornecedores' });
  await suppliersBatch.getByRole('button', { name: 'Desfazer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desfazer importação' }).click();
  await expect(suppliersBatch.getByText('Desfeita')).toBeVisible();

  await page.goto('/contas-pagar');
  await expect(page.getByText('Nenhuma conta pendente!')).toBeVisible();
  await page.goto('/fornecedores');
  await expect(page.getByText('Nenhum fornecedor cadastrado')).toBeVisible();
});

test('the accountant (leitura) gets no import: not in Mais, not in an empty list, refused by address', async ({
  page,
}) => {
  const owner = await createAccount('Construtora Leitura', 'Dona Leitura');
  const email = uniqueEmail('leitura');
  const { data: invitation } = await owner.client
    .rpc('create_invitation', { p_company_id: owner.companyId, p_email: email, p_role: 'leitura' })
    .single()
    .throwOnError();
  const member = apiClient();
  const { error } = await member.auth.signUp({
    email,
    password: 'segredo123',
    options: { data: { full_name: 'Carlos Contador' } },
  });
  if (error) throw error;
  await member.rpc('accept_invitation', { p_token: invitation.token }).throwOnError();

  await signIn(page, email, 'segredo123');
  await page.goto('/mais');
  // Mais' own menu (on a desktop the sidebar has the same links).
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Fornecedores' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Importar planilha' })).toHaveCount(0);
  await page.goto('/fornecedores');
  await expect(page.getByText('Nenhum fornecedor cadastrado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Importar planilha' })).toHaveCount(0);
  await page.goto('/importar?tipo=fornecedores');
  await expect(page.getByText('Seu perfil não permite esta ação.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Fornecedores' })).toHaveCount(0);
});

/** The app's IndexedDB keys (the query cache, the offline queue, an import in progress). */
async function deviceKeys(page: Page): Promise<string[]> {
  // Browser code as a string: this folder is type-checked without the DOM library.
  return page.evaluate<string[]>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('app-financas');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('keyval')) { db.close(); resolve([]); return; }
      const request = db.transaction('keyval').objectStore('keyval').getAllKeys();
      request.onsuccess = () => { db.close(); resolve(request.result.map(String)); };
      request.onerror = () => reject(request.error);
    };
  })`);
}

test('a reload mid-preview keeps the file and the fixes; the next user on the browser never sees them', async ({
  page,
}) => {
  test.slow();
  const sheet = await writeXlsxFile([
    ['Fornecedor', 'Histórico', 'Valor', 'Vencimento'],
    ['Areia Rascunho Ltda', 'Areia lavada', 'R$ 12,3x', date(2026, 3, 10)],
    ['Areia Rascunho Ltda', 'Brita 1', money(480.5), date(2026, 3, 11)],
    ['Areia Rascunho Ltda', 'Cimento', money(990), date(2026, 3, 12)],
  ] as never).toBuffer();
  const ana = await createAccount('Construtora Rascunho', 'Ana Rascunho');
  const { data: session } = await ana.client.auth.getSession();
  const anaId = session.session?.user.id;
  if (!anaId) throw new Error('no session');
  const bruno = await createAccount('Construtora Outra', 'Bruno Outro');
  await signIn(page, ana.email, ana.password);

  const toFixedPreview = async (fileName: string, counts: string) => {
    await page.goto('/importar?tipo=contas_pagar');
    await chooseFile(page, sheet, fileName);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Ver prévia' }).click();
    await expect(summary).toHaveText(counts);
  };
  const summary = page.getByRole('status', { name: 'Resumo da prévia' });
  const fix = page.getByRole('form', { name: 'Corrigir linha 2' });
  await toFixedPreview('rascunho-1.xlsx', '2 prontas · 1 com erro · 0 duplicadas');
  // Fixed, skipped, and a fix typed in but not applied yet: all kept on the device.
  await fix.getByLabel(/Valor/).fill('12,30');
  await fix.getByRole('button', { name: 'Corrigir' }).click();
  await expect(summary).toHaveText('3 prontas · 0 com erro · 0 duplicadas');
  await page.getByRole('button', { name: 'Prontas (3)' }).click();
  const cimento =
    listItemRole(page) === 'row'
      ? page.getByRole('row').filter({ hasText: 'Cimento' })
      : page.getByRole('listitem', { name: 'Linha 4' });
  await cimento.getByRole('button', { name: 'Pular', exact: true }).click();
  await expect(summary).toHaveText('2 prontas · 0 com erro · 0 duplicadas · 1 pulada');
  await expect
    .poll(async () => (await deviceKeys(page)).filter((k) => k.includes(anaId)))
    .toEqual(expect.arrayContaining([expect.stringContaining('import-draft')]));

  await page.reload();
  await expect(summary).toHaveText('2 prontas · 0 com erro · 0 duplicadas · 1 pulada', {
    timeout: 20_000,
  });
  await expect(page.getByText('R$ 12,30').first()).toBeVisible();
  await expect(
    page.getByText('Importação em andamento retomada: rascunho-1.xlsx (Contas a pagar).'),
  ).toBeVisible();
  await screenshot(page, 'previa-recuperada');
  await page.getByRole('button', { name: 'Importar 2 linhas' }).click();
  await expect(page.getByText(/Importação concluída: 2 linhas em Contas a pagar\./i)).toBeVisible();
  // The server has it: nothing of it stays on the device.
  await expect
    .poll(async () => (await deviceKeys(page)).filter((k) => k.includes('import-draft')))
    .toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();

  // A second preview left half-done, then "Sair": it goes with Ana's other drafts.
  // (Brita is in the company now: a duplicate.)
  await toFixedPreview('rascunho-2.xlsx', '1 pronta · 1 com erro · 1 duplicada');
  await fix.getByLabel(/Valor/).fill('99,99');
  await fix.getByRole('button', { name: 'Corrigir' }).click();
  await expect(summary).toHaveText('2 prontas · 0 com erro · 1 duplicada');
  await expect
    .poll(async () => (await deviceKeys(page)).filter((k) => k.includes('import-draft')))
    .toHaveLength(2);
  await page.goto('/mais');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect
    .poll(async () => (await deviceKeys(page)).filter((k) => k.includes(anaId)))
    .toEqual([]);

  await signIn(page, bruno.email, bruno.password);
  await page.goto('/importar?tipo=contas_pagar');
  await expect(page.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
  await expect(page.getByText('rascunho-2.xlsx')).toHaveCount(0);
  await expect(page.getByText('Areia Rascunho Ltda')).toHaveCount(0);
  await expect(summary).toHaveCount(0);
});
