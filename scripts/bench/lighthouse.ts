/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// Lighthouse (mobile preset: Moto G power emulation, simulated slow 4G and 4× CPU slowdown) on
// pages of the built app, signed in as the demo user.
//
// How the session gets in: Debian's Chromium is started by us with a DevTools port; Playwright
// attaches to it over CDP (connectOverCDP) and, in the browser's default context, writes the
// supabase-js session (obtained through the auth API) into the app origin's localStorage.
// Lighthouse then drives the same browser through that port with disableStorageReset, so the
// page it loads is signed in. Before each run the origin's caches, IndexedDB and service workers
// are cleared (localStorage is kept) so that every page is a cold load.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import lighthouse from 'lighthouse';
import ws from 'ws';
import { getFreePort, REPO_ROOT } from '../local-stack/stack';

export interface LighthouseScore {
  path: string;
  /** The median run's score, and every run's. */
  performance: number;
  performanceRuns: number[];
  accessibility: number;
  lcpMs: number;
  /** The accessibility audits that failed (their ids), for the reader of the table. */
  accessibilityFailures: string[];
  tbtMs: number;
  /** Cumulative Layout Shift of every run, and the worst of them (issue 36: ≤ CLS_BUDGET). */
  clsRuns: number[];
  cls: number;
}

/** Nothing moves under a finger: the most layout shift a page may show while it loads. */
export const CLS_BUDGET = 0.02;

const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of playwright.config.ts, headless.
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * A throwaway self-signed certificate for 127.0.0.1 (openssl), and the Chromium flag that trusts
 * it: `--ignore-certificate-errors-spki-list` makes Chromium accept that one key as if a CA had
 * signed it, so Lighthouse sees a secure page (it refuses pages with certificate errors).
 */
function selfSignedCertificate(dir: string): string {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const spki = createPublicKey(fs.readFileSync(path.join(dir, 'cert.pem'))).export({
    type: 'spki',
    format: 'der',
  });
  return createHash('sha256').update(spki).digest('base64');
}

/** The Chromium flag that trusts the certificates of these previews (startPreview). */
export function trustPreviews(previews: { certificateHash: string }[]): string {
  return `--ignore-certificate-errors-spki-list=${previews.map((p) => p.certificateHash).join(',')}`;
}

/**
 * `vite preview` of a build on a free port, over HTTPS and so HTTP/2 as in production
 * (scripts/bench/preview-https.ts); resolves with its address once it answers, and the flag the
 * browser needs to trust it (trustPreviews).
 */
export async function startPreview(
  distDir: string,
  env: NodeJS.ProcessEnv,
  root: string = REPO_ROOT,
): Promise<{ url: string; process: ChildProcess; certificateHash: string }> {
  const port = await getFreePort();
  const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-tls-'));
  const certificateHash = selfSignedCertificate(tlsDir);
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [path.join(REPO_ROOT, 'scripts/bench/preview-https.ts'), root, distDir, String(port), tlsDir],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.once('exit', () => fs.rmSync(tlsDir, { recursive: true, force: true }));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('vite preview did not start in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`vite preview exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('ready')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return { url: `https://127.0.0.1:${port}`, process: child, certificateHash };
}

async function waitForDevTools(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${CHROMIUM} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Chromium's DevTools port ${port} did not open within 30 s`);
}

/** The localStorage entry supabase-js writes after signInWithPassword (key and value). */
export async function demoSession(
  apiUrl: string,
  anonKey: string,
  email: string,
  password: string,
): Promise<[string, string]> {
  const stored = new Map<string, string>();
  const supabase = createClient(apiUrl, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      storage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      },
    },
    realtime: { transport: ws as never },
  });
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const entry = [...stored.entries()].find(([key]) => key.endsWith('-auth-token'));
  if (!entry) throw new Error('supabase-js stored no session');
  return entry;
}

