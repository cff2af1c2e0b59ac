/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// Nothing moves under a finger (issue 36): the status line at the top of every signed-in screen
// ("Atualizando… Mostrando os dados salvos neste aparelho.", "Sem conexão", what waits to be sent)
// has its own place, so its coming and going never moves what the user may be about to tap. And
// lists that are all bills show their amounts as the phone and the totals do (issue 31).
import type { Locator, Page } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  listItemRole,
  signIn,
  test,
  type Account,
  savedCacheHolds,
  savedCacheKeys,
} from './support';

/** Holds every read of the API until `release()`: the screen draws from the saved copy meanwhile. */
async function holdReads(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await held;
    await route.continue().catch(() => undefined);
  };
  await page.route('**/rest/v1/**', handler);
  return async () => {
    release();
    await page.unroute('**/rest/v1/**', handler);
  };
}

/** Where `target` is, once it is on screen (read again if the screen redraws it meanwhile). */
async function box(target: Locator) {
  let rect: { x: number; y: number } | null = null;
  await expect
    .poll(async () => {
      const found = await target.boundingBox({ timeout: 1_000 }).catch(() => null);
      rect = found && { x: Math.round(found.x), y: Math.round(found.y) };
      return rect !== null;
    })
    .toBe(true);
  return rect!;
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * The device tells the app its signal dropped or came back (the offline/online events React
 * Query's onlineManager follows); the network itself stays up, so no lazy import fails meanwhile.
 */
function signal(page: Page, state: 'offline' | 'online'): Promise<void> {
  return page.evaluate((type) => void window.dispatchEvent(new Event(type)), state);
}

/**
 * Reloads `path` with the saved copy on screen, then checks that `target` stays where it is while
 * "Atualizando…" shows (when the saved copy holds it), after it goes, and while "Sem conexão" and
 * then its end come and go.
 */
async function staysPut(
  page: Page,
  path: string,
  savedText: string | readonly string[],
  target: () => Locator,
  { savedOnDevice = true } = {},
) {
  await page.goto(path);
  await expect(target()).toBeVisible();
  await expect.poll(() => savedCacheHolds(page, savedText), { timeout: 15_000 }).toBe(true);

  const release = await holdReads(page);
  await page.reload();
  await expect(status(page, 'Atualizando…')).toBeVisible();
  const whileRefreshing = savedOnDevice ? await box(target()) : null;
  await release();
  await expect(status(page, 'Atualizando…')).toHaveCount(0);
  const settled = await box(target());
  if (whileRefreshing) expect(settled, `${path}: after "Atualizando…"`).toEqual(whileRefreshing);

  await signal(page, 'offline');
  await expect(status(page, 'Sem conexão')).toBeVisible();
  expect(await box(target()), `${path}: with "Sem conexão"`).toEqual(settled);
  await signal(page, 'online');
  await expect(status(page, 'Sem conexão')).toHaveCount(0);
  expect(await box(target()), `${path}: back online`).toEqual(settled);
}

async function payable(user: Account, description: string, amount: number): Promise<string> {
  const { data, error } = await user.client
    .from('accounts_payable')
    .insert({ company_id: user.companyId, description, amount, due_date: browserToday() })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

test.describe('the status line never moves the page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the wizard, Contas a Pagar and an entry stay where they are while the status line comes and goes', async ({
    page,
  }) => {
    const user = await createAccount('Construtora Firme', 'Fábio Firme');
    const id = await payable(user, 'Cimento CP-II', 480);
    await signIn(page, user.email, user.password);

    // The wizard's Continuar, where a first tap lands (issue 36).
    await page.goto('/pagar');
    await page.getByLabel('Descrição').fill('Areia média');
    await staysPut(page, '/pagar', user.companyName, () =>
      page.getByRole('button', { name: 'Continuar' }),
    );
    await staysPut(page, '/contas-pagar', 'Cimento CP-II', () =>
      page.getByRole('link', { name: 'Nova Conta' }),
    );
    // An entry's page: the device keeps no copy of one entry, so "Atualizando…" shows over its
    // loading state; "Sem conexão" comes and goes over the entry.
    await staysPut(
      page,
      `/lancamentos/expense/${id}`,
      'Cimento CP-II',
      () => page.getByRole('heading', { name: 'Cimento CP-II' }),
      { savedOnDevice: false },
    );
  });

  test('Conciliação stays where it is while the status line comes and goes', async ({ page }) => {
    const user = await createAccount('Construtora Concilia', 'Célia Concilia');
    const account = await user.client
      .from('bank_accounts')
      .insert({ company_id: user.companyId, name: 'Banco da Obra', type: 'checking' })
      .select('id')
      .single();
    if (account.error) throw account.error;
    const imported = await user.client.rpc('import_bank_statement', {
      p_bank_account_id: account.data.id,
      p_source: 'ofx',
      p_lines: [
        { fitid: 'N-1', posted_on: browserToday(), amount: -35.9, memo: 'TARIFA MENSAL' },
      ] as never,
      p_file_name: 'extrato.ofx',
    });
    if (imported.error) throw imported.error;
    await signIn(page, user.email, user.password);
    const tarifa = () =>
      page
        .getByRole('list', { name: 'Lançamentos a conciliar' })
        .getByRole('listitem', { name: 'TARIFA MENSAL' })
        .getByRole('button', { name: 'Criar lançamento' });
    // The line, its candidates and its category guess: the three reads the list draws from (the
    // candidates arrive after the line; reloading before they are saved would show "Procurando
    // sugestões..." instead of the line's buttons).
    await staysPut(
      page,
      `/contas-bancarias/${account.data.id}/conciliacao`,
      ['TARIFA MENSAL', '"candidates"', '"category-guesses"'],
      tarifa,
    );
  });
});

test('Contas a Pagar and Contas a Receber show their amounts unsigned, as their totals do, and Em atraso as a count', async ({
  page,
}) => {
  const user = await createAccount('Construtora Sinal', 'Sérgio Sinal');
  const overdue = new Date(Date.now() - 5 * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/Sao_Paulo',
  });
  const created = await user.client.from('accounts_payable').insert([
    { company_id: user.companyId, description: 'Tijolos', amount: 480, due_date: overdue },
    { company_id: user.companyId, description: 'Telhas', amount: 120, due_date: overdue },
  ]);
  if (created.error) throw created.error;
  const receivable = await user.client.from('accounts_receivable').insert({
    company_id: user.companyId,
    description: 'Parcela Casa 002',
    amount: 1500,
    due_date: browserToday(),
  });
  if (receivable.error) throw receivable.error;
  await signIn(page, user.email, user.password);

  await page.goto('/contas-pagar');
  const summary = page.getByRole('definition').filter({ hasText: /conta/ });
  await expect(summary).toHaveText('2 contas');
  const bill = page.getByRole(listItemRole(page)).filter({ hasText: 'Tijolos' });
  await expect(bill).toContainText('R$ 480,00');
  await expect(bill).not.toContainText('−');
  await expect(page.getByRole('main')).not.toContainText('−R$');

  await page.goto('/contas-receber');
  const income = page.getByRole(listItemRole(page)).filter({ hasText: 'Parcela Casa 002' });
  await expect(income).toContainText('R$ 1.500,00');
  await expect(page.getByRole('main')).not.toContainText(/[+−]R\$/);
  await expect(page.getByRole('definition').filter({ hasText: /conta/ })).toHaveText('0 contas');
});

