// Rateio padrão (issue 33), managed on Categorias: create the office's overhead template (by budget
// among the active obras, default for payables) and a fixed 60/40 one, edit and remove the fixed
// one; the database applies the overhead template to the three active obras, exact to the centavo.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createAccount, expect, screenshot, signIn, test, type Account } from './support';

async function createProject(account: Account, name: string, budget: number, status: string) {
  const { data, error } = await account.client.rpc('create_project', {
    p_company_id: account.companyId,
    p_name: name,
    p_address: 'Rua das Obras, 1',
    p_client_name: 'Cliente',
    p_budget: budget,
    p_start_date: '2026-01-10',
    p_end_date: '2027-12-20',
    p_stages: ['Fundação'],
    p_status: status,
  });
  if (error) throw error;
  return (data as { id: string }).id;
}

/** Serious or critical axe findings (WCAG 2.2 AA and best practice) inside `selector`. */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .include(selector)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('manage rateios padrão on Categorias and apply the overhead one by budget', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await createAccount('Construtora Rateio Padrão');
  const jardim = await createProject(account, 'Casa 001 - Jardim', 450000, 'in_progress');
  const vila = await createProject(account, 'Casa 002 - Vila', 280000, 'in_progress');
  const parque = await createProject(account, 'Casa 003 - Parque', 190000, 'planning');
  await createProject(account, 'Casa 000 - Entregue', 500000, 'completed');
  const { error } = await account.client.from('categories').insert({
    company_id: account.companyId,
    name: 'Administrativo',
    type: 'expense',
  });
  if (error) throw error;
  await signIn(page, account.email, account.password);

  await page.goto('/categorias');
  const section = page.getByRole('region', { name: 'Rateios padrão' });
  await expect(section.getByText('Nenhum rateio padrão cadastrado')).toBeVisible();

  // The office's overhead: by budget among the active obras, with its categoria, one tap in Lançar.
  await section.getByRole('button', { name: 'Novo rateio padrão' }).click();
  let dialog = page.getByRole('dialog', { name: 'Novo rateio padrão' });
  await dialog.getByLabel(/^Nome/).fill('Despesas administrativas');
  await expect(dialog.getByRole('combobox', { name: 'Como dividir' })).toContainText(
    'Pelo orçamento das obras ativas',
  );
  await choose(page, dialog, 'Categoria', 'Administrativo');
  await dialog.getByRole('switch', { name: 'Aplicar com um toque' }).click();
  await screenshot(page, 'rateio-padrao-novo');
  await dialog.getByRole('button', { name: 'Criar rateio padrão' }).click();
  await expect(page.getByText('Rateio padrão criado!').first()).toBeVisible();
  const overhead = section.getByRole('listitem', { name: 'Despesas administrativas' });
  await expect(overhead).toContainText('Padrão');
  await expect(overhead).toContainText('Pelo orçamento das obras ativas · Administrativo');

  // A concrete truck shared 60/40: the closed obra is not offered; the parts must sum to 100.
  await section.getByRole('button', { name: 'Novo rateio padrão' }).click();
  dialog = page.getByRole('dialog', { name: 'Novo rateio padrão' });
  await dialog.getByLabel(/^Nome/).fill('Concreto 60/40');
  await choose(page, dialog, 'Como dividir', 'Percentuais fixos');
  await dialog.getByRole('button', { name: 'Adicionar partes' }).click();
  await dialog.getByRole('combobox', { name: 'Obra da parte 1' }).click();
  await expect(page.getByRole('option', { name: 'Casa 000 - Entregue' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Casa 001 - Jardim' }).click();
  await choose(page, dialog, 'Obra da parte 2', 'Casa 002 - Vila');
  await dialog.getByLabel('% da parte 1').fill('60');
  await dialog.getByLabel('% da parte 2').fill('30');
  await expect(dialog.getByRole('status')).toHaveText('Falta 10%');
  await dialog.getByRole('button', { name: 'Criar rateio padrão' }).click();
  await expect(
    dialog.getByText('Os percentuais do rateio padrão precisam somar 100%.'),
  ).toBeVisible();
  await dialog.getByLabel('% da parte 2').fill('40');
  await expect(dialog.getByRole('status')).toHaveText('Total: 100%');
  await screenshot(page, 'rateio-padrao-fixo');
  expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Criar rateio padrão' }).click();
  const concrete = section.getByRole('listitem', { name: 'Concreto 60/40' });
  await expect(concrete).toContainText('Casa 001 - Jardim 60% · Casa 002 - Vila 40%');

  // Edit it to 70/30, then remove it.
  await concrete.getByRole('button', { name: 'Editar Concreto 60/40' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar rateio padrão' });
  await dialog.getByLabel('% da parte 1').fill('70');
  await dialog.getByLabel('% da parte 2').fill('30');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Rateio padrão atualizado!').first()).toBeVisible();
  await expect(concrete).toContainText('Casa 001 - Jardim 70% · Casa 002 - Vila 30%');
  await screenshot(page, 'rateios-padrao');
  expect(await axeFindings(page, 'section[aria-labelledby="rateios-padrao"]')).toEqual([]);
  await concrete.getByRole('button', { name: 'Excluir Concreto 60/40' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Rateio padrão excluído').first()).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);

  // What was saved, applied by the database: R$ 3.000,00 over the three active obras by budget
  // (450/280/190 mil), the centavo left to the largest remainder; the completed obra left out.
  const { data: saved } = await account.client
    .from('split_templates')
    .select('id, kind, method, is_default')
    .single();
  expect(saved).toMatchObject({ kind: 'expense', method: 'budget', is_default: true });
  const { data: parts } = await account.client.rpc('split_template_parts', {
    p_template_id: saved!.id,
    p_amount: 3000,
  });
  expect(parts?.map((p) => [p.project_id, p.amount])).toEqual([
    [jardim, 1467.39],
    [vila, 913.04],
    [parque, 619.57],
  ]);
});
