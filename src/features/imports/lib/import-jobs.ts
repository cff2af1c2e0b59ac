// What the import worker does (import.worker.ts), and what the tests call directly: read the
// file and propose sheet, header row and columns; build the preview.
import { findHeaderRow, matchColumns, type Mapping } from '@/features/imports/lib/columns';
import { ImportFileError } from '@/features/imports/lib/import-errors';
import type { ImportKind } from '@/features/imports/lib/kinds';
import { buildPreview, type PreviewRow } from '@/features/imports/lib/preview';
import { readSpreadsheet, type SpreadsheetInput } from '@/features/imports/lib/read-sheet';
import type {
  ImportProgress,
  PreviewRequest,
  ReadImportResult,
  WorkerRequest,
  WorkerResponse,
} from '@/features/imports/lib/spreadsheet-import';
import { isBlank } from '@/features/imports/lib/values';

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

export function previewImport(
  { kind, sheet, headerRow, mapping, ctx }: PreviewRequest,
  onProgress?: (done: number, total: number) => void,
): PreviewRow[] {
  return buildPreview(kind, sheet, headerRow, mapping, ctx, onProgress);
}

/**
 * Runs one request: what the worker does with a message, and what tests call directly.
 * `onProgress` gets the preview's rows read so far (the worker posts them to the screen).
 */
export async function handleWorkerRequest(
  request: WorkerRequest,
  onProgress?: (progress: ImportProgress) => void,
): Promise<WorkerResponse> {
  try {
    const result =
      request.op === 'read'
        ? await readImportFile(request.input, request.fileName, request.kind, request.remembered)
        : previewImport(request.request, (done, total) =>
            onProgress?.({ id: request.id, progress: { done, total } }),
          );
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
