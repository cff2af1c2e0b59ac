// The 9-step wizards (/pagar, /receber) and Lançar (/lancar). Bank accounts, suppliers, clients,
// categories and obras are created through the API: their screens belong to other issues.
import type { Locator, Page } from '@playwright/test';
import { addDaysIso, expandRecurrence } from '../../src/lib/dates';
import { createAccount, expect, screenshot, signIn, test, type Account } from './support';

// Long journeys (nine steps, a screenshot on each) on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 });

interface Setup {
  account: Account;
  bankAccountId: string;
  supplierId: string;
  projectId: string;
  expenseCategoryId: string;
  incomeCategoryId: string;
}

async function setup(): Promise<Setup> {
  const account = await createAccount('Construtora Wizard');
  const { client, companyId } = account;
  const one = async (promise: PromiseLike<{ data: { id: string } | null; error: unknown }>) => {
    const { data, error } = await promise;
    if (error || !data) throw new Error(`setup failed: ${JSON.stringify(error)}`);
    return data;
  };
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({
        company_id: companyId,
        name: 'Banco Obra',
        type: 'checking',
        initial_balance: 5000,
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
  await one(
    client
      .from('clients')
      .insert({ company_id: companyId, name: 'Maria Souza' })
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
    projectId: project.id,
    expenseCategoryId: expense.id,
    incomeCategoryId: income.id,
  };
}

/** Today in the browser's time zone (playwright.config: America/Sao_Paulo). */
async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

const continuar = (page: Page) => page.getByRole('button', { name: 'Continuar' });

// A 1×1 PNG, as a receipt photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a payable through the 9 steps, with a receipt photo, shows up on Contas a Pagar', async ({
  page,
}) => {
  const s = await setup();
  const description = `Cimento CP-II ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/pagar');

  await expect(page.getByRole('heading', { name: 'Nova Conta a Pagar' })).toBeVisible();
  await expect(page.getByText('1/9')).toBeVisible();
  await screenshot(page, 'pagar-1-descricao');
  await page.getByLabel('Descrição').fill(description);
  await continuar(page).click();

  await expect(page.getByText('2/9')).toBeVisible();
  await page.getByRole('radio', { name: 'Depósito Silva' }).click();
  await screenshot(page, 'pagar-2-fornecedor');
  await continuar(page).click();

  await page.getByLabel('Valor').fill('1.234,56');
  await screenshot(page, 'pagar-3-valor');
  await continuar(page).click();

  await page.getByRole('radio', { name: /Amanhã/ }).click();
  await screenshot(page, 'pagar-4-quando');
  await continuar(page).click();

  await page.getByRole('radio', { name: 'Casa 001' }).click();
  await screenshot(page, 'pagar-5-obra');
  await continuar(page).click();

  await page.getByRole('radio', { name: 'Materiais' }).click();
  await expect(page.getByRole('radio', { name: 'Venda de casas' })).toHaveCount(0);
  await screenshot(page, 'pagar-6-categoria');
  await continuar(page).click();

  await page.getByLabel('Observações (opcional)').fill('Entregar no portão dos fundos');
  await screenshot(page, 'pagar-7-observacoes');
  await continuar(page).click();

  await page
    .getByLabel(/Foto do comprovante/)
    .setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByRole('img', { name: /Pré-visualização do comprovante nota.png/ }),
  ).toBeVisible();
  await screenshot(page, 'pagar-8-comprovante');
  await continuar(page).click();

  await expect(page.getByText('9/9')).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expect(page.getByText('R$ 1.234,56')).toBeVisible();
  await screenshot(page, 'pagar-9-revisao');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Lançamento salvo!')).toBeVisible();
  await expect(page.getByText('Conta a pagar foi criada com sucesso.')).toBeVisible();
  await expect(page.getByText('1/9')).toBeVisible();
  await expect(page.getByLabel('Descrição')).toHaveValue('');

  const today = await browserToday(page);
  const { data: rows } = await s.account.client
    .from('accounts_payable')
    .select(
      'description, supplier_id, supplier_name, amount, due_date, project_id, category_id, notes, status',
    )
    .eq('description', description);
  expect(rows).toEqual([
    {
      description,
      supplier_id: s.supplierId,
      supplier_name: 'Depósito Silva',
      amount: 1234.56,
      due_date: addDaysIso(today, 1),
      project_id: s.projectId,
      category_id: s.expenseCategoryId,
      notes: 'Entregar no portão dos fundos',
      status: 'pending',
    },
  ]);

  await page.goto('/contas-pagar');
  await expect(page.getByText(description)).toBeVisible();
  await screenshot(page, 'pagar-contas-pagar');
});

test('a receivable through the 9 steps registers a new client and shows up on Contas a Receber', async ({
  page,
}) => {
  const s = await setup();
  const description = `Parcela Casa 001 ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/receber');

  await expect(page.getByRole('heading', { name: 'Nova Conta a Receber' })).toBeVisible();
  await page.getByLabel('Descrição').fill(description);
  await continuar(page).click();
  await page.getByLabel('Nome do cliente').fill('Carlos Pereira');
  await expect(
    page.getByText(/Novo cliente: “Carlos Pereira” será cadastrado ao salvar/),
  ).toBeVisible();
  await screenshot(page, 'receber-2-cliente-novo');
  await continuar(page).click();
  await page.getByLabel('Valor').fill('80000');
  await continuar(page).click();
  await expect(
    page.getByRole('heading', { name: 'Qual a data prevista para receber?' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: /Escolher data/ }).click();
  await page.getByRole('button', { name: /Ir para o próximo mês/ }).click();
  await page
    .getByRole('grid')
    .getByRole('button', { name: /^\D*10 de / })
    .click();
  await screenshot(page, 'receber-4-data-prevista');
  await continuar(page).click();
  await page.getByRole('radio', { name: 'Geral (sem obra específica)' }).click();
  await continuar(page).click();
  await page.getByRole('radio', { name: 'Venda de casas' }).click();
  await continuar(page).click();
  await continuar(page).click();
  await page.getByRole('button', { name: 'Pular esta etapa' }).click();
  await expect(page.getByText('9/9')).toBeVisible();
  await screenshot(page, 'receber-9-revisao');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Conta a receber foi criada com sucesso.')).toBeVisible();

  const { data: clients } = await s.account.client
    .from('clients')
    .select('id, name')
    .eq('name', 'Carlos Pereira');
  expect(clients).toHaveLength(1);
  const { data: rows } = await s.account.client
    .from('accounts_receivable')
    .select('client_id, client_name, amount, due_date, project_id, category_id')
    .eq('description', description);
  expect(rows).toHaveLength(1);
  expect(rows?.[0]).toMatchObject({
    client_id: clients?.[0]?.id,
    client_name: 'Carlos Pereira',
    amount: 80000,
    project_id: null,
    category_id: s.incomeCategoryId,
  });
  expect(rows?.[0]?.due_date).toMatch(/-10$/);

  await page.goto('/contas-receber');
  await expect(page.getByText(description)).toBeVisible();
  await screenshot(page, 'receber-contas-receber');
});

