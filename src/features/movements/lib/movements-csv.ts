// The CSV export of Movimentações, made so that Excel in Brazil opens it as a table: `;` between
// fields, decimal comma, dd/MM/yyyy dates, a UTF-8 byte order mark and CRLF line ends.
import { csvFile } from '@/lib/csv';
import { csvLine, labelledRow, type ExportColumn, type ExportRow } from '@/lib/export-table';
import type { Entry } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import {
  MOVEMENT_KIND_LABELS,
  MOVEMENT_STATUS_LABELS,
  type MovementStatus,
} from '@/features/movements/lib/movement-filters';

/** A part of a split entry (rateio) as Movimentações lists it: its figures are the entry's apportioned. */
export interface MovementPart {
  projectId: string | null;
  projectName: string | null;
  stageName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  amountCents: number;
  paidTotalCents: number;
  openCents: number;
  /** paidTotalCents + openCents */
  displayCents: number;
  /** Matches the screen's obra and category filters (every part, without them). */
  match: boolean;
}

/** An entry as Movimentações lists it. */
export interface Movement extends Entry {
  rowType: 'entry';
  /** Settlement date when paid, else the due date (yyyy-MM-dd). */
  movementDate: string;
  displayStatus: MovementStatus;
  /** What moved (payments, juros and multa included, desconto deducted). */
  paidTotalCents: number;
  /** What is still due. */
  openCents: number;
  /** paidTotalCents + openCents: what the summary cards add up. Under an obra or category filter, a
   * split entry's figures (amountCents, paidCents, openCents, paidTotalCents, displayCents) are those
   * of its matching parts. */
  displayCents: number;
  /** A split entry's parts; null (or absent) when not split. */
  parts?: MovementPart[] | null;
}

/** A transfer between two accounts of the company, as Movimentações lists it. */
export interface TransferMovement {
  rowType: 'transfer';
  /** The transfer group (reverse_transfer takes it). */
  id: string;
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  movementDate: string;
  fromAccountId: string | null;
  fromAccountName: string | null;
  toAccountId: string | null;
  toAccountName: string | null;
  reversed: boolean;
  reversedOn: string | null;
}

export type MovementItem = Movement | TransferMovement;

/** "Itaú → Caixa Obra" */
export function transferRoute(t: Pick<TransferMovement, 'fromAccountName' | 'toAccountName'>) {
  return `${t.fromAccountName ?? 'Conta'} → ${t.toAccountName ?? 'Conta'}`;
}

/** The columns of both exports (CSV and Excel): one row model, the same figures in each. */
export const MOVEMENT_EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Data', type: 'date', width: 12 },
  { header: 'Vencimento', type: 'date', width: 12 },
  { header: 'Tipo', type: 'text', width: 14 },
  { header: 'Status', type: 'text', width: 12 },
  { header: 'Descrição', type: 'text', width: 36 },
  { header: 'Fornecedor/Cliente', type: 'text', width: 28 },
  { header: 'Categoria', type: 'text', width: 22 },
  { header: 'Obra', type: 'text', width: 22 },
  { header: 'Conta', type: 'text', width: 24 },
  { header: 'Valor', type: 'money', width: 16 },
  { header: 'Rateio', type: 'text', width: 9 },
];

export const CSV_HEADER = MOVEMENT_EXPORT_COLUMNS.map((c) => c.header);

/**
 * The export rows of one movement. Expenses are negative, so that summing the Valor column of the
 * Pagar/Receber rows gives the Saldo of the screen; a transfer's Valor is its amount (it moves
 * money between accounts, Conta says which). A split entry is one row per part (those matching the
 * screen's filters), each with its obra, category and value; Rateio says which part of how many
 * ("1 de 3").
 */
export function movementExportRows(m: MovementItem): ExportRow[] {
  if (m.rowType === 'entry' && m.parts) {
    const total = m.parts.length;
    const rows = m.parts
      .map((part, index) => ({ part, index }))
      .filter(({ part }) => part.match)
      .map(({ part, index }) =>
        entryRow(m, {
          categoryName: part.categoryName,
          projectName: part.projectName,
          displayCents: part.displayCents,
          split: `${index + 1} de ${total}`,
        }),
      );
    if (rows.length > 0) return rows;
  }
  return [movementRow(m)];
}

/** The CSV line(s) of one movement (CRLF between a split entry's parts). */
export function movementCsvRow(m: MovementItem): string {
  return movementExportRows(m)
    .map((row) => csvLine(MOVEMENT_EXPORT_COLUMNS, row))
    .join('\r\n');
}

function entryRow(
  m: Movement,
  line: {
    categoryName: string | null;
    projectName: string | null;
    displayCents: number;
    split: string;
  },
): ExportRow {
  return [
    m.movementDate,
    m.dueDate,
    MOVEMENT_KIND_LABELS[m.kind],
    MOVEMENT_STATUS_LABELS[m.displayStatus],
    m.description,
    m.counterpartyName,
    line.categoryName ?? 'Sem categoria',
    line.projectName ?? 'Geral',
    m.bankAccountName,
    m.kind === 'expense' ? -line.displayCents : line.displayCents,
    line.split,
  ];
}

function movementRow(m: MovementItem): ExportRow {
  if (m.rowType === 'transfer') {
    return [
      m.movementDate,
      null,
      MOVEMENT_KIND_LABELS.transfer,
      m.reversed ? `Estornada em ${formatDate(m.reversedOn)}` : null,
      m.description,
      null,
      null,
      null,
      transferRoute(m),
      m.amountCents,
      null,
    ];
  }
  return entryRow(m, {
    categoryName: m.categoryName,
    projectName: m.projectName,
    displayCents: m.displayCents,
    split: '',
  });
}

/**
 * The totals under the Excel sheet: the screen's Entradas, Saídas and Saldo as the server summed
 * them (movement_summary, the same request as the cards), and the transfers when any are listed.
 */
export function movementTotalsRows(summary: {
  incomeCents: number;
  expenseCents: number;
  balanceCents: number;
  transferCount: number;
  transferCents: number;
}): ExportRow[] {
  const row = (label: string, cents: number): ExportRow =>
    labelledRow(MOVEMENT_EXPORT_COLUMNS.length, 4, 9, label, cents);
  return [
    row('Entradas', summary.incomeCents),
    row('Saídas', -summary.expenseCents),
    row('Saldo', summary.balanceCents),
    ...(summary.transferCount > 0 ? [row('Transferências', summary.transferCents)] : []),
  ];
}

export function buildMovementsCsv(movements: readonly MovementItem[]): string {
  return csvFile([CSV_HEADER.join(';'), ...movements.map(movementCsvRow)]);
}

export function movementsCsvFileName(today: string): string {
  return `movimentacoes-${today}.csv`;
}

export function movementsXlsxFileName(today: string): string {
  return `movimentacoes-${today}.xlsx`;
}
