import type { QueryLike } from '@/components/query-state';
import { useBankAccounts, type BankAccount } from '@/lib/api/lookups';

/**
 * The account being reconciled, from the shared accounts list (archived ones included, a cache the
 * detail page and the pickers already hold). `account` is null when the company has no such account.
 * The rest is the list query's state, for QueryState (paused offline included).
 */
export function useReconciliationAccount(
  id: string,
): QueryLike<BankAccount[]> & { account: BankAccount | null } {
  const accounts = useBankAccounts({ activeOnly: false });
  return {
    status: accounts.status,
    data: accounts.data,
    error: accounts.error,
    fetchStatus: accounts.fetchStatus,
    refetch: accounts.refetch,
    isRefetching: accounts.isRefetching,
    account: accounts.data?.find((a) => a.id === id) ?? null,
  };
}
