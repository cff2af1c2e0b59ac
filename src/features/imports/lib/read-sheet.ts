// Reads the file the user picked into plain rows of cells, whatever made it: Excel (.xlsx, read by
// read-excel-file), old Excel or another system's ".xls" (SheetJS CE, loaded only for those), or a
// CSV (papaparse, after decoding UTF-8 / Windows-1252). Bad files end in an ImportFileError whose
// message is for the user. Everything heavy is loaded with import(): this module sits in the
// import screen's chunk or in its worker, never in the entry chunk.
import { unzipSync } from 'fflate';
import {
  MAX_HEADER_SEARCH_ROWS,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
} from '@/features/imports/lib/kinds';
import { ImportFileError } from '@/features/imports/lib/import-errors';
import { excelSerialToIso, isBlank, type Cell } from '@/features/imports/lib/values';
import { decodeCsvBytes } from '@/lib/text-decoding';

// The errors live in a light module the screen imports without the readers.
export {
  IMPORT_FILE_ERROR_MESSAGES,
  ImportFileError,
  type ImportFileErrorKey,
} from '@/features/imports/lib/import-errors';

export interface Sheet {
  name: string;
  /** rows[i] is the sheet's row i + 1; trailing empty rows dropped. */
  rows: Cell[][];
}

/** Non-blank rows a sheet may have: the data rows, a header, and titles above it. */
const MAX_SHEET_ROWS = MAX_IMPORT_ROWS + MAX_HEADER_SEARCH_ROWS + 1;

export type SpreadsheetInput = File | Blob | ArrayBuffer | Uint8Array;

type Format = 'xlsx' | 'xls' | 'csv';

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Where the UTF-16LE `text` occurs in the bytes (a CFB directory entry's name), or -1. */
function indexOfUtf16(bytes: Uint8Array, text: string): number {
  const first = text.charCodeAt(0);
  outer: for (let i = 0; i + text.length * 2 <= bytes.length; i++) {
    if (bytes[i] !== first || bytes[i + 1] !== 0) continue;
    for (let j = 1; j < text.length; j++) {
      if (bytes[i + 2 * j] !== text.charCodeAt(j) || bytes[i + 2 * j + 1] !== 0) continue outer;
    }
    return i;
  }
  return -1;
}

function formatOf(bytes: Uint8Array, fileName: string): Format {
  const ext = extensionOf(fileName);
  if (startsWith(bytes, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(bytes, OLE_MAGIC)) {
    // An encrypted .xlsx is an OLE2 (CFB) container holding EncryptionInfo + EncryptedPackage.
    if (
      indexOfUtf16(bytes, 'EncryptionInfo') >= 0 ||
      indexOfUtf16(bytes, 'EncryptedPackage') >= 0
    ) {
      throw new ImportFileError('password');
    }
    return 'xls';
  }
  if (ext === 'csv' || ext === 'txt') return 'csv';
  // Many systems save an HTML or XML table under ".xls": SheetJS reads those.
  if (ext === 'xls') return 'xls';
  if (ext === 'xlsx' || ext === 'xlsm') throw new ImportFileError('corrupt');
  throw new ImportFileError('unsupported');
}

// Typed arrays and buffers may come from another realm (a worker message, jsdom): no instanceof.
function isBlob(input: SpreadsheetInput): input is File | Blob {
  return typeof (input as Partial<Blob>).arrayBuffer === 'function' && 'size' in input;
}

async function bytesOf(input: SpreadsheetInput): Promise<Uint8Array> {
  if (ArrayBuffer.isView(input))
    return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (isBlob(input)) return new Uint8Array(await input.arrayBuffer());
  return new Uint8Array(input);
}

function sizeOf(input: SpreadsheetInput): number {
  const { size } = input as Partial<Blob>;
  return typeof size === 'number' ? size : (input as ArrayBuffer | Uint8Array).byteLength;
}

const DAY_MS = 86_400_000;

/** A date cell as 'yyyy-MM-dd' (read-excel-file gives the UTC instant of the serial date). */
function dateCellToIso(date: Date): string | null {
  const t = date.getTime();
  if (Number.isNaN(t)) return null;
  // A second of slack: a serial stored as 46022.99999999 is the next day's midnight.
  const day = new Date(Math.floor((t + 1000) / DAY_MS) * DAY_MS);
  return day.toISOString().slice(0, 10);
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return dateCellToIso(value);
  return null;
}

/** Drops trailing blank rows and refuses a sheet beyond the row limit. */
function finishSheet(name: string, rows: Cell[][]): Sheet {
  let last = rows.length - 1;
  while (last >= 0 && (rows[last] ?? []).every(isBlank)) last--;
  const kept = rows.slice(0, last + 1);
  let filled = 0;
  for (const row of kept) if (!row.every(isBlank)) filled++;
  if (filled > MAX_SHEET_ROWS) throw new ImportFileError('too_many_rows');
  return { name, rows: kept };
}

// ---------- .xlsx ----------

const SHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
const LT = 0x3c;

/**
 * Rows holding a value in each worksheet part, counted on the raw XML without parsing it, so a
 * 100 000-row sheet is refused in a fraction of a second instead of being read first. Only a
 * guard: the reading itself is read-excel-file's. Counts `<row …>` elements that contain a `<v`
 * (a value, formulas' cached ones included) or an `<is` (an inline string).
 */
export function countXlsxValueRows(bytes: Uint8Array): number[] {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, { filter: (file) => SHEET_PART.test(file.name) });
  } catch {
    throw new ImportFileError('corrupt');
  }
  return Object.values(parts).map((xml) => {
    let rows = 0;
    let inRow = false;
    let hasValue = false;
    for (let i = 0; i < xml.length; i++) {
      if (xml[i] !== LT) continue;
      const a = xml[i + 1];
      const b = xml[i + 2];
      const c = xml[i + 3];
      const d = xml[i + 4];
      if (a === 0x72 && b === 0x6f && c === 0x77 && (d === 0x20 || d === 0x3e)) {
        // "<row " or "<row>": a self-closing one ("<row …/>") has no cells.
        let j = i + 4;
        while (j < xml.length && xml[j] !== 0x3e) j++;
        inRow = xml[j - 1] !== 0x2f;
        hasValue = false;
        i = j;
      } else if (inRow && a === 0x76 && (b === 0x3e || b === 0x20)) {
        hasValue = true; // "<v>"
      } else if (inRow && a === 0x69 && b === 0x73 && (c === 0x3e || c === 0x20)) {
        hasValue = true; // "<is>"
      } else if (inRow && a === 0x2f && b === 0x72 && c === 0x6f && d === 0x77) {
        if (hasValue) rows++; // "</row"
        inRow = false;
      }
    }
    return rows;
  });
}

