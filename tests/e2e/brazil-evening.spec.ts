// 22:30 in São Paulo is 01:30 UTC on the next day: "today" for a Brazilian user in the evening is
// not the UTC date. With the browser's clock at 22:30 (its time zone is America/Sao_Paulo,
// playwright.config), the home's overdue total and badges, Dar Baixa's default date and a Lançar
// entry paid "today" all use the Brazilian date.
import type { Page } from '@playwright/test';
import { addDaysIso } from '../../src/lib/dates';
import { createAccount, expect, signIn, test, type Account } from './support';

const br = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The latest 22:30 in São Paulo (01:30 UTC) at least an hour before now: the session the server
 * issues now must not look expired to the browser's clock, so the fake evening is in the past.
 */
function latestBrazilianEvening(): { at: Date; day: string } {
  const now = Date.now();
  const at = new Date(now);
  at.setUTCHours(1, 30, 0, 0);
  if (at.getTime() > now - 3_600_000) at.setUTCDate(at.getUTCDate() - 1);
  // 01:30 UTC is 22:30 of the day before in São Paulo (UTC-3 all year).
  return { at, day: addDaysIso(at.toISOString().slice(0, 10), -1) };
}

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

async function payable(account: Account, description: string, amount: number, due: string) {
  await one(
    account.client
      .from('accounts_payable')
      .insert({ company_id: account.companyId, description, amount, due_date: due })
      .select('id')
      .single(),
  );
}

async function paymentDate(account: Account, description: string) {
  const row = await one(
    account.client
      .from('accounts_payable')
      .select('status, due_date, payment_date')
      .eq('description', description)
      .single(),
  );
  return row;
}

async function chooseAccount(page: Page, scope: ReturnType<Page['getByRole']>, label: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: /^Conta Principal/ }).click();
}

test('at 22:30 in Brazil, home, Dar Baixa and Lançar use the Brazilian date', async ({ page }) => {
  const { at, day } = latestBrazilianEvening();
  const utcDay = addDaysIso(day, 1);
  expect(at.toISOString().slice(0, 10)).toBe(utcDay);

  const account = await createAccount('Construtora Noturna');
  await one(
    account.client
      .from('bank_accounts')
      .insert({
        company_id: account.companyId,
        name: 'Conta Principal',
        type: 'checking',
        initial_balance: 1000,
      })
      .select('id')
      .single(),
  );
  await payable(account, 'Aluguel vence hoje', 100, day);
  await payable(account, 'Frete venceu ontem', 40, addDaysIso(day, -1));

  await page.clock.install({ time: at });
  await signIn(page, account.email, account.password);
  expect(await page.evaluate(() => new Date().getHours())).toBe(22);

  // Home: only yesterday's bill is overdue (by the UTC date both would be: R$ 140,00).
  await expect(page.getByLabel('Totais')).toContainText(/Em Atraso\s*R\$\s40,00/);
  const list = page.getByRole('region', { name: 'A Pagar' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Frete venceu ontem' })).toContainText(
    'Atrasado',
  );
  await expect(
    list.getByRole('listitem').filter({ hasText: 'Aluguel vence hoje' }),
  ).not.toContainText('Atrasado');
  await expect(list.getByText('Atrasado')).toHaveCount(1);

  // Dar Baixa on the bill due today: "Aberto", paid today (the Brazilian date) by default.
  await list.getByRole('button', { name: 'Dar Baixa: Aluguel vence hoje' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Aberto');
  await expect(dialog.getByRole('button', { name: /Data do pagamento/ })).toContainText(br(day));
  await chooseAccount(page, dialog, 'Conta bancária');
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(page.getByText('Aluguel vence hoje foi marcado como pago.')).toBeVisible();
  expect(await paymentDate(account, 'Aluguel vence hoje')).toEqual({
    status: 'paid',
    due_date: day,
    payment_date: day,
  });

  // Lançar: the calendar marks the Brazilian date as today; paid "today" is that date.
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Descrição').fill('Areia paga hoje');
  await form.getByLabel('Valor').fill('25,00');
  await form.getByLabel('Data de Vencimento').click();
  const today = page.locator('[data-today] button, button[data-today]');
  await expect(today).toHaveCount(1);
  const dayOfMonth = Number(day.slice(8));
  await expect(today).toHaveAccessibleName(new RegExp(`\\b${dayOfMonth} de `));
  await today.click();
  await expect(form.getByLabel('Data de Vencimento')).toContainText(br(day));
  await chooseAccount(page, form, 'Conta');
  await form.getByRole('button', { name: 'Marcar como Pago' }).click();
  await expect(page.getByText('Areia paga hoje foi marcado como pago.')).toBeVisible();
  expect(await paymentDate(account, 'Areia paga hoje')).toEqual({
    status: 'paid',
    due_date: day,
    payment_date: day,
  });
});
