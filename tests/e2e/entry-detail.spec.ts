// One entry's detail (/lancamentos/:kind/:id): reached from the lists, Excluir of a series, Editar
// with its Histórico, estorno of a payment. Accounts and suppliers are created through the API.
import type { Locator, Page } from '@playwright/test';
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

test.describe.configure({ timeout: 120_000 });

interface Setup {
  account: Account;
  bankAccountId: string;
  supplierId: string;
}

async function setup(): Promise<Setup> {
  const account = await createAccount('Construtora Detalhe', 'Paula Detalhe');
  const { client, companyId } = account;
  const { data: bank } = await client
    .from('bank_accounts')
    .insert({ company_id: companyId, name: 'Conta Obra', type: 'checking', initial_balance: 1000 })
    .select('id')
    .single()
    .throwOnError();
  const { data: supplier } = await client
    .from('suppliers')
    .insert({ company_id: companyId, name: 'Depósito Silva' })
    .select('id')
    .single()
    .throwOnError();
  return { account, bankAccountId: bank.id, supplierId: supplier.id };
}

async function createPayable(s: Setup, description: string, amount: number): Promise<string> {
  const { data } = await s.account.client
    .from('accounts_payable')
    .insert({
      company_id: s.account.companyId,
      description,
      amount,
      due_date: browserToday(),
      supplier_id: s.supplierId,
      supplier_name: 'Depósito Silva',
    })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

async function balance(s: Setup): Promise<number> {
  const { data } = await s.account.client
    .from('bank_accounts')
    .select('current_balance')
    .eq('id', s.bankAccountId)
    .single()
    .throwOnError();
  return data.current_balance;
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

/** Rows of Contas a Pagar: cards on the phone, table rows on the desktop. */
function listRows(page: Page, text: string) {
  return page.getByRole('main').getByRole(listItemRole(page)).filter({ hasText: text });
}

test('12 installments from Lançar: "Esta e as próximas" on the 3rd leaves only the 1st and 2nd', async ({
  page,
}) => {
  const s = await setup();
  const description = `Betoneira ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('1.200,00');
  await pickDueDate(page, form, browserToday());
  await form.getByLabel('Parcelamento').click();
  await form.getByLabel('Número de parcelas').fill('12');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('12 contas a pagar foram criadas com sucesso.')).toBeVisible();

  await page.goto('/contas-pagar');
  await expect(listRows(page, description)).toHaveCount(12);
  await page.getByRole('link', { name: `${description} (3/12)` }).click();
  await expect(page).toHaveURL(/\/lancamentos\/expense\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `${description} (3/12)` }),
  ).toBeVisible();
  await expect(page.getByText('Parcela 3 de 12')).toBeVisible();

  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('radio', { name: 'Só esta' })).toBeChecked();
  await confirm.getByRole('radio', { name: 'Esta e as próximas' }).click();
  await screenshot(page, 'excluir-serie');
  await confirm.getByRole('button', { name: 'Excluir' }).click();

  await expect(page.getByText('10 lançamentos da série foram excluídos.')).toBeVisible();
  await expect(page).toHaveURL(/\/contas-pagar$/);
  await expect(listRows(page, description)).toHaveCount(2);
  await expect(listRows(page, `${description} (1/12)`)).toHaveCount(1);
  await expect(listRows(page, `${description} (2/12)`)).toHaveCount(1);

  const { data: left } = await s.account.client
    .from('accounts_payable')
    .select('installment_number')
    .like('description', `${description}%`)
    .order('installment_number')
    .throwOnError();
  expect(left.map((r) => r.installment_number)).toEqual([1, 2]);
});

test('12 receivable installments from Lançar: "Esta e as próximas" on the 3rd leaves only the 1st and 2nd', async ({
  page,
}) => {
  const s = await setup();
  const description = `Venda lote ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/lancar');
  await page.getByRole('tab', { name: 'Conta a Receber' }).click();
  const form = page.getByRole('form', { name: 'Conta a Receber' });
  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('1.200,00');
  await pickDueDate(page, form, browserToday());
  await form.getByLabel('Parcelamento').click();
  await form.getByLabel('Número de parcelas').fill('12');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('12 contas a receber foram criadas com sucesso.')).toBeVisible();

  await page.goto('/contas-receber');
  await expect(listRows(page, description)).toHaveCount(12);
  await page.getByRole('link', { name: `${description} (3/12)` }).click();
  await expect(page).toHaveURL(/\/lancamentos\/income\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Parcela 3 de 12')).toBeVisible();

  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('radio', { name: 'Só esta' })).toBeChecked();
  await confirm.getByRole('radio', { name: 'Esta e as próximas' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();

  await expect(page.getByText('10 lançamentos da série foram excluídos.')).toBeVisible();
  await expect(page).toHaveURL(/\/contas-receber$/);
  await expect(listRows(page, description)).toHaveCount(2);
  await expect(listRows(page, `${description} (1/12)`)).toHaveCount(1);
  await expect(listRows(page, `${description} (2/12)`)).toHaveCount(1);

  const { data: left } = await s.account.client
    .from('accounts_receivable')
    .select('installment_number')
    .like('description', `${description}%`)
    .order('installment_number')
    .throwOnError();
  expect(left.map((r) => r.installment_number)).toEqual([1, 2]);
});

test('from home, a typed new supplier is saved and the Histórico shows who changed it, old → new', async ({
  page,
}) => {
  const s = await setup();
  const id = await createPayable(s, 'Areia média', 250);
  await signIn(page, s.account.email, s.account.password);

  // Tapping the row opens the detail; the row's own Dar Baixa stays.
  const aPagar = page.getByRole('region', { name: 'A Pagar' });
  await expect(aPagar.getByRole('button', { name: 'Dar Baixa: Areia média' })).toBeVisible();
  await aPagar.getByRole('link', { name: /Areia média/ }).click();
  await expect(page).toHaveURL(new RegExp(`/lancamentos/expense/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Areia média' })).toBeVisible();

  await page.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar lançamento' });
  const supplier = dialog.getByRole('textbox', { name: 'Fornecedor' });
  await expect(supplier).toHaveValue('Depósito Silva');
  await supplier.fill('Casa do Construtor');
  await expect(
    dialog.getByText('Novo fornecedor: “Casa do Construtor” será cadastrado ao salvar.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lançamento atualizado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const history = page.getByRole('list', { name: 'Histórico de alterações' });
  const change = history.locator(':scope > li').first();
  await expect(change).toContainText('Alteração');
  await expect(change).toContainText('Paula Detalhe');
  await expect(change).toContainText('Fornecedor: Depósito Silva para Casa do Construtor');
  await expect(history.locator(':scope > li').last()).toContainText('Lançamento criado');
  await expect(
    page.getByRole('definition').filter({ hasText: 'Casa do Construtor' }),
  ).toBeVisible();
  await screenshot(page, 'historico');

  const { data: registered } = await s.account.client
    .from('suppliers')
    .select('id, name')
    .eq('name', 'Casa do Construtor')
    .throwOnError();
  expect(registered).toHaveLength(1);
  const { data: entry } = await s.account.client
    .from('accounts_payable')
    .select('supplier_id, supplier_name')
    .eq('id', id)
    .single()
    .throwOnError();
  expect(entry).toEqual({ supplier_id: registered[0]?.id, supplier_name: 'Casa do Construtor' });
});

test('a paid entry says to reverse first; its payment is reversed from the detail, then it can be deleted', async ({
  page,
}) => {
  const s = await setup();
  const id = await createPayable(s, 'Telhas coloniais', 300);
  await s.account.client
    .rpc('settle_payable', {
      p_payable_id: id,
      p_bank_account_id: s.bankAccountId,
      p_paid_on: browserToday(),
      p_today: browserToday(),
    })
    .throwOnError();
  expect(await balance(s)).toBe(700);
  await signIn(page, s.account.email, s.account.password);

  await page.goto('/contas-pagar');
  await page.getByRole('tab', { name: 'Pagas' }).click();
  await page.getByRole('link', { name: 'Telhas coloniais' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Telhas coloniais' })).toBeVisible();
  const situation = page.getByLabel('Situação do pagamento');
  await expect(situation).toContainText(/Valor pago\s*R\$\s300,00/);
  await expect(situation).toContainText(/Principal quitado\s*R\$\s300,00/);
  await expect(situation).toContainText(/Em aberto\s*R\$\s0,00/);
  await expect(page.getByRole('button', { name: 'Dar Baixa' })).toHaveCount(0);
  const remove = page.getByRole('button', { name: 'Excluir' });
  await expect(remove).toBeDisabled();
  await expect(page.getByText('Estorne o pagamento antes de excluir.')).toBeVisible();
  const payments = page.getByRole('list', { name: 'Pagamentos' });
  await expect(payments).toContainText('Conta Obra');
  await screenshot(page, 'detalhe-pago');
  if (test.info().project.name === 'desktop') {
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'detalhe-pago-1366');
  }

  await payments.getByRole('button', { name: /^Estornar pagamento de R\$\s300,00/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('voltará para Conta Obra');
  await confirm.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(page.getByText('Estorno realizado')).toBeVisible();
  await expect(payments).toContainText('Estornado em');
  await expect(payments.getByRole('button', { name: /^Estornar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dar Baixa' })).toBeVisible();
  await expect(remove).toBeEnabled();
  await expect(situation).toHaveCount(0);
  await expect(page.getByText('Estorne o pagamento antes de excluir.')).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Histórico de alterações' }).locator(':scope > li').first(),
  ).toContainText('Estorno');
  expect(await balance(s)).toBe(1000);

  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Telhas coloniais foi excluído.')).toBeVisible();
  await expect(page).toHaveURL(/\/contas-pagar$/);
  await expect(listRows(page, 'Telhas coloniais')).toHaveCount(0);
});
