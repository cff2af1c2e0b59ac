// Avisos (issue 32, in the app): the engineer at the site records an expense above the alçada; the
// admin's bell shows it, the admin refuses it with a reason; the engineer's bell shows the refusal
// and its reason, and the notice opens the expense.
import { apiClient, createAccount, expect, screenshot, signIn, test, uniqueEmail } from './support';

const PASSWORD = 'segredo123';

async function setup() {
  const admin = await createAccount('Construtora Avisos', 'Paula Dona');
  const { client, companyId } = admin;
  await client
    .rpc('update_company', {
      p_company_id: companyId,
      p_name: 'Construtora Avisos',
      p_document: '',
      p_email: '',
      p_phone: '',
      p_address: '',
      p_city: '',
      p_state: '',
      p_zip_code: '',
      p_approval_threshold: 300,
    })
    .throwOnError();
  const [{ data: obra }] = await Promise.all([
    client
      .from('projects')
      .insert({ company_id: companyId, name: 'Obra Norte' })
      .select('id')
      .single()
      .throwOnError(),
    client
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Depósito Silva' })
      .throwOnError(),
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Materiais', type: 'expense' })
      .throwOnError(),
  ]);
  // The engineer joins Obra Norte through an invitation (the link's flow, without a browser).
  const email = uniqueEmail('engenheiro');
  const { data: invitation } = await client
    .rpc('create_invitation', {
      p_company_id: companyId,
      p_email: email,
      p_role: 'obra',
      p_project_ids: [obra.id],
    })
    .single()
    .throwOnError();
  const engineer = apiClient();
  const { error } = await engineer.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Enzo Engenheiro' } },
  });
  if (error) throw error;
  await engineer.rpc('accept_invitation', { p_token: invitation.token }).throwOnError();
  // The admin was told the engineer joined, and has read it already.
  const { data: joined } = await client
    .from('notices')
    .update({ read_at: new Date().toISOString() })
    .eq('company_id', companyId)
    .eq('kind', 'invitation_accepted')
    .select('title')
    .throwOnError();
  expect(joined).toEqual([{ title: 'Convite aceito: Enzo Engenheiro entrou na equipe' }]);
  return { admin, engineerEmail: email };
}

test('an expense above the alçada reaches the admin’s bell; the refusal and its reason reach the engineer’s', async ({
  page,
  browser,
}) => {
  test.slow();
  const { admin, engineerEmail } = await setup();
  const description = `Areia média ${Date.now()}`;
  const continuar = page.getByRole('button', { name: 'Continuar' });

  // 1. The engineer records R$ 480,00 for Obra Norte (the alçada is R$ 300,00).
  await signIn(page, engineerEmail, PASSWORD);
  await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toBeVisible();
  await page.goto('/pagar');
  await page.getByLabel('Descrição').fill(description);
  await continuar.click();
  await page.getByRole('radio', { name: 'Depósito Silva' }).click();
  await continuar.click();
  await page.getByLabel('Valor').fill('480,00');
  await continuar.click();
  await page.getByRole('radio', { name: /Amanhã/ }).click();
  await continuar.click();
  await page
    .getByRole('radiogroup', { name: 'Obra' })
    .getByRole('radio', { name: 'Obra Norte' })
    .click();
  await continuar.click();
  await page.getByRole('radio', { name: 'Materiais' }).click();
  await continuar.click();
  await continuar.click();
  await continuar.click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lançamento salvo!')).toBeVisible();

  // 2. The admin's bell shows 1; Avisos says what waits, and opens it.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, admin.email, admin.password);
  const adminBell = owner.getByRole('link', { name: 'Avisos, 1 não lido' });
  await expect(adminBell).toBeVisible();
  await screenshot(owner, 'sino-admin');
  await adminBell.click();
  const pending = owner
    .getByRole('list', { name: 'Hoje' })
    .getByRole('button', { name: `Aprovação pendente: ${description} — R$ 480,00 — Obra Norte` });
  await expect(pending).toContainText('Lançado por Enzo Engenheiro');
  await screenshot(owner, 'avisos-admin');
  await pending.click();
  await expect(owner.getByRole('heading', { level: 1, name: description })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Avisos', exact: true })).toBeVisible();

  // 3. The admin refuses it with a reason.
  await owner.goto('/aprovacoes');
  await owner.getByRole('button', { name: `Recusar ${description}` }).click();
  const refuse = owner.getByRole('dialog', { name: 'Recusar lançamento' });
  await refuse.getByRole('textbox', { name: /Motivo da recusa/ }).fill('Preço acima da cotação');
  await refuse.getByRole('button', { name: 'Recusar' }).click();
  await expect(owner.getByText('Lançamento recusado')).toBeVisible();
  await owner.context().close();

  // 4. The engineer's bell shows the refusal with its reason; "Marcar todas como lidas" clears it.
  await page.goto('/');
  const engineerBell = page.getByRole('link', { name: 'Avisos, 1 não lido' });
  await expect(engineerBell).toBeVisible();
  await engineerBell.click();
  const refusal = page
    .getByRole('list', { name: 'Hoje' })
    .getByRole('button', { name: `Despesa recusada: ${description} — R$ 480,00 — Obra Norte` });
  await expect(refusal).toContainText('Motivo: Preço acima da cotação');
  await expect(refusal).toContainText('(não lido)');
  await screenshot(page, 'avisos-engenheiro');
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByRole('link', { name: 'Avisos', exact: true })).toBeVisible();
  await expect(refusal).not.toContainText('(não lido)');
  await refusal.click();
  await expect(page.getByText('Motivo da recusa: Preço acima da cotação')).toBeVisible();
});
