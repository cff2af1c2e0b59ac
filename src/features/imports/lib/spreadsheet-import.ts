// Reading and preview as the screen uses them: `readImportFile` (read, pick the sheet, find the
// header, match the columns) and `previewImport`. The same functions run in import.worker.ts;
// createSpreadsheetImporter() sends the work there when Worker exists (the browser) and runs it
// here otherwise (unit tests), so a 5 000-row file never blocks the page.
import { findHeaderRow, matchColumns, type Mapping } from '@/features/imports/lib/columns';
import type { ImportKind } from '@/features/imports/lib/kinds';
import { buildPreview, type ImportContext, type PreviewRow } from '@/features/imports/lib/preview';
import {
  ImportFileError,
  readSpreadsheet,
  type ImportFileErrorKey,
  type Sheet,
  type SpreadsheetInput,
} from '@/features/imports/lib/read-sheet';
import { isBlank } from '@/features/imports/lib/values';

export interface ReadImportResult {
  sheets: Sheet[];
  /** The sheet with the best header for the kind (usually the first). */
  sheetIndex: number;
  /** 0-based index in sheets[sheetIndex].rows. */
  headerRow: number;
  mapping: Mapping;
}

export interface PreviewRequest {
  kind: ImportKind;
  sheet: Sheet;
  headerRow: number;
  mapping: Mapping;
  ctx: ImportContext;
}

/** Reads the file and proposes sheet, header row and columns (`remembered`: the company's mapping). */
export async function readImportFile(
  input: SpreadsheetInput,
  fileName: string,
  kind: ImportKind,
  remembered?: Record<string, string> | null,
): Promise<ReadImportResult> {
  const sheets = await readSpreadsheet(input, fileName);
  let best = { sheetIndex: 0, headerRow: 0, mapping: {} as Mapping, matched: -1 };
  sheets.forEach((sheet, sheetIndex) => {
    const headerRow = findHeaderRow(sheet.rows, kind);
    const mapping = matchColumns(kind, sheet.rows[headerRow] ?? [], remembered);
    const matched = Object.values(mapping).filter((c) => c !== null).length;
    const hasData = sheet.rows.slice(headerRow + 1).some((row) => !row.every(isBlank));
    if (hasData && matched > best.matched) best = { sheetIndex, headerRow, mapping, matched };
  });
  if (best.matched < 0) throw new ImportFileError('empty');
  return {
    sheets,
    sheetIndex: best.sheetIndex,
    headerRow: best.headerRow,
    mapping: best.mapping,
  };
}

export function previewImport({
  kind,
  sheet,
  headerRow,
  mapping,
  ctx,
}: PreviewRequest): PreviewRow[] {
  return buildPreview(kind, sheet, headerRow, mapping, ctx);
}

// ---------- the worker protocol ----------

export type WorkerRequest =
  | {
      id: number;
      op: 'read';
      input: SpreadsheetInput;
      fileName: string;
      kind: ImportKind;
      remembered?: Record<string, string> | null;
    }
  | { id: number; op: 'preview'; request: PreviewRequest };

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export type WorkerResponse =
  | { id: number; ok: true; result: ReadImportResult | PreviewRow[] }
  | { id: number; ok: false; key: ImportFileErrorKey | 'unexpected'; message: string };

/** Runs one request: what the worker does with a message, and what tests call directly. */
export async function handleWorkerRequest(request: WorkerRequest): Promise<WorkerResponse> {
  try {
    const result =
      request.op === 'read'
        ? await readImportFile(request.input, request.fileName, request.kind, request.remembered)
        : previewImport(request.request);
    return { id: request.id, ok: true, result };
  } catch (error) {
    if (error instanceof ImportFileError) {
      return { id: request.id, ok: false, key: error.key, message: error.message };
    }
    return {
      id: request.id,
      ok: false,
      key: 'unexpected',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Turns a failed response back into the error the caller awaits. */
function failure(response: Extract<WorkerResponse, { ok: false }>): Error {
  if (response.key === 'unexpected') return new Error(response.message);
  return new ImportFileError(response.key, response.message);
}

export interface SpreadsheetImporter {
  read(
    input: SpreadsheetInput,
    fileName: string,
    kind: ImportKind,
    remembered?: Record<string, string> | null,
  ): Promise<ReadImportResult>;
  preview(request: PreviewRequest): Promise<PreviewRow[]>;
  /** Stops the worker (an unfinished read or preview rejects). */
  dispose(): void;
}

/**
 * The reader the screen holds: in a Web Worker when the browser has one, else (tests) here.
 * `makeWorker` is for tests that bring their own.
 */
export function createSpreadsheetImporter(
  makeWorker: (() => Worker) | null = typeof Worker === 'undefined'
    ? null
    : () =>
        new Worker(new URL('./import.worker.ts', import.meta.url), {
          type: 'module',
          name: 'importar-planilha',
        }),
): SpreadsheetImporter {
  if (!makeWorker) {
    let nextId = 1;
    const run = async (request: WorkerRequest) => {
      const response = await handleWorkerRequest(request);
      if (!response.ok) throw failure(response);
      return response.result;
    };
    return {
      read: async (input, fileName, kind, remembered) =>
        (await run({
          id: nextId++,
          op: 'read',
          input,
          fileName,
          kind,
          remembered,
        })) as ReadImportResult,
      preview: async (request) =>
        (await run({ id: nextId++, op: 'preview', request })) as PreviewRow[],
      dispose: () => undefined,
    };
  }

  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const stop = (reason: Error) => {
    worker?.terminate();
    worker = null;
    for (const p of pending.values()) p.reject(reason);
    pending.clear();
  };
  const getWorker = () => {
    if (worker) return worker;
    const created = makeWorker();
    created.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const response = event.data;
      const waiting = pending.get(response.id);
      if (!waiting) return;
      pending.delete(response.id);
      if (response.ok) waiting.resolve(response.result);
      else waiting.reject(failure(response));
    };
    created.onerror = (event) => {
      event.preventDefault();
      stop(new Error(event.message || 'O leitor de planilhas parou.'));
    };
    worker = created;
    return created;
  };
  const post = (request: WithoutId<WorkerRequest>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      getWorker().postMessage({ ...request, id });
    });

  return {
    read: async (input, fileName, kind, remembered) =>
      (await post({ op: 'read', input, fileName, kind, remembered })) as ReadImportResult,
    preview: async (request) => (await post({ op: 'preview', request })) as PreviewRow[],
    dispose: () => stop(new Error('Leitura cancelada.')),
  };
}
