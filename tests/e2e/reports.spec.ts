// Movimentações and Relatório: entries created and settled through the API (their screens are other
// journeys), then found, filtered, searched, totalled and exported on Movimentações, and summed on
// the report of the month.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  listRows,
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

async function setup(): Promise<Account> {
  const account = await createAccount('Construtora Relatório', 'Rita Relatório');
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
      .insert({ company_id: companyId, name: 'Venda de imóveis', type: 'income', color: 'green' })
      .select('id')
      .single(),
  );
  const material = await one(
    client
      .from('categories')
      .insert({
        company_id: companyId,
        name: 'Materiais básicos',
        type: 'expense',
        color: 'orange',
      })
      .select('id')
      .single(),
  );
  const casa = await one(
    client
      .from('projects')
      .insert({ company_id: companyId, name: 'Casa 101' })
      .select('id')
      .single(),
  );

  const receivable = (description: string, amount: number, due: string, extra = {}) =>
    one(
      client
        .from('accounts_receivable')
        .insert({ company_id: companyId, description, amount, due_date: due, ...extra })
        .select('id')
        .single(),
    );
  const payable = (description: string, amount: number, due: string, extra = {}) =>
    one(
      client
        .from('accounts_payable')
        .insert({ company_id: companyId, description, amount, due_date: due, ...extra })
        .select('id')
        .single(),
    );

  const lote = await receivable('Venda lote 7', 8000, today, {
    category_id: venda.id,
    project_id: casa.id,
    client_name: 'Joana Compradora',
  });
  const sinal = await receivable('Sinal apartamento', 1500, today);
  await receivable('Parcela futura', 2000, '2099-01-10');
  const cimento = await payable('Cimento Votoran', 1200, today, {
    category_id: material.id,
    supplier_name: 'Depósito Silva',
  });
  await payable('Areia lavada', 300, '2025-06-10');

  for (const id of [lote.id, sinal.id]) {
    await one(
      client.rpc('settle_receivable', {
        p_receivable_id: id,
        p_bank_account_id: bank.id,
        p_received_on: today,
      }),
    );
  }
  await one(
    client.rpc('settle_payable', {
      p_payable_id: cimento.id,
      p_bank_account_id: bank.id,
      p_paid_on: today,
    }),
  );
  return account;
}

/** Cards on the phone, table rows on the desktop. */
const rows = (page: Page) => listRows(page, 'Movimentações');
const totals = (page: Page) => page.getByRole('definition');

