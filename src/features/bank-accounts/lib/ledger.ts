// The ledger of one account as the detail screen shows it: signed amounts, type labels, the
// search of SPEC §2 and the totals over what is shown.
import type { ColorToken } from '@/lib/colors';
import type { IsoDate } from '@/lib/dates';
import type { EntryKind } from '@/lib/entries';

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
  categoryName: string | null;
  categoryColor: ColorToken | null;
  projectName: string | null;
  /** The payable/receivable a payment (or its estorno) belongs to; null for transfers. */
  entry: { kind: EntryKind; id: string } | null;
}

export function signedCents(row: LedgerRow): number {
  return row.direction === 'in' ? row.cents : -row.cents;
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR');
}

/** Description, category name and obra name contain the search (case and accents ignored). */
export function filterLedger(rows: readonly LedgerRow[], search: string): LedgerRow[] {
  const needle = normalize(search.trim());
  if (needle === '') return [...rows];
  return rows.filter((row) =>
    [row.description, row.categoryName, row.projectName].some(
      (field) => field != null && normalize(field).includes(needle),
    ),
  );
}

export interface LedgerTotals {
  inCents: number;
  outCents: number;
  resultCents: number;
}

export function ledgerTotals(rows: readonly LedgerRow[]): LedgerTotals {
  let inCents = 0;
  let outCents = 0;
  for (const row of rows) {
    if (row.direction === 'in') inCents += row.cents;
    else outCents += row.cents;
  }
  return { inCents, outCents, resultCents: inCents - outCents };
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
