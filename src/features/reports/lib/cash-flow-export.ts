// Fluxo de caixa previsto as a sheet (Exportar Excel): one row per day with the server's figures
// (entradas, saídas, saldo previsto), today's balance above, the period's totals below (centavos
// summed as integers; the final balance is the server's last day).
import type { CashFlow } from '@/lib/cash-flow';
import type { ExportColumn, ExportRow, ExportSheet } from '@/lib/export-table';
import { sumCents } from '@/lib/export-table';

export const CASH_FLOW_EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Data', type: 'date', width: 12 },
  { header: 'Entradas', type: 'money', width: 16 },
  { header: 'Saídas', type: 'money', width: 16 },
  { header: 'Saldo previsto', type: 'money', width: 18 },
];

export function cashFlowExportSheet(flow: CashFlow, title: string): ExportSheet {
  const rows: ExportRow[] = [
    ['Saldo hoje', null, null, flow.openingCents],
    ...flow.days.map((d): ExportRow => [d.date, d.incomeCents, d.expenseCents, d.balanceCents]),
  ];
  return {
    title,
    columns: CASH_FLOW_EXPORT_COLUMNS,
    rows,
    boldRows: [0],
    totals: [
      [
        'Total do período',
        sumCents(flow.days.map((d) => d.incomeCents)),
        sumCents(flow.days.map((d) => d.expenseCents)),
        flow.days.at(-1)?.balanceCents ?? flow.openingCents,
      ],
    ],
  };
}
