// Orçado × realizado of an obra as a sheet (Exportar Excel): one row per etapa (and Sem etapa when
// it has figures), the obra's own line from the server as the total, never re-added here.
import type { ExportColumn, ExportRow, ExportSheet } from '@/lib/export-table';
import type { BudgetLine, ProjectBudget } from '@/features/projects/api/get-project-budget';

export const BUDGET_EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Etapa', type: 'text', width: 30 },
  { header: 'Orçado', type: 'money', width: 16 },
  { header: 'Realizado', type: 'money', width: 16 },
  { header: 'Comprometido', type: 'money', width: 16 },
  { header: 'Saldo', type: 'money', width: 16 },
  { header: '% do orçado', type: 'percent', width: 12 },
  { header: 'Aguardando aprovação', type: 'money', width: 20 },
];

/** Saldo = orçado − realizado − comprometido (the screen's), in centavos; % = used ÷ orçado. */
function budgetRow(name: string, line: BudgetLine): ExportRow {
  const used = line.realizedCents + line.committedCents;
  const budget = line.budgetCents;
  return [
    name,
    budget,
    line.realizedCents,
    line.committedCents,
    budget === null ? null : budget - used,
    budget === null || budget <= 0 ? null : used / budget,
    line.awaitingCents,
  ];
}

export function budgetExportSheet(budget: ProjectBudget, title: string): ExportSheet {
  const { stages, noStage, total } = budget;
  const showNoStage = noStage.committedCents > 0 || noStage.realizedCents > 0;
  return {
    title,
    columns: BUDGET_EXPORT_COLUMNS,
    rows: [
      ...stages.map((line) => budgetRow(line.name, line)),
      ...(showNoStage ? [budgetRow('Sem etapa', noStage)] : []),
    ],
    totals: [budgetRow('Obra (total)', total)],
  };
}
