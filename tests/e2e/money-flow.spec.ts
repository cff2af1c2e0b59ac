// The money flow: home dashboard, Dar Baixa, the race of two phones, Estorno and Últimos
// lançamentos. Bank accounts, suppliers, categories and entries are created through the API (their
// screens and the wizards are other journeys); the ledger and balances are checked through the API.
import type { Browser, Page } from '@playwright/test';
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

interface Setup {
  account: Account;
  bankAccountId: string;
  supplierId: string;
  clientId: string;
  expenseCategoryId: string;
  incomeCategoryId: string;
}

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

async function setup(): Promise<Setup> {
  const account = await createAccount('Construtora Fluxo', 'Paula Fluxo');
  const { client, companyId } = account;
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({
        company_id: companyId,
        name: 'Conta Principal',
        type: 'checking',
        initial_balance: 1000,
      })
      .select('id')
      .single(),
  );
  const supplier = await one(
    client
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Depósito Silva' })
      .select('id')
      .single(),
  );
  const customer = await one(
    client
      .from('clients')
      .insert({ company_id: companyId, name: 'Maria Souza' })
      .select('id')
      .single(),
  );
  const expense = await one(
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Materiais', type: 'expense' })
      .select('id')
      .single(),
  );
  const income = await one(
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Venda de casas', type: 'income' })
      .select('id')
      .single(),
  );
  return {
    account,
    bankAccountId: bank.id,
    supplierId: supplier.id,
    clientId: customer.id,
    expenseCategoryId: expense.id,
    incomeCategoryId: income.id,
  };
}

async function createPayable(
  s: Setup,
  description: string,
  amount: number,
  dueDate = browserToday(),
) {
  return one(
    s.account.client
      .from('accounts_payable')
      .insert({
        company_id: s.account.companyId,
        description,
        amount,
        due_date: dueDate,
        supplier_id: s.supplierId,
        category_id: s.expenseCategoryId,
      })
      .select('id')
      .single(),
  );
}

async function createReceivable(
  s: Setup,
  description: string,
  amount: number,
  dueDate = browserToday(),
) {
  return one(
    s.account.client
      .from('accounts_receivable')
      .insert({
        company_id: s.account.companyId,
        description,
        amount,
        due_date: dueDate,
        client_id: s.clientId,
        category_id: s.incomeCategoryId,
      })
      .select('id')
      .single(),
  );
}

async function balance(s: Setup): Promise<number> {
  const row = await one(
    s.account.client
      .from('bank_accounts')
      .select('current_balance')
      .eq('id', s.bankAccountId)
      .single(),
  );
  return Number(row.current_balance);
}

async function ledger(s: Setup, column: 'payable_id' | 'receivable_id', id: string) {
  return one(s.account.client.from('transactions').select('*').eq(column, id));
}

/** R$ text with any space (Intl puts a no-break space after "R$"). */
function brl(text: string): RegExp {
  return new RegExp(`R\\$\\s${text.replace(/\./g, '\\.')}`);
}

/**
 * A row of Contas a Pagar/Receber (toasts are list items too, outside main): a card on the phone,
 * a table row on the desktop.
 */
function listRow(page: Page, text: string) {
  return page.getByRole('main').getByRole(listItemRole(page)).filter({ hasText: text });
}

/** The phone's card says "Pago em dd/MM" and "Obra: X"; the desktop's row, a date and X. */
const onPhone = (page: Page) => listItemRole(page) === 'listitem';

function balanceCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Saldos das contas bancárias' })
    .getByRole('listitem')
    .filter({ hasText: name });
}

function pendingList(page: Page, title: 'A Pagar' | 'A Receber') {
  return page.getByRole('region', { name: title });
}

