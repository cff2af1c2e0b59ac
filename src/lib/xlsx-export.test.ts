import { describe, expect, it } from 'vitest';
import { readXlsx } from '@/test/read-xlsx';
import { csvLine, sheetCsvLines, sumCents, type ExportColumn } from '@/lib/export-table';
import { buildXlsxExport, isAbort, type XlsxExportProgress } from '@/lib/xlsx-export';
import {
  XLSX_DATE_FORMAT,
  XLSX_MONEY_FORMAT,
  XLSX_PERCENT_FORMAT,
  buildXlsx,
} from '@/lib/xlsx-workbook';

const columns: ExportColumn[] = [
  { header: 'Vencimento', type: 'date', width: 12 },
  { header: 'Descrição', type: 'text', width: 30 },
  { header: 'Valor', type: 'money', width: 16 },
  { header: '% do orçado', type: 'percent', width: 10 },
  { header: 'Parcelas', type: 'integer', width: 8 },
];

describe('buildXlsx', () => {
  it('writes dates as dates, money as reais with the R$ format, percentages, widths and a frozen header', async () => {
    const book = await readXlsx(
      await buildXlsx({
        title: 'Construtora Alfa · Contas a Pagar',
        columns,
        rows: [
          ['2026-02-28', 'Cimento CP-II', 123456, 0.125, 3],
          ['2026-03-01', '=HYPERLINK("x")', -50, null, null],
        ],
        totals: [[null, 'Total', 123406, null, null]],
      }),
    );
    expect(book.rows[0]?.[0]).toBe('Construtora Alfa · Contas a Pagar');
    expect(book.rows[1]).toEqual(['Vencimento', 'Descrição', 'Valor', '% do orçado', 'Parcelas']);
    expect(book.rows[2]).toEqual([
      new Date(Date.UTC(2026, 1, 28)),
      'Cimento CP-II',
      1234.56,
      0.125,
      3,
    ]);
    // A typed formula is text, never run.
    expect(book.rows[3]?.[1]).toBe('=HYPERLINK("x")');
    expect(book.rows[3]?.[2]).toBe(-0.5);
    expect(book.rows[4]).toEqual([null, 'Total', 1234.06, null, null]);
    expect(book.format('A3')).toBe(XLSX_DATE_FORMAT);
    expect(XLSX_DATE_FORMAT).toBe('dd/mm/yyyy');
    expect(book.format('C3')).toBe(XLSX_MONEY_FORMAT);
    expect(XLSX_MONEY_FORMAT.startsWith('"R$" #,##0.00')).toBe(true);
    expect(book.format('D3')).toBe(XLSX_PERCENT_FORMAT);
    expect(book.format('C5')).toBe(XLSX_MONEY_FORMAT);
    expect(book.bold('B2')).toBe(true);
    expect(book.bold('C5')).toBe(true);
    expect(book.bold('C3')).toBe(false);
    expect(book.widths).toEqual([12, 30, 16, 10, 8]);
    // Title and header stay on screen while scrolling.
    expect(book.frozenRows).toBe(2);
  });

  it('freezes only the header when there is no title', async () => {
    const book = await readXlsx(
      await buildXlsx({ title: null, columns, rows: [['2026-01-31', 'x', 1, 0, 1]] }),
    );
    expect(book.frozenRows).toBe(1);
    expect(book.rows[0]?.[0]).toBe('Vencimento');
  });

  it('keeps big amounts to the centavo', async () => {
    const cents = [99_999_999_999_99, 1, 10, 33_33, 1_000_000_07];
    const book = await readXlsx(
      await buildXlsx({
        title: null,
        columns,
        rows: cents.map((c) => [null, null, c, null, null]),
        totals: [[null, null, sumCents(cents), null, null]],
      }),
    );
    const read = book.rows.slice(1).map((r) => Math.round((r[2] as number) * 100));
    expect(read).toEqual([...cents, sumCents(cents)]);
  });
});

describe('the CSV from the same rows', () => {
  it('writes the same fields as the sheet: dd/MM/yyyy, decimal comma, percent', () => {
    expect(csvLine(columns, ['2026-02-28', 'a;b', -123456, 0.125, 3])).toBe(
      '28/02/2026;"a;b";-1234,56;12,50%;3',
    );
    expect(
      sheetCsvLines({ title: 'T', columns, rows: [], totals: [[null, 'Total', 5, null, null]] }),
    ).toEqual(['T', 'Vencimento;Descrição;Valor;% do orçado;Parcelas', ';Total;0,05;;']);
  });
});

describe('buildXlsxExport', () => {
  it('reads page by page, reports progress, ends with the totals the screen gave', async () => {
    const progress: XlsxExportProgress[] = [];
    const { blob, rows } = await buildXlsxExport(
      {
        fileName: 'x.xlsx',
        sheetName: 'Contas',
        title: null,
        columns,
        async produce(sink) {
          sink.expect(3);
          sink.add([['2026-01-01', 'a', 100, null, null]]);
          await Promise.resolve();
          sink.add(
            [
              ['2026-01-02', 'b', 200, null, null],
              ['2026-01-02', 'b', 300, null, null],
            ],
            2,
          );
          return { totals: [[null, 'Total', 600, null, null]] };
        },
      },
      { signal: new AbortController().signal, onProgress: (p) => progress.push(p), inPage: true },
    );
    expect(rows).toBe(3);
    expect(progress.at(-2)).toEqual({ phase: 'reading', done: 3, total: 3 });
    expect(progress.at(-1)?.phase).toBe('building');
    const book = await readXlsx(blob);
    expect(book.rows.map((r) => r[2])).toEqual(['Valor', 1, 2, 3, 6]);
  });

  it('stops when cancelled: no workbook, the reading sees the abort', async () => {
    const abort = new AbortController();
    let pagesRead = 0;
    const run = buildXlsxExport(
      {
        fileName: 'x.xlsx',
        sheetName: 'x',
        title: null,
        columns,
        async produce(sink) {
          for (;;) {
            sink.add([['2026-01-01', 'a', 1, null, null]]);
            pagesRead += 1;
            if (pagesRead === 3) abort.abort();
            await new Promise((resolve) => queueMicrotask(() => resolve(null)));
          }
        },
      },
      { signal: abort.signal, inPage: true },
    );
    const error: unknown = await run.catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    expect(pagesRead).toBe(3);
  });
});
