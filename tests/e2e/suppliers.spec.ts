// Suppliers and clients journeys: create a supplier (validation first), find it, open it, add
// orders and a product, see the totals move (orders, average ticket, last order, and the paid
// payables as "Total gasto"), edit and deactivate it; create, edit and deactivate a client.
import type { Page } from '@playwright/test';
import { formatDate } from '../../src/lib/dates';
import {
  browserToday,
  createAccount,
  dismissToasts,
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

/** A paid payable of the supplier, made through the API as the user (the payables screens are another issue's). */
async function paySupplier(
  client: ApiClient,
  companyId: string,
  supplierId: string,
  amount: number,
) {
  const account = await client
    .from('bank_accounts')
    .insert({
      company_id: companyId,
      name: 'Banco Teste',
      type: 'checking',
      initial_balance: 10000,
    })
    .select('id')
    .single();
  if (account.error) throw account.error;
  const payable = await client
    .from('accounts_payable')
    .insert({
      company_id: companyId,
      description: 'Cimento entregue',
      supplier_id: supplierId,
      amount,
      due_date: '2026-11-10',
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

test('create a supplier, add orders and a product, see the totals, edit and deactivate', async ({
  page,
}) => {
  test.setTimeout(180_000); // a long journey: nine screens and dialogs
  const user = await createAccount('Construtora Fornece Bem', 'Carla Compras');
  const project = await user.client
    .from('projects')
    .insert({ company_id: user.companyId, name: 'Residencial Aurora' })
    .select('id')
    .single();
  if (project.error) throw project.error;
  await signIn(page, user.email, user.password);

  await page.goto('/fornecedores');
  await expect(page.getByRole('heading', { name: 'Fornecedores' })).toBeVisible();
  await expect(page.getByText('Nenhum fornecedor cadastrado')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Fornecedores ativos' })).toContainText('0');
  await expect(page.getByRole('group', { name: 'Total gasto' })).toContainText('R$ 0,00');
  await screenshot(page, 'suppliers-empty');

  // New supplier: the required fields first.
  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/fornecedores\/novo$/);
  await page.getByRole('button', { name: 'Cadastrar Fornecedor' }).click();
  await expect(page.getByText('Campos obrigatórios', { exact: true })).toBeVisible();
  await expect(page.getByText('Por favor, preencha todos os campos obrigatórios.')).toBeVisible();
  await page.getByLabel('Nome do Fornecedor').fill('Depósito São Jorge');
  await chooseOption(page, 'Tipo', 'Materiais');
  await page.getByLabel('Categoria').fill('Cimento');
  await page.getByLabel('Telefone').fill('(11) 97777-1234');
  await page.getByLabel('Email').fill('vendas@saojorge.com.br');
  await page.getByLabel('Endereço').fill('Av. das Obras, 100');
  await page.getByLabel('Observações').fill('Entrega em até 48 h');
  await screenshot(page, 'supplier-new');
  await page.getByRole('button', { name: 'Cadastrar Fornecedor' }).click();
  await expect(page.getByText('Fornecedor cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/fornecedores$/);

  // A card (a link) on the phone; a table row on the desktop, without address and notes.
  const card =
    listItemRole(page) === 'row'
      ? page.getByRole('row', { name: /Depósito São Jorge/ })
      : page.getByRole('link', { name: /Depósito São Jorge/ });
  await expect(card).toContainText('Ativo');
  await expect(card).toContainText('Materiais');
  await expect(card).toContainText('(11) 97777-1234');
  await expect(card).toContainText('vendas@saojorge.com.br');
  if (listItemRole(page) === 'listitem') {
    await expect(card).toContainText('Av. das Obras, 100');
    await expect(card).toContainText('Entrega em até 48 h');
  }
  await expect(page.getByRole('group', { name: 'Fornecedores ativos' })).toContainText('1');

  // Search by type label, by category, and a miss.
  const search = page.getByRole('searchbox', { name: 'Buscar fornecedores' });
  await search.fill('materiais');
  await expect(card).toBeVisible();
  await search.fill('cimento');
  await expect(card).toBeVisible();
  await search.fill('elétrica');
  await expect(page.getByText('Nenhum fornecedor encontrado')).toBeVisible();
  await search.fill('');
  await screenshot(page, 'suppliers-list');

  // Detail.
  await card.click();
  await expect(page).toHaveURL(/\/fornecedores\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Depósito São Jorge' })).toBeVisible();
  const orders = page.getByRole('group', { name: 'Total de Pedidos' });
  const spent = page.getByRole('group', { name: 'Total Gasto' });
  const ticket = page.getByRole('group', { name: 'Ticket Médio' });
  const last = page.getByRole('group', { name: 'Último Pedido' });
  await expect(orders).toContainText('0');
  await expect(last).toContainText('Nenhum');
  await screenshot(page, 'supplier-detail-info');

  // Orders: validation, then two orders.
  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await expect(page.getByText('Nenhum pedido registrado')).toBeVisible();
  await page.getByRole('button', { name: 'Novo Pedido' }).click();
  let dialog = page.getByRole('dialog', { name: 'Novo Pedido' });
  await dialog.getByLabel('Descrição').fill('Cimento CP-II 100 sacos');
  await dialog.getByRole('button', { name: 'Criar Pedido' }).click();
  await expect(page.getByText('Campos obrigatórios', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByLabel('Valor')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Obra' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByLabel('Valor').fill('1.250,50');
  await chooseOption(page, 'Obra', 'Residencial Aurora');
  await dialog.getByLabel('Observações').fill('Descarregar no portão 2');
  await screenshot(page, 'supplier-new-order');
  await dialog.getByRole('button', { name: 'Criar Pedido' }).click();
  await expect(page.getByText('Pedido criado!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Novo Pedido' }).click();
  dialog = page.getByRole('dialog', { name: 'Novo Pedido' });
  await dialog.getByLabel('Descrição').fill('Areia média 10 m³');
  await dialog.getByLabel('Valor').fill('749,50');
  await chooseOption(page, 'Obra', 'Residencial Aurora');
  await dialog.getByRole('button', { name: 'Criar Pedido' }).click();
  await expect(dialog).toBeHidden();

  const history = page.getByRole('list', { name: 'Pedidos' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const cimentoOrder = history.getByRole('listitem').filter({ hasText: 'Cimento CP-II 100 sacos' });
  await expect(cimentoOrder).toContainText('R$ 1.250,50');
  await expect(cimentoOrder).toContainText('Residencial Aurora');
  await expect(cimentoOrder).toContainText('Pendente');
  // (1.250,50 + 749,50) / 2 = 1.000,00
  await expect(orders).toContainText('2');
  await expect(ticket).toContainText('R$ 1.000,00');
  await expect(last).toContainText(formatDate(browserToday()));
  await screenshot(page, 'supplier-orders');

  // The "Pedido criado!" toasts sit over the orders on a phone: the user closes them first.
  await dismissToasts(page);

  // Statuses: delivered stays counted; cancelled leaves the totals.
  await chooseOption(page, 'Status do pedido Cimento CP-II 100 sacos', 'Entregue');
  await expect(cimentoOrder).toContainText('Entregue');
  await chooseOption(page, 'Status do pedido Areia média 10 m³', 'Cancelado');
  await expect(history.getByRole('listitem').filter({ hasText: 'Areia média' })).toContainText(
    'Cancelado',
  );
  await expect(orders).toContainText('1');
  await expect(ticket).toContainText('R$ 1.250,50');

  // Products.
  await page.getByRole('tab', { name: 'Produtos' }).click();
  await expect(page.getByText('Nenhum produto cadastrado')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar Produto' }).click();
  dialog = page.getByRole('dialog', { name: 'Adicionar Produto' });
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Campos obrigatórios', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByLabel('Nome do Produto')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Unidade' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByLabel('Nome do Produto').fill('Cimento CP-II 50 kg');
  await dialog.getByLabel('Preço').fill('38,90');
  await chooseOption(page, 'Unidade', 'Saco');
  await expect(dialog.getByRole('combobox', { name: 'Categoria' })).toContainText('Diversos');
  await expect(dialog.getByRole('combobox', { name: 'Frequência' })).toContainText('Mensal');
  await chooseOption(page, 'Categoria', 'Cimento');
  await screenshot(page, 'supplier-new-product');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Produto adicionado!')).toBeVisible();
  const product = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
  await expect(product).toHaveCount(1);
  await expect(product).toContainText('Cimento CP-II 50 kg');
  await expect(product).toContainText('R$ 38,90');
  await expect(product).toContainText('por Saco');
  await expect(product).toContainText('Mensal');
  await screenshot(page, 'supplier-products');

  // A paid payable of this supplier becomes "Total gasto" here and on the list.
  const supplierId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await paySupplier(user.client, user.companyId, supplierId, 300);
  await page.reload();
  await expect(spent).toContainText('R$ 300,00');

  // Edit: every field saved, shown in the header and the Informações tab.
  await page.getByRole('button', { name: 'Editar' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Fornecedor' });
  await expect(dialog.getByLabel('Nome do Fornecedor')).toHaveValue('Depósito São Jorge');
  await dialog.getByLabel('Categoria').fill('Cimento e agregados');
  // The CNPJ masked as typed, refused while its check digits are wrong, stored bare.
  await dialog.getByLabel('CNPJ').fill('11222333000182');
  await expect(dialog.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-82');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('CNPJ/CPF inválido.')).toBeVisible();
  await dialog.getByLabel('CNPJ').fill('11222333000181');
  await dialog.getByLabel('Website').fill('www.saojorge.com.br');
  await dialog.getByLabel('Avaliação (0 a 5)').fill('4,5');
  await dialog.getByLabel('Data de Fundação').fill('1998-03-15');
  await screenshot(page, 'supplier-edit');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Fornecedor atualizado!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByText('Cimento e agregados').first()).toBeVisible();
  await expect(page.getByLabel('Avaliação 4,5 de 5')).toBeVisible();
  await page.getByRole('tab', { name: 'Informações' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('11.222.333/0001-81');
  const stored = await user.client.from('suppliers').select('document').eq('id', supplierId);
  expect(stored.data).toEqual([{ document: '11222333000181' }]);
  await expect(page.getByRole('tabpanel')).toContainText('15/03/1998');
  await expect(page.getByRole('tabpanel')).toContainText('www.saojorge.com.br');
  await screenshot(page, 'supplier-detail-edited');

  // Deactivate.
  await page.getByRole('button', { name: 'Desativar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('Fornecedor desativado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ativar' })).toBeVisible();

  await page.getByRole('link', { name: 'Voltar para Fornecedores' }).click();
  await expect(card).toContainText('Inativo');
  await expect(page.getByRole('group', { name: 'Fornecedores ativos' })).toContainText('0');
  await expect(page.getByRole('group', { name: 'Total gasto' })).toContainText('R$ 300,00');
  await screenshot(page, 'suppliers-list-after');
});

test('create, find, edit and deactivate a client', async ({ page }) => {
  const user = await createAccount('Construtora Clientela', 'Bruno Vendas');
  await signIn(page, user.email, user.password);

  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByText('Nenhum cliente cadastrado')).toBeVisible();
  await screenshot(page, 'clients-empty');

  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  let dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expect(page.getByText('Campos obrigatórios', { exact: true })).toBeVisible();
  await dialog.getByLabel('Nome').fill('Família Oliveira');
  await dialog.getByLabel('CPF/CNPJ').fill('52998224724');
  await expect(dialog.getByLabel('CPF/CNPJ')).toHaveValue('529.982.247-24');
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expect(dialog.getByText('CNPJ/CPF inválido.')).toBeVisible();
  await dialog.getByLabel('CPF/CNPJ').fill('529.982.247-25');
  await dialog.getByLabel('Telefone').fill('(11) 95555-0000');
  await dialog.getByLabel('Email').fill('oliveira@example.com');
  await screenshot(page, 'client-new');
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expect(page.getByText('Cliente cadastrado!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const item = page.getByRole(listItemRole(page), { name: 'Família Oliveira' });
  await expect(item).toContainText('Ativo');
  await expect(item).toContainText('529.982.247-25');
  await expect(item).toContainText('oliveira@example.com');
  await expect(page.getByText('1 cliente ativo')).toBeVisible();

  // The client is in the database the receivable wizard reads (active, by name).
  const { data } = await user.client.from('clients').select('name').eq('is_active', true);
  expect(data?.map((c) => c.name)).toEqual(['Família Oliveira']);

  // Search.
  const search = page.getByRole('searchbox', { name: 'Buscar clientes' });
  await search.fill('oliveira');
  await expect(item).toBeVisible();
  await search.fill('souza');
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await search.fill('');

  // Edit.
  await page.getByRole('button', { name: 'Editar Família Oliveira' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(dialog.getByLabel('Nome')).toHaveValue('Família Oliveira');
  await dialog.getByLabel('Nome').fill('Família Oliveira Santos');
  await dialog.getByLabel('Endereço').fill('Rua das Flores, 12');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cliente atualizado!')).toBeVisible();
  const renamed = page.getByRole(listItemRole(page), { name: 'Família Oliveira Santos' });
  await expect(renamed).toContainText('Rua das Flores, 12');
  await screenshot(page, 'clients-list');

  // Deactivate.
  await page.getByRole('button', { name: 'Desativar Família Oliveira Santos' }).click();
  await expect(page.getByText('Cliente desativado')).toBeVisible();
  await expect(renamed).toContainText('Inativo');
  await expect(page.getByText('0 clientes ativos')).toBeVisible();
  const active = await user.client.from('clients').select('name').eq('is_active', true);
  expect(active.data).toEqual([]);
  await screenshot(page, 'clients-list-inactive');
});
