import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LedgerKind, LedgerRow } from '@/features/bank-accounts/lib/ledger';
import { bankAccountKeys } from '@/lib/api/query-keys';
import { toColorToken } from '@/lib/colors';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

/** SPEC §9: at most 100 rows at a time, newest first. */
export const LEDGER_PAGE_SIZE = 100;

const columns =
  'id, description, amount, type, direction, transaction_date, reversal_of, payable_id, receivable_id, created_at, categories(name, color), projects(name)';

export async function getAccountLedgerPage(
  companyId: string,
  accountId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<LedgerRow[]> {
  let query = supabase
    .from('transactions')
    .select(columns)
    .eq('company_id', companyId)
    .eq('bank_account_id', accountId)
    .order('transaction_date', { ascending: false })
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + LEDGER_PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => {
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
      description: row.description,
      date: row.transaction_date,
      cents: toCents(row.amount),
      direction: row.direction === 'in' ? 'in' : 'out',
      kind,
      categoryName: row.categories?.name ?? null,
      categoryColor: row.categories ? toColorToken(row.categories.color) : null,
      projectName: row.projects?.name ?? null,
      entry: row.payable_id
        ? { kind: 'expense', id: row.payable_id }
        : row.receivable_id
          ? { kind: 'income', id: row.receivable_id }
          : null,
    };
  });
}

export function accountLedgerQuery(companyId: string, accountId: string) {
  return infiniteQueryOptions({
    queryKey: bankAccountKeys.ledger(companyId, accountId),
    queryFn: ({ pageParam, signal }) =>
      getAccountLedgerPage(companyId, accountId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < LEDGER_PAGE_SIZE ? undefined : allPages.length * LEDGER_PAGE_SIZE,
  });
}

export function useAccountLedger(
  accountId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { id: companyId } = useCurrentCompany();
  return useInfiniteQuery({ ...accountLedgerQuery(companyId, accountId), enabled });
}
