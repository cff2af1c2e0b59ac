// Capture on Lançar: a pasted boleto fills Valor and Vencimento and is offered again as "Copiar
// código" at Dar Baixa; a PIX copia-e-cola fills Valor, Fornecedor and Descrição; a wrong digit
// fills nothing. The codes are built with real check digits (src/test/payment-codes.ts).
import { formatDateWith } from '../../src/lib/date-format';
import { addDaysIso } from '../../src/lib/dates';
import { formatBoletoLine } from '../../src/lib/capture/payment-codes';
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
