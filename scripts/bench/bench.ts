// `npm run bench`: the performance figures of docs/performance.md in one table, for people to read
// (only the bundle budget is deterministic; `npm run check:bundle` gates CI on it).
//   1. a throwaway embedded stack (temp dir, free ports, seeded demo company);
//   2. `vite build` against it (build.manifest) → initial JS/CSS and the largest route chunk;
//   3. `vite preview` + Lighthouse mobile on /, /pagar, /relatorio, /movimentacoes as the demo
//      user: performance, accessibility and layout shift (CLS ≤ 0.02, issue 36; the run fails
//      with exit code 1 when a page goes over it);
//   4. a company of 20 000 entries / 10 000 ledger rows → median request times, SQL vs naive.
// Options: --runs N (request samples, default 15), --lighthouse-runs N (per page, default 3; the
// table shows the median run), --pages /,/pagar (only these pages), --no-lighthouse, --no-api
// (with --no-api only the build and Lighthouse run), --explain (prints the
// plans of the statements inside cash_flow_projection and dre on the 20 000-entry company),
// --scale 200k (only the requests, at a tenth of that many entries and at that many: scale.ts;
// --runs defaults to 5 there), --tenants 1000 (a thousand companies: each call of a small, a mid
// and the largest company among the others and, samples alternating, the same company alone in a
// second stack started beside this one, tenants-bench.ts; --largest 200k (entries
// of the largest, default 200k), --mids 5, --small-entries 300, --workers 2 (connections seeding
// at once), --explain (plans of the small and the largest company's calls among N), then Lighthouse on /,
// /movimentacoes and /relatorio as the largest company's admin unless --no-lighthouse; --runs
// defaults to 5 there; exit code 1 when a call goes over its ratio or limit),
// --load (issue 35, after the tenants bench on the same database: `--users` people of many
// companies at once for `--duration` seconds through autocannon, then the correctness checks:
// load.ts; --duration 180, --users 100, --think 5 (mean seconds on a screen; 0 = each opens the
// next as soon as answered; `--think 5,1` runs 5, then a ceiling probe at 1 whose p95 and errors
// are reported, not gated); exit code 1 on a p95 over 300 ms or any error at the first pace, and
// at any pace on a deadlock, a lost or doubled write, or a balance / kept total that is not the
// sum of its rows).
// Everything it starts (stack, preview, Chromium) is stopped at the end, also on error/Ctrl-C.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getFreePort, startStack, TEST_AUTH_RATE_LIMITS } from '../local-stack/stack';
import { measureApi, type ApiReport } from './api';
import { measureScale, parseScale, printScale } from './scale';
import { runLoad } from './load';
import { measureTenants, printTenants } from './tenants-bench';
import { buildApp, INITIAL_JS_BUDGET_GZIP, kB, measureBundle } from './bundle';
import {
  CLS_BUDGET,
  measureLighthouse,
  startPreview,
  trustPreviews,
  type LighthouseScore,
} from './lighthouse';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    pages: { type: 'string' },
    'no-api': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    scale: { type: 'string' },
    load: { type: 'boolean', default: false },
    tenants: { type: 'string' },
    largest: { type: 'string' },
    duration: { type: 'string' },
    users: { type: 'string' },
    think: { type: 'string' },
    mids: { type: 'string', default: '5' },
    'small-entries': { type: 'string', default: '300' },
    workers: { type: 'string', default: '2' },
  },
});
const runs = Math.max(1, Number(values.runs ?? 15) || 15);
const log = (line: string) => console.error(`[bench] ${line}`);

const DEMO = { email: 'demo@appfinancas.com.br', password: 'demo123456' };
const PAGES = values.pages
  ? values.pages.split(',').map((page) => page.trim())
  : values.tenants
    ? ['/', '/movimentacoes', '/relatorio']
    : ['/', '/pagar', '/relatorio', '/movimentacoes'];

