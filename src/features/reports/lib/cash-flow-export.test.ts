import { expect, it } from 'vitest';
import { buildXlsx, XLSX_DATE_FORMAT, XLSX_MONEY_FORMAT } from '@/lib/xlsx-workbook';
import { readXlsx } from '@/test/read-xlsx';
import { cashFlowExportSheet } from './cash-flow-export';

it('writes the projection day by day with the server figures, totals in whole centavos', async () => {
  const sheet = cashFlowExportSheet(
    {
      start: '2026-11-29',
      end: '2026-12-01',
      openingCents: 10,
      days: [
        { date: '2026-11-29', incomeCents: 10, expenseCents: 0, balanceCents: 20 },
        { date: '2026-11-30', incomeCents: 20, expenseCents: 70, balanceCents: -30 },
        { date: '2026-12-01', incomeCents: 0, expenseCents: 1, balanceCents: -31 },
      ],
      firstNegative: null,
    },
    'Construtora · Fluxo de caixa previsto',
  );
  const book = await readXlsx(await buildXlsx(sheet));
  expect(book.rows[1]).toEqual(['Data', 'Entradas', 'Saídas', 'Saldo previsto']);
  expect(book.rows[2]).toEqual(['Saldo hoje', null, null, 0.1]);
  expect(book.rows[3]).toEqual([new Date(Date.UTC(2026, 10, 29)), 0.1, 0, 0.2]);
  // 0,10 + 0,20 is 0,30 here, not 0,30000000000000004.
  expect(book.rows.at(-1)).toEqual(['Total do período', 0.3, 0.71, -0.31]);
  expect(book.format('A4')).toBe(XLSX_DATE_FORMAT);
  expect(book.format('D6')).toBe(XLSX_MONEY_FORMAT);
  expect(book.widths).toEqual([12, 16, 16, 18]);
  expect(book.frozenRows).toBe(2);
});
