import { describe, expect, it } from 'vitest';
import { XLSX_MONEY_FORMAT, buildXlsx } from '@/lib/xlsx-workbook';
import { readXlsx } from '@/test/read-xlsx';
import type { Dre, DreLines } from '@/features/reports/api/get-dre';
import { dreCsvLines, dreExportSheet } from './dre-lines';

const lines = (over: Partial<DreLines>): DreLines => ({
  receita_bruta: 0,
  custos_obra: 0,
  lucro_bruto: 0,
  despesas_administrativas: 0,
  resultado_operacional: 0,
  outras: 0,
  resultado: 0,
  ...over,
});

// The server's figures: a result line is never re-added by the export (0,10 + 0,20 in floats is
// 0,30000000000000004; here the total is what the server said).
const dre: Dre = {
  months: ['2026-10-01', '2026-11-01'],
  byMonth: [
    lines({
      receita_bruta: 10,
      custos_obra: 3,
      lucro_bruto: 7,
      resultado_operacional: 7,
      resultado: 7,
    }),
    lines({
      receita_bruta: 20,
      custos_obra: 1,
      lucro_bruto: 19,
      resultado_operacional: 19,
      resultado: 19,
    }),
  ],
  total: lines({
    receita_bruta: 30,
    custos_obra: 4,
    lucro_bruto: 26,
    resultado_operacional: 26,
    resultado: 26,
  }),
  categories: [
    {
      id: 'r',
      name: 'Medições',
      kind: 'income',
      group: 'receita',
      byMonth: { '2026-10-01': 10, '2026-11-01': 20 },
      totalCents: 30,
    },
  ],
};

describe('the DRE export', () => {
  it("writes the Excel sheet with the CSV's lines and the server's figures to the centavo", async () => {
    const sheet = dreExportSheet(dre, 'caixa', null);
    const book = await readXlsx(await buildXlsx(sheet));
    const csv = dreCsvLines(dre, 'caixa', null);
    expect(book.rows[0]?.[0]).toBe(csv[0]);
    expect(book.rows[1]).toEqual(['Linha', 'Out/2026', 'Nov/2026', 'Total']);
    expect(book.rows[2]).toEqual(['Receita bruta', 0.1, 0.2, 0.3]);
    expect(book.rows[3]).toEqual(['Medições', 0.1, 0.2, 0.3]);
    const resultado = book.rows.find((r) => r[0] === '(=) Resultado do período');
    expect(resultado).toEqual(['(=) Resultado do período', 0.07, 0.19, 0.26]);
    // Each money cell is the CSV's field.
    book.rows.slice(2).forEach((row, i) => {
      const fields = csv[i + 2]?.split(';') ?? [];
      row.slice(1).forEach((value, j) => {
        expect(value).toBe(Number(fields[j + 1]?.replace(',', '.')));
      });
    });
    expect(book.format('D3')).toBe(XLSX_MONEY_FORMAT);
    const resultRow = book.rows.indexOf(resultado ?? []) + 1;
    expect(book.bold(`D${resultRow}`)).toBe(true);
    expect(book.bold('D3')).toBe(false);
    expect(book.widths).toEqual([38, 15, 15, 16]);
    expect(book.frozenRows).toBe(2);
  });
});
