// Journeys of the app shell: sign-up and sign-in, the auth gate, invitations and
// tenant isolation, the theme.
import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, screenshot, signIn, test, uniqueEmail } from './support';

const PASSWORD = 'segredo123';

async function signUpThroughUi(page: Page, fullName: string, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await page.getByLabel('Nome completo').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
}

async function signOutFromMais(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Mais' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mais' })).toBeVisible();
  await screenshot(page, 'mais');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('sign up, create the company, stay signed in, sign out and back in', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('ana');

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'App Finanças' })).toBeVisible();
  await screenshot(page, 'auth-entrar');

  // Validation: a short password and a confirmation that does not match.
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute(
    'placeholder',
    'Mínimo 6 caracteres',
  );
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('123');
  await page.getByLabel('Confirmar senha').fill('1234');
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByText('A senha deve ter pelo menos 6 caracteres')).toBeVisible();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await screenshot(page, 'auth-cadastrar-erros');

  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await expect(page.getByText('A senha deve ter pelo menos 6 caracteres')).toBeHidden();
  // What the user typed is kept.
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Souza');

  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByText('Cadastro realizado!')).toBeVisible();

  // Company setup: the name typed at sign-up is there; the company name is required.
  await expect(page.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
  await expect(page).toHaveURL(/\/company-setup$/);
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Souza');
  await page.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText('Informe o nome da empresa')).toBeVisible();
  await page.getByLabel('Nome da empresa').fill('Construtora Horizonte');
  // Checked by its check digits (as update_company does).
  await page.getByLabel('CNPJ/CPF').fill('11.222.333/0001-81');
  await page.getByLabel('Telefone').fill('(11) 98888-7777');
  await page.getByLabel('Cidade').fill('Campinas');
  await page.getByRole('combobox', { name: 'UF' }).selectOption('SP');
  await screenshot(page, 'company-setup');
  await page.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText('Empresa criada!')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Construtora Horizonte')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await screenshot(page, 'home');

  // A signed-in user with a company is sent on from /auth and /company-setup.
  await page.goto('/company-setup');
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza' })).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza' })).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza' })).toBeVisible();

  await signOutFromMais(page);
  // Signed out for real: the stored session is gone.
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();

  // The same e-mail cannot sign up twice.
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await page.getByLabel('Nome completo').fill('Outra Ana');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expect(page.getByText('Este email já está cadastrado')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await screenshot(page, 'auth-email-cadastrado');

  // Wrong password.
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
  await expect(page.getByText('Erro ao entrar')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await screenshot(page, 'auth-senha-errada');

  // The busy text while the request runs.
  await page.route('**/auth/v1/token**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Entrando...' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza' })).toBeVisible();
  await page.unroute('**/auth/v1/token**');
});

test('/login signs in with show/hide password; without "Lembrar de mim" the session ends with the tab', async ({
  page,
  context,
}) => {
  const account = await createAccount('Construtora Login', 'Bruno Lima');
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  const password = page.getByLabel('Senha', { exact: true });
  await password.fill(account.password);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Ocultar senha' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  // "Esqueci minha senha" sends the recovery request and says so.
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByText('Email de recuperação enviado')).toBeVisible();

  const remember = page.getByRole('checkbox', { name: 'Lembrar de mim' });
  await expect(remember).toBeChecked();
  await remember.click();
  await expect(remember).not.toBeChecked();
  await screenshot(page, 'login');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Bruno Lima' })).toBeVisible();

  // Same tab: still signed in after a reload. A new tab of the same browser: signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Olá, Bruno Lima' })).toBeVisible();
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab).toHaveURL(/\/auth$/);
});

const PROTECTED_ROUTES = [
  '/',
  '/resumo',
  '/lancar',
  '/pagar',
  '/receber',
  '/movimentacoes',
  '/relatorio',
  '/dashboard',
  '/mais',
  '/obras',
  '/obras/nova',
  '/obras/00000000-0000-0000-0000-000000000000',
  '/fornecedores',
  '/fornecedores/novo',
  '/fornecedores/00000000-0000-0000-0000-000000000000',
  '/categorias',
  '/categorias/nova',
  '/categorias/00000000-0000-0000-0000-000000000000',
  '/contas-pagar',
  '/contas-receber',
  '/contas-bancarias',
  '/contas-bancarias/nova',
  '/contas-bancarias/00000000-0000-0000-0000-000000000000',
  '/preferencias',
  '/ultimos-lancamentos',
];

