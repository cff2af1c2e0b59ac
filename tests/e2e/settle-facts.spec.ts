// Dar Baixa with the real facts of a payment: a late bill paid in part with juros, its
// open remainder everywhere it is pending, the rest paid later; and Lançar's "Marcar como Pago"
// with a new supplier, one paid entry. Setup and the books are checked through the API.
import type { Locator, Page } from '@playwright/test';
import { formatDateWith } from '../../src/lib/date-format';
import { addDaysIso } from '../../src/lib/dates';
import {
  browserToday,
  createAccount,
  expect,
  listItemRole,
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

async function setup(): Promise<{ account: Account; bankAccountId: string }> {
  const account = await createAccount('Construtora Juros', 'Rita Juros');
  const bank = await one(
    account.client
      .from('bank_accounts')
      .insert({
        company_id: account.companyId,
        name: 'Conta Principal',
        type: 'checking',
        initial_balance: 2000,
      })
      .select('id')
      .single(),
  );
  return { account, bankAccountId: bank.id };
}

async function balance(account: Account, id: string): Promise<number> {
  const row = await one(
    account.client.from('bank_accounts').select('current_balance').eq('id', id).single(),
  );
  return Number(row.current_balance);
}

/** R$ text with any space (Intl puts a no-break space after "R$"). */
function brl(text: string): RegExp {
  return new RegExp(`R\\$\\s${text.replace(/\./g, '\\.')}`);
}

function total(page: Page, label: string): Locator {
  return page
    .getByLabel('Totais')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });
}

function balanceCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Saldos das contas bancárias' })
    .getByRole('listitem')
    .filter({ hasText: name });
}

async function chooseAccount(page: Page, scope: Locator, name = 'Conta bancária') {
  await scope.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: /^Conta Principal - R\$/ }).click();
}

test('a late bill paid in part with juros shows its open remainder, then paying the rest clears it', async ({
  page,
}) => {
  const { account, bankAccountId } = await setup();
  const entry = await one(
    account.client
      .from('accounts_payable')
      .insert({
        company_id: account.companyId,
        description: 'Aço CA-50',
        amount: 1000,
        due_date: addDaysIso(browserToday(), -10),
      })
      .select('id')
      .single(),
  );
  await signIn(page, account.email, account.password);

  const aPagar = page.getByRole('region', { name: 'A Pagar' });
  await expect(aPagar).toContainText('Aço CA-50');
  await expect(total(page, 'Em Atraso')).toContainText(brl('1.000,00'));

  await aPagar.getByRole('button', { name: /Aço CA-50/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Dar Baixa - Pagamento' })).toBeVisible();
  await expect(dialog).toContainText('Atrasado');
  // Paid today by default.
  await expect(dialog.getByRole('button', { name: /Data do pagamento/ })).toContainText(
    formatDateWith(browserToday(), 'dd/MM/yyyy'),
  );
  await chooseAccount(page, dialog);
  await dialog.getByRole('button', { name: 'Juros, multa e desconto' }).click();
  await dialog.getByLabel('Juros').fill('20,00');
  await expect(dialog.getByTestId('settle-total')).toHaveText(brl('1.020,00'));
  await expect(dialog.getByLabel(/^Valor pago/)).toHaveValue(brl('1.020,00'));
  await dialog.getByLabel(/^Valor pago/).fill('520,00');
  // R$ 520,00 with R$ 20,00 of juros pays R$ 500,00 of the bill.
  await expect(dialog).toContainText(/ficam R\$\s500,00 em aberto/);
  await screenshot(page, 'dar-baixa-parcial');
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();

  await expect(page.getByText('Pagamento parcial registrado')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Home: the remainder, not the full amount, is pending and overdue; the balance moved by 520.
  const row = aPagar.getByRole('link', { name: /Aço CA-50/ });
  await expect(row).toContainText(brl('500,00'));
  await expect(row).toContainText(/R\$\s500,00 de R\$\s1\.000,00 pagos/);
  await expect(total(page, 'A Pagar')).toContainText(brl('500,00'));
  await expect(total(page, 'Em Atraso')).toContainText(brl('500,00'));
  await expect(balanceCard(page, 'Conta Principal')).toContainText(brl('1.480,00'));
  await screenshot(page, 'home-parcial');
  expect(await balance(account, bankAccountId)).toBe(1480);

  // Contas a Pagar: the same remainder, and the rest is paid from there.
  await page.goto('/contas-pagar');
  await expect(page.getByLabel('Resumo')).toContainText(brl('500,00'));
  const item = page
    .getByRole('main')
    .getByRole(listItemRole(page))
    .filter({ hasText: 'Aço CA-50' });
  await expect(item).toContainText('Pago parcialmente');
  await expect(item).toContainText(brl('500,00'));
  await screenshot(page, 'contas-a-pagar-parcial');
  await item.getByRole('button', { name: 'Dar Baixa' }).click();
  const rest = page.getByRole('dialog');
  await expect(rest).toContainText(/Em aberto\s*R\$\s500,00/);
  await expect(rest.getByLabel(/^Valor pago/)).toHaveValue(brl('500,00'));
  await chooseAccount(page, rest);
  await rest.getByRole('button', { name: 'Confirmar Pagamento' }).click();

  await expect(page.getByText('Aço CA-50 foi marcado como pago.')).toBeVisible();
  await expect(page.getByText('Nenhuma conta pendente!')).toBeVisible();
  expect(await balance(account, bankAccountId)).toBe(980);
  const paid = await one(
    account.client
      .from('entries')
      .select('status, paid_amount, open_amount, interest_amount, paid_total')
      .eq('id', entry.id)
      .single(),
  );
  expect(paid).toEqual({
    status: 'paid',
    paid_amount: 1000,
    open_amount: 0,
    interest_amount: 20,
    paid_total: 1020,
  });

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'A Pagar' })).toContainText(
    'Nenhuma conta a pagar pendente.',
  );
});

