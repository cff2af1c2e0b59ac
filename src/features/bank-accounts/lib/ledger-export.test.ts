import { expect, it } from 'vitest';
import { sheetCsvLines } from '@/lib/export-table';
import { LEDGER_EXPORT_COLUMNS, ledgerExportRow, ledgerTotalsRows } from './ledger-export';
import type { LedgerRow } from './ledger';

const row: LedgerRow = {
  id: '1',
  description: 'Cimento',
  date: '2026-11-10',
  cents: 123456,
  direction: 'out',
  kind: 'expense',
  categoryId: null,
  categoryName: 'Materiais',
  categoryColor: null,
  projectName: 'Casa 1',
  entryKind: 'expense',
  entryId: 'e',
  transferGroupId: null,
  counterpartAccountName: null,
  reversed: false,
};

it('writes the history signed, the cards as the server summed them', () => {
  expect(ledgerExportRow(row)).toEqual([
    '2026-11-10',
    'Despesa',
    'Cimento',
    'Materiais',
    'Casa 1',
    null,
    -123456,
    null,
  ]);
  const lines = sheetCsvLines({
    title: null,
    columns: LEDGER_EXPORT_COLUMNS,
    rows: [ledgerExportRow(row)],
    totals: ledgerTotalsRows({ inCents: 0, outCents: 123456, resultCents: -123456 }),
  });
  expect(lines).toEqual([
    'Data;Tipo;Descrição;Categoria;Obra;Transferência;Valor;Estornado',
    '10/11/2026;Despesa;Cimento;Materiais;Casa 1;;-1234,56;',
    ';;Entradas;;;;0,00;',
    ';;Saídas;;;;-1234,56;',
    ';;Resultado;;;;-1234,56;',
  ]);
});
