import { describe, expect, it } from 'vitest';
import type { Entry } from '@/lib/entries';
import { sheetCsvLines, sumCents } from '@/lib/export-table';
import { XLSX_DATE_FORMAT, XLSX_MONEY_FORMAT, buildXlsx } from '@/lib/xlsx-workbook';
import { readXlsx } from '@/test/read-xlsx';
import { entryExportColumns, entryExportRows, entryTotalsRows } from './entries-export';

const bill: Entry = {
  kind: 'expense',
  id: '1',
  description: 'Concreto usinado',
  amountCents: 100000,
  paidCents: 33333,
  openCents: 66667,
  dueDate: '2026-11-10',
  status: 'pending',
  settledOn: null,
  counterpartyName: 'Concreteira',
  projectId: null,
  projectName: 'Casa 1 e Casa 2',
  categoryId: null,
  categoryName: 'Rateio (3)',
  categoryColor: null,
  bankAccountId: null,
  bankAccountName: null,
  installmentNumber: 2,
  installmentCount: 10,
  createdAt: null,
  documentCount: 0,
};

const names = {
  projects: new Map([
    ['p1', 'Casa 1'],
    ['p2', 'Casa 2'],
  ]),
  categories: new Map([['c', 'Materiais']]),
};

describe('the Contas a Pagar export', () => {
  it('writes a rateio one row per part, apportioned to the centavo, Rateio "1 de 3"', () => {
    const rows = entryExportRows(
      bill,
      [
        { project_id: 'p1', category_id: 'c', amount: 333.33 },
        { project_id: 'p2', category_id: 'c', amount: 333.33 },
        { project_id: null, category_id: null, amount: 333.34 },
      ],
      names,
      '2026-11-20',
    );
    expect(rows.map((r) => [r[5], r[6], r[9], r[12]])).toEqual([
      ['Materiais', 'Casa 1', 33333, '1 de 3'],
      ['Materiais', 'Casa 2', 33333, '2 de 3'],
      ['Sem categoria', 'Geral', 33334, '3 de 3'],
    ]);
    // The parts add up to the bill, paid and open included.
    expect(sumCents(rows.map((r) => r[10] as number))).toBe(bill.paidCents);
    expect(sumCents(rows.map((r) => r[11] as number))).toBe(bill.openCents);
    expect(rows[0]?.[2]).toBe('Em atraso');
    expect(rows[0]?.[8]).toBe('2/10');
  });

  it("reads back from the .xlsx with the CSV's figures, the cards as totals", async () => {
    const sheet = {
      title: 'Construtora · Contas a Pagar',
      columns: entryExportColumns('expense'),
      rows: [
        ...entryExportRows(bill, null, names, '2026-11-01'),
        ...entryExportRows(
          {
            ...bill,
            id: '2',
            status: 'paid',
            settledOn: '2026-11-05',
            paidCents: 5,
            openCents: 0,
            amountCents: 5,
          },
          null,
          names,
          '2026-11-01',
        ),
      ],
      totals: entryTotalsRows('expense', { pendingCents: 66667, paidCents: 5 }),
    };
    const book = await readXlsx(await buildXlsx(sheet));
    const csv = sheetCsvLines(sheet);
    expect(book.rows[1]).toEqual(csv[1]?.split(';'));
    expect(book.rows[2]?.slice(0, 4)).toEqual([
      new Date(Date.UTC(2026, 10, 10)),
      null,
      'Pendente',
      'Concreto usinado',
    ]);
    expect(book.rows[2]?.slice(9, 12)).toEqual([1000, 333.33, 666.67]);
    expect(book.rows[3]?.[1]).toEqual(new Date(Date.UTC(2026, 10, 5)));
    expect(book.rows[3]?.[2]).toBe('Paga');
    expect(book.rows[4]?.[3]).toBe('Total pendente');
    expect(book.rows[4]?.[11]).toBe(666.67);
    expect(book.rows[5]?.[3]).toBe('Total pago');
    expect(book.rows[5]?.[10]).toBe(0.05);
    expect(book.format('A3')).toBe(XLSX_DATE_FORMAT);
    expect(book.format('J3')).toBe(XLSX_MONEY_FORMAT);
    expect(book.bold('L5')).toBe(true);
    expect(book.widths).toHaveLength(13);
    expect(book.frozenRows).toBe(2);
  });
});
