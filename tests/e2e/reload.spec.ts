// Reloads, as a person in a hurry does them: a screen with pending or partial state reloaded comes
// back as it was (its saved copy restored from the device renders), never "Erro inesperado"; and a
// reload right after a change never shows, even for a moment, the state before it.
import type { Locator, Page } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  listItemRole,
  listRows,
  signIn,
  test,
  type Account,
  savedCacheHolds,
} from './support';

/** Whatever a screen's render throws, as React Router reports it (the route's error boundary). */
function renderErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('caught the following error'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Records, from the very first paint of every page load, whether `text` ever shows: "never shows
 * the old rows" is checked on everything the page drew, not on one moment.
 */
async function watchFor(page: Page, text: string): Promise<void> {
  await page.addInitScript((needle) => {
    const w = window as unknown as { __seen?: boolean };
    w.__seen = false;
    const check = () => {
      if (document.body?.textContent?.includes(needle)) w.__seen = true;
    };
    new MutationObserver(check).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, text);
}
const seen = (page: Page) => page.evaluate(() => (window as { __seen?: boolean }).__seen === true);

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

async function bankAccount(user: Account): Promise<string> {
  const { data, error } = await user.client
    .from('bank_accounts')
    .insert({
      company_id: user.companyId,
      name: 'Banco da Obra',
      type: 'checking',
      agency: '1234',
      account_number: '56789-0',
      initial_balance: 1000,
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

test('Conciliação with pending lines reloads to the same lines, from the saved copy', async ({
  page,
}) => {
  const user = await createAccount('Construtora Recarrega', 'Rita Recarga');
  const accountId = await bankAccount(user);
  const today = browserToday();
  const imported = await user.client.rpc('import_bank_statement', {
    p_bank_account_id: accountId,
    p_source: 'ofx',
    p_lines: [
      { fitid: 'R-1', posted_on: today, amount: -35.9, memo: 'TARIFA MENSAL' },
      { fitid: 'R-2', posted_on: today, amount: 200, memo: 'TED RECEBIDA' },
    ] as never,
    p_file_name: 'extrato.ofx',
  });
  if (imported.error) throw imported.error;
  const errors = renderErrors(page);

  await signIn(page, user.email, user.password);
  await page.goto(`/contas-bancarias/${accountId}/conciliacao`);
  const pending = page.getByRole('list', { name: 'Lançamentos a conciliar' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  const tarifa = pending.getByRole('listitem', { name: 'TARIFA MENSAL' });
  await expect(tarifa.getByRole('button', { name: 'Criar lançamento' })).toBeVisible();
  // The guesses (a Map once, {} after a reload) are on the device before the reload.
  await expect.poll(() => savedCacheHolds(page, '"category-guesses"')).toBe(true);

  // The server holds its answer to the guesses back: the screen draws from the saved copy, and
  // says that it does.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/statement_category_guesses', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Conciliação bancária' })).toBeVisible();
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(
    page.getByText('Atualizando… Mostrando os dados salvos neste aparelho.'),
  ).toBeVisible();
  release();
  await expect(page.getByText('Atualizando…')).toBeHidden();
  await expect(tarifa.getByRole('button', { name: 'Criar lançamento' })).toBeVisible();
  await expect(page.getByText('Erro inesperado')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a half-filled wizard and Movimentações with filters reload to the same screen', async ({
  page,
}) => {
  const user = await createAccount('Construtora Meio Caminho', 'Mário Metade');
  await bankAccount(user);
  const today = browserToday();
  const nextYear = `${Number(today.slice(0, 4)) + 1}-06-15`;
  // One payable the filters keep, and one each that the search, the type and the period drop.
  const created = await user.client.from('accounts_payable').insert([
    { company_id: user.companyId, description: 'Areia lavada', amount: 320, due_date: today },
    { company_id: user.companyId, description: 'Areia grossa', amount: 150, due_date: nextYear },
    { company_id: user.companyId, description: 'Brita 1', amount: 90, due_date: today },
  ]);
  if (created.error) throw created.error;
  const receivable = await user.client.from('accounts_receivable').insert({
    company_id: user.companyId,
    description: 'Areia revendida',
    amount: 75,
    due_date: today,
  });
  if (receivable.error) throw receivable.error;
  const supplier = await user.client
    .from('suppliers')
    .insert({ company_id: user.companyId, name: 'Depósito Silva' });
  if (supplier.error) throw supplier.error;
  const errors = renderErrors(page);
  await signIn(page, user.email, user.password);

  // Movimentações, searched and filtered: the filters are in the address, the filtered list and its
  // totals are saved, and a reload shows the same screen.
  await page.goto('/movimentacoes');
  await expect(page.getByRole('heading', { name: 'Movimentações' })).toBeVisible();
  const rows = listRows(page, 'Movimentações');
  await expect(rows).toHaveCount(4);
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('Areia');
  await page.getByRole('button', { name: /^Filtros\s*\d*$/ }).click();
  await page.getByRole('group', { name: 'Período' }).getByRole('button', { name: 'Mês' }).click();
  await page.getByRole('group', { name: 'Tipo' }).getByRole('button', { name: 'Pagar' }).click();
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Aberto' }).click();
  const filtered = async () => {
    await expect(search).toHaveValue('Areia');
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Filtros ativos' })
          .getByRole('button')
          .evaluateAll((badges) => badges.map((b) => b.getAttribute('aria-label'))),
      )
      .toEqual([
        'Remover filtro “Areia”',
        'Remover filtro Mês',
        'Remover filtro Pagar',
        'Remover filtro Aberto',
      ]);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Areia lavada');
    await expect(page.getByText('1 movimentação', { exact: true })).toBeVisible();
  };
  await filtered();
  await expect.poll(() => savedCacheHolds(page, '"movements"')).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Movimentações' })).toBeVisible();
  await filtered();
  // The panel, opened again, shows the same chips pressed (its button now counts them).
  await page.getByRole('button', { name: /^Filtros\s*\d*$/ }).click();
  for (const [group, chip] of [
    ['Período', 'Mês'],
    ['Tipo', 'Pagar'],
    ['Status', 'Aberto'],
  ] as const) {
    await expect(
      page.getByRole('group', { name: group }).getByRole('button', { name: chip }),
    ).toHaveAttribute('aria-pressed', 'true');
  }

  // The wizard, on its third step: the draft and the cached lists it reads come back.
  await page.goto('/pagar');
  await page.getByLabel('Descrição').fill('Cimento pela metade');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('2/9')).toBeVisible();
  await page.getByRole('radio', { name: 'Depósito Silva' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('3/9')).toBeVisible();
  await page.getByLabel('Valor').fill('12,34');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nova Conta a Pagar' })).toBeVisible();
  await expect(page.getByText('3/9')).toBeVisible();
  await expect(page.getByLabel('Valor')).toHaveValue(/12,34/);

  await expect(page.getByText('Erro inesperado')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a reload right after deleting installments never shows the deleted ones', async ({
  page,
}) => {
  const user = await createAccount('Construtora Sem Volta', 'Sérgio Sem Volta');
  const description = `Andaime ${Date.now()}`;
  await signIn(page, user.email, user.password);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Descrição').fill(description);
  await form.getByLabel('Valor').fill('600,00');
  await pickDueDate(page, form, browserToday());
  await form.getByLabel('Parcelamento').click();
  await form.getByLabel('Número de parcelas').fill('6');
  await form.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('6 contas a pagar foram criadas com sucesso.')).toBeVisible();

  await page.goto('/contas-pagar');
  const rows = page
    .getByRole('main')
    .getByRole(listItemRole(page))
    .filter({ hasText: description });
  await expect(rows).toHaveCount(6);
  // The list of six is on the device: without the fix, it is what a quick reload restores.
  await expect.poll(() => savedCacheHolds(page, `${description} (6/6)`)).toBe(true);

  await page.getByRole('link', { name: `${description} (4/6)` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${description} (4/6)` })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('radio', { name: 'Esta e as próximas' }).click();
  await watchFor(page, `${description} (4/6)`);
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('3 lançamentos da série foram excluídos.')).toBeVisible();

  // At once, as the toast shows.
  await page.reload();
  await expect(page).toHaveURL(/\/contas-pagar$/);
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('main').getByText(`${description} (3/6)`)).toBeVisible();
  expect(await seen(page)).toBe(false);
});
