// The CSV export of Movimentações, made so that Excel in Brazil opens it as a table: `;` between
// fields, decimal comma, dd/MM/yyyy dates, a UTF-8 byte order mark and CRLF line ends.
import type { Entry } from '@/lib/entries';
import { formatDate } from '@/lib/dates';
import {
  MOVEMENT_KIND_LABELS,
  MOVEMENT_STATUS_LABELS,
  type MovementStatus,
} from '@/features/entries/lib/movement-filters';

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

/** Centavos as Excel pt-BR reads a number: 123456 → "1234,56", -50 → "-0,50" (no thousands dots). */
export function csvNumber(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Quotes a text field when it holds the separator, a quote or a line break, and defuses text that
 * a spreadsheet would run as a formula (=, +, -, @ first), which a description typed by anyone
 * could otherwise smuggle into the accountant's Excel.
 */
export function csvText(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  const lines = [CSV_HEADER.join(';'), ...movements.map(movementCsvRow)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function movementsCsvFileName(today: string): string {
  return `movimentacoes-${today}.csv`;
}