test('signed out, every protected route leads to /auth; unknown paths show the not-found page', async ({
  page,
}) => {
  test.slow();
  for (const route of PROTECTED_ROUTES) {
    await page.goto(route);
    await expect(page, `${route} must redirect`).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'App Finanças' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
  }
  await page.goto('/company-setup');
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/isto-nao-existe');
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toBeVisible();
  await screenshot(page, 'not-found');
  await home.click();
  await expect(page).toHaveURL(/\/auth$/);

  // After signing in, the user lands on the page they asked for.
  const account = await createAccount('Construtora Destino', 'Carla Dias');
  await page.goto('/preferencias');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Preferências' })).toBeVisible();
  await expect(page).toHaveURL(/\/preferencias$/);
});

test('an invited user joins the company and sees its data; another company sees none of it', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await createAccount('Construtora Alfa', 'Paula Admin');
  const { error } = await admin.client.from('bank_accounts').insert({
    company_id: admin.companyId,
    name: 'Conta Alfa Exclusiva',
    type: 'checking',
    initial_balance: 1500,
  });
  expect(error).toBeNull();
  const inviteeEmail = uniqueEmail('convidado');

  // The admin invites the e-mail.
  await signIn(page, admin.email, admin.password);
  await page.goto('/preferencias');
  await expect(page.getByRole('heading', { name: 'Preferências' })).toBeVisible();
  await page.getByLabel('Email do novo usuário').fill(inviteeEmail);
  await page.getByRole('button', { name: 'Convidar', exact: true }).click();
  await expect(page.getByText('Convite criado!')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Link do convite' }).inputValue();
  const sent = page.getByRole('list', { name: 'Convites enviados' });
  await expect(sent.getByText(inviteeEmail)).toBeVisible();
  // Inviting the same e-mail twice is refused.
  await page.getByLabel('Email do novo usuário').fill(inviteeEmail);
  await page.getByRole('button', { name: 'Convidar', exact: true }).click();
  await expect(page.getByText('Este email já tem um convite pendente.')).toBeVisible();
  await screenshot(page, 'preferencias-admin');

  // The invitee signs up and accepts through the invitation link (tests/e2e/invitations.spec.ts
  // covers the link itself).
  const invitee = await newPage(browser);
  await signUpThroughUi(invitee, 'Davi Convidado', inviteeEmail);
  await invitee.goto(link);
  await expect(invitee.getByText('Construtora Alfa')).toBeVisible();
  await invitee.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(invitee.getByText('Convite aceito!')).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Olá, Davi Convidado' })).toBeVisible();
  await expect(
    invitee.getByRole('main').getByText('Construtora Alfa', { exact: true }),
  ).toBeVisible();
  await expect(invitee.getByText('Conta Alfa Exclusiva')).toBeVisible();

  // As a member the invitee sees the users but cannot manage them.
  await invitee.goto('/preferencias');
  const inviteeMembers = invitee.getByRole('list', { name: 'Membros' });
  await expect(inviteeMembers.getByText('Paula Admin')).toBeVisible();
  await expect(
    invitee.getByText('Apenas administradores podem convidar ou desativar usuários.'),
  ).toBeVisible();
  await expect(invitee.getByLabel('Email do novo usuário')).toHaveCount(0);
  await expect(invitee.getByRole('button', { name: /Desativar/ })).toHaveCount(0);
  await screenshot(invitee, 'preferencias-membro');

  // The admin sees the new member and no pending invitation any more.
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Membros' }).getByText('Davi Convidado'),
  ).toBeVisible();
  await expect(page.getByText('Nenhum convite pendente.')).toBeVisible();

  // Another company's user sees none of Alfa's data, in the app or through the API.
  const outsider = await createAccount('Construtora Beta', 'Eva Beta');
  const outsiderPage = await newPage(browser);
  await signIn(outsiderPage, outsider.email, outsider.password);
  await expect(
    outsiderPage.getByRole('main').getByText('Construtora Beta', { exact: true }),
  ).toBeVisible();
  await expect(outsiderPage.getByText('Conta Alfa Exclusiva')).toHaveCount(0);
  await outsiderPage.goto('/preferencias');
  await expect(
    outsiderPage.getByRole('list', { name: 'Membros' }).getByText('Eva Beta'),
  ).toBeVisible();
  await expect(outsiderPage.getByText('Paula Admin')).toHaveCount(0);
  await expect(outsiderPage.getByText('Davi Convidado')).toHaveCount(0);
  const peek = await outsider.client
    .from('bank_accounts')
    .select('name')
    .eq('company_id', admin.companyId);
  expect(peek.data).toEqual([]);
  const forged = await outsider.client.rpc('create_invitation', {
    p_company_id: admin.companyId,
    p_email: uniqueEmail('intruso'),
    p_role: 'admin',
  });
  expect(forged.error?.message).toBe('not_a_member');

  // The admin deactivates the member, who loses access to the company.
  await page.getByRole('button', { name: 'Desativar Davi Convidado' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('Usuário desativado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reativar Davi Convidado' })).toBeVisible();
  await invitee.goto('/');
  await expect(invitee.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
  await expect(invitee.getByText('Conta Alfa Exclusiva')).toHaveCount(0);

  await invitee.context().close();
  await outsiderPage.context().close();
});

