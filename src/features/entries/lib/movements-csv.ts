// The CSV export of Movimentações, made so that Excel in Brazil opens it as a table: `;` between
// fields, decimal comma, dd/MM/yyyy dates, a UTF-8 byte order mark and CRLF line ends.
import { csvFile, csvNumber, csvText } from '@/lib/csv';
import type { Entry } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import {
  MOVEMENT_KIND_LABELS,
  MOVEMENT_STATUS_LABELS,
  type MovementStatus,
} from '@/features/entries/lib/movement-filters';

/** An entry as Movimentações lists it. */
export interface Movement extends Entry {
  /** Settlement date when paid, else the due date (yyyy-MM-dd). */
  movementDate: string;
  displayStatus: MovementStatus;
}

export const CSV_HEADER = [
  'Data',
  'Vencimento',
  'Tipo',
  'Status',
  'Descrição',
  'Fornecedor/Cliente',
  'Categoria',
  'Obra',
  'Conta',
  'Valor',
] as const;

/** Expenses are negative, so that summing the Valor column gives the Saldo of the screen. */
export function movementCsvRow(m: Movement): string {
  return [
    formatDate(m.movementDate),
    formatDate(m.dueDate),
    csvText(MOVEMENT_KIND_LABELS[m.kind]),
    csvText(MOVEMENT_STATUS_LABELS[m.displayStatus]),
    csvText(m.description),
    csvText(m.counterpartyName),
    csvText(m.categoryName ?? 'Sem categoria'),
    csvText(m.projectName ?? 'Geral'),
    csvText(m.bankAccountName),
    csvNumber(m.kind === 'expense' ? -m.amountCents : m.amountCents),
  ].join(';');
}

export function buildMovementsCsv(movements: readonly Movement[]): string {
  return csvFile([CSV_HEADER.join(';'), ...movements.map(movementCsvRow)]);
}

export function movementsCsvFileName(today: string): string {
  return `movimentacoes-${today}.csv`;
}
