// The team, as a builder rolls it out: the admin invites an engineer to one obra; the engineer
// signs up through the link, sees that obra only and records a site expense, which awaits
// approval; the admin refuses it with a reason; the engineer corrects it and sends it again; the
// financeiro approves and pays it; the accountant (leitura) sees it all and finds nothing that
// writes. The engineer's own token reads nothing of the other obra and no bank balance.
import type { Browser, Page, Response } from '@playwright/test';
import {
  apiClient,
  createAccount,
  dismissToasts,
  expect,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  type Account,
} from './support';

const PASSWORD = 'segredo123';

interface Team {
  admin: Account;
  aurora: string;
  sigilosa: string;
  financeiro: { email: string };
  contador: { email: string };
}

/** A member joined through the invitation functions (the link's flow, without a browser). */
async function joinAs(admin: Account, role: 'financeiro' | 'leitura', fullName: string) {
  const email = uniqueEmail(role);
  const { data: invitation } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.companyId, p_email: email, p_role: role })
    .single()
    .throwOnError();
  const member = apiClient();
  const { error } = await member.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: fullName } },
  });
  if (error) throw error;
  await member.rpc('accept_invitation', { p_token: invitation.token }).throwOnError();
  return { email };
}

async function setup(): Promise<Team> {
  const admin = await createAccount('Construtora Equipe', 'Paula Dona');
  const { client, companyId } = admin;
  const project = async (name: string) =>
    (
      await client
        .from('projects')
        .insert({ company_id: companyId, name })
        .select('id')
        .single()
        .throwOnError()
    ).data.id;
  const [aurora, sigilosa] = await Promise.all([
    project('Edifício Aurora'),
    project('Casa Sigilosa'),
    client
      .from('bank_accounts')
      .insert({
        company_id: companyId,
        name: 'Conta Principal',
        type: 'checking',
        initial_balance: 10000,
      })
      .throwOnError(),
    // With contacts and notes, which the engineer never reads (issue 31).
    client
      .rpc('save_supplier', {
        p_company_id: companyId,
        p_supplier: {
          name: 'Depósito Silva',
          type: 'materiais',
          phone: '(19) 3232-1010',
          notes: 'Desconto à vista',
          document: '529.982.247-25',
        },
      })
      .throwOnError(),
    client
      .from('categories')
      .insert({ company_id: companyId, name: 'Materiais', type: 'expense' })
      .throwOnError(),
  ]);
  // What the engineer must never see: the other obra's bill and a "Geral" one.
  await client
    .from('accounts_payable')
    .insert([
      {
        company_id: companyId,
        description: 'Telhado sigiloso',
        amount: 999,
        due_date: '2026-12-20',
        project_id: sigilosa,
      },
      {
        company_id: companyId,
        description: 'Aluguel do escritório',
        amount: 3000,
        due_date: '2026-12-20',
      },
    ])
    .throwOnError();
  const [financeiro, contador] = await Promise.all([
    joinAs(admin, 'financeiro', 'Fernanda Financeiro'),
    joinAs(admin, 'leitura', 'Carlos Contador'),
  ]);
  return { admin, aurora, sigilosa, financeiro, contador };
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Every API answer the page gets that refuses something (4xx/5xx), as "METHOD path status". */
function refusedRequests(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/rest/v1/') && response.status() >= 400) {
      refused.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    }
  });
  return refused;
}

/** Named buttons and links that write must not be there (the role reads only). */
async function expectNoWriting(page: Page, names: (string | RegExp)[]): Promise<void> {
  for (const name of names) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  }
}

const continuar = (page: Page) => page.getByRole('button', { name: 'Continuar' });

