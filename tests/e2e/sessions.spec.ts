// Journeys of shared phones: what one user or company leaves behind on a browser is
// never shown to the next, not even while the next one's data loads; an expired access token is
// refreshed unnoticed; a revoked session goes to /auth and keeps what was being typed.
import type { Page, Route } from '@playwright/test';
import { signJwt } from '../../scripts/local-stack/jwt';
import {
  apiClient,
  createAccount,
  expect,
  screenshot,
  signIn,
  test,
  type Account,
} from './support';

// The local stack's JWT secret (scripts/local-stack/stack.ts JWT_SECRET, the Supabase CLI's
// default): tokens signed with it are valid to the auth server and PostgREST.
const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

function apiUrl(): string {
  const url = process.env.E2E_API_URL;
  if (!url) throw new Error('E2E_API_URL is not set: run the journeys through playwright');
  return url;
}

async function addBankAccount(account: Account, name: string, initialBalance: number) {
  const { error } = await account.client.from('bank_accounts').insert({
    company_id: account.companyId,
    name,
    type: 'checking',
    initial_balance: initialBalance,
  });
  expect(error).toBeNull();
}

async function userIdOf(account: Account): Promise<string> {
  const { data } = await account.client.auth.getSession();
  const id = data.session?.user.id;
  if (!id) throw new Error('the account has no session');
  return id;
}

// Browser code is written as strings: this folder is type-checked without the DOM library.

interface TextRecorder {
  /** Every text shown since the last forget(), newline-separated. */
  seen(): string;
  forget(): void;
}

/**
 * Collects every text the page puts in the DOM, from the first paint and across reloads: a figure
 * that flashes for one frame while data loads is caught too.
 */
async function recordTexts(page: Page): Promise<TextRecorder> {
  const texts: string[] = [];
  await page.exposeFunction('__recordTexts', (batch: string[]) => {
    texts.push(...batch);
  });
  await page.addInitScript({
    content: `new MutationObserver((mutations) => {
      const batch = [];
      for (const mutation of mutations) {
        if (mutation.type === 'characterData' && mutation.target.textContent) {
          batch.push(mutation.target.textContent);
        }
        mutation.addedNodes.forEach((node) => {
          if (node.textContent) batch.push(node.textContent);
        });
      }
      if (batch.length) window.__recordTexts(batch);
    }).observe(document, { childList: true, subtree: true, characterData: true });`,
  });
  return {
    seen: () => texts.join('\n'),
    forget: () => {
      texts.length = 0;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets a held request through; the page may have aborted it meanwhile, which is fine. */
async function release(route: Route): Promise<void> {
  try {
    await route.continue();
  } catch {
    // Aborted by the page (React Query cancels what nobody shows any more).
  }
}

/** The keys of the browser's storages, to check that nothing of a user is left behind. */
async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('[...Object.keys(localStorage), ...Object.keys(sessionStorage)]');
}

async function openMais(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Mais' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mais' })).toBeVisible();
}