test('a late receivable received in part with juros shows its open remainder, then receiving the rest clears it', async ({
  page,
}) => {
  const { account, bankAccountId } = await setup();
  const entry = await one(
    account.client
      .from('accounts_receivable')
      .insert({
        company_id: account.companyId,
        description: 'Medição 3',
        amount: 1000,
        due_date: addDaysIso(browserToday(), -10),
      })
      .select('id')
      .single(),
  );
  await signIn(page, account.email, account.password);

  const aReceber = page.getByRole('region', { name: 'A Receber' });
  await expect(aReceber).toContainText('Medição 3');
  await expect(total(page, 'Em Atraso')).toContainText(brl('1.000,00'));

  await aReceber.getByRole('button', { name: /Medição 3/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Dar Baixa - Recebimento' })).toBeVisible();
  await expect(dialog).toContainText('Atrasado');
  await chooseAccount(page, dialog);
  await dialog.getByRole('button', { name: 'Juros, multa e desconto' }).click();
  await dialog.getByLabel('Juros').fill('20,00');
  await expect(dialog.getByTestId('settle-total')).toHaveText(brl('1.020,00'));
  await expect(dialog.getByLabel(/^Valor recebido/)).toHaveValue(brl('1.020,00'));
  await dialog.getByLabel(/^Valor recebido/).fill('520,00');
  // R$ 520,00 with R$ 20,00 of juros receives R$ 500,00 of the bill.
  await expect(dialog).toContainText(/ficam R\$\s500,00 em aberto/);
  await expect(dialog.getByTestId('settle-principal')).toHaveText(
    /^Principal quitado:\s*R\$\s500,00$/,
  );
  await dialog.getByRole('button', { name: 'Confirmar Recebimento' }).click();

  await expect(page.getByText('Recebimento parcial registrado')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Home: the remainder, not the full amount, is pending and overdue; the balance rose by 520.
  const row = aReceber.getByRole('link', { name: /Medição 3/ });
  await expect(row).toContainText(brl('500,00'));
  await expect(row).toContainText(/R\$\s500,00 de R\$\s1\.000,00 recebidos/);
  await expect(total(page, 'A Receber')).toContainText(brl('500,00'));
  await expect(total(page, 'Em Atraso')).toContainText(brl('500,00'));
  await expect(balanceCard(page, 'Conta Principal')).toContainText(brl('2.520,00'));
  expect(await balance(account, bankAccountId)).toBe(2520);

  // Contas a Receber: the same remainder, and the rest is received from there.
  await page.goto('/contas-receber');
  await expect(page.getByLabel('Resumo')).toContainText(brl('500,00'));
  const item = page
    .getByRole('main')
    .getByRole(listItemRole(page))
    .filter({ hasText: 'Medição 3' });
  await expect(item).toContainText('Recebido parcialmente');
  await expect(item).toContainText(brl('500,00'));
  await item.getByRole('button', { name: 'Dar Baixa' }).click();
  const rest = page.getByRole('dialog');
  await expect(rest).toContainText(/Em aberto\s*R\$\s500,00/);
  await expect(rest.getByLabel(/^Valor recebido/)).toHaveValue(brl('500,00'));
  await chooseAccount(page, rest);
  await rest.getByRole('button', { name: 'Confirmar Recebimento' }).click();

  await expect(page.getByText('Medição 3 foi marcado como recebido.')).toBeVisible();
  await expect(page.getByText('Nenhuma conta pendente!')).toBeVisible();
  expect(await balance(account, bankAccountId)).toBe(3020);
  const received = await one(
    account.client
      .from('entries')
      .select('status, paid_amount, open_amount, interest_amount, paid_total')
      .eq('id', entry.id)
      .single(),
  );
  expect(received).toEqual({
    status: 'paid',
    paid_amount: 1000,
    open_amount: 0,
    interest_amount: 20,
    paid_total: 1020,
  });
});

test('"Valor pago" and "Principal quitado" are the same figures in Dar Baixa, the detail and Histórico', async ({
  page,
}) => {
  const { account, bankAccountId } = await setup();
  const entry = await one(
    account.client
      .from('accounts_payable')
      .insert({
        company_id: account.companyId,
        description: 'Tijolo baiano',
        amount: 400,
        due_date: addDaysIso(browserToday(), -5),
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
  await chooseAccount(page, dialog);
  await dialog.getByRole('button', { name: 'Juros, multa e desconto' }).click();
  await dialog.getByLabel('Juros').fill('20,00');
  // What leaves the account, and the part of the bill it settles.
  await expect(dialog.getByLabel(/^Valor pago/)).toHaveValue(brl('420,00'));
  await expect(dialog.getByTestId('settle-principal')).toHaveText(
    /^Principal quitado:\s*R\$\s400,00$/,
  );
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(page.getByText('Tijolo baiano foi marcado como pago.')).toBeVisible();
  expect(await balance(account, bankAccountId)).toBe(1580);

  await page.goto(`/lancamentos/expense/${entry.id}`);
  const money = page.getByLabel('Situação do pagamento');
  await expect(money).toContainText(/Valor pago\s*R\$\s420,00/);
  await expect(money).toContainText(/Principal quitado\s*R\$\s400,00/);
  const payments = page.getByRole('list', { name: 'Pagamentos' });
  await expect(payments).toContainText(/Valor pago\s*R\$\s420,00/);
  await expect(payments).toContainText(/Principal quitado R\$\s400,00 \+ juros R\$\s20,00/);
  const history = page.getByRole('list', { name: 'Histórico de alterações' });
  await expect(history).toContainText(/Valor pago:\s*R\$\s0,00\s*para\s*R\$\s420,00/);
  await expect(history).toContainText(/Principal quitado:\s*R\$\s0,00\s*para\s*R\$\s400,00/);
  await screenshot(page, 'valor-pago-principal-quitado');
});

test('Lançar with a new supplier name and "Marcar como Pago" creates one paid entry', async ({
  page,
}) => {
  const { account, bankAccountId } = await setup();
  await signIn(page, account.email, account.password);
  await page.goto('/lancar');

  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel(/Descrição/).fill('Bancada de granito');
  await form.getByLabel('Fornecedor').fill('Marmoraria Nova');
  await expect(form).toContainText('Novo fornecedor: “Marmoraria Nova” será cadastrado ao salvar.');
  await form.getByLabel(/Valor/).fill('150,00');
  await form.getByRole('button', { name: /Data de Vencimento/ }).click();
  const today = formatDateWith(browserToday(), "d 'de' MMMM 'de' yyyy");
  await page
    .getByRole('grid')
    .getByRole('button', { name: new RegExp(today, 'i') })
    .click();
  await chooseAccount(page, form, 'Conta');
  await screenshot(page, 'lancar-novo-fornecedor');
  await form.getByRole('button', { name: 'Marcar como Pago' }).click();

  await expect(page.getByText('Bancada de granito foi marcado como pago.')).toBeVisible();
  const rows = await one(
    account.client
      .from('entries')
      .select('status, amount, counterparty_name')
      .eq('company_id', account.companyId)
      .eq('description', 'Bancada de granito'),
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    status: 'paid',
    amount: 150,
    counterparty_name: 'Marmoraria Nova',
  });
  const suppliers = await one(
    account.client.from('suppliers').select('name').eq('company_id', account.companyId),
  );
  expect(suppliers).toEqual([{ name: 'Marmoraria Nova' }]);
  expect(await balance(account, bankAccountId)).toBe(1850);
});