test('the team: invite to one obra, a site expense refused, corrected, approved and paid; the accountant reads it all and writes nothing', async ({
  page,
  browser,
}) => {
  test.slow();
  const team = await setup();
  const description = `Cimento da laje ${Date.now()}`;

  // 1. The admin invites the engineer to Edifício Aurora only and copies the link.
  await signIn(page, team.admin.email, team.admin.password);
  await page.goto('/preferencias');
  const engineerEmail = uniqueEmail('engenheiro');
  await page.getByLabel('Email do novo usuário').fill(engineerEmail);
  await page.getByRole('combobox', { name: 'Papel' }).click();
  await page.getByRole('option', { name: 'Engenheiro / Encarregado' }).click();
  const obras = page.getByRole('group', { name: 'Obras que pode ver' });
  await obras.getByRole('checkbox', { name: 'Edifício Aurora' }).check();
  await screenshot(page, 'convite-engenheiro');
  await page.getByRole('button', { name: 'Convidar', exact: true }).click();
  await expect(page.getByText('Convite criado!')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Link do convite' }).inputValue();

  // 2. The engineer signs up through the link and joins; nothing it opens is refused.
  const engineer = await newPage(browser);
  const refused = refusedRequests(engineer);
  await engineer.goto(link);
  await engineer.getByLabel('Nome completo').fill('Enzo Engenheiro');
  await engineer.getByLabel('Email').fill(engineerEmail);
  await engineer.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await engineer.getByLabel('Confirmar senha').fill(PASSWORD);
  await engineer.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(
    engineer.getByText('Convite para participar como Engenheiro / Encarregado.'),
  ).toBeVisible();
  await engineer.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(engineer.getByRole('heading', { name: 'Olá, Enzo Engenheiro' })).toBeVisible();
  // No bank card, no company total, nothing of the other obra.
  await expect(engineer.getByRole('region', { name: 'Contas bancárias' })).toHaveCount(0);
  await expect(engineer.getByText('Conta Principal')).toHaveCount(0);
  await expect(engineer.getByText('Telhado sigiloso')).toHaveCount(0);
  await expect(engineer.getByText('Aluguel do escritório')).toHaveCount(0);
  await screenshot(engineer, 'engenheiro-home');
  await engineer.goto('/obras');
  await expect(engineer.getByRole('main').getByText('Edifício Aurora')).toBeVisible();
  await expect(engineer.getByText('Casa Sigilosa')).toHaveCount(0);
  await expectNoWriting(engineer, ['Nova Obra']);

  // 3. The wizard on the engineer's device: only its obra is offered, no "Geral".
  await engineer.goto('/pagar');
  await expect(engineer.getByRole('heading', { name: 'Nova Conta a Pagar' })).toBeVisible();
  await engineer.getByLabel('Descrição').fill(description);
  await continuar(engineer).click();
  await engineer.getByRole('radio', { name: 'Depósito Silva' }).click();
  await continuar(engineer).click();
  await engineer.getByLabel('Valor').fill('1.234,56');
  await continuar(engineer).click();
  await engineer.getByRole('radio', { name: /Amanhã/ }).click();
  await continuar(engineer).click();
  const obraChoices = engineer.getByRole('radiogroup', { name: 'Obra' });
  await expect(obraChoices.getByRole('radio', { name: 'Edifício Aurora' })).toBeVisible();
  await expect(obraChoices.getByRole('radio')).toHaveCount(1);
  await expect(engineer.getByText('Geral (sem obra específica)')).toHaveCount(0);
  await expect(engineer.getByText('Casa Sigilosa')).toHaveCount(0);
  await screenshot(engineer, 'engenheiro-wizard-obra');
  await obraChoices.getByRole('radio', { name: 'Edifício Aurora' }).click();
  await continuar(engineer).click();
  await engineer.getByRole('radio', { name: 'Materiais' }).click();
  await continuar(engineer).click();
  await continuar(engineer).click();
  await continuar(engineer).click();
  await expect(engineer.getByText('9/9')).toBeVisible();
  await engineer.getByRole('button', { name: 'Salvar' }).click();
  await expect(engineer.getByText('Lançamento salvo!')).toBeVisible();

  const { data: saved } = await team.admin.client
    .from('accounts_payable')
    .select('id, approval_status, project_id')
    .eq('description', description)
    .single()
    .throwOnError();
  expect(saved).toMatchObject({ approval_status: 'pending', project_id: team.aurora });
  const entryPath = `/lancamentos/expense/${saved.id}`;

  await engineer.goto('/');
  const own = engineer.getByRole('list', { name: 'Seus lançamentos' });
  await expect(own.getByRole('listitem').filter({ hasText: description })).toContainText(
    'Aguardando aprovação',
  );

  // 4. The admin refuses it with a reason.
  await page.goto('/aprovacoes');
  await page.getByRole('button', { name: `Recusar ${description}` }).click();
  const refuse = page.getByRole('dialog', { name: 'Recusar lançamento' });
  await refuse.getByRole('textbox', { name: /Motivo da recusa/ }).fill('Falta a nota fiscal');
  await refuse.getByRole('button', { name: 'Recusar' }).click();
  await expect(page.getByText('Lançamento recusado')).toBeVisible();

  // 5. The engineer reads the reason, corrects the entry and sends it again.
  await engineer.reload();
  const refusedRow = own.getByRole('listitem').filter({ hasText: description });
  await expect(refusedRow).toContainText('Recusado');
  await expect(refusedRow).toContainText('Motivo da recusa: Falta a nota fiscal');
  await engineer.goto(entryPath);
  await expect(engineer.getByText('Motivo da recusa: Falta a nota fiscal')).toBeVisible();
  await expectNoWriting(engineer, ['Dar Baixa']);
  await screenshot(engineer, 'engenheiro-recusado');
  await engineer.getByRole('button', { name: 'Editar' }).click();
  const edit = engineer.getByRole('dialog', { name: 'Editar lançamento' });
  await edit.getByLabel('Valor').fill('1.200,00');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(engineer.getByText('Lançamento atualizado', { exact: true })).toBeVisible();
  await expect(engineer.getByText('Aguardando aprovação').first()).toBeVisible();

  // 6. The financeiro approves it (choosing the account) and pays it.
  const financeiro = await newPage(browser);
  await signIn(financeiro, team.financeiro.email, PASSWORD);
  await financeiro.goto('/aprovacoes');
  await financeiro.getByRole('button', { name: `Aprovar ${description}` }).click();
  const approve = financeiro.getByRole('dialog', { name: 'Aprovar lançamento' });
  await expect(approve).toContainText('R$ 1.200,00');
  await approve.getByRole('combobox', { name: 'Conta bancária' }).click();
  await financeiro.getByRole('option', { name: /^Conta Principal/ }).click();
  // While the dialog is open the engineer raises the amount: the approval of what the financeiro
  // saw approves nothing, says so with the new amount, and the next Aprovar is on it.
  // The first correction's toast may still be up on a slow machine: this one is its own.
  await dismissToasts(engineer);
  await engineer.getByRole('button', { name: 'Editar' }).click();
  await edit.getByLabel('Valor').fill('1.250,00');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(engineer.getByText('Lançamento atualizado', { exact: true })).toBeVisible();
  await approve.getByRole('button', { name: 'Aprovar' }).click();
  const changed = approve.getByRole('alert');
  await expect(changed).toContainText('Este lançamento mudou desde que você o abriu');
  await expect(changed).toContainText('Valor: de R$ 1.200,00 para R$ 1.250,00');
  await expect(financeiro.getByText('Lançamento aprovado!')).toBeHidden();
  await expect(approve.getByRole('combobox', { name: 'Conta bancária' })).toContainText(
    'Conta Principal',
  );
  await screenshot(financeiro, 'aprovar-mudou');
  await approve.getByRole('button', { name: 'Aprovar' }).click();
  await expect(financeiro.getByText('Lançamento aprovado!')).toBeVisible();
  await financeiro.goto(entryPath);
  await financeiro.getByRole('button', { name: 'Dar Baixa' }).click();
  const settle = financeiro.getByRole('dialog');
  await expect(settle.getByRole('heading', { name: 'Dar Baixa - Pagamento' })).toBeVisible();
  await settle.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await expect(financeiro.getByText(`${description} foi marcado como pago.`)).toBeVisible();
  await financeiro.context().close();

  const { data: paid } = await team.admin.client
    .from('accounts_payable')
    .select('status, approval_status, amount')
    .eq('id', saved.id)
    .single()
    .throwOnError();
  expect(paid).toEqual({ status: 'paid', approval_status: 'approved', amount: 1250 });

  // 7. The accountant sees it all and finds no button that writes, screen by screen.
  const contador = await newPage(browser);
  const contadorRefused = refusedRequests(contador);
  await signIn(contador, team.contador.email, PASSWORD);
  await expect(contador.getByText('Conta Principal').first()).toBeVisible();
  await expectNoWriting(contador, ['Dar Baixa', 'Cadastrar primeira conta']);

  await contador.goto(entryPath);
  await expect(contador.getByRole('heading', { level: 1, name: description })).toBeVisible();
  await expect(contador.getByRole('list', { name: 'Pagamentos' })).toContainText('R$ 1.250,00');
  await expectNoWriting(contador, ['Editar', 'Excluir', 'Dar Baixa', /^Estornar/]);
  await screenshot(contador, 'contador-lancamento');

  await contador.goto('/contas-pagar');
  await expect(contador.getByRole('heading', { name: 'Contas a Pagar' })).toBeVisible();
  await expect(contador.getByText('Telhado sigiloso').first()).toBeVisible();
  await expectNoWriting(contador, ['Nova Conta', 'Dar Baixa']);
  await contador.getByRole('tab', { name: 'Pagas' }).click();
  await expect(contador.getByRole('link', { name: description })).toBeVisible();
  await expectNoWriting(contador, ['Reabrir']);

  await contador.goto('/contas-bancarias');
  await expect(contador.getByRole('article', { name: 'Conta Principal' })).toBeVisible();
  await expectNoWriting(contador, [
    'Nova Conta',
    'Transferir entre contas',
    'Editar Conta Principal',
    'Remover Conta Principal',
  ]);
  await contador.getByRole('link', { name: 'Ver detalhes de Conta Principal' }).click();
  await expect(contador.getByRole('heading', { name: 'Conta Principal' })).toBeVisible();
  await expectNoWriting(contador, ['Editar', 'Transferir', 'Remover', /Importar extrato/]);

  await contador.goto(`/obras/${team.aurora}`);
  await expect(contador.getByRole('heading', { name: 'Edifício Aurora' })).toBeVisible();
  await expectNoWriting(contador, ['Editar']);
  await contador.getByRole('tab', { name: 'Etapas' }).click();
  await expectNoWriting(contador, ['Adicionar etapa', /^Editar etapa/, /^Remover etapa/]);
  await contador.getByRole('tab', { name: 'Equipe' }).click();
  await expectNoWriting(contador, ['Adicionar membro']);

  await contador.goto('/obras');
  await expectNoWriting(contador, ['Nova Obra']);
  await contador.goto('/movimentacoes');
  await expect(contador.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
  await expectNoWriting(contador, ['Criar Lançamento', /^Estornar/]);
  await contador.goto('/mais');
  await expectNoWriting(contador, ['Aprovações', 'Lançar']);
  await screenshot(contador, 'contador-mais');
  expect(contadorRefused).toEqual([]);
  await contador.context().close();

  // 8. The engineer's own token: nothing of the other obra, no bank balance, no company total.
  const token = await engineer.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    const session = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
      access_token?: string;
    };
    return session.access_token ?? '';
  });
  expect(token).not.toBe('');
  const base = process.env.E2E_API_URL ?? '';
  const headers = { apikey: process.env.E2E_ANON_KEY ?? '', Authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const response = await engineer.request.get(`${base}/rest/v1/${path}`, { headers });
    return { status: response.status(), body: (await response.json()) as unknown };
  };
  expect(await get(`accounts_payable?select=id&project_id=eq.${team.sigilosa}`)).toEqual({
    status: 200,
    body: [],
  });
  expect(await get('accounts_payable?select=id&project_id=is.null')).toEqual({
    status: 200,
    body: [],
  });
  expect(await get(`projects?select=id&id=eq.${team.sigilosa}`)).toEqual({
    status: 200,
    body: [],
  });
  expect(await get('bank_accounts?select=id,current_balance')).toEqual({ status: 200, body: [] });
  // A supplier's name, not its contacts, notes or a person's CPF (issue 31).
  expect(await get('supplier_details?select=phone,notes,document')).toEqual({
    status: 200,
    body: [],
  });
  expect(await get('suppliers?select=name,document,supplier_details(phone,notes)')).toEqual({
    status: 200,
    body: [{ name: 'Depósito Silva', document: null, supplier_details: null }],
  });
  const summary = await engineer.request.post(`${base}/rest/v1/rpc/dashboard_summary`, {
    headers,
    data: { p_company_id: team.admin.companyId, p_today: '2026-12-01' },
  });
  expect(summary.status()).toBe(400);
  expect(await summary.json()).toMatchObject({ code: 'P0001', message: 'forbidden_role' });
  // What the engineer saw asked for nothing the database refuses.
  expect(refused).toEqual([]);
  await engineer.context().close();
});
