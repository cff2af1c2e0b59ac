import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { amount, orNull } from '@/lib/api/response-schemas';
import {
  toLedgerArgs,
  type LedgerArgs,
  type LedgerFilters,
  type LedgerKind,
  type LedgerRow,
} from '@/features/bank-accounts/lib/ledger';
import { bankAccountKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { toCents } from '@/lib/money';
import { toSqlOrder, type ListSort } from '@/lib/list-order';
import { supabase } from '@/lib/supabase';

/** SPEC §9: at most 100 rows at a time, newest first ("Carregar mais" reads the next page). */
export const LEDGER_PAGE_SIZE = 50;

// The generated types call every column of a `returns table` function non-null; names of a
// missing category, obra or other account are null in fact.
const ledgerRow = z.object({
  id: orNull(z.string()),
  amount: orNull(amount),
  transaction_date: orNull(z.string()),
  description: orNull(z.string()),
  type: orNull(z.string()),
  direction: orNull(z.string()),
  reversal_of: orNull(z.string()),
  reversed: orNull(z.boolean()),
  category_id: orNull(z.string()),
  category_name: orNull(z.string()),
  project_name: orNull(z.string()),
  payable_id: orNull(z.string()),
  receivable_id: orNull(z.string()),
  transfer_group_id: orNull(z.string()),
  counterpart_account_name: orNull(z.string()),
});
type AccountLedgerRow = z.output<typeof ledgerRow>;
const ledgerRows = z.array(ledgerRow);

export function toLedgerRow(row: AccountLedgerRow): LedgerRow {
  if (!row.id || row.amount == null || !row.transaction_date) {
    throw new RangeError('Linha incompleta do histórico da conta');
  }
  const kind: LedgerKind =
    row.reversal_of != null
      ? 'reversal'
      : row.type === 'income'
        ? 'income'
        : row.type === 'expense'
          ? 'expense'
          : 'transfer';
  return {
    id: row.id,
    description: row.description ?? '',
    date: row.transaction_date,
    cents: toCents(row.amount),
    direction: row.direction === 'in' ? 'in' : 'out',
    kind,
    categoryId: row.category_id,
    categoryName: row.category_name,
    // account_ledger names the category, not its colour: the page adds it from the categories.
    categoryColor: null,
    projectName: row.project_name,
    entryKind: row.payable_id ? 'expense' : row.receivable_id ? 'income' : null,
    entryId: row.payable_id ?? row.receivable_id,
    transferGroupId: row.transfer_group_id,
    counterpartAccountName: row.counterpart_account_name,
    reversed: row.reversed === true,
  };
}

export interface LedgerPage {
  rows: LedgerRow[];
  /** The offset of the next page; null at the end (nothing is counted). */
  next: number | null;
}

/**
 * One page of account_ledger in `sort`'s order (newest first by default), paged by the function
 * itself: one row more than the page says whether there is a next one.
 */
export async function getAccountLedgerPage(
  args: LedgerArgs,
  includeReversed: boolean,
  offset: number,
  {
    signal,
    sort,
    limit = LEDGER_PAGE_SIZE,
  }: { signal?: AbortSignal; sort?: ListSort; limit?: number } = {},
): Promise<LedgerPage> {
  let request = supabase.rpc('account_ledger', {
    ...args,
    p_include_reversed: includeReversed,
    ...(sort ? { p_order: toSqlOrder(sort) } : {}),
    p_limit: limit + 1,
    p_offset: offset,
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const rows = ledgerRows.parse(data);
  return {
    rows: rows.slice(0, limit).map(toLedgerRow),
    next: rows.length > limit ? offset + limit : null,
  };
}

export function accountLedgerQuery(
  companyId: string,
  accountId: string,
  filters: LedgerFilters,
  today: string,
  sort?: ListSort,
) {
  const args = toLedgerArgs(accountId, filters, today);
  const includeReversed = filters.showReversed;
  return infiniteQueryOptions({
    queryKey: bankAccountKeys.ledgerPages(companyId, accountId, {
      ...args,
      includeReversed,
      sort,
    }),
    queryFn: ({ pageParam, signal }) =>
      getAccountLedgerPage(args, includeReversed, pageParam, { signal, sort }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * The account's history for a period and search, paged in SQL, newest first (or in `sort`'s
 * order: the desktop table).
 */
export function useAccountLedger(
  accountId: string,
  filters: LedgerFilters,
  { enabled = true, sort }: { enabled?: boolean; sort?: ListSort } = {},
) {
  const { id: companyId } = useCurrentCompany();
  return useInfiniteQuery({
    ...accountLedgerQuery(companyId, accountId, filters, todayLocal(), sort),
    placeholderData: keepPreviousData,
    enabled,
  });
}
