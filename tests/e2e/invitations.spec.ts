// Joining a company: only through the invitation link the admin copies, and only with
// the invited address. Signing up with the invited address alone joins nothing.
import type { Browser, Page } from '@playwright/test';
import { apiClient, createAccount, expect, screenshot, signIn, test, uniqueEmail } from './support';

const PASSWORD = 'segredo123';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Long addresses must not widen the page (on a phone a wider page shifts every tap). */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page
    .locator('html')
    .evaluate((html) => ({ scrollWidth: html.scrollWidth, clientWidth: html.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function fillSignUp(page: Page, fullName: string, email: string): Promise<void> {
  await page.getByLabel('Nome completo').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
}

test('the admin copies the invitation link; the invited person signs up through it and lands in the company', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const admin = await createAccount('Construtora Elo', 'Paula Elo');
  const inviteeEmail = uniqueEmail('convidada');

  // The admin invites and copies the link (no e-mail is sent).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, admin.email, admin.password);
  await page.goto('/preferencias');
  await page.getByLabel('Email do novo usuário').fill(inviteeEmail);
  await page.getByRole('button', { name: 'Convidar', exact: true }).click();
  await expect(page.getByText('Convite criado!')).toBeVisible();
  const linkField = page.getByRole('textbox', { name: 'Link do convite' });
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/convite/[A-Za-z0-9_-]{43}$`));
  await page.getByRole('button', { name: 'Copiar link do convite', exact: true }).click();
  await expect(page.getByText('Link copiado!')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Convites enviados' }).getByText(inviteeEmail),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'preferencias-link-do-convite');

  // The invited person opens it signed out: sign-up first, then back to the invitation.
  const invitee = await newPage(browser);
  await invitee.goto(link);
  await expect(invitee).toHaveURL(/\/auth\?aba=cadastrar$/);
  await expect(invitee.getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await fillSignUp(invitee, 'Davi Elo', inviteeEmail);
  await expect(invitee).toHaveURL(link);
  await expect(invitee.getByText('Construtora Elo')).toBeVisible();
  // The invite form's default role.
  await expect(invitee.getByText('Convite para participar como Financeiro.')).toBeVisible();
  await screenshot(invitee, 'convite');
  await invitee.getByRole('button', { name: 'Aceitar convite' }).click();

  await expect(invitee.getByText('Convite aceito!')).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Olá, Davi Elo' })).toBeVisible();
  await expect(
    invitee.getByRole('main').getByText('Construtora Elo', { exact: true }),
  ).toBeVisible();
  expect(new URL(invitee.url()).pathname).toBe('/');
  await screenshot(invitee, 'home-depois-do-convite');

  // The link has been used.
  await invitee.goto(link);
  await expect(invitee.getByText('Este convite já foi aceito.')).toBeVisible();

  // The admin sees the new member and no pending invitation.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Membros' }).getByText('Davi Elo')).toBeVisible();
  await expect(page.getByText('Nenhum convite pendente.')).toBeVisible();
  await invitee.context().close();
});

test('signing up with the invited address but without the link joins nothing; the link then does', async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await createAccount('Construtora Sigilo', 'Rita Sigilo');
  await admin.client
    .from('bank_accounts')
    .insert({ company_id: admin.companyId, name: 'Conta Sigilosa', type: 'checking' });
  const inviteeEmail = uniqueEmail('sem-link');
  const { data: invitation, error } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.companyId, p_email: inviteeEmail })
    .single();
  expect(error).toBeNull();
  const path = `/convite/${invitation!.token}`;

  // Without the link: company setup, nothing of the company, no invitation offered.
  await page.goto('/auth?aba=cadastrar');
  await fillSignUp(page, 'Ivo Sigilo', inviteeEmail);
  await expect(page.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
  await expect(page.getByText('Construtora Sigilo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Aceitar convite/ })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
  await expect(page.getByText('Conta Sigilosa')).toHaveCount(0);
  await screenshot(page, 'sem-link-configurar-empresa');

  // Someone else holding the link, signed in with another address, cannot use it.
  const other = await createAccount('Construtora Outra', 'Olga Outra');
  const otherPage = await newPage(browser);
  await signIn(otherPage, other.email, other.password);
  await otherPage.goto(path);
  await expect(
    otherPage.getByText(
      'Este convite é para outro email. Entre com o email que recebeu o convite.',
    ),
  ).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Aceitar convite' })).toHaveCount(0);
  await screenshot(otherPage, 'convite-outro-email');
  await otherPage.context().close();

  // With the link, the same person joins.
  await page.goto(path);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Ivo Sigilo' })).toBeVisible();
  await expect(page.getByText('Conta Sigilosa')).toBeVisible();
});

test('a revoked or renewed link no longer works', async ({ page, browser }) => {
  test.slow();
  const admin = await createAccount('Construtora Renova', 'Rui Renova');
  const inviteeEmail = uniqueEmail('renova');
  const { data: first } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.companyId, p_email: inviteeEmail })
    .single();

  // The admin copies a new link from the pending invitation: the first one dies.
  await signIn(page, admin.email, admin.password);
  await page.goto('/preferencias');
  await page.getByRole('button', { name: `Copiar link do convite de ${inviteeEmail}` }).click();
  await expect(page.getByText(/Novo link do convite criado|Link copiado!/)).toBeVisible();
  const renewed = await page.getByRole('textbox', { name: 'Link do convite' }).inputValue();
  expect(renewed).not.toContain(first!.token);
  await expectNoHorizontalScroll(page);

  const invitee = await newPage(browser);
  await invitee.goto('/auth?aba=cadastrar');
  await fillSignUp(invitee, 'Rosa Renova', inviteeEmail);
  await expect(invitee.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
  await invitee.goto(`/convite/${first!.token}`);
  await expect(invitee.getByText(/^Convite não encontrado\./)).toBeVisible();

  // Revoked: the renewed link dies too.
  await page.getByRole('button', { name: `Cancelar convite de ${inviteeEmail}` }).click();
  await expect(page.getByText('Convite cancelado')).toBeVisible();
  await invitee.goto(new URL(renewed).pathname);
  await expect(invitee.getByText(/^Convite não encontrado\./)).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Aceitar convite' })).toHaveCount(0);
  await invitee.context().close();
});

test('joined on another device: a page opened here shows that page, not "Configurar Empresa"', async ({
  page,
}) => {
  test.slow();
  const admin = await createAccount('Construtora Ponte', 'Lia Ponte');
  const inviteeEmail = uniqueEmail('outro-aparelho');
  const { data: invitation, error } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.companyId, p_email: inviteeEmail })
    .single();
  expect(error).toBeNull();

  // This browser signs up and keeps "no company" on the device.
  await page.goto('/auth?aba=cadastrar');
  await fillSignUp(page, 'Caio Ponte', inviteeEmail);
  await expect(page.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Configurar Empresa' })).toBeVisible();

  // The invitation is accepted on another device (the API, signed in as the same person).
  const phone = apiClient();
  const { error: signInError } = await phone.auth.signInWithPassword({
    email: inviteeEmail,
    password: PASSWORD,
  });
  expect(signInError).toBeNull();
  const { error: acceptError } = await phone.rpc('accept_invitation', {
    p_token: invitation!.token,
  });
  expect(acceptError).toBeNull();

  // Here the user opens Preferências directly: no detour through company setup or home. The
  // device restores "no company" while the fresh answer is on its way; a slow phone (CPU throttled)
  // makes that window wide enough to show.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/preferencias');
  await expect(page.getByRole('list', { name: 'Membros' }).getByText('Lia Ponte')).toBeVisible();
  await expect(page).toHaveURL(/\/preferencias$/);
  expect(new Set(visited)).toEqual(new Set(['/preferencias']));
});