test('validation blocks each wizard step, and a reload mid-wizard keeps what was typed', async ({
  page,
}) => {
  const s = await setup();
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/pagar');

  await expect(continuar(page)).toBeDisabled();
  await page.getByLabel('Descrição').fill('   ');
  await expect(continuar(page)).toBeDisabled();
  await page.getByLabel('Descrição').fill('Areia média');
  await continuar(page).click();

  await expect(continuar(page)).toBeDisabled();
  await page.getByLabel('Nome do fornecedor').fill('Areial');
  await continuar(page).click();

  await expect(continuar(page)).toBeDisabled();
  await page.getByLabel('Valor').fill('0');
  await expect(continuar(page)).toBeDisabled();
  await page.getByLabel('Valor').fill('abc');
  await expect(continuar(page)).toBeDisabled();
  await screenshot(page, 'validacao-valor');
  await page.getByLabel('Valor').fill('350,00');
  await continuar(page).click();

  await expect(continuar(page)).toBeDisabled();
  await page.getByRole('radio', { name: /Escolher data/ }).click();
  await expect(continuar(page)).toBeDisabled();
  await page.getByRole('radio', { name: /Hoje/ }).click();
  await continuar(page).click();

  await expect(continuar(page)).toBeDisabled();
  await page.getByRole('radio', { name: 'Casa 001' }).click();
  await continuar(page).click();

  await expect(continuar(page)).toBeDisabled();
  await screenshot(page, 'validacao-categoria');

  await page.reload();
  await expect(page.getByText('6/9')).toBeVisible();
  await page.getByRole('radio', { name: 'Materiais' }).click();
  await continuar(page).click();
  await continuar(page).click();
  await continuar(page).click();
  await expect(page.getByText('9/9')).toBeVisible();
  await expect(page.getByText('Areia média')).toBeVisible();
  await expect(page.getByText('R$ 350,00')).toBeVisible();
  await expect(page.getByText('Areial')).toBeVisible();
});

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

