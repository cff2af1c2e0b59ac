// The CSV export of Movimentações, made so that Excel in Brazil opens it as a table: `;` between
// fields, decimal comma, dd/MM/yyyy dates, a UTF-8 byte order mark and CRLF line ends.
import { csvFile, csvNumber, csvText } from '@/lib/csv';
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
  'Rateio',
] as const;

/**
 * Expenses are negative, so that summing the Valor column of the Pagar/Receber rows gives the Saldo
 * of the screen; a transfer's Valor is its amount (it moves money between accounts, Conta says which).
 * A split entry is one line per part (those matching the screen's filters), each with its obra,
 * category and value; Rateio says which part of how many ("1 de 3").
 */
export function movementCsvRow(m: MovementItem): string {
  if (m.rowType === 'entry' && m.parts) {
    const total = m.parts.length;
    const lines = m.parts
      .map((part, index) => ({ part, index }))
      .filter(({ part }) => part.match)
      .map(({ part, index }) =>
        entryLine(m, {
          categoryName: part.categoryName,
          projectName: part.projectName,
          displayCents: part.displayCents,
          split: `${index + 1} de ${total}`,
        }),
      );
    if (lines.length > 0) return lines.join('\r\n');
  }
  return movementLine(m);
}

function entryLine(
  m: Movement,
  line: {
    categoryName: string | null;
    projectName: string | null;
    displayCents: number;
    split: string;
  },
): string {
  return [
    formatDate(m.movementDate),
    formatDate(m.dueDate),
    csvText(MOVEMENT_KIND_LABELS[m.kind]),
    csvText(MOVEMENT_STATUS_LABELS[m.displayStatus]),
    csvText(m.description),
    csvText(m.counterpartyName),
    csvText(line.categoryName ?? 'Sem categoria'),
    csvText(line.projectName ?? 'Geral'),
    csvText(m.bankAccountName),
    csvNumber(m.kind === 'expense' ? -line.displayCents : line.displayCents),
    csvText(line.split),
  ].join(';');
}

function movementLine(m: MovementItem): string {
  if (m.rowType === 'transfer') {
    return [
      formatDate(m.movementDate),
      '',
      csvText(MOVEMENT_KIND_LABELS.transfer),
      csvText(m.reversed ? `Estornada em ${formatDate(m.reversedOn)}` : ''),
      csvText(m.description),
      '',
      '',
      '',
      csvText(transferRoute(m)),
      csvNumber(m.amountCents),
      '',
    ].join(';');
  }
  return entryLine(m, {
    categoryName: m.categoryName,
    projectName: m.projectName,
    displayCents: m.displayCents,
    split: '',
  });
}

export function buildMovementsCsv(movements: readonly MovementItem[]): string {
  return csvFile([CSV_HEADER.join(';'), ...movements.map(movementCsvRow)]);
}

export function movementsCsvFileName(today: string): string {
  return `movimentacoes-${today}.csv`;
}
