import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the built app and the embedded stack, both started on free ports by
// tests/e2e/global-setup.ts, which passes their addresses to the workers through process.env.
// Chromium is Debian's (/usr/bin/chromium): Playwright's own browser download is not available here.
const chromium = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

// Playwright empties outputDir when a run starts: give every run its own folder, so that runs
// started side by side (several people, one tree) do not delete each other's traces. Workers
// inherit the variable from the main process.
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e/${process.env.E2E_RUN_ID}`,
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // A `test.only` left in a journey would run it alone while CI reports the rest as nothing: refused
  // in CI (.ci/run passes --forbid-only too; scripts/ci/test-census.ts fails on unlisted skips).
  forbidOnly: !!process.env.CI,
  workers: 2,
  // No retries, in CI either: a journey that passes only on a retry is a bug (.ci/run names it
  // and counts it as failed if retries are ever turned on).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // The built app registers a service worker (vite-plugin-pwa). Journeys run without it, so that
    // page.route and fresh-from-the-server assets behave as before; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      // The office desktop's journeys and the width sweep set their own viewports.
      testIgnore: /(desktop|layout-widths)\.spec\.ts$/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        ...chromium,
      },
    },
    {
      name: 'desktop',
      // Phone checks (360 px, a finger on a slow phone): the desktop project would only repeat them.
      testIgnore: /(page-titles|phone-toasts|phone-first-tap)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, ...chromium },
    },
  ],
});
