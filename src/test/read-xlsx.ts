// Reads an exported workbook back for the tests: its values through read-excel-file (as a user's
// spreadsheet would see them), and what it does not report (number formats, bold, column widths,
// the frozen rows) from the sheet's XML.
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';

export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxReadBack {
  rows: XlsxValue[][];
  widths: number[];
  frozenRows: number;
  /** The number format of a cell ("J3"), null when it has none. */
  format(ref: string): string | null;
  bold(ref: string): boolean;
}

export async function blobBytes(blob: Blob): Promise<Uint8Array> {
  // jsdom's Blob has no arrayBuffer(); FileReader reads it.
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(blob);
  });
  return new Uint8Array(buffer);
}

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export async function readXlsx(data: Blob | Uint8Array): Promise<XlsxReadBack> {
  const bytes = data instanceof Uint8Array ? data : await blobBytes(data);
  const rows = (await readSheet(Buffer.from(bytes))) as XlsxValue[][];
  const files = unzipSync(bytes);
  const sheetFile = files['xl/worksheets/sheet1.xml'];
  const stylesFile = files['xl/styles.xml'];
  if (!sheetFile || !stylesFile) throw new Error('not an xlsx written by write-excel-file');
  const sheet = strFromU8(sheetFile);
  const styles = strFromU8(stylesFile);

  const numFmts = new Map<number, string>();
  for (const m of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)) {
    numFmts.set(Number(m[1]), unescapeXml(m[2] ?? ''));
  }
  const boldFonts = new Set<number>();
  const fonts = /<fonts[^>]*>(.*?)<\/fonts>/.exec(styles)?.[1] ?? '';
  [...fonts.matchAll(/<font>(.*?)<\/font>/g)].forEach((m, i) => {
    if ((m[1] ?? '').includes('<b/>')) boldFonts.add(i);
  });
  const xfs = [
    ...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf ([^>]*)>/g),
  ].map((m) => {
    const attrs = m[1] ?? '';
    const numFmtId = /numFmtId="(\d+)"/.exec(attrs)?.[1];
    const fontId = /fontId="(\d+)"/.exec(attrs)?.[1];
    return {
      format: numFmtId === undefined ? null : (numFmts.get(Number(numFmtId)) ?? null),
      bold: fontId !== undefined && boldFonts.has(Number(fontId)),
    };
  });
  const styleOf = new Map<string, number>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?/g)) {
    styleOf.set(m[1] ?? '', Number(m[2] ?? 0));
  }
  const widths: number[] = [];
  for (const m of sheet.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)) {
    widths[Number(m[1]) - 1] = Number(m[2]);
  }
  const frozen = /<pane [^>]*ySplit="(\d+)"[^>]*state="frozen"/.exec(sheet);
  return {
    rows,
    widths,
    frozenRows: frozen ? Number(frozen[1]) : 0,
    format: (ref) => xfs[styleOf.get(ref) ?? 0]?.format ?? null,
    bold: (ref) => xfs[styleOf.get(ref) ?? 0]?.bold ?? false,
  };
}
