// Accessible: every route, signed in as a user with data (and the public ones signed
// out), in light and dark mode, scanned by axe on the phone and desktop projects: no violation of
// impact serious or critical. The main dialogs are scanned open, and each returns focus to the
// button that opened it when closed with Esc.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { addDaysIso } from '../../src/lib/dates';
import {
  apiClient,
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  type Account,
} from './support';

type Theme = 'light' | 'dark';

interface Data {
  account: Account;
  bankId: string;
  categoryId: string;
  projectId: string;
  supplierId: string;
}

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

/** A company with something on every screen: accounts with history, pending and paid entries. */
async function setup(): Promise<Data> {
  const account = await createAccount('Construtora Acessível', 'Ana Acessível');
  const { client, companyId } = account;
  const today = browserToday();
  const company_id = companyId;
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({ company_id, name: 'Banco da Obra', type: 'checking', initial_balance: 5000 })
      .select('id')
      .single(),
  );
  await one(
    client
      .from('bank_accounts')
      .insert({ company_id, name: 'Poupança Reserva', type: 'savings', initial_balance: 800 })
      .select('id')
      .single(),
  );
  const category = await one(
    client
      .from('categories')
      .insert({ company_id, name: 'Ferragens', type: 'expense', color: 'orange' })
      .select('id')
      .single(),
  );
  await one(
    client
      .from('categories')
      .insert({ company_id, name: 'Venda de imóveis', type: 'income', color: 'green' })
      .select('id')
      .single(),
  );
  const project = await one(
    client.from('projects').insert({ company_id, name: 'Casa 101' }).select('id').single(),
  );
  await one(
    client
      .from('project_stages')
      .insert({ company_id, project_id: project.id, name: 'Fundação' })
      .select('id')
      .single(),
  );
  const supplier = await one(
    client.from('suppliers').insert({ company_id, name: 'Depósito Silva' }).select('id').single(),
  );
  await one(
    client.from('clients').insert({ company_id, name: 'Família Oliveira' }).select('id').single(),
  );

  const payable = (description: string, amount: number, due: string) =>
    one(
      client
        .from('accounts_payable')
        .insert({
          company_id,
          description,
          amount,
          due_date: due,
          category_id: category.id,
          project_id: project.id,
          supplier_id: supplier.id,
          supplier_name: 'Depósito Silva',
        })
        .select('id')
        .single(),
    );
  const receivable = (description: string, amount: number, due: string) =>
    one(
      client
        .from('accounts_receivable')
        .insert({ company_id, description, amount, due_date: due, client_name: 'Família Oliveira' })
        .select('id')
        .single(),
    );

  await payable('Cimento CP-II', 420, today);
  await payable('Areia lavada', 300, addDaysIso(today, -3));
  await receivable('Parcela Casa 101', 2500, addDaysIso(today, 5));
  // Paid on different days: the account's balance chart has several points.
  for (const [days, amount] of [
    [-20, 900],
    [-12, 650],
    [-4, 1200],
  ] as const) {
    const paid = await payable(`Ferro ${-days}`, amount, addDaysIso(today, days));
    await one(
      client.rpc('settle_payable', {
        p_payable_id: paid.id,
        p_bank_account_id: bank.id,
        p_paid_on: addDaysIso(today, days),
      }),
    );
  }
  const sale = await receivable('Venda lote 7', 3000, addDaysIso(today, -8));
  await one(
    client.rpc('settle_receivable', {
      p_receivable_id: sale.id,
      p_bank_account_id: bank.id,
      p_received_on: addDaysIso(today, -8),
    }),
  );
  return {
    account,
    bankId: bank.id,
    categoryId: category.id,
    projectId: project.id,
    supplierId: supplier.id,
  };
}

/** Applies the theme the way the app stores it (Preferências → Tema): localStorage.theme. */
async function storeTheme(page: Page, theme: Theme) {
  await page.addInitScript(`try { localStorage.setItem('theme', '${theme}') } catch (e) {}`);
}