/** A company with an entry and an account, signed in, and the layout shifts its pages record. */
async function shiftingPages(page: Page) {
  const user = await createAccount('Construtora Parada', 'Paulo Parado');
  await payable(user, 'Cimento CP-II', 480);
  const bank = await user.client
    .from('bank_accounts')
    .insert({ company_id: user.companyId, name: 'Banco da Obra', type: 'checking' });
  if (bank.error) throw bank.error;
  // Every layout shift the page records from its first paint, but those right after an input
  // (the user moved it), as Lighthouse's CLS counts them (without its session windows: stricter).
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await signIn(page, user.email, user.password);
  const shift = () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  // Each page, what it shows once loaded, and what its saved copy holds once written.
  const pages = [
    // Home's pending section waits for its three reads: the cash-flow alert and both lists.
    [
      '/',
      () => page.getByText('Cimento CP-II').first(),
      ['Cimento CP-II', '"pending","income"', '"cash-flow"'],
    ],
    [
      '/pagar',
      () => page.getByRole('heading', { name: 'O que você vai pagar?' }),
      user.companyName,
    ],
    // Its own pages of search_movements (their key), not home's copy of the same entry.
    ['/movimentacoes', () => page.getByText('Cimento CP-II').first(), '"movements",'],
    [
      '/relatorio',
      () => page.getByRole('heading', { name: 'Relatório', exact: true }),
      user.companyName,
    ],
  ] as const;
  return { shift, pages };
}

test('home, the wizard, Movimentações and Relatório do not shift while they load', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { shift, pages } = await shiftingPages(page);
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expect(ready()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await shift(), `${path} fresh`).toBeLessThanOrEqual(0.02);
  }
});

test('home, the wizard, Movimentações and Relatório do not shift while they load from the saved copy', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { shift, pages } = await shiftingPages(page);
  for (const [path, ready, saved] of pages) {
    await page.goto(path);
    await expect(ready()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => savedCacheHolds(page, saved)).toBe(true);

    const release = await holdReads(page);
    await page.reload();
    // A screen stuck on its spinner here lacks a read in the saved copy: say which were there.
    await expect(ready())
      .toBeVisible()
      .catch(async (error: Error) => {
        throw new Error(
          `${path} from the saved copy: ${error.message}\nsaved copy:\n${(await savedCacheKeys(page)).join('\n')}`,
        );
      });
    await release();
    await page.waitForLoadState('networkidle');
    expect(await shift(), `${path} from the saved copy`).toBeLessThanOrEqual(0.02);
  }
});