test('a user of two companies switches between them; each shows only its own data', async ({
  page,
}) => {
  const alfa = await createAccount('Construtora Gama', 'Gil Gama');
  await alfa.client
    .from('bank_accounts')
    .insert({ company_id: alfa.companyId, name: 'Conta da Gama', type: 'checking' });
  const beta = await createAccount('Construtora Delta', 'Duda Delta');
  await beta.client
    .from('bank_accounts')
    .insert({ company_id: beta.companyId, name: 'Conta da Delta', type: 'savings' });
  const { data: invitation, error } = await alfa.client
    .rpc('create_invitation', { p_company_id: alfa.companyId, p_email: beta.email })
    .single();
  expect(error).toBeNull();

  // Duda (already in Delta) accepts the invitation link: Gama becomes the current company.
  await signIn(page, beta.email, beta.password);
  await expect(page.getByText('Conta da Delta')).toBeVisible();
  await page.goto(`/convite/${invitation!.token}`);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByText('Convite aceito!')).toBeVisible();
  await expect(page.getByText('Conta da Gama')).toBeVisible();
  await expect(page.getByText('Conta da Delta')).toHaveCount(0);
  await page.goto('/mais');
  await expect(page.getByLabel('Trocar de empresa')).toBeVisible();
  await screenshot(page, 'mais-duas-empresas');

  await page.getByLabel('Trocar de empresa').click();
  await page.getByRole('option', { name: 'Construtora Delta' }).click();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await expect(page.getByText('Conta da Delta')).toBeVisible();
  await expect(page.getByText('Conta da Gama')).toHaveCount(0);

  // The choice is remembered across reloads.
  await page.reload();
  await expect(page.getByText('Conta da Delta')).toBeVisible();
  await expect(
    page.getByRole('main').getByText('Construtora Delta', { exact: true }),
  ).toBeVisible();

  await page.goto('/mais');
  await page.getByLabel('Trocar de empresa').click();
  await page.getByRole('option', { name: 'Construtora Gama' }).click();
  await expect(page.getByText('Conta da Gama')).toBeVisible();
  await expect(page.getByText('Conta da Delta')).toHaveCount(0);
});

test('dark mode starts from the system preference, and the choice persists across reloads', async ({
  page,
}) => {
  const account = await createAccount('Construtora Noite', 'Nina Noite');
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, account.email, account.password);
  await page.goto('/preferencias');
  const darkMode = page.getByRole('switch', { name: 'Modo noturno' });
  // Nothing stored yet: the system's dark preference.
  await expect(darkMode).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await darkMode.click();
  await expect(page.getByText('Tema alterado')).toBeVisible();
  await expect(darkMode).not.toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByText('Claro', { exact: true })).toBeVisible();
  await screenshot(page, 'preferencias-claro');

  // Stored: it wins over the system preference after a reload.
  await page.reload();
  await expect(darkMode).not.toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  await darkMode.click();
  await expect(darkMode).toBeChecked();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(darkMode).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByText('Escuro', { exact: true })).toBeVisible();
  await expect(page.getByText('1.0.0')).toBeVisible();
  await screenshot(page, 'preferencias-escuro');
});
