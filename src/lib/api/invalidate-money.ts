import type { QueryClient } from '@tanstack/react-query';
import { moneyKeys } from '@/lib/api/query-keys';

/**
 * Refetches everything a money operation may have changed (balances, lists, reports, pickers,
 * activity): one place decides what "money changed" means, every money mutation calls it.
 */
export function invalidateMoney(queryClient: QueryClient, companyId: string) {
  return Promise.all(
    moneyKeys(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