/** The browser's "today" in Brazil, as the app sends it. */
function todayInBrazil(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function printTable(
  bundle: ReturnType<typeof measureBundle>,
  scores: LighthouseScore[] | null,
  api: ApiReport | null,
): void {
  const lines = [
    row(['figure', 'value', 'target']),
    row(['---', '---', '---']),
    row([
      'initial JS (entry + static imports), gzip',
      `${kB(bundle.initialJs.gzip)} (raw ${kB(bundle.initialJs.raw)}, ${bundle.initialJs.files.length} files)`,
      `≤ ${kB(INITIAL_JS_BUDGET_GZIP)} ${bundle.initialJs.gzip <= INITIAL_JS_BUDGET_GZIP ? '✓' : '✗'}`,
    ]),
    row([
      'initial CSS, gzip',
      `${kB(bundle.initialCss.gzip)} (raw ${kB(bundle.initialCss.raw)})`,
      '',
    ]),
    row([
      'largest route chunk (+ its own imports), gzip',
      `${kB(bundle.largestRoute.gzip)} (raw ${kB(bundle.largestRoute.raw)}) ${bundle.largestRoute.name}`,
      '',
    ]),
  ];
  for (const s of scores ?? []) {
    lines.push(
      row([
        `Lighthouse mobile ${s.path}: performance`,
        `${s.performance} (LCP ${(s.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(s.tbtMs)} ms; ` +
          `runs ${s.performanceRuns.join(', ')})`,
        `≥ 95 ${s.performance >= 95 ? '✓' : '✗'}`,
      ]),
      row([
        `Lighthouse mobile ${s.path}: accessibility`,
        s.accessibilityFailures.length
          ? `${s.accessibility} (${s.accessibilityFailures.join(', ')})`
          : String(s.accessibility),
        `100 ${s.accessibility >= 100 ? '✓' : '✗'}`,
      ]),
      row([
        `Lighthouse mobile ${s.path}: layout shift (CLS, worst run)`,
        `${s.cls.toFixed(3)} (runs ${s.clsRuns.map((cls) => cls.toFixed(3)).join(', ')})`,
        `≤ ${CLS_BUDGET} ${s.cls <= CLS_BUDGET ? '✓' : '✗ FAIL'}`,
      ]),
    );
  }
  if (api) {
    for (const t of api.timings) {
      // docs/performance.md's targets: the balance chart and every planning figure in ≤ 100 ms.
      const target =
        t.label.startsWith('Relatório: balance_history') || t.label.startsWith('Planejamento:')
          ? `≤ 100 ms ${t.medianMs <= 100 ? '✓' : '✗'}`
          : t.label.startsWith('home naive')
            ? `${api.naiveRatio.toFixed(0)}× dashboard_summary`
            : '';
      lines.push(row([t.label, `${t.medianMs.toFixed(1)} ms (${t.detail})`, target]));
    }
  }
  console.log(lines.join('\n'));
  if (api) {
    console.log(
      `\nRequests: median of ${runs} after 2 warm-ups, sequential, through the embedded API, on a company ` +
        `with ${api.entries} entries and ${api.ledgerRows} ledger rows.`,
    );
  }
  console.log(
    `${new Date().toISOString()} · ${os.cpus().length} CPU(s), load average ` +
      `${os.loadavg()[0]!.toFixed(1)} · Node ${process.version} · ` +
      'Lighthouse scores and timings are noisy on a shared machine; the gates are the bundle budget ' +
      `(check:bundle) and layout shift (CLS ≤ ${CLS_BUDGET}, exit code 1 above it).`,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-bench-'));
fs.chmodSync(dataDir, 0o755); // traversable by the postgres user (docs/local-stack.md)
let preview: ChildProcess | undefined;
let stack: Awaited<ReturnType<typeof startStack>> | undefined;

async function stopPreview(): Promise<void> {
  if (preview && preview.exitCode === null) {
    const exited = new Promise((r) => preview?.once('exit', r));
    preview.kill('SIGTERM');
    await exited;
  }
}

async function stopAll(): Promise<void> {
  await stopPreview();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** `vite build` against the stack, `vite preview`, Lighthouse mobile on PAGES as that member. */
async function buildAndLighthouse(
  started: NonNullable<typeof stack>,
  member: { email: string; password: string },
  skip: boolean,
) {
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: started.apiUrl,
    VITE_SUPABASE_ANON_KEY: started.anonKey,
  };
  const distDir = path.join(dataDir, 'dist');
  log('vite build…');
  await buildApp(distDir, env);
  const bundle = measureBundle(distDir);
  let scores: LighthouseScore[] | null = null;
  if (!skip) {
    const previewed = await startPreview(distDir, env);
    preview = previewed.process;
    scores = await measureLighthouse({
      appUrl: previewed.url,
      chromiumFlags: [trustPreviews([previewed])],
      apiUrl: started.apiUrl,
      anonKey: started.anonKey,
      paths: PAGES,
      runs: Math.max(1, Number(values['lighthouse-runs']) || 3),
      ...member,
      log,
    });
  }
  return { bundle, scores };
}

try {
  log('starting a throwaway stack…');
  // --load: the server's log is kept (deadlocks are counted from it too), and the per-IP sign-in
  // limit is lifted: a hundred people sign in from a hundred addresses on hosted, from one here.
  const serverLog: string[] = [];
  stack = await startStack({
    dataDir: path.join(dataDir, 'db'),
    persistent: false,
    apiPort: await getFreePort(),
    dbPort: await getFreePort(),
    seed: true,
    ...(values.load
      ? {
          authRateLimits: TEST_AUTH_RATE_LIMITS,
          log: (line: string) => {
            serverLog.push(line);
            if (/deadlock|FATAL|PANIC/i.test(line)) log(line);
          },
        }
      : {}),
  });
  if (values.scale) {
    // Only the requests, on a company grown to a tenth of the size and then to the size.
    const scaleRuns = Math.max(1, Number(values.runs ?? 5) || 5);
    const report = await measureScale(
      stack,
      parseScale(values.scale),
      todayInBrazil(),
      scaleRuns,
      log,
      { explain: values.explain },
    );
    printScale(report, scaleRuns);
    process.exitCode = 0;
  } else if (values.tenants || values.load) {
    const tenantRuns = Math.max(1, Number(values.runs ?? 5) || 5);
    const largest = parseScale(values.largest ?? '200k');
    // Each timed company alone: a stack of its own beside this one, removed once it is timed.
    const startTwin = async (name: string) => {
      const filesDir = path.join(dataDir, name);
      const twin = await startStack({
        dataDir: filesDir,
        persistent: false,
        apiPort: await getFreePort(),
        dbPort: await getFreePort(),
        seed: true,
      });
      return Object.assign(twin, { filesDir });
    };
    const report = await measureTenants(
      Object.assign(stack, { filesDir: path.join(dataDir, 'db') }),
      startTwin,
      {
        count: Math.max(4, Number(values.tenants ?? 1000) || 1000),
        largest,
        mids: Number(values.mids),
        smallEntries: Number(values['small-entries']),
        runs: tenantRuns,
        today: todayInBrazil(),
        explain: values.explain,
        workers: Math.max(1, Number(values.workers) || 1),
      },
      log,
    );
    const ok = printTenants(report, tenantRuns);
    let failing: LighthouseScore[] = [];
    if (!values['no-lighthouse']) {
      // The largest company's admin: its home, Movimentações and Relatório at ≥ 95.
      const { bundle, scores } = await buildAndLighthouse(stack, report.largeAdmin, false);
      printTable(bundle, scores, null);
      failing = (scores ?? []).filter((s) => !(s.cls <= CLS_BUDGET) || s.performance < 95);
      await stopPreview();
    }
    let loaded = true;
    if (values.load) {
      // The Monday morning on the same database (seeding a thousand companies twice is 20 minutes):
      // at the first --think (the realistic pace, gated), then at each further one (ceiling probes).
      const paces = (values.think ?? '5').split(',').map((t) => Math.max(0, Number(t) || 0));
      for (const [k, think] of paces.entries()) {
        const load = await runLoad(
          stack,
          report.tenants,
          {
            duration: Math.max(5, Number(values.duration ?? 180) || 180),
            users: Math.max(1, Number(values.users ?? 100) || 100),
            think,
            ceiling: k > 0,
          },
          todayInBrazil(),
          () => serverLog,
          log,
        );
        console.log(
          `\n### ${k === 0 ? 'The Monday morning' : 'Ceiling probe'}: ≈ ${think} s on each screen\n`,
        );
        console.log(load.lines.join('\n'));
        console.log(
          `${new Date().toISOString()} · ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]!.toFixed(1)} · ` +
            `${report.count} companies, the largest ${largest} entries.`,
        );
        loaded &&= load.ok;
      }
    }
    process.exitCode = ok && failing.length === 0 && loaded ? 0 : 1;
  } else {
    const { bundle, scores } = await buildAndLighthouse(stack, DEMO, values['no-lighthouse']);

    const api = values['no-api']
      ? null
      : await measureApi(stack, todayInBrazil(), runs, log, {
          explain: values.explain,
        });
    printTable(bundle, scores, api);
    // Layout shift is a gate (issue 36): a shift under a finger is a missed tap, not a slow page.
    const shifting = (scores ?? []).filter((s) => !(s.cls <= CLS_BUDGET));
    if (shifting.length > 0) {
      console.error(
        `[bench] CLS over ${CLS_BUDGET} on ${shifting.map((s) => `${s.path} (${s.cls.toFixed(3)})`).join(', ')}`,
      );
      process.exitCode = 1;
    }
  }
} finally {
  await stopAll();
}