async function openSettle(page: Page, list: 'A Pagar' | 'A Receber', description: string) {
  await pendingList(page, list)
    .getByRole('button', { name: new RegExp(description) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseAccount(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('combobox', { name: 'Conta bancária' }).click();
  await page.getByRole('option', { name: /^Conta Principal - R\$/ }).click();
}

test('a payable created through the API is settled from home: balance drops by exactly its value, one ledger row', async ({
  page,
}) => {
  const s = await setup();
  const entry = await createPayable(s, 'Cimento CP-II', 123.45);
  await signIn(page, s.account.email, s.account.password);

  await expect(page.getByRole('heading', { name: 'Olá, Paula Fluxo' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Construtora Fluxo')).toBeVisible();
  await expect(balanceCard(page, 'Conta Principal')).toContainText(brl('1.000,00'));
  await expect(pendingList(page, 'A Pagar')).toContainText('1 pendente');
  await expect(pendingList(page, 'A Pagar')).toContainText('Cimento CP-II');
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: brl('123,45') })
      .first(),
  ).toBeVisible();
  await screenshot(page, 'home');

  const dialog = await openSettle(page, 'A Pagar', 'Cimento CP-II');
  await expect(dialog.getByRole('heading', { name: 'Dar Baixa - Pagamento' })).toBeVisible();
  await expect(dialog).toContainText('Aberto');
  await expect(dialog).toContainText('Materiais');
  const confirm = dialog.getByRole('button', { name: 'Confirmar Pagamento' });
  await expect(confirm).toBeDisabled();
  await chooseAccount(page, dialog);
  await screenshot(page, 'dar-baixa');
  await confirm.click();

  await expect(page.getByText('Pagamento realizado')).toBeVisible();
  await expect(page.getByText('Cimento CP-II foi marcado como pago.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Without a reload: the entry leaves the list, the card and the totals move.
  await expect(pendingList(page, 'A Pagar')).not.toContainText('Cimento CP-II');
  await expect(pendingList(page, 'A Pagar')).toContainText('Nenhuma conta a pagar pendente.');
  await expect(balanceCard(page, 'Conta Principal')).toContainText(brl('876,55'));

  expect(await balance(s)).toBe(876.55);
  const rows = await ledger(s, 'payable_id', entry.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    direction: 'out',
    amount: 123.45,
    bank_account_id: s.bankAccountId,
  });
});

test('a receivable is settled from home: balance rises by exactly its value, one ledger row', async ({
  page,
}) => {
  const s = await setup();
  const entry = await createReceivable(
    s,
    'Parcela Casa 001',
    250.1,
    addDaysIso(browserToday(), -2),
  );
  await signIn(page, s.account.email, s.account.password);

  await expect(pendingList(page, 'A Receber')).toContainText('Parcela Casa 001');
  const dialog = await openSettle(page, 'A Receber', 'Parcela Casa 001');
  await expect(dialog.getByRole('heading', { name: 'Dar Baixa - Recebimento' })).toBeVisible();
  await expect(dialog).toContainText('Atrasado');
  await chooseAccount(page, dialog);
  await dialog.getByRole('button', { name: 'Confirmar Recebimento' }).click();

  await expect(page.getByText('Recebimento confirmado')).toBeVisible();
  await expect(page.getByText('Parcela Casa 001 foi marcado como recebido.')).toBeVisible();
  await expect(pendingList(page, 'A Receber')).not.toContainText('Parcela Casa 001');
  await expect(balanceCard(page, 'Conta Principal')).toContainText(brl('1.250,10'));

  expect(await balance(s)).toBe(1250.1);
  const rows = await ledger(s, 'receivable_id', entry.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ direction: 'in', amount: 250.1 });
});

async function secondPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

test('two phones settle the same payable: one succeeds, the other is told and no money moves twice', async ({
  page,
  browser,
  baseURL,
}) => {
  const s = await setup();
  const entry = await createPayable(s, 'Areia lavada', 300);
  const other = await secondPhone(browser, baseURL);
  try {
    await signIn(page, s.account.email, s.account.password);
    await signIn(other.page, s.account.email, s.account.password);

    const first = await openSettle(page, 'A Pagar', 'Areia lavada');
    const second = await openSettle(other.page, 'A Pagar', 'Areia lavada');
    await chooseAccount(page, first);
    await chooseAccount(other.page, second);

    await first.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await expect(page.getByText('Pagamento realizado')).toBeVisible();

    await second.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await expect(
      other.page.getByText(
        'Este lançamento já foi baixado em outro aparelho. A lista foi atualizada.',
      ),
    ).toBeVisible();
    await expect(other.page.getByText('Pagamento realizado')).toHaveCount(0);
    await expect(second).toBeHidden();
    // The second phone's list and balance catch up with the database.
    await expect(pendingList(other.page, 'A Pagar')).not.toContainText('Areia lavada');
    await expect(balanceCard(other.page, 'Conta Principal')).toContainText(brl('700,00'));
    await screenshot(other.page, 'dar-baixa-ja-baixado');

    expect(await balance(s)).toBe(700);
    expect(await ledger(s, 'payable_id', entry.id)).toHaveLength(1);
  } finally {
    await other.context.close();
  }
});

test('estorno from Contas a Pagar restores the balance and the entry is pending again', async ({
  page,
}) => {
  const s = await setup();
  const entry = await createPayable(s, 'Telhas', 80.3);
  await s.account.client
    .rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: s.bankAccountId,
      p_paid_on: browserToday(),
    })
    .throwOnError();
  expect(await balance(s)).toBe(919.7);

  await signIn(page, s.account.email, s.account.password);
  await page.goto('/contas-pagar');
  await expect(page.getByRole('heading', { name: 'Contas a Pagar' })).toBeVisible();
  await expect(page.getByText('Nenhuma conta pendente!')).toBeVisible();
  await page.getByRole('tab', { name: 'Pagas' }).click();
  const row = listRow(page, 'Telhas');
  await expect(row).toContainText(onPhone(page) ? 'Pago em' : 'Pago');
  await expect(row).toContainText('Depósito Silva');
  await screenshot(page, 'contas-pagar-pagas');

  await row.getByRole('button', { name: 'Estornar' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Telhas');
  await confirm.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(page.getByText('Estorno realizado')).toBeVisible();
  await expect(page.getByText('Nenhuma conta paga ainda.')).toBeVisible();

  await page.getByRole('tab', { name: 'Pendentes' }).click();
  await expect(listRow(page, 'Telhas')).toBeVisible();
  expect(await balance(s)).toBe(1000);
  // The history keeps both rows: the payment and its reversal.
  expect(await ledger(s, 'payable_id', entry.id)).toHaveLength(2);

  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/mais$/);
  await page.goto('/');
  await expect(balanceCard(page, 'Conta Principal')).toContainText(brl('1.000,00'));
});

test('Contas a Receber lists overdue days and settles through the real dialog', async ({
  page,
}) => {
  const s = await setup();
  await createReceivable(s, 'Sinal Casa 002', 500, addDaysIso(browserToday(), -3));
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/contas-receber');
  const row = listRow(page, 'Sinal Casa 002');
  await expect(row).toContainText('3 dias em atraso');
  await expect(row).toContainText('Maria Souza');
  await expect(row).toContainText(onPhone(page) ? 'Obra: Geral' : 'Geral');
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: brl('500,00') })
      .first(),
  ).toBeVisible();
  await screenshot(page, 'contas-receber');

  await row.getByRole('button', { name: 'Dar Baixa' }).click();
  const dialog = page.getByRole('dialog');
  await chooseAccount(page, dialog);
  await dialog.getByRole('button', { name: 'Confirmar Recebimento' }).click();
  await expect(page.getByText('Recebimento confirmado')).toBeVisible();
  await expect(page.getByText('Nenhuma conta pendente!')).toBeVisible();
  await page.getByRole('tab', { name: 'Recebidas' }).click();
  await expect(listRow(page, 'Sinal Casa 002')).toContainText(
    onPhone(page) ? 'Recebido em' : 'Recebido',
  );
  expect(await balance(s)).toBe(1500);
});