test("the next user on the same browser never sees the previous one's names, figures or drafts", async ({
  page,
}) => {
  test.slow();
  const ana = await createAccount('Construtora Alvorada', 'Ana Alvorada');
  await addBankAccount(ana, 'Conta Alvorada', 48213.57);
  const anaId = await userIdOf(ana);
  const bruno = await createAccount('Construtora Bromélia', 'Bruno Bromélia');
  await addBankAccount(bruno, 'Conta Bromélia', 7306.41);
  const texts = await recordTexts(page);

  // Ana works, keeps a Lançar draft, and signs out.
  await signIn(page, ana.email, ana.password);
  await expect(page.getByText('48.213,57').first()).toBeVisible();
  await page.goto('/lancar');
  const anaForm = page.getByRole('form', { name: 'Conta a Pagar' });
  await anaForm.getByLabel('Descrição').fill('Rascunho da Ana');
  await anaForm.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(page.getByText('Rascunho salvo', { exact: true })).toBeVisible();
  await openMais(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  // Nothing of Ana stays in the browser: drafts and remembered company are gone.
  expect((await storageKeys(page)).filter((key) => key.includes(anaId))).toEqual([]);
  texts.forget();

  // Bruno signs in on the same tab; his data arrives slowly, so the screens render while loading.
  await page.route(`${apiUrl()}/rest/v1/**`, async (route) => {
    await sleep(700);
    await release(route);
  });
  await page.getByLabel('Email').fill(bruno.email);
  await page.getByLabel('Senha', { exact: true }).fill(bruno.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Bruno Bromélia' })).toBeVisible();
  await expect(page.getByText('7.306,41').first()).toBeVisible();
  await screenshot(page, 'home-segundo-usuario');
  await page.goto('/lancar');
  // Every answer takes 700 ms here, and a reload asks for the session, memberships and the
  // pickers one after another: on a loaded 2-core machine that is more than the default 10 s.
  await expect(
    page.getByRole('form', { name: 'Conta a Pagar' }).getByLabel('Descrição'),
  ).toHaveValue('', { timeout: 30_000 });
  await expect(page.getByText('Rascunho salvo neste navegador.')).toHaveCount(0);
  await page.goto('/contas-bancarias');
  await expect(page.getByText('Conta Bromélia').first()).toBeVisible();

  const seen = texts.seen();
  // The loading states were on screen, and Bruno's own data.
  expect(seen).toContain('Carregando');
  expect(seen).toContain('Construtora Bromélia');
  // Never anything of Ana's.
  for (const text of [
    'Ana Alvorada',
    'Construtora Alvorada',
    'Conta Alvorada',
    '48.213,57',
    'Rascunho da Ana',
  ]) {
    expect(seen).not.toContain(text);
  }
});

test("switching company never shows the other company's numbers, even with its answers in flight", async ({
  page,
}) => {
  test.slow();
  const owner = await createAccount('Construtora Castanha', 'Carla Castanha');
  await addBankAccount(owner, 'Conta Castanha', 31864.29);
  const { data, error } = await owner.client.rpc('create_company', {
    p_name: 'Construtora Damasco',
    p_full_name: 'Carla Castanha',
  });
  expect(error).toBeNull();
  const damasco: Account = {
    ...owner,
    companyId: (data as { id: string }).id,
    companyName: 'Construtora Damasco',
  };
  await addBankAccount(damasco, 'Conta Damasco', 5902.73);
  const texts = await recordTexts(page);

  // Castanha comes first by name.
  await signIn(page, owner.email, owner.password);
  await expect(
    page.getByRole('main').getByText('Construtora Castanha', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('31.864,29').first()).toBeVisible();

  // From now on every answer about Castanha is held until Damasco is on screen (a gate, not a
  // fixed delay: on a loaded machine a delay could run out before the switch), Damasco's take 1 s.
  let castanhaHeld = 0;
  let castanhaAsked = 0;
  let releaseCastanha = () => {};
  const castanhaGate = new Promise<void>((resolve) => {
    releaseCastanha = resolve;
  });
  await page.route(`${apiUrl()}/rest/v1/**`, async (route) => {
    const request = route.request();
    const about = `${request.url()} ${request.postData() ?? ''}`;
    if (about.includes(owner.companyId)) {
      castanhaAsked += 1;
      castanhaHeld += 1;
      await Promise.race([castanhaGate, sleep(60_000)]);
      castanhaHeld -= 1;
    } else if (about.includes(damasco.companyId)) {
      await sleep(1000);
    }
    await release(route);
  });

  // Castanha's home starts loading again, and the user switches company before it answers.
  await page.reload();
  await expect(
    page.getByRole('main').getByText('Construtora Castanha', { exact: true }),
  ).toBeVisible();
  await expect.poll(() => castanhaAsked).toBeGreaterThan(0);
  await openMais(page);
  texts.forget();
  expect(castanhaHeld).toBeGreaterThan(0);
  await page.getByLabel('Trocar de empresa').click();
  await page.getByRole('option', { name: 'Construtora Damasco' }).click();

  // Switching goes home (Mais names the company twice: the card and the switcher).
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('main').getByText('Construtora Damasco', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('5.902,73').first()).toBeVisible();
  // Every answer about Castanha comes back now, late, while Damasco is on screen.
  releaseCastanha();
  await expect.poll(() => castanhaHeld, { timeout: 15_000 }).toBe(0);
  await sleep(300);
  await expect(page.getByText('5.902,73').first()).toBeVisible();
  await screenshot(page, 'home-outra-empresa');

  const seen = texts.seen();
  expect(seen).toContain('Construtora Damasco');
  // (Castanha's name is in the switcher's own list, so only its data is looked for.)
  for (const text of ['Conta Castanha', '31.864,29']) {
    expect(seen).not.toContain(text);
  }
});

interface StoredSession {
  key: string;
  value: Record<string, unknown>;
}

/** The session supabase-js keeps in localStorage (`sb-<host>-auth-token`). */
async function storedSession(page: Page): Promise<StoredSession> {
  const stored = await page.evaluate<StoredSession | null>(`(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    return key ? { key, value: JSON.parse(localStorage.getItem(key)) } : null;
  })()`);
  if (!stored) throw new Error('no stored session');
  return stored;
}

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  const account = await createAccount('Construtora Ébano', 'Elisa Ébano');
  await addBankAccount(account, 'Conta Ébano', 2718.28);
  await signIn(page, account.email, account.password);
  await expect(page.getByText('2.718,28').first()).toBeVisible();

  // As after a night with the phone asleep: the stored access token expired an hour ago. It is a
  // real token of this session (same claims, validly signed), only its time has passed.
  const { key, value } = await storedSession(page);
  const claims = JSON.parse(
    Buffer.from(String(value.access_token).split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, JWT_SECRET);
  const session = JSON.stringify({ ...value, access_token: expired, expires_at: now - 3600 });
  await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(session)})`);

  const sentTokens: string[] = [];
  let refreshes = 0;
  page.on('request', (request) => {
    if (request.url().startsWith(`${apiUrl()}/rest/v1/`)) {
      sentTokens.push(request.headers().authorization ?? '');
    }
    if (request.url().includes('/auth/v1/token?grant_type=refresh_token')) refreshes += 1;
  });

  // The next screen loads its data as usual.
  await openMais(page);
  await page.getByRole('main').getByRole('link', { name: 'Contas Bancárias' }).click();
  await expect(page.getByText('Conta Ébano').first()).toBeVisible();
  await expect(page.getByText('2.718,28').first()).toBeVisible();
  // And so does a reload.
  await page.reload();
  await expect(page.getByText('Conta Ébano').first()).toBeVisible();
  await expect(page).toHaveURL(/\/contas-bancarias$/);
  await expect(page.getByText('Sua sessão expirou. Faça login novamente.')).toHaveCount(0);

  // The token was refreshed before any request needed it: the expired one never left the browser.
  expect(refreshes).toBeGreaterThan(0);
  expect(sentTokens.length).toBeGreaterThan(0);
  expect(sentTokens).not.toContain(`Bearer ${expired}`);
  expect((await storedSession(page)).value.access_token).not.toBe(expired);
});

test('a token the server finds expired (device clock behind) is refreshed and the request retried', async ({
  page,
}) => {
  const account = await createAccount('Construtora Jacarandá', 'Júlia Jacarandá');
  await addBankAccount(account, 'Conta Jacarandá', 1414.21);
  await signIn(page, account.email, account.password);
  await expect(page.getByText('1.414,21').first()).toBeVisible();

  // The token's `exp` has passed for the server, but the stored `expires_at` (the device's view)
  // says it is good for another hour, so supabase-js sends it as it is.
  const { key, value } = await storedSession(page);
  const claims = JSON.parse(
    Buffer.from(String(value.access_token).split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, JWT_SECRET);
  const session = JSON.stringify({ ...value, access_token: expired, expires_at: now + 3600 });
  await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(session)})`);

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${apiUrl()}/rest/v1/`) && response.status() === 401) {
      refused.push(response.url());
    }
  });

  await openMais(page);
  await page.getByRole('main').getByRole('link', { name: 'Contas Bancárias' }).click();
  await expect(page.getByText('Conta Jacarandá').first()).toBeVisible();
  await expect(page.getByText('1.414,21').first()).toBeVisible();
  await expect(page).toHaveURL(/\/contas-bancarias$/);
  // The expired token was really sent and refused, and the user saw none of it.
  expect(refused.length).toBeGreaterThan(0);
  expect((await storedSession(page)).value.access_token).not.toBe(expired);
});

test('a session revoked from another device goes to /auth with a message and keeps the open form', async ({
  page,
}) => {
  test.slow();
  const account = await createAccount('Construtora Figueira', 'Fábio Figueira');
  await signIn(page, account.email, account.password);
  await page.goto('/lancar');
  const form = page.getByRole('form', { name: 'Conta a Pagar' });
  await form.getByLabel('Descrição').fill('Cimento CP-II, 50 sacos');
  await form.getByLabel('Valor').fill('1.234,56');
  await form.getByLabel('Observações').fill('Entregar na obra da rua 7');

  // "Sair de todos os dispositivos" from another device.
  const other = apiClient();
  const { error: signInError } = await other.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  });
  expect(signInError).toBeNull();
  const { error: signOutError } = await other.auth.signOut({ scope: 'global' });
  expect(signOutError).toBeNull();

  // The user comes back to the tab.
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('alert')).toHaveText('Sua sessão expirou. Faça login novamente.');
  await screenshot(page, 'sessao-expirada');

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/lancar$/);
  const again = page.getByRole('form', { name: 'Conta a Pagar' });
  await expect(again.getByLabel('Descrição')).toHaveValue('Cimento CP-II, 50 sacos');
  await expect(again.getByLabel('Valor')).toHaveValue(/1\.234,56/);
  await expect(again.getByLabel('Observações')).toHaveValue('Entregar na obra da rua 7');
  await expect(page.getByText('Sua sessão expirou. Faça login novamente.')).toHaveCount(0);
});

test('"Sair" in one tab signs the other tab out too and leaves none of its drafts', async ({
  page,
}) => {
  test.slow();
  const account = await createAccount('Construtora Gameleira', 'Gabriel Gameleira');
  const userId = await userIdOf(account);
  await signIn(page, account.email, account.password);

  // A second tab of the same browser, half-way through a new payable.
  const other = await page.context().newPage();
  await other.goto('/pagar');
  await other.getByLabel('Descrição').fill('Telhas de cerâmica');
  await expect
    .poll(async () => (await storageKeys(other)).filter((key) => key.includes(userId)))
    .not.toEqual([]);

  await openMais(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The other tab follows: to /auth, as a sign-out (no "expired" message), its draft gone.
  await expect(other).toHaveURL(/\/auth$/);
  await expect(other.getByRole('heading', { name: 'App Finanças' })).toBeVisible();
  await expect(other.getByText('Sua sessão expirou. Faça login novamente.')).toHaveCount(0);
  expect((await storageKeys(other)).filter((key) => key.includes(userId))).toEqual([]);
  expect((await storageKeys(page)).filter((key) => key.includes(userId))).toEqual([]);
});
