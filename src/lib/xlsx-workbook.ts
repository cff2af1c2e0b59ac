// An ExportSheet as an .xlsx workbook (write-excel-file): what the export worker runs, and the
// in-page fallback where there is no Worker (unit tests). Never imported by the entry chunk.
import writeXlsxFile, { type Cell, type Row, type SheetData } from 'write-excel-file/universal';
import type { ExportColumnType, ExportRow, ExportSheet, ExportValue } from '@/lib/export-table';

/** Reais with two decimals, negatives in red (Excel pt-BR shows "R$ 1.234,56"). */
export const XLSX_MONEY_FORMAT = '"R$" #,##0.00;[Red]-"R$" #,##0.00';
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy';
export const XLSX_PERCENT_FORMAT = '0.00%';
export const XLSX_INTEGER_FORMAT = '0';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 'yyyy-MM-dd' as the UTC midnight write-excel-file turns into Excel's day serial. */
function isoToUtcDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function toCell(type: ExportColumnType, value: ExportValue, bold: boolean): Cell {
  if (value === null || value === '') return null;
  const weight = bold ? ({ fontWeight: 'bold' } as const) : null;
  if (typeof value === 'number') {
    switch (type) {
      case 'money':
        // Centavos are integers: one division gives the nearest double to the exact reais.
        return { value: value / 100, type: Number, format: XLSX_MONEY_FORMAT, ...weight };
      case 'percent':
        return { value, type: Number, format: XLSX_PERCENT_FORMAT, ...weight };
      default:
        return { value, type: Number, format: XLSX_INTEGER_FORMAT, ...weight };
    }
  }
  if (type === 'date') {
    const date = isoToUtcDate(value);
    if (date) return { value: date, type: Date, format: XLSX_DATE_FORMAT, ...weight };
  }
  // Text is written as text (write-excel-file never writes a formula from a string), so a
  // description starting with "=" is shown as typed and never runs.
  return weight ? { value, type: String, ...weight } : value;
}

function toRow(sheet: ExportSheet, row: ExportRow, bold: boolean): Row {
  return sheet.columns.map((column, i) => toCell(column.type, row[i] ?? null, bold));
}

/** The rows write-excel-file writes: title, header (bold), data, totals (bold). */
export function toSheetData(sheet: ExportSheet): SheetData {
  const bold = new Set(sheet.boldRows ?? []);
  const data: SheetData = [];
  if (sheet.title !== null) data.push([{ value: sheet.title, fontWeight: 'bold' }]);
  data.push(sheet.columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })));
  sheet.rows.forEach((row, i) => data.push(toRow(sheet, row, bold.has(i))));
  for (const row of sheet.totals ?? []) data.push(toRow(sheet, row, true));
  return data;
}

/** Rows frozen at the top: the header (and the title above it), so it stays while scrolling. */
export function frozenRows(sheet: ExportSheet): number {
  return sheet.title === null ? 1 : 2;
}

/** The workbook's bytes. */
export async function buildXlsx(sheet: ExportSheet, sheetName = 'Planilha'): Promise<Blob> {
  return writeXlsxFile(toSheetData(sheet), {
    sheet: sheetName.slice(0, 31),
    columns: sheet.columns.map((c) => ({ width: c.width })),
    stickyRowsCount: frozenRows(sheet),
  }).toBlob();
}
