// The lines of the DRE gerencial in the order an accountant reads them, and its CSV export.
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { csvFile } from '@/lib/csv';
import {
  sheetCsvLines,
  type ExportColumn,
  type ExportRow,
  type ExportSheet,
} from '@/lib/export-table';
import { parseIsoDate } from '@/lib/dates';
import { DRE_GROUP_LABELS, type DreGroup } from '@/lib/dre-groups';
import type { Dre, DreLineKey } from '@/features/reports/api/get-dre';
import { DRE_BASIS_LABELS, type DreBasis } from '@/features/reports/lib/dre-period';

export interface DreLineDef {
  key: DreLineKey;
  label: string;
  /** A result line ((=)), shown in bold. */
  result: boolean;
  /** The categories listed under it. */
  group?: DreGroup;
}

export const DRE_LINES: DreLineDef[] = [
  { key: 'receita_bruta', label: 'Receita bruta', result: false, group: 'receita' },
  { key: 'custos_obra', label: '(−) Custos diretos de obra', result: false, group: 'custo_obra' },
  { key: 'lucro_bruto', label: '(=) Lucro bruto', result: true },
  {
    key: 'despesas_administrativas',
    label: '(−) Despesas administrativas',
    result: false,
    group: 'despesa_administrativa',
  },
  { key: 'resultado_operacional', label: '(=) Resultado operacional', result: true },
  { key: 'outras', label: '(±) Outras receitas e despesas', result: false, group: 'outras' },
  { key: 'resultado', label: '(=) Resultado do período', result: true },
];

/** "Jan/2026". */
export function monthLabel(firstDay: string): string {
  const date = parseIsoDate(firstDay);
  if (!date) return firstDay;
  const label = format(date, 'MMM/yyyy', { locale: ptBR });
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A category's amount as it enters its line: "outras" expenses subtract. */
export function signedCategoryCents(
  kind: 'income' | 'expense',
  group: DreGroup,
  cents: number,
): number {
  return group === 'outras' && kind === 'expense' ? -cents : cents;
}

export function buildDreCsv(dre: Dre, basis: DreBasis, projectName: string | null): string {
  return csvFile(dreCsvLines(dre, basis, projectName));
}

/**
 * The DRE as both exports write it: title, one column per month and the Total, each line with the
 * server's figures (result lines included, never re-added here) and its categories under it.
 */
export function dreExportSheet(
  dre: Dre,
  basis: DreBasis,
  projectName: string | null,
): ExportSheet & { title: string } {
  const columns: ExportColumn[] = [
    { header: 'Linha', type: 'text', width: 38 },
    ...dre.months.map((m): ExportColumn => ({ header: monthLabel(m), type: 'money', width: 15 })),
    { header: 'Total', type: 'money', width: 16 },
  ];
  const rows: ExportRow[] = [];
  const boldRows: number[] = [];
  for (const line of DRE_LINES) {
    if (line.result) boldRows.push(rows.length);
    rows.push([line.label, ...dre.byMonth.map((m) => m[line.key]), dre.total[line.key]]);
    for (const c of dre.categories.filter((cat) => line.group && cat.group === line.group)) {
      rows.push([
        `  ${c.name ?? 'Sem categoria'}`,
        ...dre.months.map((m) => signedCategoryCents(c.kind, c.group, c.byMonth[m] ?? 0)),
        signedCategoryCents(c.kind, c.group, c.totalCents),
      ]);
    }
  }
  return {
    title: `DRE gerencial - ${DRE_BASIS_LABELS[basis]} - ${projectName ?? 'Todas as obras'}`,
    columns,
    rows,
    boldRows,
  };
}

/** The DRE's CSV lines (title, header, lines and their categories), for a file of one or more. */
export function dreCsvLines(dre: Dre, basis: DreBasis, projectName: string | null): string[] {
  return sheetCsvLines(dreExportSheet(dre, basis, projectName));
}

export function dreCsvFileName(start: string, end: string, basis: DreBasis): string {
  return `dre-${basis}-${start.slice(0, 7)}-a-${end.slice(0, 7)}.csv`;
}

export { DRE_GROUP_LABELS };

export function dreXlsxFileName(start: string, end: string, basis: DreBasis): string {
  return `dre-${basis}-${start.slice(0, 7)}-a-${end.slice(0, 7)}.xlsx`;
}
