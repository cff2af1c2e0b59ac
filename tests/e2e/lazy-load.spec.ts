/// <reference lib="dom" />
// (page.addInitScript callbacks run in the browser)
// Code that cannot be fetched (offline before the service worker has it, a weak signal) shows a
// retry in its place, never a blank page; a device that reports no network at sign-in says
// "Sem conexão" with a retry, never "Carregando..." for ever.
import type { Route } from '@playwright/test';
import { createAccount, expect, signIn, test } from './support';

const refuse = (route: Route) => route.abort('internetdisconnected');

test('the toasts’ code fails to load: the app stays up with a retry, and the retry loads it', async ({
  page,
}) => {
  const account = await createAccount('Construtora Avisos');
  await signIn(page, account.email, account.password);

  const toaster = /\/assets\/toaster-[^/]*\.js$/;
  await page.route(toaster, refuse);
  await page.reload();
  await expect(page.getByText(/Olá, /)).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'Erro ao carregar' });
  await expect(failure).toContainText('Não foi possível carregar esta parte do app.');
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(0);

  await page.unroute(toaster, refuse);
  await failure.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  await expect(page.getByText(/Olá, /)).toBeVisible();
});

test('a screen whose code fails to load says so with a retry, and the retry opens it', async ({
  page,
}) => {
  const account = await createAccount('Construtora Telas');
  await signIn(page, account.email, account.password);

  const screenCode = /\/assets\/categories-page-[^/]*\.js$/;
  await page.route(screenCode, refuse);
  await page.goto('/categorias');
  const failure = page.getByRole('alert').filter({ hasText: 'Erro ao carregar' });
  await expect(failure).toBeVisible();
  // The rest of the app is there: the navigation still works.
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();

  await page.unroute(screenCode, refuse);
  await failure.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Categorias', level: 1 })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a device that reports no network at sign-in says "Sem conexão" with a retry, not "Carregando..."', async ({
  page,
}) => {
  const account = await createAccount('Construtora Sem Sinal');
  // The phone says it is offline; its requests get through all the same.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false });
  });
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  const gate = page.getByRole('alert').filter({ hasText: 'Sem conexão' });
  await expect(gate).toBeVisible();
  await expect(page.getByText('Carregando...')).toHaveCount(0);
  await gate.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText(/Olá, /)).toBeVisible();
});
