// What a money operation on an entry may have changed, refetched whatever the outcome.
import type { QueryClient } from '@tanstack/react-query';

export function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** An error with a stable key, shaped like the ones our database functions raise. */
export class KeyedError extends Error {
  readonly code = 'P0001';
}