test('Movimentações lists, filters, searches, totals and exports the entries', async ({ page }) => {
  const account = await setup();
  await signIn(page, account.email, account.password);
  await page.goto('/movimentacoes');

  await expect(page.getByRole('heading', { name: 'Movimentações' })).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByText('5 movimentações')).toBeVisible();
  // Entradas 8.000 + 1.500 + 2.000; Saídas 1.200 + 300; Saldo the difference.
  await expect(totals(page)).toHaveText([/R\$\s11\.500,00/, /R\$\s1\.500,00/, /R\$\s10\.000,00/]);
  const lote = rows(page).filter({ hasText: 'Venda lote 7' });
  await expect(lote).toContainText('Joana Compradora');
  await expect(lote).toContainText('Casa 101');
  await expect(lote).toContainText('Pago');
  await expect(rows(page).filter({ hasText: 'Areia lavada' })).toContainText('Atrasado');
  await screenshot(page, 'movimentacoes');

  // Type Pagar: only the payables, and the totals follow.
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(totals(page)).toHaveText([/R\$\s0,00/, /R\$\s1\.500,00/, /-R\$\s1\.500,00/]);
  await expect(page.getByRole('list', { name: 'Filtros ativos' })).toContainText('Pagar');

  // And status Atrasado: only the overdue payable.
  await page.getByRole('button', { name: 'Atrasado', exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Areia lavada');
  await screenshot(page, 'movimentacoes-filtros');

  // Removing one badge widens again; clearing brings everything back.
  await page.getByRole('button', { name: 'Remover filtro Pagar' }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(rows(page)).toHaveCount(5);

  // Status Aberto: pending and not yet due.
  await page.getByRole('button', { name: 'Aberto', exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Parcela futura');
  await page.getByRole('button', { name: 'Limpar filtros' }).first().click();

  // An obra's badge is named after it (the page reads the obras once such a filter is set).
  await page.getByRole('group', { name: 'Obra' }).getByRole('button', { name: 'Casa 101' }).click();
  await expect(page.getByRole('button', { name: 'Remover filtro Casa 101' })).toBeVisible();
  await expect(lote).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
  await expect(rows(page)).toHaveCount(5);

  // Search by supplier name, case-insensitive.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('depósito SILVA');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Cimento Votoran');
  await expect(totals(page)).toHaveText([/R\$\s0,00/, /R\$\s1\.200,00/, /-R\$\s1\.200,00/]);

  // Nothing matches: the empty state leads to Lançar.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('nada disso existe');
  await expect(page.getByText('Nada por aqui')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar Lançamento' })).toHaveAttribute(
    'href',
    '/lancar',
  );
  await screenshot(page, 'movimentacoes-vazio');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
  await expect(rows(page)).toHaveCount(5);

  // CSV export of the filtered list, readable by Excel pt-BR.
  await page.getByRole('button', { name: 'Receber', exact: true }).click();
  await expect(rows(page)).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^movimentacoes-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Data;Vencimento;Tipo;Status;Descrição;Fornecedor/Cliente;Categoria;Obra;Conta;Valor;Rateio',
  );
  expect(lines).toHaveLength(4);
  expect(csv).toContain(
    ';Receber;Pago;Venda lote 7;Joana Compradora;Venda de imóveis;Casa 101;Conta Obra;8000,00',
  );
  expect(csv).not.toContain('Cimento Votoran');
  await expect(page.getByText('Exportação concluída')).toBeVisible();

  // A row opens the entry detail.
  await rows(page).filter({ hasText: 'Venda lote 7' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/lancamentos\/income\//);
});

test('the report shows the month’s revenue, expense and top receipt', async ({ page }) => {
  const account = await setup();
  await signIn(page, account.email, account.password);
  await page.goto('/relatorio');

  await expect(page.getByRole('heading', { name: 'Relatório' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mês', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const totalsRegion = page.getByRole('region', { name: 'Totais do período' });
  await expect(totalsRegion).toContainText(/Receitas\s*R\$\s9\.500,00/);
  await expect(totalsRegion).toContainText(/Despesas\s*R\$\s1\.200,00/);
  await expect(totalsRegion).toContainText(/R\$\s8\.300,00/);

  const top = page.getByRole('list', { name: 'Maiores recebimentos' }).getByRole('listitem');
  await expect(top).toHaveCount(2);
  await expect(top.first()).toContainText('Venda lote 7');
  await expect(top.first()).toContainText(/R\$\s8\.000,00/);

  const byCategory = page.getByRole('region', { name: 'Receitas por categoria' });
  await expect(byCategory).toContainText('Venda de imóveis');
  await expect(byCategory).toContainText('84,2%');
  await expect(byCategory).toContainText('Sem categoria');
  await expect(page.getByRole('region', { name: 'Despesas por centro de custo' })).toContainText(
    'Geral',
  );
  const chart = page.getByRole('img', { name: /Evolução do saldo por conta/ });
  await expect(chart).toBeVisible();
  // Drawn across its box, and drawn again when the box changes width (a phone turned sideways).
  const drawnWidth = () =>
    chart.evaluate((box) => {
      const canvas = box.querySelector('canvas');
      return canvas ? [Math.round(canvas.getBoundingClientRect().width), box.clientWidth] : null;
    });
  await expect.poll(drawnWidth).toEqual([expect.any(Number), expect.any(Number)]);
  const [canvasWidth, boxWidth] = (await drawnWidth()) ?? [];
  expect(canvasWidth).toBe(boxWidth);
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  await page.setViewportSize({ width: Math.round(viewport.width * 0.6), height: viewport.height });
  await expect
    .poll(async () => {
      const [canvas, box] = (await drawnWidth()) ?? [];
      return canvas === box && box !== boxWidth;
    })
    .toBe(true);
  await page.setViewportSize(viewport);
  // 1000 + 8000 + 1500 − 1200: the chart ends at the account's balance.
  await expect(page.getByRole('list', { name: 'Saldo por conta' })).toContainText(
    /Conta Obra.*R\$\s9\.300,00/,
  );
  await screenshot(page, 'relatorio');

  // Filter by an obra: only what was booked on Casa 101.
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('button', { name: 'Casa 101' }).click();
  await expect(totalsRegion).toContainText(/Receitas\s*R\$\s8\.000,00/);
  await expect(totalsRegion).toContainText(/Despesas\s*R\$\s0,00/);
  await screenshot(page, 'relatorio-filtros');

  // Todo o período keeps the same money (everything was settled today).
  await page.getByRole('button', { name: 'Todas' }).nth(1).click();
  await page.getByRole('button', { name: 'Todo o período' }).click();
  await expect(totalsRegion).toContainText(/Receitas\s*R\$\s9\.500,00/);

  // Movimentações is reached from the report.
  await page.getByRole('link', { name: 'Ver movimentações' }).click();
  await expect(page.getByRole('heading', { name: 'Movimentações' })).toBeVisible();
});