async function readXlsx(bytes: Uint8Array): Promise<Sheet[]> {
  if (countXlsxValueRows(bytes).some((n) => n > MAX_SHEET_ROWS)) {
    throw new ImportFileError('too_many_rows');
  }
  const { default: readXlsxFile } = await import('read-excel-file/browser');
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    sheets = await readXlsxFile(buffer as ArrayBuffer, { trim: false });
  } catch {
    throw new ImportFileError('corrupt');
  }
  return sheets.map(({ sheet, data }) =>
    finishSheet(
      sheet,
      data.map((row) => row.map(toCell)),
    ),
  );
}

// ---------- .xls (and the HTML / XML tables other systems save as .xls) ----------

async function readXls(bytes: Uint8Array): Promise<Sheet[]> {
  const XLSX = await import('@e965/xlsx');
  let workbook: ReturnType<typeof XLSX.read>;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellDates: false,
      // An HTML or text table saved as .xls keeps its texts: SheetJS would read "01/02/2026" as
      // 2 January (US) and "1.234" as 1.234; our parsers read them the Brazilian way.
      raw: true,
      // Stops reading a huge sheet early; !fullref still tells its real size.
      sheetRows: MAX_SHEET_ROWS + 1,
    });
  } catch (error) {
    if (error instanceof Error && /password|encrypt/i.test(error.message)) {
      throw new ImportFileError('password');
    }
    throw new ImportFileError('corrupt');
  }
  // SheetJS types its number-format library as `any`: only is_date is used.
  const isDateFormat = (XLSX.SSF as { is_date: (format: string | number) => boolean }).is_date;
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name];
    if (!sheet) return { name, rows: [] };
    const fullRef = (sheet['!fullref'] as string | undefined) ?? sheet['!ref'];
    if (fullRef && XLSX.utils.decode_range(fullRef).e.r + 1 > MAX_SHEET_ROWS) {
      throw new ImportFileError('too_many_rows');
    }
    const data = (sheet['!data'] ?? []) as ((XlsCell | undefined)[] | undefined)[];
    const rows: Cell[][] = [];
    // Dense data may have holes for empty rows: Array.from visits them.
    for (const source of Array.from(data)) {
      const row: Cell[] = [];
      for (const cell of Array.from(source ?? [])) {
        if (!cell || cell.t === 'e') {
          row.push(null);
        } else if (cell.t === 'n' && typeof cell.v === 'number' && cell.z && isDateFormat(cell.z)) {
          row.push(excelSerialToIso(cell.v));
        } else if (cell.t === 'd' && cell.v instanceof Date) {
          row.push(dateCellToIso(cell.v));
        } else {
          row.push(toCell(cell.v));
        }
      }
      rows.push(row);
    }
    return finishSheet(name, rows);
  });
}

