import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readSpreadsheet } from '@/features/imports/lib/read-sheet';
import { cpuMsSince } from '@/test/cpu-time';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, '../../../../tests/fixtures/imports', name)));

async function refusal(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ImportFileError))
    throw new Error(`expected ImportFileError, got ${String(error)}`);
  return error;
}

describe('readSpreadsheet', () => {
  it('reads an Excel pt-BR workbook: dates, numbers, a formula’s cached value, a merged title', async () => {
    const [sheet, ...rest] = await readSpreadsheet(
      fixture('contas-pagar-excel-ptbr.xlsx'),
      'contas.xlsx',
    );
    expect(rest).toHaveLength(0);
    expect(sheet?.name).toBe('Contas a pagar');
    const rows = sheet?.rows ?? [];
    expect(rows[0]?.[0]).toBe('Contas a pagar — Construtora Exemplo (jan–mar 2026)');
    expect(rows[0]?.slice(1).every((c) => c === null)).toBe(true);
    expect(rows[2]).toEqual([
      'Fornecedor',
      'CNPJ',
      'Histórico',
      'Valor',
      'Vencimento',
      'Obra',
      'Categoria',
    ]);
    expect(rows[3]?.slice(3, 5)).toEqual([1234.56, '2026-01-31']);
    // =2*600 with its cached value
    expect(rows[4]?.[3]).toBe(1200);
    expect(rows[7]?.[4]).toBe('31/02/2026');
  });

  it('reads Conta Azul’s export: Date cells become yyyy-MM-dd', async () => {
    const [sheet] = await readSpreadsheet(fixture('conta-azul-contas-pagar.xlsx'), 'ca.xlsx');
    expect(sheet?.rows[2]?.slice(0, 4)).toEqual(['2026-01-06', '2026-01-10', '2026-01-10', 980.4]);
  });

  it('reads a legacy .xls (SheetJS): numbers, text and date cells', async () => {
    const [sheet] = await readSpreadsheet(fixture('omie-clientes.xls'), 'clientes.xls');
    expect(sheet?.name).toBe('Clientes');
    expect(sheet?.rows[1]?.[6]).toBe('2024-03-15');
    expect(sheet?.rows[2]?.[2]).toBe(52998224725);
  });

  it('reads an HTML table saved as .xls (as some systems export) keeping its texts', async () => {
    const html =
      '<html><body><table><tr><td>Cliente</td><td>Valor</td><td>Vencimento</td></tr>' +
      '<tr><td>Construtora Alfa</td><td>1.234,56</td><td>01/02/2026</td></tr></table></body></html>';
    const [sheet] = await readSpreadsheet(new TextEncoder().encode(html), 'relatorio.xls');
    expect(sheet?.rows).toEqual([
      ['Cliente', 'Valor', 'Vencimento'],
      ['Construtora Alfa', '1.234,56', '01/02/2026'],
    ]);
  });

  it('decodes a Windows-1252 CSV split by semicolons', async () => {
    const [sheet] = await readSpreadsheet(
      fixture('fornecedores-windows-1252.csv'),
      'fornecedores.csv',
    );
    expect(sheet?.name).toBe('fornecedores');
    expect(sheet?.rows[0]).toEqual([
      'Razão social',
      'CNPJ/CPF',
      'Telefone',
      'E-mail',
      'Observações',
    ]);
    expect(sheet?.rows).toHaveLength(4);
  });

  it('drops the BOM of a UTF-8 CSV and reads commas with quoted amounts', async () => {
    const [sheet] = await readSpreadsheet(fixture('contas-receber-utf8-bom.csv'), 'r.csv');
    expect(sheet?.rows[0]).toEqual(['Relatório de contas a receber']);
    expect(sheet?.rows[2]).toEqual([
      'Construtora Alfa Ltda',
      'Medição 1',
      '12.500,00',
      '15/01/26',
      'Residencial Aurora',
    ]);
  });

  it('keeps the rows after a stray quote', async () => {
    const [sheet] = await readSpreadsheet(fixture('aspas-soltas.csv'), 'aspas.csv');
    expect(sheet?.rows).toEqual([
      ['Fornecedor', 'Descrição', 'Valor', 'Vencimento'],
      ['Cimentos Brasil Ltda', '"Cimento 5 sacos', '150,00', '10/02/2026'],
      ['Areia & Cia', 'Areia média', '300,00', '11/02/2026'],
      ['Ferragens Silva', 'Tubo 3/4" PVC', '45,90', '12/02/2026'],
    ]);
  });

  it.each([
    ['vazio.csv', 'empty'],
    ['planilha-vazia.xlsx', 'empty'],
    ['protegida-por-senha.xlsx', 'password'],
  ])('refuses %s (%s) with a message', async (name, key) => {
    const error = await refusal(readSpreadsheet(fixture(name), name));
    expect(error.key).toBe(key);
    expect(error.message).toMatch(/vazio|senha/);
  });

  it('refuses a file over 20 MB before reading it', async () => {
    const blob = new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]);
    const error = await refusal(readSpreadsheet(blob, 'grande.xlsx'));
    expect(error.key).toBe('too_big');
    expect(error.message).toBe(
      'O arquivo tem mais de 20 MB. Envie uma planilha menor (até 5.000 linhas por vez).',
    );
  });

  it('refuses other formats and files that are not what their name says', async () => {
    expect((await refusal(readSpreadsheet(new Uint8Array([37, 80, 68, 70]), 'nota.pdf'))).key).toBe(
      'unsupported',
    );
    expect((await refusal(readSpreadsheet(new Uint8Array([1, 2, 3, 4]), 'dados.xlsx'))).key).toBe(
      'corrupt',
    );
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect((await refusal(readSpreadsheet(brokenZip, 'dados.xlsx'))).key).toBe('corrupt');
  });

  it('refuses a 100 000-row workbook quickly, before parsing it', { timeout: 30_000 }, async () => {
    // One column keeps building it short; the guard counts rows, not cells.
    const rows: (string | number)[][] = [['Valor']];
    for (let i = 0; i < 100_000; i++) rows.push([1000 + i]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Plan1');
    const bytes = XLSX.write(wb, {
      type: 'array',
      bookType: 'xlsx',
      compression: true,
    }) as ArrayBuffer;
    const cpu = process.cpuUsage();
    const error = await refusal(readSpreadsheet(bytes, 'enorme.xlsx'));
    const cpuMs = cpuMsSince(cpu);
    expect(error.key).toBe('too_many_rows');
    expect(error.message).toBe(
      'A planilha tem mais de 5.000 linhas. Divida-a em arquivos de até 5.000 linhas e importe um por vez.',
    );
    // Parsing it would take several seconds; the guard only scans the sheet's XML.
    expect(cpuMs).toBeLessThan(1500);
  });

  it('refuses a 100 000-row CSV and .xls the same way', async () => {
    const csv = [
      'Nome;CNPJ',
      ...Array.from({ length: 100_000 }, (_, i) => `Fornecedor ${i};`),
    ].join('\n');
    expect((await refusal(readSpreadsheet(new TextEncoder().encode(csv), 'f.csv'))).key).toBe(
      'too_many_rows',
    );
    const wb = XLSX.utils.book_new();
    const rows = [['Nome'], ...Array.from({ length: 6000 }, (_, i) => [`Fornecedor ${i}`])];
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Plan1');
    const xls = XLSX.write(wb, { type: 'array', bookType: 'biff8' }) as ArrayBuffer;
    expect((await refusal(readSpreadsheet(xls, 'f.xls'))).key).toBe('too_many_rows');
    // Builds a 6 000-row .xls and parses 100 000 CSV lines: seconds on a busy shared machine.
  }, 30_000);
});
