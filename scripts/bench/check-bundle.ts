// `npm run check:bundle`: the deterministic budget of the home screen's first load — initial
// JavaScript (entry chunk + its static imports, gzip) ≤ 180 kB. Builds into a temporary folder, or
// reads an existing build with `--dist <dir>` (it must have dist/.vite/manifest.json). Exits 1 over
// budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, INITIAL_JS_BUDGET_GZIP, kB, measureBundle } from './bundle';

const { values } = parseArgs({ options: { dist: { type: 'string' } } });

let distDir = values.dist ? path.resolve(values.dist) : undefined;
let tempDir: string | undefined;
try {
  if (!distDir) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-bundle-'));
    distDir = path.join(tempDir, 'dist');
    // The API address only ends up as a string in the bundle; any value gives the same sizes.
    await buildApp(distDir, {
      ...process.env,
      VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY ?? 'bundle-check',
    });
  }
  const report = measureBundle(distDir);
  const { initialJs, initialCss, largestRoute } = report;
  const over = initialJs.gzip > INITIAL_JS_BUDGET_GZIP;
  console.log(
    `initial JS: ${kB(initialJs.gzip)} gzip (${kB(initialJs.raw)} raw, ${initialJs.files.length} files); ` +
      `budget ${kB(INITIAL_JS_BUDGET_GZIP)} gzip → ${over ? 'OVER BUDGET' : 'ok'}`,
  );
  console.log(`initial CSS: ${kB(initialCss.gzip)} gzip (${kB(initialCss.raw)} raw)`);
  console.log(`largest route chunk: ${largestRoute.name} ${kB(largestRoute.gzip)} gzip`);
  if (over) process.exitCode = 1;
} finally {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}
