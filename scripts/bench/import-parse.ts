// Importar planilha in Chromium: `npx tsx scripts/bench/import-parse.ts [--cpu 4]`. Builds a page
// that drives src/features/imports/lib/spreadsheet-import.ts exactly as the screen does (the Web
// Worker, its import()ed readers), serves it, and times in Chromium: 5 000 payables read and
// previewed (cold: worker start and chunk loads included; warm: the second time), a 100 000-row
// workbook refused, a .xls read through SheetJS. `--cpu N` throttles the CPU N× (CDP), the
// phone-class budget of the issue. Numbers go in docs/performance.md by hand.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { chromium } from 'playwright';
import { build } from 'vite';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const cpuIndex = process.argv.indexOf('--cpu');
const cpu = cpuIndex > 0 ? Number(process.argv[cpuIndex + 1]) : 1;

function xlsx(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Contas');
  return XLSX.write(wb, { type: 'buffer', bookType, bookSST: true, compression: true }) as Buffer;
}

const payables: unknown[][] = [
  ['Relatório de contas a pagar'],
  [],
  ['Fornecedor', 'Histórico', 'Valor', 'Vencimento', 'Obra', 'Categoria', 'Observações'],
];
for (let i = 0; i < 5000; i++) {
  payables.push([
    `Fornecedor ${i % 250}`,
    `Compra de material ${i}`,
    i % 3 === 0 ? `R$ ${(i % 900) + 1}.234,56` : 100 + i / 100,
    i % 2 === 0
      ? { t: 'n', v: 46000 + (i % 365), z: 'm/d/yy' }
      : `${String((i % 28) + 1).padStart(2, '0')}/03/2026`,
    `Obra ${i % 25}`,
    `Categoria ${i % 30}`,
    i % 10 === 0 ? 'Entrega parcial' : null,
  ]);
}
const huge: unknown[][] = [['Valor'], ...Array.from({ length: 100_000 }, (_, i) => [i])];

const page = `
import { createSpreadsheetImporter } from '@/features/imports/lib/spreadsheet-import';
const ctx = {
  suppliers: Array.from({ length: 200 }, (_, i) => ({ id: 's' + i, name: 'Fornecedor ' + i, document: null })),
  clients: [],
  projects: Array.from({ length: 25 }, (_, i) => ({ id: 'p' + i, name: 'Obra ' + i, status: 'in_progress' })),
  categories: Array.from({ length: 30 }, (_, i) => ({ id: 'c' + i, name: 'Categoria ' + i, type: 'expense' })),
  bankAccounts: [],
  today: '2026-11-29',
};
const file = async (name) => new File([await (await fetch('/' + name)).blob()], name);
async function timed(importer, bench) {
  const t = performance.now();
  const read = await importer.read(bench, bench.name, 'contas_pagar');
  const readMs = performance.now() - t;
  const sheet = read.sheets[read.sheetIndex];
  const rows = await importer.preview({ kind: 'contas_pagar', sheet, headerRow: read.headerRow, mapping: read.mapping, ctx });
  return { readMs, totalMs: performance.now() - t, rows: rows.length, withIssues: rows.filter((r) => r.issues.length).length };
}
window.run = async () => {
  const importer = createSpreadsheetImporter();
  const bench = await file('bench.xlsx');
  const cold = await timed(importer, bench);
  const warm = await timed(importer, bench);
  const big = await file('big.xlsx');
  let t = performance.now();
  const refused = await importer.read(big, big.name, 'contas_pagar').then(() => 'read!', (e) => e.message);
  const hugeMs = performance.now() - t;
  const xls = await file('bench.xls');
  t = performance.now();
  const xlsRows = (await importer.read(xls, xls.name, 'contas_pagar')).sheets[0].rows.length;
  const xlsMs = performance.now() - t;
  importer.dispose();
  return { cold, warm, refused, hugeMs, xlsRows, xlsMs };
};
`;

const dir = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
const server = createServer((req, res) => {
  const url = (req.url ?? '/').split('?')[0] ?? '/';
  const name = url === '/' ? '/index.html' : url;
  try {
    const body = readFileSync(path.join(dir, 'dist', name));
    const type = name.endsWith('.js')
      ? 'text/javascript'
      : name.endsWith('.html')
        ? 'text/html'
        : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
try {
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="./main.js"></script>',
  );
  writeFileSync(path.join(dir, 'main.js'), page);
  await build({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(repo, 'src') } },
    worker: { format: 'es' },
    build: { outDir: path.join(dir, 'dist') },
  });
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'bench.xlsx'), xlsx(payables));
  writeFileSync(path.join(dir, 'dist', 'bench.xls'), xlsx(payables, 'biff8'));
  writeFileSync(path.join(dir, 'dist', 'big.xlsx'), xlsx(huge));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  });
  try {
    const tab = await browser.newPage();
    if (cpu > 1) {
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    }
    await tab.goto(`http://127.0.0.1:${port}/`);
    await tab.waitForFunction(() => 'run' in window);
    const result = await tab.evaluate(() =>
      (window as unknown as { run: () => Promise<unknown> }).run(),
    );
    console.log(JSON.stringify({ cpuSlowdown: cpu, ...(result as object) }, null, 2));
  } finally {
    await browser.close();
  }
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
