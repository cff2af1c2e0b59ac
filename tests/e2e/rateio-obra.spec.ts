// Rateio and per-obra access (issue 33): a truck of concrete, R$ 18.000,00, split 60/40 between
// Obra Aurora and Obra Boreal by the office. The engineer of Obra Aurora sees the bill on their home
// and in its detail with Aurora's part only (R$ 10.800,00): never the whole, Boreal's part, or
// Boreal's name. The split is recorded through the API by the admin (the split editor's own journey
// is tests/e2e/rateio.spec.ts).
import type { Page } from '@playwright/test';
import { apiClient, createAccount, expect, screenshot, signIn, test, uniqueEmail } from './support';

const PASSWORD = 'segredo123';

async function setup(description: string) {
  const admin = await createAccount('Construtora Rateio', 'Paula Dona');
  const { client, companyId } = admin;
  const { data: projects } = await client
    .from('projects')
    .insert([
      { company_id: companyId, name: 'Obra Aurora' },
      { company_id: companyId, name: 'Obra Boreal' },
    ])
    .select('id, name')
    .throwOnError();
  const aurora = projects.find((p) => p.name === 'Obra Aurora')!.id;
  const boreal = projects.find((p) => p.name === 'Obra Boreal')!.id;
  const { data: category } = await client
    .from('categories')
    .insert({ company_id: companyId, name: 'Concreto', type: 'expense' })
    .select('id')
    .single()
    .throwOnError();
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await client
    .from('accounts_payable')
    .insert([
      {
        company_id: companyId,
        description,
        supplier_name: 'Concreteira Forte',
        amount: 18000,
        due_date: due,
        parts: [
          {
            project_id: aurora,
            stage_id: null,
            category_id: category.id,
            amount: 10800,
            percent: 60,
          },
          {
            project_id: boreal,
            stage_id: null,
            category_id: category.id,
            amount: 7200,
            percent: 40,
          },
        ],
      },
      // Boreal's own bill: nothing of it reaches Aurora's engineer.
      {
        company_id: companyId,
        description: 'Aço da Boreal',
        amount: 5000,
        due_date: due,
        project_id: boreal,
      },
    ])
    .throwOnError();
  // The engineer joins Obra Aurora through an invitation (the link's flow, without a browser).
  const email = uniqueEmail('engenheira');
  const { data: invitation } = await client
    .rpc('create_invitation', {
      p_company_id: companyId,
      p_email: email,
      p_role: 'obra',
      p_project_ids: [aurora],
    })
    .single()
    .throwOnError();
  const engineer = apiClient();
  const { error } = await engineer.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Ana Engenheira' } },
  });
  if (error) throw error;
  await engineer.rpc('accept_invitation', { p_token: invitation.token }).throwOnError();
  return { engineerEmail: email };
}

/** Nothing of the whole bill or of the other obra anywhere on the screen. */
async function expectOnlyAurorasPart(page: Page) {
  const body = page.locator('body');
  for (const hidden of ['18.000,00', '7.200,00', 'Obra Boreal', 'Aço da Boreal', '60%', '40%']) {
    await expect(body).not.toContainText(hidden);
  }
}

test('the engineer of one obra sees only its part of a split bill, on home and in its detail', async ({
  page,
}) => {
  const description = `Concreto usinado ${Date.now()}`;
  const { engineerEmail } = await setup(description);

  await signIn(page, engineerEmail, PASSWORD);
  const pending = page.getByRole('list', { name: 'Pendentes das suas obras' });
  const bill = pending.getByRole('listitem').filter({ hasText: description });
  await expect(bill).toContainText('R$ 10.800,00');
  await expect(bill).toContainText('Obra Aurora');
  await expect(bill).toContainText('Rateio: sua parte');
  await expectOnlyAurorasPart(page);
  await screenshot(page, 'inicio-engenheira');

  await bill.getByRole('link', { name: description }).click();
  await expect(page.getByRole('heading', { level: 1, name: description })).toBeVisible();
  await expect(page.getByText('Sua parte do rateio')).toBeVisible();
  // The amount is their share, and their one part lists the same, with no percent of the whole.
  await expect(page.getByText('R$ 10.800,00')).toHaveCount(2);
  const parts = page.getByRole('region', { name: 'Rateio' });
  await expect(parts.getByText('Rateio: suas partes')).toBeVisible();
  await expect(parts.getByText('60%')).toHaveCount(0);
  await expect(
    page.getByText(
      'Este lançamento é dividido com outras obras: você vê apenas a parte das suas obras.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Concreteira Forte')).toBeVisible();
  // Nothing to change, and nothing that would tell the whole (payments, files, Histórico).
  for (const name of ['Dar Baixa', 'Editar', 'Excluir']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expectOnlyAurorasPart(page);
  await screenshot(page, 'detalhe-parte');
});
