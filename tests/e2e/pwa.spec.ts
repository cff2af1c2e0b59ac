/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// Installable app: the web manifest and its icons, the service worker that precaches the app shell,
// and the "Nova versão disponível" prompt when a new version is waiting (never a silent reload).
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support';

// playwright.config.ts blocks service workers for the other journeys.
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function fetchPng(request: APIRequestContext, url: string): Promise<[number, number]> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toContain('image/png');
  return pngSize(await response.body());
}

/** Waits for the service worker the app registers on idle, then reloads so that it controls. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

test('the manifest is linked, valid, and its icons load at the sizes phones ask for', async ({
  page,
  request,
}) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href ?? '', page.url()).href;
  const response = await request.get(manifestUrl);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'App Finanças',
    short_name: 'Finanças',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const icons = manifest.icons.map((icon) => ({ ...icon, purpose: icon.purpose ?? 'any' }));
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const [width, height] = await fetchPng(request, new URL(icon.src, manifestUrl).href);
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }

  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await fetchPng(request, new URL(apple ?? '', page.url()).href)).toEqual([180, 180]);

  // Theme colour for the browser bar in light and in dark mode.
  const themes = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('media')));
  expect(themes.sort()).toEqual(['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);
});

test('the service worker registers, controls the page after a reload, precaches the shell only', async ({
  page,
}) => {
  await controlledByServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => r.url));
    }
    return urls;
  });
  const origin = new URL(page.url()).origin;
  expect(cached.some((url) => url.startsWith(`${origin}/index.html`))).toBe(true);
  expect(cached.some((url) => /\/assets\/index-[\w-]+\.js/.test(url))).toBe(true);
  expect(cached.every((url) => url.startsWith(origin))).toBe(true); // no API call

  // The shell now comes from the service worker: with no network the sign-in screen still opens.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await page.context().setOffline(false);
});

test('a waiting new version shows "Nova versão disponível" and reloads only on "Atualizar"', async ({
  page,
}) => {
  const distDir = process.env.E2E_DIST_DIR;
  if (!distDir) throw new Error('E2E_DIST_DIR is not set: run through playwright');
  await controlledByServiceWorker(page);
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null,
  );
  expect(firstWorker).not.toBeNull();
  // A marker that a reload would wipe out.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // Publish a new version: a byte-different sw.js is a new service worker for the browser.
  fs.appendFileSync(path.join(distDir, 'sw.js'), `\n// nova versão ${Date.now()}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const toast = page.getByText('Nova versão disponível');
  await expect(toast).toBeVisible();
  const update = page.getByRole('button', { name: 'Atualizar' });
  await expect(update).toBeVisible();
  // Waiting, not taken over: same page, same controller, the new worker waits.
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        stillHere: (window as unknown as { stillHere?: boolean }).stillHere === true,
        waiting: registration?.waiting?.state ?? null,
      };
    }),
  ).toEqual({ stillHere: true, waiting: 'installed' });

  await update.click();
  await page.waitForFunction(
    () => (window as unknown as { stillHere?: boolean }).stillHere === undefined,
  );
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
    }),
  ).toEqual({ waiting: null, active: 'activated' });
});
