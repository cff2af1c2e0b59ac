// A bank account's history as a sheet (Exportar Excel): the rows of the screen's filters, signed
// (entradas positive, saídas negative), and under them the cards as the server summed them
// (bank_account_summary).
import { labelledRow, type ExportColumn, type ExportRow } from '@/lib/export-table';
import { ledgerKindLabels, signedCents, transferLine, type LedgerRow } from './ledger';

export const LEDGER_EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Data', type: 'date', width: 12 },
  { header: 'Tipo', type: 'text', width: 14 },
  { header: 'Descrição', type: 'text', width: 36 },
  { header: 'Categoria', type: 'text', width: 22 },
  { header: 'Obra', type: 'text', width: 22 },
  { header: 'Transferência', type: 'text', width: 26 },
  { header: 'Valor', type: 'money', width: 16 },
  { header: 'Estornado', type: 'text', width: 10 },
];

export function ledgerExportRow(row: LedgerRow): ExportRow {
  return [
    row.date,
    ledgerKindLabels[row.kind],
    row.description,
    row.categoryName,
    row.projectName,
    transferLine(row),
    signedCents(row),
    row.reversed ? 'Sim' : null,
  ];
}

export function ledgerTotalsRows(summary: {
  inCents: number;
  outCents: number;
  resultCents: number;
}): ExportRow[] {
  const row = (label: string, cents: number): ExportRow =>
    labelledRow(LEDGER_EXPORT_COLUMNS.length, 2, 6, label, cents);
  return [
    row('Entradas', summary.inCents),
    row('Saídas', -summary.outCents),
    row('Resultado', summary.resultCents),
  ];
}