export async function measureLighthouse(options: {
  appUrl: string;
  apiUrl: string;
  anonKey: string;
  paths: string[];
  /** Lighthouse runs per page; the table shows the median one. */
  runs: number;
  /** What startPreview says the browser needs (its certificate). */
  chromiumFlags: string[];
  email: string;
  password: string;
  log: (line: string) => void;
}): Promise<LighthouseScore[]> {
  const { appUrl, paths, runs, log } = options;
  const port = await getFreePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-lighthouse-'));
  const browserProcess = spawn(
    CHROMIUM,
    [
      ...FLAGS,
      ...options.chromiumFlags,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  const killBrowser = () => {
    if (browserProcess.exitCode === null && browserProcess.pid) {
      try {
        process.kill(-browserProcess.pid, 'SIGKILL'); // its process group: renderers, GPU, zygote
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', killBrowser);
  try {
    await waitForDevTools(port, browserProcess);
    const [key, value] = await demoSession(
      options.apiUrl,
      options.anonKey,
      options.email,
      options.password,
    );
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const origin = new URL(appUrl).origin;

    type Run = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
    const runsOf = new Map<string, Run[]>(paths.map((route) => [route, []]));
    // Round after round over the pages, so that a busy minute of the machine hits them alike.
    for (let round = 1; round <= runs; round++) {
      for (const route of paths) {
        // Signed in, nothing cached: a first visit of a signed-in user.
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value] as const);
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'cache_storage,indexeddb,service_workers,file_systems,websql,cookies',
        });
        await cdp.send('Network.clearBrowserCache');
        log(`lighthouse ${route} (${round}/${runs})…`);
        const result = await lighthouse(
          `${origin}${route}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          undefined,
        );
        if (!result) throw new Error(`lighthouse returned nothing for ${route}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== route) {
          throw new Error(
            `lighthouse ended on ${result.lhr.finalDisplayedUrl}, not ${route}: not signed in?`,
          );
        }
        runsOf.get(route)!.push(result);
      }
    }

    const scores: LighthouseScore[] = [];
    for (const [route, results] of runsOf) {
      // The run with the median performance score (Lighthouse's advice for noisy machines).
      const performanceOf = (result: Run) => result.lhr.categories.performance?.score ?? 0;
      const median = [...results].sort((a, b) => performanceOf(a) - performanceOf(b))[
        Math.floor(results.length / 2)
      ]!;
      // BENCH_LIGHTHOUSE_DIR=<dir> keeps the median run's full report (open it in Chrome's
      // Lighthouse viewer, or read its audits: bootup-time, mainthread-work-breakdown, long-tasks).
      const keepDir = process.env.BENCH_LIGHTHOUSE_DIR;
      if (keepDir) {
        fs.mkdirSync(keepDir, { recursive: true });
        const name = route === '/' ? 'home' : route.replace(/\W+/g, '-').replace(/^-|-$/g, '');
        fs.writeFileSync(path.join(keepDir, `${name}.json`), JSON.stringify(median.lhr));
        // What `npm run bench:lantern -- <dir>/<name>` needs to replay Lighthouse's simulation.
        const { Trace, DevtoolsLog, URL: urls, GatherContext } = median.artifacts;
        fs.writeFileSync(
          path.join(keepDir, `${name}.artifacts.json`),
          JSON.stringify({ Trace, DevtoolsLog, URL: urls, GatherContext }),
        );
        // A shift in one run only is what the median hides: that run's report too, to read its
        // `layout-shifts` audit (the elements that moved) and its trace.
        const clsOf = (result: Run) =>
          result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
        const shifted = [...results].sort((a, b) => clsOf(b) - clsOf(a))[0];
        if (shifted && shifted !== median && clsOf(shifted) > 0) {
          fs.writeFileSync(path.join(keepDir, `${name}.shifted.json`), JSON.stringify(shifted.lhr));
        }
      }
      const { categories, audits } = median.lhr;
      scores.push({
        path: route,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        performanceRuns: results.map((result) => Math.round(performanceOf(result) * 100)),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        // Every run's, not the median's: one run with a shift is a tap that may miss.
        clsRuns: results.map(
          (result) => result.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        ),
        cls: Math.max(
          ...results.map(
            (result) => result.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          ),
        ),
        accessibilityFailures: (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id),
      });
    }
    await browser.close().catch(() => undefined);
    return scores;
  } finally {
    killBrowser();
    process.removeListener('exit', killBrowser);
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
