// One row model per exported screen, written both as the CSV (`;`, decimal comma) and as the .xlsx
// (real dates, money and percentages): the two files have the same columns and the same figures
// because both are made from the same rows. Plain JSON (strings, numbers, null) so that rows can be
// posted to the worker that builds the workbook (src/lib/xlsx-export.worker.ts).
import { csvNumber, csvText } from '@/lib/csv';
import { formatDate } from '@/lib/dates';
import type { XlsxExportSpec } from '@/lib/xlsx-export';

/**
 * What a column holds:
 * - text: a string;
 * - date: 'yyyy-MM-dd' (a date cell dd/mm/yyyy in the .xlsx);
 * - money: integer centavos (a number in reais with the R$ format in the .xlsx);
 * - percent: a ratio (0.25 = 25%);
 * - integer: a count.
 */
export type ExportColumnType = 'text' | 'date' | 'money' | 'percent' | 'integer';

export interface ExportColumn {
  header: string;
  type: ExportColumnType;
  /** Width in characters in the .xlsx. */
  width: number;
}

export type ExportValue = string | number | null;
export type ExportRow = ExportValue[];

/** A sheet as the screen exports it. */
export interface ExportSheet {
  /** A line above the header (the company, the report, its filters); none when null. */
  title: string | null;
  columns: ExportColumn[];
  rows: ExportRow[];
  /** Rows after the data in bold (the screen's totals, from its own figures). */
  totals?: ExportRow[];
  /** Indexes into `rows` written in bold (the DRE's result lines). */
  boldRows?: number[];
}

/** A value as one CSV field: dates dd/MM/yyyy, centavos with a decimal comma, text defused. */
export function csvField(type: ExportColumnType, value: ExportValue): string {
  if (value === null || value === '') return '';
  switch (type) {
    case 'date':
      // A label in a date column ("Saldo hoje") is written as text.
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value))
        ? formatDate(String(value))
        : csvText(String(value));
    case 'money':
      return typeof value === 'number' ? csvNumber(value) : csvText(value);
    case 'percent':
      return typeof value === 'number'
        ? `${(Math.round(value * 10000) / 100).toFixed(2).replace('.', ',')}%`
        : csvText(value);
    case 'integer':
      return String(value);
    default:
      return csvText(String(value));
  }
}

/** One CSV line of the row, the columns' types deciding how each field is written. */
export function csvLine(columns: readonly ExportColumn[], row: ExportRow): string {
  return columns.map((column, i) => csvField(column.type, row[i] ?? null)).join(';');
}

export function csvHeader(columns: readonly ExportColumn[]): string {
  return columns.map((c) => csvText(c.header)).join(';');
}

/** The sheet's CSV lines: its title (if any), the header, the rows and the totals. */
export function sheetCsvLines(sheet: ExportSheet): string[] {
  return [
    ...(sheet.title === null ? [] : [csvText(sheet.title)]),
    csvHeader(sheet.columns),
    ...sheet.rows.map((row) => csvLine(sheet.columns, row)),
    ...(sheet.totals ?? []).map((row) => csvLine(sheet.columns, row)),
  ];
}

/** Centavos summed as integers (never floats): the totals row of a list. */
/** A totals row: the label and the value in their columns, every other cell empty. */
export function labelledRow(
  width: number,
  labelAt: number,
  valueAt: number,
  label: string,
  value: ExportValue,
): ExportRow {
  const row: ExportRow = Array.from({ length: width }, () => null);
  row[labelAt] = label;
  row[valueAt] = value;
  return row;
}

export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** The export of a sheet the screen already holds (a report's figures): no paging to do. */
export function sheetExportSpec(
  sheet: ExportSheet,
  fileName: string,
  sheetName: string,
): XlsxExportSpec {
  return {
    fileName,
    sheetName,
    title: sheet.title,
    columns: sheet.columns,
    produce: (sink) => {
      sink.add(sheet.rows);
      return Promise.resolve({ totals: sheet.totals, boldRows: sheet.boldRows });
    },
  };
}
