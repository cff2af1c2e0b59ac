/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// The first load of a lazy route (docs/performance.md): its code is requested by the HTML, while
// the entry chunk downloads, not after the entry has run and the router has matched the URL.
import type { APIResponse, Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from './support';

/** When the first request whose path matches `path` started, against the HTML's parse. */
async function requestTiming(page: Page, path: RegExp) {
  return page.evaluate((source) => {
    const request = performance
      .getEntriesByType('resource')
      .find((entry) => new RegExp(source).test(new URL(entry.name).pathname));
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return request && navigation
      ? { requestedAt: request.startTime, parsedAt: navigation.domInteractive }
      : null;
  }, path.source);
}

/** When the chunk whose name starts with `prefix` was requested. */
const chunkTiming = (page: Page, prefix: string) =>
  requestTiming(page, new RegExp(`^/assets/${prefix}-`));

test('a lazy route opened directly has its chunks requested while the HTML is parsed', async ({
  page,
}) => {
  const account = await createAccount('Construtora Rapida', 'Rui Rapido');
  await signIn(page, account.email, account.password);

  await page.goto('/relatorio');
  await expect(page.getByRole('heading', { name: 'Relatório', exact: true })).toBeVisible();
  // Module scripts run after parsing: a request made by the entry comes after domInteractive.
  const report = await chunkTiming(page, 'reports-page');
  expect(report).not.toBeNull();
  expect(report!.requestedAt).toBeLessThan(report!.parsedAt);

  // A route with a parameter, and one that is not lazy (home) gets no preload of another page.
  await page.goto('/obras/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Projeto não encontrado')).toBeVisible();
  const project = await chunkTiming(page, 'project-detail-page');
  expect(project!.requestedAt).toBeLessThan(project!.parsedAt);
  await page.goto('/');
  await expect(page.getByText(/Olá, /)).toBeVisible();
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')]
      .map((link) => (link as HTMLLinkElement).href)
      .filter((href) => href.includes('-page-')),
  );
  expect(preloaded).toEqual([]);
});

test('"Carregando..." is painted before the app\'s code starts to run', async ({ page }) => {
  // When the entry's <script> joins the document (the build adds it from an inline script).
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.type === 'module') {
            (window as unknown as { entryAddedAt: number }).entryAddedAt = performance.now();
            observer.disconnect();
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  const { paintedAt, entryAddedAt } = await page.evaluate(() => ({
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    entryAddedAt: (window as unknown as { entryAddedAt?: number }).entryAddedAt ?? null,
  }));
  expect(paintedAt).not.toBeNull();
  expect(entryAddedAt).not.toBeNull();
  expect(paintedAt!).toBeLessThan(entryAddedAt!);
});

/** The GETs of the user's memberships a page load sends (not other reads of user_profiles). */
function countMembershipRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'GET' &&
      url.pathname.endsWith('/rest/v1/user_profiles') &&
      url.searchParams.get('is_active') === 'eq.true' &&
      url.searchParams.has('user_id')
    ) {
      count += 1;
    }
  });
  return () => count;
}

test('a signed-in screen opens without auth-js, which loads after it', async ({ page }) => {
  const account = await createAccount('Construtora Leve', 'Lia Leve');
  await signIn(page, account.email, account.password);

  // auth-js' chunk (the one that refreshes tokens) is held back: home must not need it while the
  // stored token is good.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(/\/assets\/[^/]*\.js$/, async (route) => {
    let response: APIResponse;
    let body: string;
    try {
      response = await route.fetch();
      body = await response.text();
    } catch {
      // A chunk the page being left had asked for (a preload of the sign-in screen's document): its
      // answer was disposed with that document. Nothing to hold; let it go.
      await route.abort().catch(() => undefined);
      return;
    }
    if (body.includes('grant_type=refresh_token')) {
      asked += 1;
      await held;
    }
    await route.fulfill({ response, body }).catch(() => undefined);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Olá, Lia Leve' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Construtora Leve')).toBeVisible();
  await expect(page.getByText('Nenhuma conta bancária cadastrada')).toBeVisible();

  // Then it is asked for (once the first screen is up; 5 s at the latest) and takes the session
  // over: its check that the session was not revoked elsewhere is answered, and the user stays.
  await expect.poll(() => asked, { timeout: 10_000 }).toBeGreaterThan(0);
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/auth/v1/user' && response.ok(),
  );
  release();
  await checked;
  await expect(page.getByRole('heading', { name: 'Olá, Lia Leve' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

/** When the memberships request started. */
const membershipsTiming = (page: Page) => requestTiming(page, /\/rest\/v1\/user_profiles$/);

test('the memberships are asked for once, by the HTML, before the app has loaded', async ({
  page,
}) => {
  const account = await createAccount('Construtora Cedo', 'Cida Cedo');
  await signIn(page, account.email, account.password);

  const requests = countMembershipRequests(page);
  // auth-js loads after the first screen and then asks whether the session was revoked.
  const authLoaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/auth/v1/user',
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Olá, Cida Cedo' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Construtora Cedo')).toBeVisible();
  const timing = await membershipsTiming(page);
  expect(timing).not.toBeNull();
  expect(timing!.requestedAt).toBeLessThan(timing!.parsedAt);
  // The app took the HTML's answer instead of asking again.
  expect(requests()).toBe(1);
  // Only then is the stored session changed below: auth-js, starting, would refresh it.
  await authLoaded;

  // A token about to expire is not sent from the HTML: auth-js refreshes it and the app asks.
  // The session is changed from a page without the app: the home's auth-js, ticking between
  // this change and the next navigation, would refresh the token and store a fresh one.
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!;
    const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) + 30;
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Olá, Cida Cedo' })).toBeVisible();
  // auth-js now loads first (src/lib/supabase.ts): the memberships saved on the device may open
  // the screen before the app's request, which then confirms them.
  await expect.poll(() => membershipsTiming(page)).not.toBeNull();
  const late = await membershipsTiming(page);
  expect(late!.requestedAt).toBeGreaterThan(late!.parsedAt);
  await expect.poll(requests).toBe(2);
});