interface XlsCell {
  t: string;
  v?: unknown;
  z?: string | number;
}

// ---------- .csv ----------

/** `;` when most of the first lines have one (Excel in Brazil), else papaparse guesses. */
function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n|\r/, 40)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  const withSemicolon = lines.filter((l) => l.includes(';')).length;
  return lines.length > 0 && withSemicolon * 2 >= lines.length ? ';' : '';
}

async function readCsv(bytes: Uint8Array, fileName: string): Promise<Sheet[]> {
  const { default: Papa } = await import('papaparse');
  const text = decodeCsvBytes(bytes).replace(/^\uFEFF/, '');
  const delimiter = guessDelimiter(text);
  const parse = (content: string, quoteChar = '"') =>
    Papa.parse<string[]>(content, {
      delimiter,
      delimitersToGuess: [',', '\t', '|', ';'],
      quoteChar,
      skipEmptyLines: false,
    });
  const result = parse(text);
  let rows: string[][] = result.data;
  // An opening quote that never closes swallows the rest of the file: read line by line
  // instead, that line with its quote kept as a character.
  if (result.errors.some((e) => e.code === 'MissingQuotes')) {
    const fixedDelimiter = result.meta.delimiter;
    rows = text.split(/\r\n|\n|\r/).map((line) => {
      const one = Papa.parse<string[]>(line, { delimiter: fixedDelimiter, skipEmptyLines: false });
      if (one.errors.some((e) => e.type === 'Quotes')) {
        return (
          Papa.parse<string[]>(line, { delimiter: fixedDelimiter, quoteChar: '\u0000' }).data[0] ??
          []
        );
      }
      return one.data[0] ?? [];
    });
  }
  const name = fileName.replace(/\.[^.]*$/, '') || 'CSV';
  return [
    finishSheet(
      name,
      rows.map((row) => row.map((v) => toCell(v.trim() === '' ? null : v))),
    ),
  ];
}

/**
 * The file's sheets. Refuses (ImportFileError) an empty file, a password-protected workbook, a
 * file over 20 MB, a sheet with more rows than one import takes, a format that is not
 * .xlsx/.xls/.csv, and a file that cannot be read. Date cells come as 'yyyy-MM-dd' strings;
 * formulas as their last computed value; a merged cell's value sits in its first cell.
 */
export async function readSpreadsheet(input: SpreadsheetInput, fileName: string): Promise<Sheet[]> {
  if (sizeOf(input) > MAX_IMPORT_FILE_BYTES) throw new ImportFileError('too_big');
  const bytes = await bytesOf(input);
  if (bytes.length === 0) throw new ImportFileError('empty');
  const format = formatOf(bytes, fileName);
  const sheets =
    format === 'xlsx'
      ? await readXlsx(bytes)
      : format === 'xls'
        ? await readXls(bytes)
        : await readCsv(bytes, fileName);
  const withRows = sheets.filter((s) => s.rows.length > 0);
  if (withRows.length === 0) throw new ImportFileError('empty');
  return withRows;
}
