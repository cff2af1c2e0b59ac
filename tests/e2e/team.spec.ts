// The company's own data (Empresa, admins) and a second company created from the company switcher
// (Nova empresa), on the phone and on the office desktop.
import type { Page } from '@playwright/test';
import { createAccount, expect, screenshot, signIn, test } from './support';

const isDesktop = () => test.info().project.name === 'desktop';

async function openCompanySwitcher(page: Page): Promise<void> {
  if (!isDesktop()) {
    await page.goto('/mais');
  }
}

test('an admin edits the company in Empresa: CNPJ checked by its digits, shown masked, saved', async ({
  page,
}) => {
  const admin = await createAccount('Construtora Cadastro', 'Paula Cadastro');
  await signIn(page, admin.email, admin.password);
  await page.goto('/preferencias');
  await page.getByRole('link', { name: /Empresa/ }).click();
  await expect(page.getByRole('heading', { name: 'Empresa', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome da empresa' })).toHaveValue(
    'Construtora Cadastro',
  );

  const document = page.getByLabel('CNPJ/CPF');
  await document.fill('11.222.333/0001-82');
  await page.getByLabel('CEP').fill('0131010');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('CNPJ/CPF inválido.')).toBeVisible();
  await expect(page.getByText('CEP inválido.')).toBeVisible();

  await document.fill('11222333000181');
  await page.getByLabel('CEP').fill('01310100');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByRole('combobox', { name: 'UF' }).selectOption('SP');
  await page.getByLabel('Lançamentos de obra até R$ … dispensam aprovação').fill('1.500,00');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Empresa atualizada!')).toBeVisible();
  await expect(document).toHaveValue('11.222.333/0001-81');
  await screenshot(page, 'empresa');

  // What the database kept: the bare document and CEP, shown masked again after a reload.
  const { data } = await admin.client
    .from('companies')
    .select('document, zip_code, state, approval_threshold')
    .eq('id', admin.companyId)
    .single();
  expect(data).toEqual({
    document: '11222333000181',
    zip_code: '01310100',
    state: 'SP',
    approval_threshold: 1500,
  });
  await page.reload();
  await expect(page.getByLabel('CNPJ/CPF')).toHaveValue('11.222.333/0001-81');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(page.getByRole('combobox', { name: 'UF' })).toHaveValue('SP');
});

test('Nova empresa from the company switcher: the creator is its admin and works in it, apart from the first', async ({
  page,
}) => {
  const admin = await createAccount('Construtora Matriz', 'Paula Matriz');
  // The first company has a bank account; the new one must not show it.
  const { error } = await admin.client.from('bank_accounts').insert({
    company_id: admin.companyId,
    name: 'Conta da Matriz',
    type: 'checking',
    initial_balance: 100,
  });
  expect(error).toBeNull();
  await signIn(page, admin.email, admin.password);
  await openCompanySwitcher(page);
  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova empresa' });
  await dialog.getByRole('textbox', { name: 'Nome da empresa' }).fill('Construtora Filial');
  await dialog.getByLabel('CNPJ/CPF').fill('52998224725');
  await screenshot(page, 'nova-empresa');
  await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Empresa criada!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('main').getByText('Construtora Filial')).toBeVisible();

  await page.goto('/contas-bancarias');
  await expect(page.getByRole('heading', { name: 'Contas Bancárias' })).toBeVisible();
  await expect(page.getByText('Conta da Matriz')).toHaveCount(0);

  // The creator is the new company's admin: Empresa opens with its data.
  await page.goto('/empresa');
  await expect(page.getByRole('textbox', { name: 'Nome da empresa' })).toHaveValue(
    'Construtora Filial',
  );
  await expect(page.getByLabel('CNPJ/CPF')).toHaveValue('529.982.247-25');

  // Back to the first company through the switcher: its account is there again.
  if (isDesktop()) {
    await page
      .getByRole('combobox', { name: 'Empresa' })
      .selectOption({ label: 'Construtora Matriz' });
  } else {
    await page.goto('/mais');
    await page.getByRole('combobox', { name: 'Trocar de empresa' }).click();
    await page.getByRole('option', { name: 'Construtora Matriz' }).click();
  }
  await expect(page.getByRole('main').getByText('Construtora Matriz')).toBeVisible();
  await page.goto('/contas-bancarias');
  await expect(page.getByText('Conta da Matriz')).toBeVisible();
});