async function settled(page: Page) {
  // Nothing loading, and every animation (dialogs zoom and fade in) at its end state: axe
  // measures contrast on what is painted.
  await expect(page.getByRole('status').filter({ hasText: /Carregando/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  // Finite ones only: a spinner's rotation never finishes. An animation cancelled while we wait
  // (its element re-rendered or removed) rejects `finished` with an AbortError: nothing left to
  // wait for, so it counts as settled.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  )`);
}

interface Finding {
  where: string;
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

async function scan(page: Page, where: string, theme: Theme, include?: string): Promise<Finding[]> {
  await settled(page);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.slice(0, 6).map((n) => {
        const summary = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${n.target.join(' ')} — ${summary}`.slice(0, 300);
      }),
    }));
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `\n[${f.where}] ${f.id} (${f.impact}): ${f.help}\n    ${f.nodes.join('\n    ')}`)
    .join('');
}

function routes(d: Data): string[] {
  return [
    '/',
    '/resumo',
    '/lancar',
    '/pagar',
    '/receber',
    '/movimentacoes',
    '/ultimos-lancamentos',
    '/contas-pagar',
    '/contas-receber',
    '/relatorio',
    '/dashboard',
    '/mais',
    '/obras',
    '/obras/nova',
    `/obras/${d.projectId}`,
    '/fornecedores',
    '/fornecedores/novo',
    `/fornecedores/${d.supplierId}`,
    '/clientes',
    '/categorias',
    '/categorias/nova',
    `/categorias/${d.categoryId}`,
    '/contas-bancarias',
    '/contas-bancarias/nova',
    `/contas-bancarias/${d.bankId}`,
    '/preferencias',
    '/exportar',
    '/importar',
    '/rota-que-nao-existe',
  ];
}

async function visit(page: Page, route: string) {
  await page.goto(route);
  // A route's chunk and data on a machine shared by many builds: more than the default 10 s.
  await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible({
    timeout: 30_000,
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await storeTheme(page, theme);
    });

    // In groups: a scan takes several seconds on a busy machine, and one test for every route
    // would outlast any sensible timeout.
    for (const group of [0, 1, 2, 3]) {
      test(`signed-in routes, group ${group + 1}, pass axe (${theme})`, async ({ page }) => {
        test.setTimeout(300_000);
        const d = await setup();
        await signIn(page, d.account.email, d.account.password);
        const all = routes(d);
        const size = Math.ceil(all.length / 4);
        const findings: Finding[] = [];
        for (const route of all.slice(group * size, (group + 1) * size)) {
          await visit(page, route);
          findings.push(...(await scan(page, route, theme)));
          // The two charts, to look at in both themes and sizes.
          if (route === '/relatorio') await screenshot(page, `relatorio-${theme}`);
          if (route === `/contas-bancarias/${d.bankId}`) await screenshot(page, `conta-${theme}`);
        }
        expect(findings, report(findings)).toEqual([]);
      });
    }

    test(`dialogs pass axe (${theme})`, async ({ page }) => {
      test.setTimeout(300_000);
      const d = await setup();
      await signIn(page, d.account.email, d.account.password);
      const findings: Finding[] = [];
      const check = async (where: string, open: () => Promise<Locator>) => {
        const dialog = await open();
        await expect(dialog, where).toBeVisible();
        findings.push(...(await scan(page, where, theme)));
        await page.keyboard.press('Escape');
        await expect(dialog, where).toBeHidden();
      };

      await visit(page, '/');
      await check('Dar Baixa', async () => {
        await page
          .getByRole('region', { name: 'A Pagar' })
          .getByRole('button', { name: /Cimento CP-II/ })
          .click();
        return page.getByRole('dialog', { name: /Dar Baixa/ });
      });

      await visit(page, '/contas-bancarias');
      await check('Editar Conta', async () => {
        await page.getByRole('button', { name: 'Editar Banco da Obra' }).click();
        return page.getByRole('dialog', { name: 'Editar Conta' });
      });
      await check('Transferir entre contas', async () => {
        await page.getByRole('button', { name: 'Transferir entre contas' }).click();
        return page.getByRole('dialog', { name: 'Transferir entre contas' });
      });

      await visit(page, '/categorias');
      await check('Editar Categoria', async () => {
        await page.getByRole('button', { name: 'Editar Ferragens' }).click();
        return page.getByRole('dialog', { name: 'Editar Categoria' });
      });

      await visit(page, '/clientes');
      await check('Editar Cliente', async () => {
        await page.getByRole('button', { name: 'Editar Família Oliveira' }).click();
        return page.getByRole('dialog', { name: 'Editar Cliente' });
      });

      await visit(page, `/fornecedores/${d.supplierId}`);
      await check('Editar Fornecedor', async () => {
        await page.getByRole('button', { name: 'Editar', exact: true }).click();
        return page.getByRole('dialog', { name: 'Editar Fornecedor' });
      });

      await visit(page, `/obras/${d.projectId}`);
      await check('Editar Obra', async () => {
        await page.getByRole('button', { name: 'Editar', exact: true }).first().click();
        return page.getByRole('dialog', { name: 'Editar Obra' });
      });

      expect(findings, report(findings)).toEqual([]);
    });

    test(`signed-out and company-less screens pass axe (${theme})`, async ({ page }) => {
      const findings: Finding[] = [];
      for (const route of ['/auth', '/login', '/convite/convite-invalido']) {
        await page.goto(route);
        await expect(page.getByRole('heading').first(), route).toBeVisible();
        findings.push(...(await scan(page, `${route} (sem sessão)`, theme)));
      }

      // A new user without a company is sent to /company-setup.
      const client = apiClient();
      const email = uniqueEmail('semempresa');
      const { error } = await client.auth.signUp({
        email,
        password: 'segredo123',
        options: { data: { full_name: 'Sem Empresa' } },
      });
      if (error) throw error;
      await page.goto('/auth');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Senha', { exact: true }).fill('segredo123');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await expect(page).toHaveURL(/\/company-setup$/);
      await expect(page.getByRole('heading').first()).toBeVisible();
      findings.push(...(await scan(page, '/company-setup', theme)));

      expect(findings, report(findings)).toEqual([]);
    });
  });
}

test('focus returns to the button that opened a dialog after Esc', async ({ page }) => {
  test.setTimeout(120_000);
  const d = await setup();
  await signIn(page, d.account.email, d.account.password);

  const roundTrip = async (trigger: Locator, dialogName: string | RegExp) => {
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger, String(dialogName)).toBeFocused();
  };

  await visit(page, '/');
  await roundTrip(
    page.getByRole('region', { name: 'A Pagar' }).getByRole('button', { name: /Cimento CP-II/ }),
    /Dar Baixa/,
  );
  await visit(page, '/contas-pagar');
  await roundTrip(page.getByRole('button', { name: 'Dar Baixa' }).first(), /Dar Baixa/);

  await visit(page, '/contas-bancarias');
  await roundTrip(page.getByRole('button', { name: 'Editar Banco da Obra' }), 'Editar Conta');
  await roundTrip(
    page.getByRole('button', { name: 'Transferir entre contas' }),
    'Transferir entre contas',
  );

  await visit(page, `/contas-bancarias/${d.bankId}`);
  await roundTrip(page.getByRole('button', { name: 'Editar', exact: true }), 'Editar Conta');
  await roundTrip(
    page.getByRole('button', { name: 'Transferir', exact: true }),
    'Transferir entre contas',
  );

  await visit(page, '/categorias');
  await roundTrip(page.getByRole('button', { name: 'Editar Ferragens' }), 'Editar Categoria');
  await visit(page, '/clientes');
  await roundTrip(page.getByRole('button', { name: 'Editar Família Oliveira' }), 'Editar Cliente');
  await visit(page, `/fornecedores/${d.supplierId}`);
  await roundTrip(page.getByRole('button', { name: 'Editar', exact: true }), 'Editar Fornecedor');
  await visit(page, `/obras/${d.projectId}`);
  await roundTrip(page.getByRole('button', { name: 'Editar', exact: true }).first(), 'Editar Obra');
});