async function chooseOption(page: Page, form: Locator, label: string, option: string | RegExp) {
  await form.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('Lançar: a monthly recurrence of 3 creates 3 linked entries with the right dates', async ({
  page,
}) => {
  const s = await setup();
  const description = `Aluguel de andaime ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/lancar');
  await expect(page.getByRole('tab', { name: /Conta a Pagar/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await screenshot(page, 'lancar-pagar');

  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Descrição').fill(description);
  await expect(form.getByLabel('Valor')).toHaveAttribute('placeholder', 'R$ 0,00');
  await form.getByLabel('Valor').fill('R$ 1.500,00');
  const today = await browserToday(page);
  await pickDueDate(page, form, today);
  await chooseOption(page, form, 'Recorrência', 'Mensal');
  await form.getByLabel('Ocorrências').fill('3');
  await chooseOption(page, form, 'Obra/Projeto', 'Casa 001');
  await chooseOption(page, form, 'Categoria', 'Materiais');
  await chooseOption(page, form, 'Forma de Pagamento', 'PIX');
  const expected = expandRecurrence(today, 'monthly', 3);
  await expect(form.getByText('Serão criados 3 lançamentos de R$ 1.500,00')).toBeVisible();
  await screenshot(page, 'lancar-recorrencia');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('3 contas a pagar foram criadas com sucesso.')).toBeVisible();
  await expect(form.getByLabel('Descrição')).toHaveValue('');

  const { data: rows } = await s.account.client
    .from('accounts_payable')
    .select(
      'amount, due_date, series_id, series_kind, project_id, category_id, payment_method, status',
    )
    .eq('description', description)
    .order('due_date');
  expect(rows?.map((r) => r.due_date)).toEqual(expected);
  expect(rows?.every((r) => r.amount === 1500 && r.status === 'pending')).toBe(true);
  expect(rows?.every((r) => r.series_kind === 'recurrence' && r.payment_method === 'pix')).toBe(
    true,
  );
  expect(
    rows?.every((r) => r.project_id === s.projectId && r.category_id === s.expenseCategoryId),
  ).toBe(true);
  expect(new Set(rows?.map((r) => r.series_id)).size).toBe(1);
  expect(rows?.[0]?.series_id).toBeTruthy();
});

test('Lançar: "Marcar como Pago" creates a paid entry and moves the balance by exactly its value', async ({
  page,
}) => {
  const s = await setup();
  const description = `Frete de brita ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });

  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('250,75');
  await pickDueDate(page, form, await browserToday(page));
  // Without a Conta it refuses, keeping what was typed.
  await form.getByRole('button', { name: 'Marcar como Pago' }).click();
  await expect(
    page.getByText('Selecione uma conta bancária para dar baixa.').first(),
  ).toBeVisible();
  await expect(form.getByLabel('Descrição')).toHaveValue(description);
  await screenshot(page, 'lancar-pago-sem-conta');

  await chooseOption(page, form, 'Conta', /Banco Obra/);
  await form.getByRole('button', { name: 'Marcar como Pago' }).click();
  await expect(page.getByText('Pagamento realizado')).toBeVisible();
  await expect(page.getByText(`${description} foi marcado como pago.`)).toBeVisible();

  const { data: entries } = await s.account.client
    .from('accounts_payable')
    .select('id, status, amount, bank_account_id, payment_date')
    .eq('description', description);
  expect(entries).toHaveLength(1);
  expect(entries?.[0]).toMatchObject({
    status: 'paid',
    amount: 250.75,
    bank_account_id: s.bankAccountId,
  });
  const { data: bank } = await s.account.client
    .from('bank_accounts')
    .select('current_balance')
    .eq('id', s.bankAccountId)
    .single();
  expect(bank?.current_balance).toBe(4749.25);
  const { data: ledger } = await s.account.client
    .from('transactions')
    .select('amount, direction')
    .eq('payable_id', entries?.[0]?.id ?? '');
  expect(ledger).toEqual([{ amount: 250.75, direction: 'out' }]);
});

test('Lançar: installments and the Via WhatsApp tab; a draft survives a reload', async ({
  page,
}) => {
  const s = await setup();
  const description = `Betoneira ${Date.now()}`;
  await signIn(page, s.account.email, s.account.password);
  await page.goto('/lancar');
  await page.getByRole('tab', { name: /Conta a Receber/ }).click();
  const form = page.getByRole('form', { name: 'Conta a Receber' });

  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('100,00');
  await form.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(page.getByText('Rascunho salvo', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: /Conta a Receber/ }).click();
  await expect(form.getByLabel('Descrição')).toHaveValue(description);
  await expect(form.getByLabel('Valor')).toHaveValue(/100,00/);

  await pickDueDate(page, form, await browserToday(page));
  await form.getByLabel('Parcelamento').click();
  await form.getByLabel('Número de parcelas').fill('3');
  await expect(form.getByText('3 parcelas mensais (total R$ 100,00)')).toBeVisible();
  await screenshot(page, 'lancar-parcelamento');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('3 contas a receber foram criadas com sucesso.')).toBeVisible();

  const { data: rows } = await s.account.client
    .from('accounts_receivable')
    .select('description, amount, installment_number, installment_count, series_kind')
    .like('description', `${description}%`)
    .order('installment_number');
  expect(rows?.map((r) => [r.description, r.amount])).toEqual([
    [`${description} (1/3)`, 33.33],
    [`${description} (2/3)`, 33.33],
    [`${description} (3/3)`, 33.34],
  ]);

  // On a desktop the success toast sits over the tabs, and a pointer resting on it pauses it: let it
  // go, as a person would, before reaching for the tab beneath.
  await expect(page.getByText('3 contas a receber foram criadas com sucesso.')).toBeHidden();
  await page.getByRole('tab', { name: /Via WhatsApp/ }).click();
  await expect(page.getByRole('heading', { name: 'Mensagens Detectadas' })).toBeVisible();
  await expect(page.getByText('Nenhuma mensagem detectada')).toBeVisible();
  await page.getByRole('button', { name: 'Ver Instruções' }).click();
  await expect(page.getByRole('dialog', { name: 'Lançamentos via WhatsApp' })).toBeVisible();
  await screenshot(page, 'lancar-whatsapp');
});
