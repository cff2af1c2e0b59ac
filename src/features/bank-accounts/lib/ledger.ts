// The ledger of one account as the detail screen shows it: signed amounts, type labels, the period
// filter (in SQL: account_ledger and bank_account_summary take the same range and search) and the
// balance evolution over the rows loaded.
import { addDaysIso, addMonthsClamped, periodRange, type IsoDate } from '@/lib/dates';
import type { ColorToken } from '@/lib/colors';

export type LedgerKind = 'income' | 'expense' | 'transfer' | 'reversal';

export const ledgerKindLabels: Record<LedgerKind, string> = {
  income: 'Receita',
  expense: 'Despesa',
  transfer: 'Transferência',
  reversal: 'Estorno',
};

export interface LedgerRow {
  id: string;
  description: string;
  date: IsoDate;
  /** Always positive; `direction` says whether it came in or went out of the account. */
  cents: number;
  direction: 'in' | 'out';
  kind: LedgerKind;
  categoryId: string | null;
  categoryName: string | null;
  categoryColor: ColorToken | null;
  projectName: string | null;
  /** The entry a payment row belongs to (its detail is /lancamentos/:kind/:id). */
  entryKind: 'expense' | 'income' | null;
  entryId: string | null;
  /** A transfer's group (reverse_transfer takes it) and the account on its other side. */
  transferGroupId: string | null;
  counterpartAccountName: string | null;
  /** An estorno row, or a row an estorno undid (shown only when estornos are shown). */
  reversed: boolean;
}

export function signedCents(row: LedgerRow): number {
  return row.direction === 'in' ? row.cents : -row.cents;
}

/** "Enviada para Caixa" / "Recebida de Itaú" for a transfer (or its estorno); null otherwise. */
export function transferLine(row: LedgerRow): string | null {
  if (row.kind !== 'transfer' && !(row.kind === 'reversal' && row.transferGroupId)) return null;
  const other = row.counterpartAccountName ?? 'outra conta';
  return row.direction === 'in' ? `Recebida de ${other}` : `Enviada para ${other}`;
}

/** A transfer that still stands: "Estornar transferência" applies to it. */
export function isReversibleTransfer(row: LedgerRow): boolean {
  return row.kind === 'transfer' && !row.reversed && row.transferGroupId !== null;
}

export type LedgerPeriod = 'this-month' | 'last-month' | 'last-90' | 'all' | 'custom';

export const LEDGER_PERIOD_LABELS: Record<LedgerPeriod, string> = {
  'this-month': 'Este mês',
  'last-month': 'Mês passado',
  'last-90': 'Últimos 90 dias',
  all: 'Todo o período',
  custom: 'Personalizado',
};

export interface LedgerFilters {
  period: LedgerPeriod;
  customStart: IsoDate | null;
  customEnd: IsoDate | null;
  search: string;
  /** Show estorno rows and the rows they undid (the cards never count them). */
  showReversed: boolean;
}

export const DEFAULT_LEDGER_FILTERS: LedgerFilters = {
  period: 'all',
  customStart: null,
  customEnd: null,
  search: '',
  showReversed: false,
};

/** The inclusive date range of the period; null bounds are open. */
export function ledgerRange(
  filters: Pick<LedgerFilters, 'period' | 'customStart' | 'customEnd'>,
  today: IsoDate,
): { start: IsoDate | null; end: IsoDate | null } {
  switch (filters.period) {
    case 'all':
      return { start: null, end: null };
    case 'this-month':
      return periodRange('month', today);
    case 'last-month':
      return periodRange('month', addMonthsClamped(today, -1));
    case 'last-90':
      return { start: addDaysIso(today, -89), end: today };
    case 'custom':
      return { start: filters.customStart, end: filters.customEnd };
  }
}

export interface LedgerArgs {
  p_bank_account_id: string;
  p_start?: IsoDate;
  p_end?: IsoDate;
  p_search?: string;
}

/** The arguments account_ledger and bank_account_summary share (unset filters left out). */
export function toLedgerArgs(
  accountId: string,
  filters: LedgerFilters,
  today: IsoDate,
): LedgerArgs {
  const args: LedgerArgs = { p_bank_account_id: accountId };
  const { start, end } = ledgerRange(filters, today);
  if (start) args.p_start = start;
  if (end) args.p_end = end;
  const search = filters.search.trim();
  if (search) args.p_search = search;
  return args;
}

export interface BalancePoint {
  date: IsoDate;
  cents: number;
}

/**
 * End-of-day balances over the rows (newest first, as loaded), walking back from the current
 * balance; the first point is the balance before the oldest row.
 */
export function balanceEvolution(
  rowsNewestFirst: readonly LedgerRow[],
  currentCents: number,
): BalancePoint[] {
  const points: BalancePoint[] = [];
  let balance = currentCents;
  for (const row of rowsNewestFirst) {
    if (points.at(-1)?.date !== row.date) points.push({ date: row.date, cents: balance });
    balance -= signedCents(row);
  }
  const oldest = rowsNewestFirst.at(-1);
  if (oldest) points.push({ date: oldest.date, cents: balance });
  return points.reverse();
}
