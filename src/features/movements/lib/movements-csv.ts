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
  /** paidTotalCents + openCents: what the summary cards add up. */
  displayCents: number;
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
] as const;

/**
 * Expenses are negative, so that summing the Valor column of the Pagar/Receber rows gives the Saldo
 * of the screen; a transfer's Valor is its amount (it moves money between accounts, Conta says which).
 */
export function movementCsvRow(m: MovementItem): string {
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
    ].join(';');
  }
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
    csvNumber(m.kind === 'expense' ? -m.displayCents : m.displayCents),
  ].join(';');
}

export function buildMovementsCsv(movements: readonly MovementItem[]): string {
  return csvFile([CSV_HEADER.join(';'), ...movements.map(movementCsvRow)]);
}

export function movementsCsvFileName(today: string): string {
  return `movimentacoes-${today}.csv`;
}
