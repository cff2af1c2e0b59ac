/**
 * Importar planilha — file reading and preview (issue 34; brief-34.md is the contract).
 *
 * The import screen loads this module lazily (route chunk). It does not import the readers: they
 * are built into the import worker (import.worker.ts → import-jobs.ts → read-sheet.ts), which
 * loads them with import(): read-excel-file for .xlsx, papaparse for .csv, SheetJS CE
 * (@e965/xlsx) only when the file is a .xls. readSpreadsheet / readImportFile / buildPreview
 * (read-sheet.ts, import-jobs.ts, preview.ts) are the same work without the worker.
 *
 * Flow:
 *   const importer = useSpreadsheetImport();              // a Web Worker for the screen's life
 *   const read = await importer.read(file, file.name, kind, rememberedMapping);
 *     // → { sheets, sheetIndex, headerRow, mapping } — or throws ImportFileError (`key`:
 *     //   'empty' | 'password' | 'too_big' | 'too_many_rows' | 'unsupported' | 'corrupt',
 *     //   `message` in Portuguese, show it as is)
 *   // Colunas step: columnLabels(header, width), IMPORT_FIELDS[kind]; the user may change
 *   //   headerRow (findHeaderRow's guess) and the mapping (matchColumns(kind, header, remembered)).
 *   const rows = await importer.preview({ kind, sheet, headerRow, mapping, ctx });
 *     // PreviewRow[]: values (as saved), display (as shown), issues (Portuguese), unknown refs,
 *     //   duplicate (repeats an earlier row of the file); raw = the cells by field.
 *   rows = markDuplicates(kind, rows, await findDuplicates(kind, toDuplicateCheckRows(kind, rows)));
 *   // Inline edit of a field: previewRow(kind, row.line, { ...row.raw, [field]: text }, ctx),
 *   //   then markDuplicates again. collectUnknown(rows) lists each unknown name once;
 *   //   previewCounts(rows) gives "prontas · com erro · duplicadas".
 *   const payload = toImportPayload(kind, file.name, chosenRows, choices);  // → runImport(payload)
 *   saveImportMapping(kind, mappingToHeaders(mapping, header));
 *
 * Values: parseBrazilianMoney("R$ 1.234,56") = 123456 centavos ("-" = 0, "(1,00)" = -100);
 * parseBrazilianDate("31/01/26" | 46053 | "2026-01-31") = "2026-01-31", null for "31/02/2026"
 * (readBrazilianDate gives the Portuguese reason). Limits: MAX_IMPORT_ROWS (5 000 data rows),
 * MAX_IMPORT_FILE_BYTES (20 MB), dates 2000-01-01…2100-12-31, amounts > 0 and below R$ 1 trilhão.
 */
// The reader the screen holds (`createSpreadsheetImporter`, `useSpreadsheetImport`): it sends
// reading and preview to import.worker.ts, which runs import-jobs.ts, so a 5 000-row file never
// blocks the page. Without Worker (unit tests) the same jobs run in place. Nothing here imports
// the readers: the screen's chunk stays small, and the readers are built only into the worker.
import type { Mapping } from '@/features/imports/lib/columns';
import { ImportFileError, type ImportFileErrorKey } from '@/features/imports/lib/import-errors';
import type { ImportKind } from '@/features/imports/lib/kinds';
import type { ImportContext, PreviewRow } from '@/features/imports/lib/preview';
import type { Sheet, SpreadsheetInput } from '@/features/imports/lib/read-sheet';

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

/** Posted while a preview is built: rows read so far of the sheet's data rows. */
export interface ImportProgress {
  id: number;
  progress: { done: number; total: number };
}

export type WorkerResponse =
  | { id: number; ok: true; result: ReadImportResult | PreviewRow[] }
  | { id: number; ok: false; key: ImportFileErrorKey | 'unexpected'; message: string };

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
  /** `onProgress`: rows read so far, of `total` (a count for "Preparando prévia…"). */
  preview(
    request: PreviewRequest,
    onProgress?: (done: number, total: number) => void,
  ): Promise<PreviewRow[]>;
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
    const run = async (
      request: WorkerRequest,
      onProgress?: (done: number, total: number) => void,
    ) => {
      // Only the tests run here (every browser the app supports has module workers): the guard
      // keeps the readers out of the production build's main graph.
      if (import.meta.env.MODE !== 'test') throw new Error('Este navegador não lê planilhas.');
      const { handleWorkerRequest } = await import('@/features/imports/lib/import-jobs');
      const response = await handleWorkerRequest(request, (p) =>
        onProgress?.(p.progress.done, p.progress.total),
      );
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
      preview: async (request, onProgress) =>
        (await run({ id: nextId++, op: 'preview', request }, onProgress)) as PreviewRow[],
      dispose: () => undefined,
    };
  }

  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (v: unknown) => void;
      reject: (e: Error) => void;
      progress?: (done: number, total: number) => void;
    }
  >();
  const stop = (reason: Error) => {
    worker?.terminate();
    worker = null;
    for (const p of pending.values()) p.reject(reason);
    pending.clear();
  };
  const getWorker = () => {
    if (worker) return worker;
    const created = makeWorker();
    created.onmessage = (event: MessageEvent<WorkerResponse | ImportProgress>) => {
      const response = event.data;
      const waiting = pending.get(response.id);
      if (!waiting) return;
      if ('progress' in response) {
        waiting.progress?.(response.progress.done, response.progress.total);
        return;
      }
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
  const post = (
    request: WithoutId<WorkerRequest>,
    progress?: (done: number, total: number) => void,
  ) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, progress });
      getWorker().postMessage({ ...request, id });
    });

  return {
    read: async (input, fileName, kind, remembered) =>
      (await post({ op: 'read', input, fileName, kind, remembered })) as ReadImportResult,
    preview: async (request, onProgress) =>
      (await post({ op: 'preview', request }, onProgress)) as PreviewRow[],
    dispose: () => stop(new Error('Leitura cancelada.')),
  };
}
