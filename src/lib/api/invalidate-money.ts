import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { moneyKeys } from '@/lib/api/query-keys';

/** Refetches (marks stale) every query under each of `keys`, all at once. */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Refetches everything a money operation may have changed (balances, lists, reports, pickers,
 * activity): one place decides what "money changed" means, every money mutation calls it.
 */
export function invalidateMoney(queryClient: QueryClient, companyId: string) {
  return invalidateKeys(queryClient, moneyKeys(companyId));
}
