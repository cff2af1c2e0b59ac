/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (page.evaluate callbacks run in the browser)
// From a 360 px phone to a 1440 px desktop, home, Movimentações and Relatório never
// scroll sideways and no amount breaks across lines ("R$" on one line, "1.200,00" on the next).
// Amounts carry data-amount (src/components/amount.tsx); text that looks like an amount outside
// one is checked too. Screenshots: test-results/screens/desktop/layout-widths/<page>-<width>.png.
// Runs in the desktop project only (playwright.config); each width sets its own viewport.
import type { Page } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

const WIDTHS = [360, 390, 768, 1024, 1440];

async function one<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error || !data) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

/** A company with long names and amounts from centavos to millions, pending and settled. */
async function setup(): Promise<Account> {
  const account = await createAccount('Construtora Medidas Largas', 'Lara Largura');
  const { client, companyId } = account;
  const today = browserToday();
  const bank = await one(
    client
      .from('bank_accounts')
      .insert({
        company_id: companyId,
        name: 'Conta Corrente Principal da Construtora',
        type: 'checking',
        initial_balance: 1234567.89,
      })
      .select('id')
      .single(),
  );
  await one(
    client
      .from('bank_accounts')
      .insert({ company_id: companyId, name: 'Caixa Obra', type: 'savings', initial_balance: 850 })
      .select('id')
      .single(),
  );
  const category = await one(
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Materiais de construção', type: 'expense' })
      .select('id')
      .single(),
  );
  const project = await one(
    client
      .from('projects')
      .insert({ company_id: companyId, name: 'Residencial Jardim das Palmeiras', budget: 2500000 })
      .select('id')
      .single(),
  );
  const payable = (description: string, amount: number, due: string) =>
    one(
      client
        .from('accounts_payable')
        .insert({
          company_id: companyId,
          description,
          amount,
          due_date: due,
          category_id: category.id,
          project_id: project.id,
          supplier_name: 'Depósito de Materiais São Cristóvão',
        })
        .select('id')
        .single(),
    );
  const receivable = (description: string, amount: number, due: string) =>
    one(
      client
        .from('accounts_receivable')
        .insert({
          company_id: companyId,
          description,
          amount,
          due_date: due,
          project_id: project.id,
          client_name: 'Maria Aparecida dos Santos',
        })
        .select('id')
        .single(),
    );

  await payable('Concreto usinado FCK 30 para a laje do segundo pavimento', 1200, '2099-01-10');
  await payable('Aço CA-50', 98765.43, '2025-06-10');
  await receivable('Parcela 3 da unidade 12', 125000, '2099-02-10');
  const sold = await receivable('Venda da unidade 7 do Residencial', 1350000, today);
  const paid = await payable('Cimento CP-II 300 sacos', 12345.67, today);
  await one(
    client.rpc('settle_receivable', {
      p_receivable_id: sold.id,
      p_bank_account_id: bank.id,
      p_received_on: today,
    }),
  );
  await one(
    client.rpc('settle_payable', {
      p_payable_id: paid.id,
      p_bank_account_id: bank.id,
      p_paid_on: today,
    }),
  );
  return account;
}

interface LayoutReport {
  scrollWidth: number;
  clientWidth: number;
  marked: number;
  problems: string[];
}

/** Sideways scroll, and every amount whose boxes are on more than one line. */
function measure(page: Page): Promise<LayoutReport> {
  return page.evaluate<LayoutReport>(`(() => {
    const problems = [];
    const describe = (el) => el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 50) + '"';
    const lineHeight = (el) => {
      const s = getComputedStyle(el);
      const lh = parseFloat(s.lineHeight);
      return Number.isNaN(lh) ? parseFloat(s.fontSize) * 1.25 : lh;
    };
    const lines = (rects) => new Set(rects.filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;

    const marked = [...document.querySelectorAll('[data-amount]')];
    for (const el of marked) {
      const rects = [...el.getClientRects()].filter((r) => r.width > 0);
      if (rects.length === 0) continue; // not displayed at this width
      const height = el.getBoundingClientRect().height;
      if (rects.length !== 1 || height > lineHeight(el) * 1.5) {
        problems.push('data-amount on ' + rects.length + ' boxes, ' + Math.round(height) + ' px high: ' + describe(el));
      }
      // Nor may it stick out of the box it sits in (a card a third of the phone wide).
      const box = el.parentElement.getBoundingClientRect();
      const pad = parseFloat(getComputedStyle(el.parentElement).paddingRight) || 0;
      const right = rects[0].right;
      if (right > box.right - pad + 1 || rects[0].left < box.left - 1) {
        problems.push('data-amount sticks out of its box by ' + Math.round(right - box.right + pad) + ' px: ' + describe(el));
      }
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const money = /-?R\\$\\s*[\\d.,]+(\\s*(mil|mi|bi|tri)\\b)?/g;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[data-amount], option, script, style')) continue;
      for (const match of node.textContent.matchAll(money)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lines([...range.getClientRects()]) > 1) {
          problems.push('amount across lines: "' + match[0] + '" in ' + describe(parent));
        }
      }
    }

    const se = document.scrollingElement;
    return { scrollWidth: se.scrollWidth, clientWidth: se.clientWidth, marked: marked.length, problems };
  })()`);
}

const PAGES: { path: string; name: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    name: 'home',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'A Pagar' })).toContainText('Concreto usinado');
      await expect(page.getByRole('region', { name: 'A Receber' })).toContainText('Parcela 3');
      await expect(page.getByRole('definition').first()).toContainText('R$');
      await expect(page.getByRole('list', { name: 'Saldos das contas bancárias' })).toContainText(
        'Caixa Obra',
      );
    },
  },
  {
    path: '/movimentacoes',
    name: 'movimentacoes',
    ready: async (page) => {
      await expect(page.getByText('Concreto usinado FCK 30').first()).toBeVisible();
      await expect(page.getByRole('definition').first()).toContainText('R$');
    },
  },
  {
    path: '/relatorio',
    name: 'relatorio',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Todo o período' }).click();
      await expect(page.getByText('Venda da unidade 7 do Residencial').first()).toBeVisible();
    },
  },
];

for (const width of WIDTHS) {
  test(`${width} px: no sideways scroll, no amount across lines`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const account = await setup();
    await signIn(page, account.email, account.password);

    for (const { path, name, ready } of PAGES) {
      await page.goto(path);
      await ready(page);
      // Fonts and late layout (charts) settle before measuring.
      await page.evaluate('document.fonts.ready');
      await screenshot(page, `${name}-${width}`);
      const report = await measure(page);
      expect
        .soft(report.scrollWidth, `${path} at ${width} px scrolls sideways`)
        .toBeLessThanOrEqual(report.clientWidth);
      if (path === '/') expect(report.marked, 'home marks its amounts').toBeGreaterThanOrEqual(5);
      expect.soft(report.problems, `${path} at ${width} px`).toEqual([]);
    }
  });
}
