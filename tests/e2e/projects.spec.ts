// Obras journey: create an obra through Nova Obra (validation first) with its stages, find it in
// the list, see a paid payable of the obra (made and settled through the API) as spent with the
// budget warning and in Financeiro, complete a stage, add a team member and edit the obra.
import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  listItemRole,
  screenshot,
  signIn,
  test,
  type ApiClient,
} from './support';

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks a day of the month the calendar opens on (10 and 20 are never outside days). */
async function pickDay(page: Page, label: string, day: number) {
  await page.getByRole('button', { name: new RegExp(label) }).click();
  const grid = page.getByRole('grid');
  await grid
    .getByRole('button', { name: new RegExp(`\\b${day} de \\p{L}+ de \\d{4}`, 'u') })
    .click();
  await expect(grid).toBeHidden();
}

/** A paid payable of the obra, through the API as the user (the payables screens are another issue's). */
async function payForProject(
  client: ApiClient,
  companyId: string,
  projectId: string,
  amount: number,
) {
  const account = await client
    .from('bank_accounts')
    .insert({
      company_id: companyId,
      name: 'Banco Obra',
      type: 'checking',
      initial_balance: 200000,
    })
    .select('id')
    .single();
  if (account.error) throw account.error;
  const payable = await client
    .from('accounts_payable')
    .insert({
      company_id: companyId,
      description: 'Concreto usinado',
      supplier_name: 'Concreteira Forte',
      amount,
      due_date: '2026-11-10',
      project_id: projectId,
    })
    .select('id')
    .single();
  if (payable.error) throw payable.error;
  const settled = await client.rpc('settle_payable', {
    p_payable_id: payable.data.id,
    p_bank_account_id: account.data.id,
    p_paid_on: '2026-11-10',
  });
  if (settled.error) throw settled.error;
}