test('Últimos lançamentos: the period really filters by due date', async ({ page }) => {
  const s = await setup();
  const today = browserToday();
  await createPayable(s, 'Vence hoje', 10, today);
  await createReceivable(s, 'Venceu há 60 dias', 20, addDaysIso(today, -60));
  await createPayable(s, 'Vence em 90 dias', 30, addDaysIso(today, 90));
  await signIn(page, s.account.email, s.account.password);

  await page.getByRole('link', { name: 'Últimos lançamentos' }).click();
  await expect(page.getByRole('heading', { name: 'Últimos Lançamentos' })).toBeVisible();
  await expect(page.getByText('3 transações encontradas')).toBeVisible();

  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Hoje' }).click();
  await expect(page.getByText('1 transação encontrada')).toBeVisible();
  await expect(page.getByText('Vence hoje')).toBeVisible();
  await expect(page.getByText('Venceu há 60 dias')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Últimos 30 dias' }).click();
  await expect(page.getByText('1 transação encontrada')).toBeVisible();

  // A far-away custom range finds nothing; the filter survives a reload (it is in the URL).
  await page.goto(`/ultimos-lancamentos?periodo=custom&inicio=${addDaysIso(today, 200)}`);
  await expect(page.getByText('Nenhuma transação encontrada')).toBeVisible();
  await screenshot(page, 'ultimos-lancamentos-vazio');

  await page.getByRole('button', { name: 'Limpar datas' }).click();
  await expect(page.getByText('3 transações encontradas')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Período' })).toHaveText('Todos os lançamentos');
  await screenshot(page, 'ultimos-lancamentos');
});
