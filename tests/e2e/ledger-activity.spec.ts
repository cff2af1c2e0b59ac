// Books you can trust: a transfer shows in Movimentações and in both accounts' history,
// its estorno puts both balances back; the account cards sum the whole history (more rows than a
// page); Atividade shows an admin who changed what, and is not offered to a member.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiClient,
  browserToday,
  createAccount,
  expect,
  listItemRole,
  listOrTable,
  listRows,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  type Account,
} from './support';

async function chooseOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function bankAccount(user: Account, name: string, initial: number) {
  const { data, error } = await user.client
    .from('bank_accounts')
    .insert({ company_id: user.companyId, name, type: 'checking', initial_balance: initial })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/**
 * `count` receipts of R$ 1,00 into the account, paid today. One after the other: concurrent
 * create_and_settle_entry calls on one account can deadlock (40P01), see the report.
 */
async function receipts(user: Account, accountId: string, count: number, today: string) {
  for (let i = 1; i <= count; i++) {
    const { error } = await user.client.rpc('create_and_settle_entry', {
      p_kind: 'income',
      p_id: randomUUID(),
      p_company_id: user.companyId,
      p_description: `Recebimento ${i}`,
      p_amount: 1,
      p_due_date: today,
      p_bank_account_id: accountId,
      p_paid_on: today,
      p_today: today,
    });
    if (error) throw error;
  }
}

test('a transfer in Movimentações and both histories; its estorno puts both balances back', async ({
  page,
}) => {
  test.slow();
  const today = browserToday();
  const user = await createAccount('Construtora Livro Caixa', 'Lia Caixa');
  const alfa = await bankAccount(user, 'Banco Alfa', 1000);
  const beta = await bankAccount(user, 'Caixa Beta', 0);
  await receipts(user, alfa, 55, today);
  await signIn(page, user.email, user.password);

  // The cards sum the whole history, not the 50 rows of the first page.
  await page.goto(`/contas-bancarias/${alfa}`);
  const totals = page.getByRole('region', { name: 'Totais das transações' });
  await expect(totals).toContainText('R$ 55,00');
  await expect(page.getByText('55 transações · mostrando 50')).toBeVisible();
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(page.getByText('55 transações', { exact: true })).toBeVisible();

  // Transfer 200 from Alfa to Beta.
  await page.getByRole('button', { name: 'Transferir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transferir entre contas' });
  await chooseOption(page, 'Conta de destino', /^Caixa Beta/);
  await dialog.getByLabel('Valor').fill('200,00');
  await dialog.getByLabel('Descrição').fill('Reforço do caixa');
  await dialog.getByRole('button', { name: 'Transferir' }).click();
  await expect(page.getByText('Transferência realizada')).toBeVisible();
  await expect(totals).toContainText('R$ 200,00');
  const history = listRows(page, 'Histórico de transações');
  await expect(history.first()).toContainText('Reforço do caixa');
  await expect(history.first()).toContainText('Enviada para Caixa Beta');
  await screenshot(page, 'bank-account-detail');

  // The other side.
  await page.goto(`/contas-bancarias/${beta}`);
  await expect(listRows(page, 'Histórico de transações')).toHaveCount(1);
  await expect(listOrTable(page, 'Histórico de transações')).toContainText(
    'Recebida de Banco Alfa',
  );

  // Movimentações lists it as a transfer; the cards do not count it.
  await page.goto('/movimentacoes');
  // A card named "Transferência Banco Alfa → Caixa Beta" on the phone, a table row on the desktop.
  const row =
    listItemRole(page) === 'row'
      ? listRows(page, 'Movimentações').filter({ hasText: 'Banco Alfa → Caixa Beta' })
      : page.getByRole('listitem', { name: 'Transferência Banco Alfa → Caixa Beta' });
  await expect(row).toContainText('Reforço do caixa');
  await expect(row).toContainText('R$ 200,00');
  const cards = page.getByLabel('Totais', { exact: true });
  await expect(cards).toContainText('R$ 55,00');
  await expect(cards).not.toContainText('R$ 200,00');
  await screenshot(page, 'movimentacoes-transfer');

  // Estorno from Movimentações.
  await row.getByRole('button', { name: /^Estornar transferência/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Estornar transferência?' });
  await confirm.getByRole('button', { name: 'Estornar transferência' }).click();
  await expect(page.getByText('Transferência estornada')).toBeVisible();
  await expect(row).toContainText('Estornada em');

  // Both balances are back.
  await page.goto('/contas-bancarias');
  await expect(page.getByRole('article', { name: 'Banco Alfa', exact: true })).toContainText(
    'R$ 1.055,00',
  );
  await expect(page.getByRole('article', { name: 'Caixa Beta', exact: true })).toContainText(
    'R$ 0,00',
  );
  // Beta's history: nothing standing; with estornos, the pair.
  await page.goto(`/contas-bancarias/${beta}`);
  await expect(page.getByText('Nenhuma transação nesta conta')).toBeVisible();
  await page.getByLabel('Mostrar estornos').click();
  await expect(listRows(page, 'Histórico de transações')).toHaveCount(2);
});

test('Atividade: an admin sees who changed a supplier (old → new) and filters by type; a member is not offered it', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await createAccount('Construtora Auditoria', 'Ana Admin');
  const { data: supplier, error } = await admin.client
    .from('suppliers')
    .insert({ company_id: admin.companyId, name: 'Depósito Silva', type: 'materiais' })
    .select('id')
    .single();
  if (error) throw error;
  // Contacts are the supplier's details (issue 31); Atividade tells them as a change of the supplier.
  await admin.client.from('supplier_details').insert({
    company_id: admin.companyId,
    supplier_id: supplier.id,
    phone: '(11) 4000-0000',
  });
  await bankAccount(admin, 'Banco Auditado', 10);

  await signIn(page, admin.email, admin.password);
  await page.goto('/mais');
  await page.getByRole('link', { name: 'Atividade' }).click();
  await expect(page.getByRole('heading', { name: 'Atividade' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Atividade' });
  // Who, by name and e-mail, on every screen size (issue 31).
  await expect(list.getByRole('listitem').first()).toContainText(
    `Ana Admin (${admin.email}) criou Conta bancária`,
  );
  await chooseOption(page, 'Tipo', 'Fornecedor');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const change = list.getByRole('listitem').first();
  await expect(change).toContainText(`Ana Admin (${admin.email}) alterou Fornecedor`);
  await expect(change).toContainText('Telefone:');
  await expect(change).toContainText('(11) 4000-0000');
  await screenshot(page, 'atividade');

  // A member (joined through an invitation) has no Atividade under Mais, nor at its address.
  const memberEmail = uniqueEmail('membro');
  const { data: invitation, error: inviteError } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.companyId, p_email: memberEmail })
    .single();
  if (inviteError) throw inviteError;
  const member = apiClient();
  const { error: signUpError } = await member.auth.signUp({
    email: memberEmail,
    password: 'segredo123',
    options: { data: { full_name: 'Mauro Membro' } },
  });
  if (signUpError) throw signUpError;
  const { error: acceptError } = await member.rpc('accept_invitation', {
    p_token: invitation.token,
  });
  if (acceptError) throw acceptError;

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signIn(memberPage, memberEmail, 'segredo123');
  await memberPage.goto('/mais');
  // Inside the page: on the desktop the sidebar has Preferências too.
  await expect(
    memberPage.getByRole('main').getByRole('link', { name: 'Preferências' }),
  ).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Atividade' })).toHaveCount(0);
  await memberPage.goto('/atividade');
  await expect(memberPage.getByText('Apenas administradores')).toBeVisible();
  await context.close();
});