test('create an obra with stages, see its spending, complete a stage and add a team member', async ({
  page,
}) => {
  // A long journey through four screens and four dialogs: give it the slow-test budget.
  test.slow();
  const user = await createAccount('Construtora Obras Bem', 'Otávio Obras');
  await signIn(page, user.email, user.password);

  await page.goto('/obras');
  await expect(page.getByRole('heading', { name: 'Obras & Projetos' })).toBeVisible();
  await expect(page.getByText('Nenhuma obra encontrada')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Obras Ativas' })).toContainText('0');
  await screenshot(page, 'projects-empty');

  // Nova Obra: the required fields first.
  await page.getByRole('link', { name: 'Nova Obra' }).first().click();
  await expect(page).toHaveURL(/\/obras\/nova$/);
  await page.getByRole('button', { name: 'Criar Obra' }).click();
  await expect(page.getByText('Campos obrigatórios', { exact: true })).toBeVisible();
  await expect(page.getByText('Por favor, preencha todos os campos obrigatórios.')).toBeVisible();

  await page.getByLabel('Nome da obra').fill('Residencial Ipê Roxo');
  await page.getByLabel('Descrição').fill('Casa térrea de 140 m²');
  await page.getByLabel('Endereço').fill('Rua dos Ipês, 77 - Jardim Botânico');
  await chooseOption(page, 'Prioridade', 'Alta');
  await page.getByLabel('Nome do cliente').fill('Helena Martins');
  await page.getByLabel('Orçamento').fill('100.000,00');
  await pickDay(page, 'Data de início', 10);
  await pickDay(page, 'Previsão de término', 20);
  await page.getByLabel('Paisagismo').check();
  await page.getByLabel('Acabamento').uncheck();
  await screenshot(page, 'project-new');
  await page.getByRole('button', { name: 'Criar Obra' }).click();
  await expect(page.getByText('Obra criada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/obras$/);

  const card = page
    .getByRole(listItemRole(page))
    .filter({ has: page.getByRole('link', { name: 'Residencial Ipê Roxo' }) });
  await expect(card).toContainText('Helena Martins');
  await expect(card).toContainText('Planejamento');
  await expect(card).toContainText('R$ 100.000,00');
  await expect(card).toContainText('R$ 0,00');
  await expect(card).not.toContainText('Atenção: Gasto próximo do orçamento');
  await expect(page.getByRole('group', { name: 'Obras Ativas' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Orçamento Total' })).toContainText('R$ 100.000,00');

  // Search by client and by status; a miss shows the empty state.
  const search = page.getByRole('searchbox', { name: 'Buscar obras' });
  await search.fill('helena');
  await expect(card).toBeVisible();
  await search.fill('planejamento');
  await expect(card).toBeVisible();
  await search.fill('concluída');
  await expect(page.getByText('Nenhuma obra encontrada')).toBeVisible();
  await search.fill('');

  // A paid payable of the obra counts as spent: 95% of the budget shows the warning.
  const created = await user.client
    .from('projects')
    .select('id')
    .eq('company_id', user.companyId)
    .eq('name', 'Residencial Ipê Roxo')
    .single();
  if (created.error) throw created.error;
  await payForProject(user.client, user.companyId, created.data.id, 95000);
  await page.reload();
  await expect(card).toContainText('R$ 95.000,00');
  // SPEC §2's words for SPEC §2's rule: spent above 90 % of the budget.
  await expect(card).toContainText('Atenção: Gasto próximo do orçamento');
  await expect(card).not.toContainText('Gasto + comprometido acima');
  await screenshot(page, 'projects-list');

  // Detail.
  await page.getByRole('link', { name: 'Residencial Ipê Roxo' }).click();
  await expect(page).toHaveURL(new RegExp(`/obras/${created.data.id}$`));
  await expect(page.getByRole('heading', { name: 'Residencial Ipê Roxo' })).toBeVisible();
  await expect(page.getByText('Rua dos Ipês, 77 - Jardim Botânico')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Orçamento' })).toContainText('R$ 100.000,00');
  await expect(page.getByRole('group', { name: 'Gasto' })).toContainText('R$ 95.000,00');
  await expect(page.getByRole('group', { name: 'Gasto' })).toContainText('95% do orçamento');
  await expect(page.getByRole('group', { name: 'Progresso' })).toContainText('0%');
  const summary = page.getByRole('tabpanel', { name: 'Resumo' });
  await expect(summary).toContainText('Helena Martins');
  await expect(summary).toContainText('Casa térrea de 140 m²');
  await expect(summary).toContainText('-R$ 95.000,00');
  await screenshot(page, 'project-detail');

  await page.getByRole('tab', { name: 'Financeiro' }).click();
  const expenses = page.getByRole('list', { name: 'Despesas pagas' });
  await expect(expenses).toContainText('Concreto usinado');
  await expect(expenses).toContainText('R$ 95.000,00');
  await expect(page.getByText('Nenhum recebimento registrado.')).toBeVisible();
  await screenshot(page, 'project-finance');

  // Etapas: the ticked stages, in the spec's order; completing one is saved.
  await page.getByRole('tab', { name: 'Etapas' }).click();
  const stages = page.getByRole('list', { name: 'Etapas' }).getByRole('heading');
  await expect(stages).toHaveText([
    'Planejamento',
    'Fundação',
    'Estrutura',
    'Instalações',
    'Entrega',
    'Paisagismo',
  ]);
  await page.getByRole('button', { name: 'Concluir etapa Fundação' }).click();
  await expect(page.getByText('Etapa concluída!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reabrir etapa Fundação' })).toBeVisible();
  await page.getByRole('button', { name: 'Editar etapa Fundação' }).click();
  await page.getByRole('dialog').getByLabel('Orçado').fill('12.500,00');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Etapa atualizada!')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Etapas' }).getByRole('listitem').nth(1),
  ).toContainText('R$ 12.500,00');
  await screenshot(page, 'project-stages');

  // Equipe: validation, then a real member.
  await page.getByRole('tab', { name: 'Equipe' }).click();
  await expect(page.getByText('Nenhum membro na equipe')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar membro' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Por favor, preencha todos os campos.')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Severino Alves');
  await chooseOption(page, 'Função', 'Mestre de Obras');
  await dialog.getByLabel('Contato').fill('(11) 98888-7777');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Membro adicionado!')).toBeVisible();
  await expect(page.getByText('Severino Alves foi adicionado à equipe.')).toBeVisible();
  const team = page.getByRole('list', { name: 'Equipe' });
  await expect(team).toContainText('Severino Alves');
  await expect(team).toContainText('Mestre de Obras');
  await screenshot(page, 'project-team');

  // Editar: progress and status are saved.
  await page.getByRole('button', { name: 'Editar' }).first().click();
  const edit = page.getByRole('dialog', { name: 'Editar Obra' });
  await chooseOption(page, 'Status', 'Em Andamento');
  await screenshot(page, 'project-edit');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Projeto atualizado!')).toBeVisible();
  // Progress comes from the stages (1 of 6 done; not every stage has an orçado, so by count).
  await expect(page.getByRole('group', { name: 'Progresso' })).toContainText('17%');
  await expect(page.getByText('Em Andamento').first()).toBeVisible();

  // The team, the stage and the edit survive a reload (they are in the database).
  await page.reload();
  await expect(page.getByRole('group', { name: 'Progresso' })).toContainText('17%');
  await expect(page.getByText('Em Andamento').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Etapas' }).click();
  await expect(page.getByRole('button', { name: 'Reabrir etapa Fundação' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Concluir etapa Fundação' })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Etapas' }).getByRole('listitem').nth(1),
  ).toContainText('R$ 12.500,00');
  await page.getByRole('tab', { name: 'Equipe' }).click();
  await expect(page.getByRole('list', { name: 'Equipe' })).toContainText('Severino Alves');
});

test('an unknown obra shows "Projeto não encontrado"', async ({ page }) => {
  const user = await createAccount('Construtora Sem Obra', 'Nina Nada');
  await signIn(page, user.email, user.password);
  await page.goto('/obras/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Projeto não encontrado')).toBeVisible();
  await screenshot(page, 'project-not-found');
});
