/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (page.evaluate callbacks run in the browser)
// On a 360 px wide phone every page title is readable whole — it wraps or is smaller,
// never cut with an ellipsis ("Contas Bancárias" used to read "Contas Bancár…").
import { createAccount, expect, screenshot, signIn, test } from './support';

test.use({ viewport: { width: 360, height: 760 } });

const ROUTES = [
  '/',
  '/lancar',
  '/pagar',
  '/receber',
  '/movimentacoes',
  '/ultimos-lancamentos',
  '/relatorio',
  '/mais',
  '/contas-pagar',
  '/contas-receber',
  '/obras',
  '/obras/nova',
  '/fornecedores',
  '/fornecedores/novo',
  '/clientes',
  '/categorias',
  '/categorias/nova',
  '/contas-bancarias',
  '/contas-bancarias/nova',
  '/preferencias',
  '/exportar',
  '/importar',
];

test('no page title is truncated at 360 px', async ({ page }) => {
  test.slow();
  const user = await createAccount('Construtora Títulos Longos', 'Tina Título');
  // A detail page whose title is a long user-given name.
  const { data, error } = await user.client
    .from('bank_accounts')
    .insert({
      company_id: user.companyId,
      name: 'Conta Corrente Cooperativa de Crédito dos Construtores',
      type: 'checking',
      initial_balance: 0,
    })
    .select('id')
    .single();
  if (error) throw error;
  await signIn(page, user.email, user.password);

  for (const route of [
    ...ROUTES,
    `/contas-bancarias/${data.id}`,
    `/contas-bancarias/${data.id}/conciliacao`,
  ]) {
    await page.goto(route);
    const title = page.getByRole('heading', { level: 1 }).first();
    await expect(title, route).toBeVisible();
    await expect(title, route).not.toHaveText('');
    const fit = await title.evaluate((h1) => {
      const style = getComputedStyle(h1);
      return {
        text: h1.textContent,
        overflows: h1.scrollWidth > h1.clientWidth,
        ellipsis: style.textOverflow === 'ellipsis',
        // A phone widens its layout viewport to fit content that overflows: compare with 360.
        insideViewport: h1.getBoundingClientRect().right <= 360,
        pageWidth: document.documentElement.scrollWidth,
        // What sticks out, to name the culprit when the page is too wide.
        wide: [...document.querySelectorAll('body *')]
          .filter(
            (el) =>
              el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible',
          )
          .slice(-3)
          .map(
            (el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.slice(0, 40)}"`,
          ),
      };
    });
    expect(
      fit.pageWidth,
      `${route}: the page scrolls sideways: ${fit.wide.join(' | ')}`,
    ).toBeLessThanOrEqual(360);
    expect(fit, `${route}: ${fit.text ?? ''}`).toMatchObject({
      overflows: false,
      ellipsis: false,
      insideViewport: true,
    });
    if (route === '/contas-bancarias') await screenshot(page, 'contas-bancarias-360');
  }
});
