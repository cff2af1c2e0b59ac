// Bank accounts journey: create an account with an initial balance and see it on home, edit it,
// transfer between two accounts and see both balances, open the history, remove (archive) it.
import type { Page } from '@playwright/test';
import { createAccount, expect, listOrTable, listRows, screenshot, signIn, test } from './support';

async function chooseOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

function accountCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

test('create, see on home, edit, transfer, history and archive', async ({ page }) => {
  // A long journey over several screens: the default 60 s is too short on the phone project.
  test.slow();
  const user = await createAccount('Construtora Saldo Certo', 'Rita Contas');
  await signIn(page, user.email, user.password);

  // Empty list.
  await page.goto('/contas-bancarias');
  await expect(page.getByRole('heading', { name: 'Contas Bancárias' })).toBeVisible();
  await expect(page.getByText('Nenhuma conta bancária cadastrada')).toBeVisible();
  await screenshot(page, 'bank-accounts-empty');

  // New account, with validation first.
  await page.getByRole('link', { name: 'Cadastrar primeira conta' }).click();
  await expect(page).toHaveURL(/\/contas-bancarias\/nova$/);
  await page.getByRole('button', { name: 'Cadastrar conta' }).click();
  await expect(page.getByText('Nome da conta e tipo são obrigatórios')).toBeVisible();
  await page.getByLabel('Nome da instituição').fill('Banco da Obra');
  await chooseOption(page, 'Tipo de conta', 'Conta Corrente');
  await page.getByLabel('Apelido').fill('Principal');
  await page.getByLabel('Agência').fill('1234');
  await page.getByLabel('Número da conta').fill('98765-4');
  await page.getByLabel('Saldo inicial').fill('1.500,00');
  await page.getByRole('radio', { name: 'Verde' }).click();
  await screenshot(page, 'bank-account-new');
  await page.getByRole('button', { name: 'Cadastrar conta' }).click();
  await expect(page.getByText('Conta bancária cadastrada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/contas-bancarias$/);
  const bank = accountCard(page, 'Banco da Obra');
  await expect(bank).toContainText('Conta Corrente • Principal');
  await expect(bank).toContainText('Ag: 1234 • Conta: 98765-4');
  await expect(bank).toContainText('R$ 1.500,00');

  // A credit card: no agency nor number; a negative opening balance (the open invoice).
  await page.getByRole('link', { name: 'Nova Conta' }).click();
  await page.getByLabel('Nome da instituição').fill('Cartão Corporativo');
  await chooseOption(page, 'Tipo de conta', 'Cartão de Crédito');
  await expect(page.getByLabel('Agência')).toHaveCount(0);
  await expect(page.getByLabel('Número da conta')).toHaveCount(0);
  await page.getByLabel('Saldo inicial').fill('-200,00');
  await page.getByRole('button', { name: 'Cadastrar conta' }).click();
  await expect(page).toHaveURL(/\/contas-bancarias$/);
  const card = accountCard(page, 'Cartão Corporativo');
  await expect(card).toContainText('N/A');
  await expect(card).toContainText('R$ 200,00');
  await expect(page.getByRole('region', { name: 'Resumo das contas' })).toContainText(
    'R$ 1.300,00',
  );
  await screenshot(page, 'bank-accounts-list');

  // Home shows the balance card of the new account.
  await page.goto('/');
  const balances = page.getByRole('list', { name: 'Saldos das contas bancárias' });
  await expect(balances.getByRole('link').filter({ hasText: 'Banco da Obra' })).toContainText(
    'R$ 1.500,00',
  );
  await screenshot(page, 'bank-accounts-home');

  // Edit: rename; the typed name is saved and shown.
  await page.goto('/contas-bancarias');
  await page.getByRole('button', { name: 'Editar Banco da Obra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Conta' });
  await expect(dialog.getByLabel('Nome da instituição')).toHaveValue('Banco da Obra');
  await dialog.getByLabel('Nome da instituição').fill('Banco Central da Obra');
  await dialog.getByLabel('Apelido').fill('Pagamentos');
  await screenshot(page, 'bank-account-edit');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Conta atualizada!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const renamed = accountCard(page, 'Banco Central da Obra');
  await expect(renamed).toContainText('Conta Corrente • Pagamentos');

  // Transfer 300 from the bank to the card: both balances move without a reload.
  await page.getByRole('button', { name: 'Transferir entre contas' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transferir entre contas' });
  await chooseOption(page, 'Conta de origem', /^Banco Central da Obra/);
  await chooseOption(page, 'Conta de destino', /^Cartão Corporativo/);
  await transfer.getByLabel('Valor').fill('300,00');
  await transfer.getByLabel('Descrição').fill('Pagamento da fatura');
  await screenshot(page, 'bank-accounts-transfer');
  await transfer.getByRole('button', { name: 'Transferir' }).click();
  await expect(page.getByText('Transferência realizada')).toBeVisible();
  await expect(renamed).toContainText('R$ 1.200,00');
  await expect(accountCard(page, 'Cartão Corporativo')).toContainText('R$ 100,00');

  // The history of the bank account shows the transfer out.
  await page.getByRole('link', { name: 'Ver detalhes de Banco Central da Obra' }).click();
  await expect(page.getByRole('heading', { name: 'Banco Central da Obra' })).toBeVisible();
  const history = listOrTable(page, 'Histórico de transações');
  const historyRows = listRows(page, 'Histórico de transações');
  await expect(historyRows).toHaveCount(1);
  await expect(history).toContainText('Pagamento da fatura');
  await expect(history).toContainText('−R$ 300,00');
  await expect(history).toContainText('Transferência');
  await expect(page.getByRole('region', { name: 'Totais das transações' })).toContainText(
    'R$ 300,00',
  );
  await page.getByLabel('Buscar transações').fill('cimento');
  await expect(page.getByText('Nenhuma transação encontrada')).toBeVisible();
  await page.getByLabel('Buscar transações').fill('fatura');
  await expect(historyRows).toHaveCount(1);
  await screenshot(page, 'bank-account-detail');

  // Remove: it has history, so it is archived and stays listed as Inativa.
  await page.getByRole('button', { name: 'Remover' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Conta arquivada')).toBeVisible();
  await expect(page.getByText('Inativa').first()).toBeVisible();

  // A not-found account.
  await page.goto('/contas-bancarias/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Conta não encontrada')).toBeVisible();
  await screenshot(page, 'bank-account-not-found');
  await page.getByRole('link', { name: 'Voltar às Contas' }).click();
  await expect(page).toHaveURL(/\/contas-bancarias$/);
  await expect(accountCard(page, 'Banco Central da Obra')).toContainText('Inativa');
  await expect(page.getByRole('region', { name: 'Resumo das contas' })).toContainText('R$ 100,00');
});
