import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readSpreadsheet } from '@/features/imports/lib/read-sheet';

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
});
