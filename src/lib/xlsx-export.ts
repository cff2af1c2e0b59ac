// "Exportar Excel" of every screen: reads the rows (page by page, as the CSV does), hands them to a
// worker that writes the .xlsx, reports progress, and stops at once when cancelled. Loaded only
// when an export starts (src/components/xlsx-export-button.tsx imports it on click): the workbook
// writer never weighs on a screen's first load.
import { downloadBlob } from '@/lib/csv';
import type { ExportColumn, ExportRow } from '@/lib/export-table';
import type { XlsxWorkerReply, XlsxWorkerRequest } from '@/lib/xlsx-export.worker';

export interface XlsxExportProgress {
  /** reading: the rows come from the server; building: the worker writes the file. */
  phase: 'reading' | 'building';
  /** Items read so far (lançamentos: a split entry is one item of several rows). */
  done: number;
  /** Items expected (the screen's count), null when unknown. */
  total: number | null;
}

/** Where a screen's export puts its rows. */
export interface XlsxRowSink {
  /** Rows of `items` things read (default: one per row), for the progress. */
  add(rows: ExportRow[], items?: number): void;
  /** How many items will come (for the progress bar). */
  expect(total: number): void;
  signal: AbortSignal;
}

/** What follows the rows: the totals (bold) and rows to write in bold. */
export interface XlsxExportEnd {
  totals?: ExportRow[];
  boldRows?: number[];
}

export interface XlsxExportSpec {
  fileName: string;
  sheetName: string;
  /** The company, the report and its filters, above the header; null for none. */
  title: string | null;
  columns: ExportColumn[];
  /** Reads the rows into the sink; returns the totals rows (the screen's own figures). */
  produce(sink: XlsxRowSink): Promise<XlsxExportEnd>;
}

/** Builds the workbook: in a worker in the browser, in the page where there is none (tests). */
interface WorkbookBuilder {
  add(rows: ExportRow[]): void;
  finish(totals: ExportRow[], boldRows: number[]): Promise<Blob>;
  dispose(): void;
}

function workerBuilder(spec: XlsxExportSpec): WorkbookBuilder {
  const worker = new Worker(new URL('./xlsx-export.worker.ts', import.meta.url), {
    type: 'module',
    name: 'xlsx-export',
  });
  const post = (message: XlsxWorkerRequest) => worker.postMessage(message);
  post({ type: 'start', title: spec.title, columns: spec.columns, sheetName: spec.sheetName });
  return {
    add: (rows) => post({ type: 'rows', rows }),
    finish: (totals, boldRows) =>
      new Promise<Blob>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<XlsxWorkerReply>) => {
          if (event.data.type === 'done') resolve(event.data.blob);
          else reject(new Error(event.data.message));
        };
        worker.onerror = (event) => {
          event.preventDefault();
          reject(new Error(event.message || 'A planilha não pôde ser gerada.'));
        };
        post({ type: 'finish', totals, boldRows });
      }),
    dispose: () => worker.terminate(),
  };
}

function inPageBuilder(spec: XlsxExportSpec): WorkbookBuilder {
  const rows: ExportRow[] = [];
  return {
    add: (more) => {
      for (const row of more) rows.push(row);
    },
    finish: async (totals, boldRows) => {
      const { buildXlsx } = await import('@/lib/xlsx-workbook');
      return buildXlsx(
        { title: spec.title, columns: spec.columns, rows, totals, boldRows },
        spec.sheetName,
      );
    },
    dispose: () => {
      rows.length = 0;
    },
  };
}

function abortError(): DOMException {
  return new DOMException('Exportação cancelada', 'AbortError');
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Runs the export and returns its workbook and the number of data rows. Rejects with an AbortError
 * as soon as `signal` aborts (the worker is stopped, nothing is downloaded).
 */
export async function buildXlsxExport(
  spec: XlsxExportSpec,
  {
    signal,
    onProgress,
    inPage = typeof Worker === 'undefined',
  }: { signal: AbortSignal; onProgress?: (p: XlsxExportProgress) => void; inPage?: boolean },
): Promise<{ blob: Blob; rows: number }> {
  if (signal.aborted) throw abortError();
  const builder = inPage ? inPageBuilder(spec) : workerBuilder(spec);
  let rows = 0;
  let done = 0;
  let total: number | null = null;
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(abortError()), { once: true });
  });
  // The rejection is read by the race below; this keeps an unobserved one from being reported.
  aborted.catch(() => undefined);
  try {
    const sink: XlsxRowSink = {
      signal,
      expect: (n) => {
        total = n;
        onProgress?.({ phase: 'reading', done, total });
      },
      add: (more, items = more.length) => {
        if (signal.aborted) throw abortError();
        builder.add(more);
        rows += more.length;
        done += items;
        onProgress?.({ phase: 'reading', done, total });
      },
    };
    onProgress?.({ phase: 'reading', done, total });
    const end = await Promise.race([spec.produce(sink), aborted]);
    onProgress?.({ phase: 'building', done, total });
    const blob = await Promise.race([
      builder.finish(end.totals ?? [], end.boldRows ?? []),
      aborted,
    ]);
    return { blob, rows };
  } finally {
    builder.dispose();
  }
}

/** Runs the export and saves the file; returns the number of data rows. */
export async function downloadXlsxExport(
  spec: XlsxExportSpec,
  options: { signal: AbortSignal; onProgress?: (p: XlsxExportProgress) => void },
): Promise<number> {
  const { blob, rows } = await buildXlsxExport(spec, options);
  if (options.signal.aborted) throw abortError();
  downloadBlob(blob, spec.fileName);
  return rows;
}
