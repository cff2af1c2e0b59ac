// Planning: a bill due in 10 days that takes the projected balance below zero is called
// out on home, with the bill; the projection's tab shows it by week; the DRE of the month shows
// what was received and paid (caixa) and, under competência, also the unpaid bills.
import type { Page } from '@playwright/test';
import { browserToday, createAccount, expect, screenshot, signIn, test } from './support';

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

async function setup() {
  const account = await createAccount('Construtora Previsão', 'Pedro Planejamento');
  const { client, companyId } = account;
  const today = browserToday();
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({
        company_id: companyId,
        name: 'Conta Obra',
        type: 'checking',
        initial_balance: 1000,
      })
      .select('id')
      .single(),
  );
  const venda = await one(
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Venda de casas', type: 'income' })
      .select('id')
      .single(),
  );
  const material = await one(
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Materiais', type: 'expense' })
      .select('id')
      .single(),
  );
  const entry = (
    table: 'accounts_payable' | 'accounts_receivable',
    description: string,
    amount: number,
    due: string,
    category: string,
  ) =>
    one(
      client
        .from(table)
        .insert({
          company_id: companyId,
          description,
          amount,
          due_date: due,
          category_id: category,
          bank_account_id: bank.id,
        })
        .select('id')
        .single(),
    );
  const lote = await entry('accounts_receivable', 'Venda lote 7', 5000, today, venda.id);
  await one(
    client.rpc('settle_receivable', {
      p_receivable_id: lote.id,
      p_bank_account_id: bank.id,
      p_received_on: today,
    }),
  );
  const cimento = await entry('accounts_payable', 'Cimento', 1200, today, material.id);
  await one(
    client.rpc('settle_payable', {
      p_payable_id: cimento.id,
      p_bank_account_id: bank.id,
      p_paid_on: today,
    }),
  );
  // Unpaid: due today (competência only) and in 10 days (takes the projection below zero).
  await entry('accounts_payable', 'Aluguel betoneira', 800, today, material.id);
  const concreto = await entry(
    'accounts_payable',
    'Concreto usinado',
    7450,
    addDays(today, 10),
    material.id,
  );
  return { account, today, concretoId: concreto.id };
}

/** The DRE's line amounts in the total column (desktop table) or the total block (phone). */
async function totalOf(page: Page, desktop: boolean, label: string) {
  if (desktop) {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    return row.getByRole('cell').last();
  }
  const block = page.getByRole('region', { name: 'Total do período' });
  return block
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .getByRole('definition');
}

test('a bill that makes the projection negative is called out; the DRE separates caixa and competência', async ({
  page,
}, testInfo) => {
  // Two screens, two tabs and four screenshots per viewport: longer than one journey's default.
  test.slow();
  const desktop = testInfo.project.name === 'desktop';
  if (desktop) await page.setViewportSize({ width: 1366, height: 900 });
  const { account, today, concretoId } = await setup();
  await signIn(page, account.email, account.password);

  // 1000 + 5000 − 1200 = 4800 today; − 800 due today = 4000; − 7450 in 10 days = −3450.
  const warning = page.getByRole('region', { name: /Saldo previsto fica negativo/ });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('heading')).toHaveText(
    `Saldo previsto fica negativo em ${ddmm(addDays(today, 10))}: −R$\u00a03.450,00`,
  );
  const cause = warning.getByRole('link', { name: /Concreto usinado/ });
  await expect(cause).toHaveAttribute('href', `/lancamentos/expense/${concretoId}`);
  await expect(warning.getByRole('link').nth(1)).toContainText('Aluguel betoneira');
  await screenshot(page, 'home-warning');

  await warning.getByRole('link', { name: 'Ver fluxo de caixa previsto' }).click();
  await expect(page).toHaveURL(/\/relatorio\?aba=fluxo$/);
  await expect(page.getByRole('link', { name: 'Fluxo de caixa previsto' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Saldo previsto fica negativo' }),
  ).toContainText('−R$\u00a03.450,00');
  const weeks = page.getByRole('table', { name: 'Fluxo de caixa previsto por semana' });
  await expect(weeks).toBeVisible();
  await expect(weeks.getByRole('row').nth(1)).toContainText('R$\u00a0800,00');
  await expect(weeks.getByRole('row').last()).toContainText('−R$\u00a03.450,00');
  await screenshot(page, 'fluxo-previsto');

  // 60 days: the same bills, a longer table.
  await page.getByRole('button', { name: '60 dias' }).click();
  await expect(
    page.getByText(`Saldo em ${addDays(today, 59).split('-').reverse().join('/')}`),
  ).toBeVisible();

  await page.getByRole('link', { name: 'DRE' }).click();
  await expect(page).toHaveURL(/aba=dre/);
  await expect(await totalOf(page, desktop, 'Receita bruta')).toHaveText('R$\u00a05.000,00');
  await expect(await totalOf(page, desktop, '(−) Custos diretos de obra')).toHaveText(
    'R$\u00a01.200,00',
  );
  await expect(await totalOf(page, desktop, '(=) Lucro bruto')).toHaveText('R$\u00a03.800,00');
  await screenshot(page, 'dre-caixa');

  await page.getByRole('button', { name: 'Competência' }).click();
  // Unpaid bills count by due date: the betoneira today, the concreto if it falls in this month.
  const custos = 1200 + 800 + (addDays(today, 10).slice(0, 7) === today.slice(0, 7) ? 7450 : 0);
  const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
  await expect(await totalOf(page, desktop, '(−) Custos diretos de obra')).toHaveText(
    brl.format(custos),
  );
  await expect(await totalOf(page, desktop, 'Receita bruta')).toHaveText('R$\u00a05.000,00');
  await screenshot(page, 'dre-competencia');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dre-competencia-\d{4}-\d{2}-a-\d{4}-\d{2}\.csv$/);
});
