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
export {
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  isImportKind,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  type ImportField,
  type ImportKind,
} from '@/features/imports/lib/kinds';
export {
  IMPORT_FILE_ERROR_MESSAGES,
  ImportFileError,
  type ImportFileErrorKey,
} from '@/features/imports/lib/import-errors';
export type { Sheet } from '@/features/imports/lib/read-sheet';
export {
  columnLabels,
  columnLetter,
  findHeaderRow,
  mappingToHeaders,
  matchColumns,
  type Mapping,
} from '@/features/imports/lib/columns';
export {
  buildPreview,
  collectUnknown,
  EMPTY_IMPORT_CONTEXT,
  markDuplicates,
  markFileDuplicates,
  previewCounts,
  previewRow,
  type ImportContext,
  type PreviewRow,
  type RefField,
  type RowIssue,
  type UnknownRef,
} from '@/features/imports/lib/preview';
export {
  ImportPayloadError,
  toDuplicateCheckRows,
  toImportPayload,
  type ImportPayload,
  type RefChoice,
  type RefChoices,
} from '@/features/imports/lib/payload';
export {
  cellText,
  parseBrazilianDate,
  parseBrazilianMoney,
  readBrazilianDate,
  type Cell,
} from '@/features/imports/lib/values';
export {
  createSpreadsheetImporter,
  type ReadImportResult,
  type SpreadsheetImporter,
} from '@/features/imports/lib/spreadsheet-import';
export { useSpreadsheetImport } from '@/features/imports/lib/use-spreadsheet-import';
