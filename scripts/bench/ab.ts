/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
// `npm run bench:ab -- --base <git ref> [--route /] [--runs 6]`: is this working tree faster than
// <ref> on a phone's first load? Lighthouse alone cannot say on a shared machine: its scores swing
// by ±20 with the load of other processes. This builds both against one throwaway stack, then
// alternates cold signed-in loads (A, B, B, A, …) with Chromium's CPU slowed 4× (Lighthouse's
// mobile factor), so load drift hits both alike, and prints per variant the medians of:
//   CLS (layout-shift entries without input), TBT (long tasks' time over 50 ms, real 4×-slowed
//   tasks rather than Lighthouse's simulation), FCP and LCP (ms from navigation).
// Network is not throttled: FCP/LCP here show main-thread and request-chain changes only.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { getFreePort, REPO_ROOT, startStack } from '../local-stack/stack';
import { buildApp } from './bundle';
import { demoSession, startPreview, trustPreviews } from './lighthouse';
import { median } from './samples';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    route: { type: 'string', default: '/' },
    runs: { type: 'string', default: '6' },
  },
});
if (!values.base) {
  console.error('usage: npm run bench:ab -- --base <git ref> [--route /] [--runs 6]');
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs) || 6);
const log = (line: string) => console.error(`[bench:ab] ${line}`);

interface Sample {
  cls: number;
  tbt: number;
  fcp: number;
  lcp: number;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-ab-'));
fs.chmodSync(tmp, 0o755); // traversable by the postgres user (docs/local-stack.md)
const baseTree = path.join(tmp, 'base');
const previews: ChildProcess[] = [];
let stack: Awaited<ReturnType<typeof startStack>> | undefined;

try {
  log(`checking out ${values.base}…`);
  execFileSync('git', ['worktree', 'add', '--detach', baseTree, values.base], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  // Hard links: the same packages without copying them (a copy where links are impossible).
  execFileSync('cp', ['-al', path.join(REPO_ROOT, 'node_modules'), baseTree]);
  stack = await startStack({
    dataDir: path.join(tmp, 'db'),
    persistent: false,
    apiPort: await getFreePort(),
    dbPort: await getFreePort(),
    seed: true,
  });
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
  };
  const origins: Record<'A' | 'B', string> = { A: '', B: '' };
  const certificates: { certificateHash: string }[] = [];
  for (const [name, root] of [
    ['A', baseTree],
    ['B', REPO_ROOT],
  ] as const) {
    log(`building ${name} (${name === 'A' ? values.base : 'working tree'})…`);
    const dist = path.join(tmp, `dist-${name}`);
    await buildApp(dist, env, root);
    const preview = await startPreview(dist, env, root);
    previews.push(preview.process);
    origins[name] = preview.url;
    certificates.push(preview);
  }

  const [key, value] = await demoSession(
    stack.apiUrl,
    stack.anonKey,
    'demo@appfinancas.com.br',
    'demo123456',
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [trustPreviews(certificates)],
  });
  const samples: Record<'A' | 'B', Sample[]> = { A: [], B: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const name of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        // Moto G Power's viewport, as Lighthouse's mobile preset; nothing cached.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as Record<string, number>;
          w.__cls = 0;
          w.__tbt = 0;
          w.__lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) w.__cls! += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__tbt! += Math.max(0, entry.duration - 50);
          }).observe({ type: 'longtask', buffered: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__lcp = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await page.goto(`${origins[name]}/favicon.svg`);
        await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value] as const);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${origins[name]}${values.route}`);
        await page.waitForLoadState('networkidle');
        // Whatever renders after the last answer (and its long tasks) is part of the load.
        await page.waitForTimeout(1000);
        samples[name].push(
          await page.evaluate(() => {
            const w = window as unknown as Record<string, number>;
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            return { cls: w.__cls!, tbt: w.__tbt!, lcp: w.__lcp!, fcp: fcp?.startTime ?? NaN };
          }),
        );
        await context.close();
      }
      log(`round ${i + 1}/${runs}`);
    }
  } finally {
    await browser.close();
  }

  console.log(`| ${values.route} (median of ${runs}) | CLS | TBT ms | FCP ms | LCP ms |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (const name of ['A', 'B'] as const) {
    const s = samples[name];
    const label = name === 'A' ? `A: ${values.base}` : 'B: working tree';
    console.log(
      `| ${label} | ${median(s.map((x) => x.cls)).toFixed(3)} | ${Math.round(median(s.map((x) => x.tbt)))} | ` +
        `${Math.round(median(s.map((x) => x.fcp)))} | ${Math.round(median(s.map((x) => x.lcp)))} |`,
    );
  }
  console.log(
    `${new Date().toISOString()} · ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  for (const preview of previews) preview.kill('SIGTERM');
  await stack?.stop();
  try {
    execFileSync('git', ['worktree', 'remove', '--force', baseTree], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
    });
  } catch {
    // never created
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
