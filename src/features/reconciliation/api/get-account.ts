import { useBankAccounts, type BankAccount } from '@/lib/api/lookups';

/**
 * The account being reconciled, from the shared accounts list (archived ones included, a cache the
 * detail page and the pickers already hold). `account` is null when the company has no such account.
 */
export function useReconciliationAccount(id: string): {
  status: 'pending' | 'error' | 'success';
  account: BankAccount | null;
  refetch: () => void;
  isRefetching: boolean;
} {
  const accounts = useBankAccounts({ activeOnly: false });
  return {
    status: accounts.status,
    account: accounts.data?.find((a) => a.id === id) ?? null,
    refetch: () => void accounts.refetch(),
    isRefetching: accounts.isRefetching,
  };
}
