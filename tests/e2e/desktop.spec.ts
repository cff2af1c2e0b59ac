/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (page.evaluate callbacks run in the browser)
// The office desktop: from 1024 px a sidebar replaces the bottom navigation, the content
// uses the width, lists are sortable tables, and the keyboard reaches everything (n, /, ?).
// Runs in the desktop project only (playwright.config); each size sets its own viewport.
import type { Locator, Page } from '@playwright/test';
import { addDaysIso } from '../../src/lib/dates';
import { formatDateWith } from '../../src/lib/date-format';
import {
  browserToday,
  centsOf,
  columnTexts,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

const SIZES = [
  { width: 1366, height: 900 },
  { width: 1920, height: 1080 },
];

/** In the order the database returns them (by name), which is not pt-BR alphabetical order. */
const SUPPLIERS = ['Bela Vista Materiais', 'Zinco Forte', 'areia Fina Ltda', 'Ótimo Aço'];

async function setup(): Promise<Account> {
  const account = await createAccount('Construtora Escritório', 'Olga Escritório');
  const { error } = await account.client
    .from('suppliers')
    .insert(SUPPLIERS.map((name) => ({ company_id: account.companyId, name })));
  if (error) throw error;
  return account;
}

/**
 * Movimentações' entries: amounts whose order differs from their dates' (the default order, latest
 * first), two of them receivables.
 */
const MOVEMENTS = [
  { kind: 'payable', description: 'Cimento CP-II', amount: 350, days: -1 },
  { kind: 'payable', description: 'Areia média', amount: 1200.5, days: -4 },
  { kind: 'receivable', description: 'Medição da laje', amount: 5000, days: 3 },
  { kind: 'receivable', description: 'Medição do reboco', amount: 80.25, days: -2 },
  { kind: 'payable', description: 'Tijolo baiano', amount: 45.9, days: 6 },
] as const;

async function createMovements(account: Account): Promise<void> {
  const today = browserToday();
  for (const m of MOVEMENTS) {
    const row = {
      company_id: account.companyId,
      description: m.description,
      amount: m.amount,
      due_date: addDaysIso(today, m.days),
    };
    const { error } =
      m.kind === 'payable'
        ? await account.client.from('accounts_payable').insert(row)
        : await account.client.from('accounts_receivable').insert(row);
    if (error) throw error;
  }
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

async function tableNames(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Lista de fornecedores' }).getByRole('row');
  // The header row has no link.
  return rows.getByRole('link').allTextContents();
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    // Several route chunks are loaded for the first time in each journey; on the shared 2-core
    // machine that has taken more than the default 60 s.
    test.beforeEach(() => test.slow());

    test('the sidebar replaces the bottom navigation and navigates, marking the page', async ({
      page,
    }) => {
      const account = await setup();
      await signIn(page, account.email, account.password);

      // One navigation, down the left side, with the Mais entries too; no bottom bar.
      await expect(page.getByRole('navigation')).toHaveCount(1);
      const nav = sidebar(page);
      await expect(nav.getByRole('link', { name: 'Fornecedores' })).toBeVisible();
      const box = await nav.boundingBox();
      expect(box?.x).toBeLessThan(20);
      expect(box?.width).toBeLessThan(300);
      const bottomBar = await page.evaluate(
        `[...document.querySelectorAll('nav')].some((nav) => {
          const r = nav.getBoundingClientRect();
          return r.width > 0 && r.bottom >= window.innerHeight - 1 && r.width >= window.innerWidth - 1;
        })`,
      );
      expect(bottomBar, 'a navigation bar across the bottom').toBe(false);

      // The company and the user are at the top of the sidebar.
      await expect(page.getByRole('complementary')).toContainText('Construtora Escritório');
      await expect(page.getByRole('button', { name: /Olga Escritório/ })).toBeVisible();

      // The content is not a phone column: it uses the width, up to 1280 px.
      const main = await page.getByRole('main').boundingBox();
      expect(main?.width).toBeGreaterThan(1000);
      expect(main?.width).toBeLessThanOrEqual(1280);
      await expect(nav.getByRole('link', { name: 'Resumo' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await screenshot(page, `home-${size.width}`);

      for (const [name, path, heading] of [
        ['Fornecedores', '/fornecedores', 'Fornecedores'],
        ['Relatório', '/relatorio', 'Relatório'],
        ['Contas a Pagar', '/contas-pagar', /Contas a Pagar/],
        ['Obras', '/obras', 'Obras & Projetos'],
        ['Preferências', '/preferencias', 'Preferências'],
      ] as const) {
        await nav.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(nav.getByRole('link', { name: 'Resumo' })).not.toHaveAttribute('aria-current');
      }

      // A supplier's page marks Fornecedores as the section it belongs to.
      await nav.getByRole('link', { name: 'Fornecedores', exact: true }).click();
      await page.getByRole('link', { name: 'Zinco Forte' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Zinco Forte' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Fornecedores' })).toHaveAttribute(
        'aria-current',
        'true',
      );

      // The user menu signs out.
      await page.getByRole('button', { name: /Olga Escritório/ }).click();
      await page.getByRole('button', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
    });

    test('shortcuts: "n" opens Lançar, "/" focuses the search, "?" opens the help', async ({
      page,
    }) => {
      const account = await setup();
      await signIn(page, account.email, account.password);

      // Modifier keys and typing never trigger a shortcut.
      await page.keyboard.press('Alt+n');
      await expect(page).toHaveURL(/\/$/);
      await page.keyboard.press('n');
      await expect(page).toHaveURL(/\/lancar$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Lançar' })).toBeVisible({
        timeout: 30_000,
      });

      await page.goto('/fornecedores');
      const search = page.getByRole('searchbox', { name: 'Buscar fornecedores' });
      await expect(search).toBeVisible();
      await expect(search).not.toBeFocused();
      await page.keyboard.press('/');
      await expect(search).toBeFocused();
      // Inside the field, "/", "n" and "?" are text.
      await page.keyboard.type('n/?');
      await expect(search).toHaveValue('n/?');
      await expect(page).toHaveURL(/\/fornecedores$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await search.fill('');

      await page.getByRole('heading', { level: 1, name: 'Fornecedores' }).click();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Atalhos do teclado' });
      await expect(help).toBeVisible();
      await expect(help).toContainText('Abrir Lançar');
      await expect(help).toContainText('Buscar na lista da página');
      // Centred, not a full-screen sheet (polled: the dialog slides in, so a box read mid-animation
      // is off-centre).
      await expect
        .poll(async () => {
          const box = await help.boundingBox();
          return Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - size.width / 2);
        })
        .toBeLessThan(2);
      expect((await help.boundingBox())?.width).toBeLessThan(600);
      await screenshot(page, `help-${size.width}`);
      // While the dialog is open, "n" does nothing; Esc closes it.
      await page.keyboard.press('n');
      await expect(page).toHaveURL(/\/fornecedores$/);
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
    });

    test('the suppliers table sorts by name both ways', async ({ page }) => {
      const account = await setup();
      await signIn(page, account.email, account.password);
      await page.goto('/fornecedores');

      const table = page.getByRole('table', { name: 'Lista de fornecedores' });
      await expect(table.getByRole('link')).toHaveCount(SUPPLIERS.length);
      const nameHeader = table.getByRole('columnheader', { name: 'Nome' });
      await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

      // From the keyboard: the header's button takes Enter.
      await nameHeader.getByRole('button').focus();
      await page.keyboard.press('Enter');
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      const ascending = ['areia Fina Ltda', 'Bela Vista Materiais', 'Ótimo Aço', 'Zinco Forte'];
      expect(await tableNames(page)).toEqual(ascending);
      await screenshot(page, `suppliers-table-${size.width}`);

      await nameHeader.getByRole('button').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      expect(await tableNames(page)).toEqual([...ascending].reverse());

      // A row opens the supplier.
      await table.getByRole('row', { name: /Ótimo Aço/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Ótimo Aço' })).toBeVisible();
    });

    test('Tab reaches every control of the suppliers page with a visible focus ring', async ({
      page,
    }) => {
      const account = await setup();
      await signIn(page, account.email, account.password);
      await page.goto('/fornecedores');
      await expect(page.getByRole('table', { name: 'Lista de fornecedores' })).toBeVisible();

      const seen: string[] = [];
      for (let i = 0; i < 60; i += 1) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(`(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return null;
          const own = getComputedStyle(el);
          const after = getComputedStyle(el, '::after');
          const ring = (s) => (s.boxShadow && s.boxShadow !== 'none') || (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0);
          return {
            name: el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().slice(0, 40) + '"',
            ring: ring(own) || ring(after),
          };
        })()`);
        if (!focus) continue;
        const { name, ring } = focus as { name: string; ring: boolean };
        if (seen.includes(name)) break;
        seen.push(name);
        expect(ring, `focus ring on ${name}`).toBe(true);
      }
      // The sidebar, the page's actions, the search, the sort buttons and every row were reached.
      expect(seen.join('\n')).toContain('Lançar');
      expect(seen.join('\n')).toContain('Novo');
      expect(seen.join('\n')).toContain('Buscar fornecedores');
      expect(seen.join('\n')).toContain('button "Nome"');
      for (const name of SUPPLIERS) expect(seen.join('\n')).toContain(`a "${name}"`);
    });

    test('Movimentações is a table sorted by signed value in SQL, both ways, and its filters narrow it', async ({
      page,
    }) => {
      const account = await setup();
      await createMovements(account);
      await signIn(page, account.email, account.password);
      await page.goto('/movimentacoes');

      const table = page.getByRole('table', { name: 'Movimentações' });
      await expect(table.getByRole('link')).toHaveCount(MOVEMENTS.length);
      // Signed as shown: "−R$ 350,00" is a saída, "+R$ 80,25" an entrada.
      const amounts = async () =>
        (await columnTexts(table, 'Valor')).map(
          (text) => (text.trim().startsWith('−') ? -1 : 1) * centsOf(text),
        );
      const dateHeader = table.getByRole('columnheader', { name: 'Data' });
      const valueHeader = table.getByRole('columnheader', { name: 'Valor' });
      // The list's own order: latest movement first, shown on the date column.
      await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
      await expect(valueHeader).toHaveAttribute('aria-sort', 'none');
      const signedCents = (m: (typeof MOVEMENTS)[number]) =>
        (m.kind === 'payable' ? -1 : 1) * Math.round(m.amount * 100);
      const byDate = MOVEMENTS.toSorted((a, b) => b.days - a.days).map(signedCents);
      expect(await amounts()).toEqual(byDate);

      // By the signed value: every saída (largest first) before every entrada, never mixed.
      const ascending = MOVEMENTS.map(signedCents).sort((a, b) => a - b);
      expect(ascending).toEqual([-120050, -35000, -4590, 8025, 500000]);
      await valueHeader.getByRole('button').click();
      await expect(valueHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect(dateHeader).toHaveAttribute('aria-sort', 'none');
      await expect.poll(amounts).toEqual(ascending);
      expect(ascending).not.toEqual(byDate);
      await screenshot(page, `movimentacoes-valor-${size.width}`);

      await valueHeader.getByRole('button').click();
      await expect(valueHeader).toHaveAttribute('aria-sort', 'descending');
      await expect.poll(amounts).toEqual([...ascending].reverse());

      // The type filter narrows the rows to the receivables, still by value, largest first.
      await page.getByRole('button', { name: 'Filtros' }).click();
      await page.getByRole('button', { name: 'Receber', exact: true }).click();
      await expect(table.getByRole('link')).toHaveCount(2);
      await expect.poll(amounts).toEqual([500000, 8025]);
      await expect(table.getByRole('link')).toHaveText(['Medição da laje', 'Medição do reboco']);
      await expect(valueHeader).toHaveAttribute('aria-sort', 'descending');

      // The search narrows further; clearing the filters brings every row back in the same order.
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('reboco');
      await expect(table.getByRole('link')).toHaveText(['Medição do reboco']);
      await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
      await expect(table.getByRole('link')).toHaveCount(MOVEMENTS.length);
      await expect.poll(amounts).toEqual([...ascending].reverse());

      // A row opens the entry's detail.
      await table.getByRole('row', { name: /Areia média/ }).click();
      await expect(page).toHaveURL(/\/lancamentos\/expense\/[0-9a-f-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times, and checks the focus
 * is visible there (:focus-visible, which draws the ring). Fails if the target is never reached.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  expect(await target.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
}

/** A Radix Select from the keyboard: Tab to it, Enter opens it, ArrowDown to the option, Enter. */
async function chooseByKeyboard(
  page: Page,
  trigger: Locator,
  name: RegExp,
  shown: string,
): Promise<void> {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name });
  await expect(option).toBeVisible();
  for (let i = 0; i < 10; i++) {
    if (await option.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(option).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toContainText(shown);
}

test.describe('1366×900, keyboard only', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test.beforeEach(() => test.slow());

  test('a payable is recorded and settled without the mouse; the balance drops by its value', async ({
    page,
  }) => {
    const account = await createAccount('Construtora Teclado', 'Tina Teclado');
    const { data: bank, error } = await account.client
      .from('bank_accounts')
      .insert({
        company_id: account.companyId,
        name: 'Conta Principal',
        type: 'checking',
        initial_balance: 2000,
      })
      .select('id')
      .single();
    if (error) throw error;
    const balance = async () => {
      const { data, error: readError } = await account.client
        .from('bank_accounts')
        .select('current_balance')
        .eq('id', bank.id)
        .single();
      if (readError) throw readError;
      return Number(data.current_balance);
    };
    await signIn(page, account.email, account.password);
    // From here on, only the keyboard.

    // "n" opens Lançar, Conta a Pagar.
    await page.keyboard.press('n');
    await expect(page).toHaveURL(/\/lancar$/);
    const form = page.getByRole('form', { name: 'Conta a Pagar' });
    const description = form.getByLabel(/Descrição/);
    await expect(description).toBeVisible({ timeout: 30_000 });
    await tabTo(page, description);
    await page.keyboard.type('Brita nº 1');

    const amount = form.getByLabel(/^Valor/);
    await tabTo(page, amount);
    await page.keyboard.type('315,75');

    // Vencimento: the calendar opens with Enter, today has the focus, Enter picks it.
    const due = form.getByRole('button', { name: /Data de Vencimento/ });
    await tabTo(page, due);
    await page.keyboard.press('Enter');
    const today = formatDateWith(browserToday(), "d 'de' MMMM 'de' yyyy");
    const todayButton = page
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(today, 'i') });
    await expect(todayButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(due).toContainText(formatDateWith(browserToday(), 'dd/MM/yyyy'));
    await expect(due).toBeFocused();
    // Formatted once the field lost the focus.
    await expect(amount).toHaveValue(/R\$\s315,75/);

    // Conta: a Radix Select, opened with Enter, chosen with the arrows and Enter.
    const conta = form.getByRole('combobox', { name: 'Conta', exact: true });
    await chooseByKeyboard(page, conta, /^Conta Principal - R\$/, 'Conta Principal');
    await screenshot(page, 'keyboard-lancar-1366');

    // Enter in a text field submits the form (Salvar).
    await tabTo(page, description, { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Conta a pagar foi criada com sucesso.')).toBeVisible();
    expect(await balance()).toBe(2000);

    // Back to Resumo (home) through the sidebar, then the new bill in the A Pagar list.
    const inicio = sidebar(page).getByRole('link', { name: 'Resumo' });
    await tabTo(page, inicio, { back: true, max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    const bill = page
      .getByRole('region', { name: 'A Pagar' })
      .getByRole('link', { name: /Brita nº 1/ });
    await expect(bill).toBeVisible();
    await tabTo(page, bill, { max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/lancamentos\/expense\/[0-9a-f-]+$/);

    // The detail's Dar Baixa, then the dialog: account (the one of the bill, already chosen),
    // confirm with Enter.
    const darBaixa = page.getByRole('main').getByRole('button', { name: 'Dar Baixa' });
    await tabTo(page, darBaixa, { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Dar Baixa - Pagamento' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Conta bancária' })).toContainText(
      /^Conta Principal - R\$/,
    );
    await chooseByKeyboard(
      page,
      dialog.getByRole('combobox', { name: 'Conta bancária' }),
      /^Conta Principal - R\$/,
      'Conta Principal',
    );
    const confirm = dialog.getByRole('button', { name: 'Confirmar Pagamento' });
    await tabTo(page, confirm);
    await screenshot(page, 'keyboard-dar-baixa-1366');
    await page.keyboard.press('Enter');

    await expect(page.getByText('Brita nº 1 foi marcado como pago.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const { data: entries, error: entriesError } = await account.client
      .from('entries')
      .select('status, amount')
      .eq('company_id', account.companyId);
    if (entriesError) throw entriesError;
    expect(entries).toEqual([{ status: 'paid', amount: 315.75 }]);
    expect(await balance()).toBe(2000 - 315.75);
  });

  test('Lançar, Nova Obra and Novo Fornecedor lay their fields in two columns', async ({
    page,
  }) => {
    const account = await createAccount('Construtora Colunas', 'Carla Colunas');
    await signIn(page, account.email, account.password);
    // Two fields of a row start at the same height, side by side.
    const sideBySide = async (left: Locator, right: Locator) => {
      const a = await left.boundingBox();
      const b = await right.boundingBox();
      expect(a && b && Math.abs(a.y - b.y) < 2 && a.x + a.width < b.x).toBe(true);
    };

    await page.goto('/lancar');
    const form = page.getByRole('form', { name: 'Conta a Pagar' });
    await expect(form.getByLabel(/^Valor/)).toBeVisible({ timeout: 30_000 });
    await sideBySide(form.getByLabel(/Descrição/), form.getByLabel('Fornecedor'));
    await sideBySide(
      form.getByLabel(/^Valor/),
      form.getByRole('button', { name: /Data de Vencimento/ }),
    );
    await screenshot(page, 'lancar-1366');

    await page.goto('/obras/nova');
    const obra = page.getByRole('form', { name: 'Nova Obra' });
    await expect(obra.getByLabel(/Nome da obra/)).toBeVisible({ timeout: 30_000 });
    await sideBySide(obra.getByLabel(/Nome da obra/), obra.getByLabel(/Nome do cliente/));
    await screenshot(page, 'nova-obra-1366');

    await page.goto('/fornecedores/novo');
    const supplier = page.getByRole('form', { name: 'Novo fornecedor' });
    await expect(supplier.getByLabel(/Nome do Fornecedor/)).toBeVisible({ timeout: 30_000 });
    await sideBySide(supplier.getByLabel(/^Telefone/), supplier.getByLabel(/^Email/));
    await screenshot(page, 'novo-fornecedor-1366');
  });
});
