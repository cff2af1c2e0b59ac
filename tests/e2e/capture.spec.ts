// Capture on Lançar: a pasted boleto fills Valor and Vencimento and is offered again as "Copiar
// código" at Dar Baixa; a PIX copia-e-cola fills Valor, Fornecedor and Descrição; a wrong digit
// fills nothing. The codes are built with real check digits (src/test/payment-codes.ts).
import { formatDateWith } from '../../src/lib/date-format';
import { addDaysIso } from '../../src/lib/dates';
import { formatBoletoLine } from '../../src/lib/capture/payment-codes';
import { nfeKey, nfeXml } from '../../src/test/nfe';
import { bancarioLine, pixCode, withWrongDigit } from '../../src/test/payment-codes';
import { browserToday, createAccount, expect, screenshot, signIn, test } from './support';

test('a pasted boleto is saved with its value and due date, and copied again at Dar Baixa', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Boleto', 'Bia Boleto');
  const due = addDaysIso(browserToday(), 12);
  const line = bancarioLine('341', due, 123456);
  await signIn(page, account.email, account.password);
  await page.goto('/lancar');

  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Código de barras ou PIX').fill(formatBoletoLine(line));
  await expect(form.getByText(/Boleto Itaú · R\$\s1\.234,56/)).toBeVisible();
  await expect(form.getByLabel(/^Valor/)).toHaveValue(/R\$\s1\.234,56/);
  await expect(form.getByLabel('Data de Vencimento')).toContainText(
    formatDateWith(due, 'dd/MM/yyyy'),
  );
  await form.getByLabel(/^Descrição/).fill('Boleto da areia');
  await screenshot(page, 'lancar-boleto');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Lançamento salvo!')).toBeVisible();

  const { data: rows, error } = await account.client
    .from('accounts_payable')
    .select('id, amount, due_date, boleto_code')
    .eq('company_id', account.companyId);
  expect(error).toBeNull();
  expect(rows).toEqual([
    { id: expect.any(String) as unknown, amount: 1234.56, due_date: due, boleto_code: line },
  ]);

  // The same boleto again: flagged as it is pasted, with its bill (issue 31), not at Salvar.
  await form.getByLabel('Código de barras ou PIX').fill(formatBoletoLine(line));
  await expect(form.getByRole('alert')).toContainText('Este boleto já foi lançado.');
  await form.getByRole('link', { name: 'Ver conta' }).click();
  await expect(page).toHaveURL(new RegExp(`/lancamentos/expense/${rows?.[0]?.id ?? ''}$`));

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/lancamentos/expense/${rows?.[0]?.id ?? ''}`);
  await page.getByRole('button', { name: 'Dar Baixa' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Dar Baixa - Pagamento' })).toBeVisible();
  await expect(dialog.getByText(formatBoletoLine(line))).toBeVisible();
  await dialog.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.getByText('Código copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
  await screenshot(page, 'dar-baixa-copiar-codigo');
});

test('a PIX copia-e-cola fills Valor, Fornecedor and Descrição; a wrong boleto digit fills nothing', async ({
  page,
}) => {
  const account = await createAccount('Construtora PIX', 'Pedro Pix');
  await account.client.from('suppliers').insert({
    company_id: account.companyId,
    name: 'Areia Boa Ltda',
    document: '11.222.333/0001-81',
  });
  await signIn(page, account.email, account.password);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  const box = form.getByLabel('Código de barras ou PIX');

  await box.fill(withWrongDigit(bancarioLine('237', addDaysIso(browserToday(), 5), 9990), 20));
  await expect(form.getByRole('alert')).toHaveText('Código de barras inválido');
  await expect(form.getByLabel(/^Valor/)).toHaveValue('');

  const code = pixCode({
    key: '11222333000181',
    name: 'AREIA BOA',
    city: 'CAMPINAS',
    amount: '80.00',
    description: 'Pedido 42',
  });
  await box.fill(code);
  await expect(form.getByText(/PIX para Areia Boa Ltda · R\$\s80,00/)).toBeVisible();
  await expect(form.getByLabel(/^Valor/)).toHaveValue(/R\$\s80,00/);
  await expect(form.getByLabel(/^Descrição/)).toHaveValue('Pedido 42');
  await expect(form.getByLabel(/^Fornecedor/)).toHaveValue('Areia Boa Ltda');
  await form.getByLabel('Data de Vencimento').click();
  await page.locator('[data-today] button, button[data-today]').click();
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Lançamento salvo!')).toBeVisible();
  const { data: rows } = await account.client
    .from('entries')
    .select('amount, description, counterparty_name, pix_code')
    .eq('company_id', account.companyId);
  expect(rows).toEqual([
    { amount: 80, description: 'Pedido 42', counterparty_name: 'Areia Boa Ltda', pix_code: code },
  ]);
});

test('an NF-e with 3 duplicatas becomes 3 installments of its supplier; importing it again is refused', async ({
  page,
}) => {
  const account = await createAccount('Construtora Nota', 'Nina Nota');
  const key = nfeKey(String(Date.now()).slice(-9));
  const xml = nfeXml({
    key,
    number: '4321',
    total: '3000.00',
    duplicatas: [
      { number: '001', dueDate: addDaysIso(browserToday(), 30), amount: '1000.00' },
      { number: '002', dueDate: addDaysIso(browserToday(), 60), amount: '1000.00' },
      { number: '003', dueDate: addDaysIso(browserToday(), 90), amount: '1000.00' },
    ],
  });
  const file = { name: 'nfe-4321.xml', mimeType: 'text/xml', buffer: Buffer.from(xml, 'utf8') };
  await signIn(page, account.email, account.password);
  await page.goto('/lancar');
  await page.getByRole('button', { name: 'Importar NF-e (XML)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Arquivo XML da NF-e').setInputFiles(file);
  const summary = dialog.getByLabel('Resumo da NF-e');
  await expect(summary).toContainText('Depósito Chave Ltda');
  await expect(summary).toContainText('11.222.333/0001-81');
  await expect(summary).toContainText('4321/1');
  await expect(summary).toContainText(/R\$\s3\.000,00/);
  await expect(dialog.getByLabel('Duplicatas').getByRole('listitem')).toHaveCount(3);
  await screenshot(page, 'nfe-preview');
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('NF-e importada')).toBeVisible();

  const { data: rows } = await account.client
    .from('entries')
    .select(
      'description, amount, installment_number, installment_count, counterparty_name, nfe_key',
    )
    .eq('company_id', account.companyId)
    .order('installment_number');
  expect(rows).toEqual(
    [1, 2, 3].map((n) => ({
      // As Lançar's installments (issue 31).
      description: `NF-e 4321 - Depósito Chave Ltda (${n}/3)`,
      amount: 1000,
      installment_number: n,
      installment_count: 3,
      counterparty_name: 'Depósito Chave Ltda',
      nfe_key: key,
    })),
  );
  const { data: suppliers } = await account.client
    .from('suppliers')
    .select('name, document')
    .eq('company_id', account.companyId);
  expect(suppliers).toEqual([{ name: 'Depósito Chave Ltda', document: '11.222.333/0001-81' }]);

  // The same file again: refused, with a link to its entries.
  await page.getByRole('button', { name: 'Importar NF-e (XML)' }).click();
  await page.getByRole('dialog').getByLabel('Arquivo XML da NF-e').setInputFiles(file);
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('NF-e já importada.');
  await expect(
    page.getByRole('dialog').getByRole('link', { name: 'Ver lançamentos' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Importar' })).toBeDisabled();
});
