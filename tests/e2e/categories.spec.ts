// Categories: create both kinds, edit, find them in the entry wizard's category step; archive a
// used category and see that its old entries still show its name.
import type { Page } from '@playwright/test';
import {
  browserToday,
  createAccount,
  expect,
  listItemRole,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

async function createCategoryThroughUi(
  page: Page,
  {
    name,
    description,
    kind,
    color,
  }: { name: string; description: string; kind: 'Receita' | 'Despesa'; color: string },
) {
  await expect(page).toHaveURL(/\/categorias\/nova(\?tipo=receita)?$/);
  await page.getByLabel('Nome da categoria').fill(name);
  await page.getByLabel('Descrição').fill(description);
  // Despesa by default; the Receitas tab's button preselects Receita.
  await expect(page.getByRole('radio', { name: new RegExp(kind) })).toBeChecked();
  await page.getByRole('radio', { name: color, exact: true }).click();
  await screenshot(page, `categorias-nova-${kind.toLowerCase()}`);
  await page.getByRole('button', { name: 'Cadastrar Categoria' }).click();
  await expect(page.getByText('Categoria cadastrada com sucesso!').first()).toBeVisible();
  await expect(page).toHaveURL(
    kind === 'Receita' ? /\/categorias\?tipo=receitas$/ : /\/categorias$/,
  );
  await expect(page.getByRole('link', { name: `Ver ${name}` })).toBeVisible();
}

/** Walks the wizard (/pagar or /receber) to step 6 and returns the category radio group. */
async function wizardCategoryStep(page: Page, path: '/pagar' | '/receber') {
  await page.goto(path);
  await page.getByLabel('Descrição').fill('Lançamento de teste');
  await page.getByRole('button', { name: /Continuar/ }).click();
  await page
    .getByLabel(path === '/pagar' ? 'Nome do fornecedor' : 'Nome do cliente')
    .fill('Fulano');
  await page.getByRole('button', { name: /Continuar/ }).click();
  await page.getByLabel('Valor').fill('100,00');
  await page.getByRole('button', { name: /Continuar/ }).click();
  await page.getByRole('radio', { name: /Hoje/ }).click();
  await page.getByRole('button', { name: /Continuar/ }).click();
  await page.getByRole('radio', { name: /Geral/ }).click();
  await page.getByRole('button', { name: /Continuar/ }).click();
  await expect(page.getByText('6/9')).toBeVisible();
  await expect(page.getByText('Carregando categorias...')).toHaveCount(0);
  return page.getByRole('radiogroup', { name: 'Categoria' });
}

test('create categories of both kinds, edit one, and find them in the wizard', async ({ page }) => {
  // A long journey: two creations, an edit, a refused duplicate and two walks through the wizard.
  test.setTimeout(180_000);
  const account = await createAccount('Construtora Categorias');
  await signIn(page, account.email, account.password);

  await page.goto('/categorias');
  await expect(page.getByRole('tab', { name: 'Despesas (0)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Nenhuma categoria de despesa cadastrada')).toBeVisible();
  await screenshot(page, 'categorias-vazia');

  await page.getByRole('link', { name: 'Criar primeira categoria' }).click();
  await createCategoryThroughUi(page, {
    name: 'Ferragens',
    description: 'Pregos, parafusos e arames',
    kind: 'Despesa',
    color: 'Laranja',
  });
  await expect(page.getByRole('listitem').filter({ hasText: 'Ferragens' })).toContainText(
    'Pregos, parafusos e arames',
  );

  await page.getByRole('tab', { name: 'Receitas (0)' }).click();
  await expect(page.getByText('Nenhuma categoria de receita cadastrada')).toBeVisible();
  await page.getByRole('link', { name: 'Criar primeira categoria' }).click();
  await createCategoryThroughUi(page, {
    name: 'Venda de Lotes',
    description: 'Parcelas dos lotes vendidos',
    kind: 'Receita',
    color: 'Verde',
  });

  await expect(page.getByRole('tab', { name: 'Receitas (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Despesas (1)' })).toBeVisible();
  await expect(page.getByText('1 categoria de receita · 1 categoria de despesa')).toBeVisible();

  // Edit: rename the expense category through the dialog.
  await page.getByRole('tab', { name: 'Despesas (1)' }).click();
  await page.getByRole('button', { name: 'Editar Ferragens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Categoria' });
  await dialog.getByLabel('Nome da categoria').fill('Ferragens e Parafusos');
  await dialog.getByRole('radio', { name: 'Roxo' }).click();
  await screenshot(page, 'categorias-editar');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Categoria atualizada!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Ver Ferragens e Parafusos' })).toBeVisible();
  await screenshot(page, 'categorias-lista');

  // A duplicate active name of the same type is refused with a clear message.
  await page.getByRole('link', { name: 'Nova Categoria' }).click();
  await page.getByLabel('Nome da categoria').fill('  ferragens e parafusos ');
  await page.getByRole('button', { name: 'Cadastrar Categoria' }).click();
  await expect(page.getByText('Já existe uma categoria com esse nome.')).toBeVisible();
  await expect(page.getByLabel('Nome da categoria')).toHaveValue('  ferragens e parafusos ');

  // The payable wizard offers the expense category only; the receivable wizard the income one.
  const expenseChoices = await wizardCategoryStep(page, '/pagar');
  await expect(expenseChoices.getByRole('radio', { name: /Ferragens e Parafusos/ })).toBeVisible();
  await expect(expenseChoices.getByRole('radio', { name: /Venda de Lotes/ })).toHaveCount(0);
  await screenshot(page, 'pagar-etapa-categoria');

  const incomeChoices = await wizardCategoryStep(page, '/receber');
  await expect(incomeChoices.getByRole('radio', { name: /Venda de Lotes/ })).toBeVisible();
  await expect(incomeChoices.getByRole('radio', { name: /Ferragens/ })).toHaveCount(0);
  await screenshot(page, 'receber-etapa-categoria');
});

async function seedUsedCategory(account: Account) {
  const { client, companyId } = account;
  const { data: category, error: e1 } = await client
    .from('categories')
    .insert({
      company_id: companyId,
      name: 'Cimento Antigo',
      description: 'Fornecedor que não usamos mais',
      type: 'expense',
      color: 'red',
    })
    .select()
    .single();
  if (e1) throw e1;
  const { data: bank, error: e2 } = await client
    .from('bank_accounts')
    .insert({ company_id: companyId, name: 'Conta Obra', type: 'checking', initial_balance: 5000 })
    .select()
    .single();
  if (e2) throw e2;
  const { data: paid, error: e3 } = await client
    .from('accounts_payable')
    .insert({
      company_id: companyId,
      description: 'Cimento CP-II 50 sacos',
      amount: 1450.9,
      due_date: '2026-11-10',
      category_id: category.id,
    })
    .select()
    .single();
  if (e3) throw e3;
  const today = browserToday();
  const { error: e4 } = await client.rpc('settle_payable', {
    p_payable_id: paid.id,
    p_bank_account_id: bank.id,
    p_paid_on: today,
  });
  if (e4) throw e4;
  const { error: e5 } = await client.from('accounts_payable').insert({
    company_id: companyId,
    description: 'Cimento CP-III pendente',
    amount: 300,
    due_date: '2099-12-01',
    category_id: category.id,
  });
  if (e5) throw e5;
  const { error: e6 } = await client
    .from('categories')
    .insert({ company_id: companyId, name: 'Sem Uso', type: 'expense', color: 'gray' });
  if (e6) throw e6;
  return { category, bank };
}

test('archive a used category: its old entries keep its name', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await createAccount('Construtora Arquivo');
  const { category, bank } = await seedUsedCategory(account);
  await signIn(page, account.email, account.password);

  // Detail on real data.
  await page.goto('/categorias');
  await page.getByRole('link', { name: 'Ver Cimento Antigo' }).click();
  await expect(page.getByRole('heading', { name: 'Cimento Antigo' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total movimentado' })).toContainText('R$ 1.450,90');
  await expect(page.getByRole('group', { name: 'Transações' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Média por transação' })).toContainText(
    'R$ 1.450,90',
  );
  await expect(page.getByRole('group', { name: 'Frequência de uso' })).toContainText('Baixa');
  await expect(page.getByRole('group', { name: 'Frequência de uso' })).toContainText(
    '1 transação nos últimos 90 dias',
  );
  await expect(page.getByRole('list', { name: 'Transações recentes' })).toContainText(
    'Cimento CP-II 50 sacos',
  );
  await screenshot(page, 'categoria-detalhe');

  // An unused category is really deleted.
  await page.goto('/categorias');
  await page.getByRole('button', { name: 'Excluir Sem Uso' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Categoria excluída')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver Sem Uso' })).toHaveCount(0);

  // A used one is archived, and says so.
  await page.getByRole('button', { name: 'Excluir Cimento Antigo' }).click();
  await screenshot(page, 'categorias-excluir');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Categoria arquivada')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver Cimento Antigo' })).toHaveCount(0);
  await expect(page.getByText('Nenhuma categoria de despesa cadastrada')).toBeVisible();
  await screenshot(page, 'categorias-arquivada');

  // Its detail still opens (old links), marked as archived.
  await page.goto(`/categorias/${category.id}`);
  await expect(page.getByText('Arquivada', { exact: true })).toBeVisible();

  // The old entries still show its name: the settled one in the account's history…
  await page.goto(`/contas-bancarias/${bank.id}`);
  await expect(page.getByText('Cimento CP-II 50 sacos')).toBeVisible();
  await expect(page.getByText(/Cimento Antigo/).first()).toBeVisible();
  await screenshot(page, 'conta-historico-categoria-arquivada');

  // …and the pending one on Contas a Pagar.
  await page.goto('/contas-pagar');
  const pendingRow = page
    .getByRole(listItemRole(page))
    .filter({ hasText: 'Cimento CP-III pendente' });
  await expect(pendingRow).toContainText('Cimento Antigo');
  await screenshot(page, 'contas-pagar-categoria-arquivada');

  // New entries can no longer choose it.
  await wizardCategoryStep(page, '/pagar');
  await expect(page.getByText('Nenhuma categoria de despesa cadastrada')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cimento Antigo/ })).toHaveCount(0);
});
