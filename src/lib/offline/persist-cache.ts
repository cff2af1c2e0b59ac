// The React Query cache kept in IndexedDB, so that the app opened with no network shows the last
// data it saw (issue 11, "Offline, honestly"). Loaded lazily (use-persisted-cache.ts) so it never
// weighs on the first load. Two blobs per user: `session` (the memberships the gate needs before
// it knows the company) and one per company (everything keyed ['companies', companyId, …]).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import { idbDel, idbGet, idbSet } from '@/lib/offline/idb';
import { userStorageKey } from '@/lib/user-storage';

/** A week: the last data seen is still worth showing at the worksite, with the banner. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A new build may change the shape of what it caches: its data is never read by another build. */
export const CACHE_BUSTER = import.meta.env.VITE_APP_BUILD ?? 'dev';

export type CacheScope = { type: 'session' } | { type: 'company'; companyId: string };

export function cacheStorageKey(userId: string, scope: CacheScope): string {
  return userStorageKey(
    userId,
    scope.type === 'session' ? 'query-cache:session' : `query-cache:company:${scope.companyId}`,
  );
}

/** Which queries belong to the scope: the user's session queries, or one company's. */
export function inScope(queryKey: readonly unknown[], userId: string, scope: CacheScope): boolean {
  if (scope.type === 'session') return queryKey[0] === 'session' && queryKey[1] === userId;
  return queryKey[0] === 'companies' && queryKey[1] === scope.companyId;
}

/**
 * Restores the scope's persisted queries into the client, then keeps persisting them (only
 * successful queries, throttled). Returns the function that stops persisting; after it, nothing is
 * written any more, not even a save that was waiting for its throttle.
 */
export function startCachePersistence(
  queryClient: QueryClient,
  userId: string,
  scope: CacheScope,
): () => void {
  const key = cacheStorageKey(userId, scope);
  let stopped = false;
  const inner = createAsyncStoragePersister({
    key,
    throttleTime: 1000,
    storage: {
      getItem: async (k) => (await idbGet<string>(k)) ?? null,
      setItem: async (k, value) => {
        if (!stopped) await idbSet(k, value);
      },
      removeItem: (k) => idbDel(k),
    },
  });
  const persister: Persister = {
    // Clearing the cache (sign-out, expired session, company switch) must not overwrite the
    // stored data with nothing: removing it is session-end's decision (user-storage.ts).
    persistClient: (client: PersistedClient) =>
      client.clientState.queries.length > 0 ? inner.persistClient(client) : undefined,
    restoreClient: () => inner.restoreClient(),
    removeClient: () => inner.removeClient(),
  };
  const options = {
    queryClient,
    persister,
    buster: CACHE_BUSTER,
    maxAge: CACHE_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        defaultShouldDehydrateQuery(query) && inScope(query.queryKey, userId, scope),
      shouldDehydrateMutation: () => false,
    },
  };
  let unsubscribe: (() => void) | null = null;
  const startedAt = Date.now();
  // What this page fetched before the persister started (the module loads lazily, and a quick read
  // often lands first): the restore keeps it (it is newer), and it must not be fetched again.
  const fetchedBefore = new Map(
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => inScope(query.queryKey, userId, scope) })
      .map((query) => [query.queryHash, query.state.dataUpdatedAt]),
  );
  void persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      // What was restored is what this device last saw, not what the server has now: without
      // this, data restored less than staleTime after it was saved counted as fresh, and a screen
      // opened after a reload showed a change made just before it as not made. Restored queries
      // are stale (the ones on screen refetch); anything this page fetched is left alone.
      // A request already under way is left to finish (cancelRefetch: false): it brings what the
      // server has now, and restarting it cost every cold start a second round of requests.
      void queryClient.invalidateQueries(
        {
          predicate: (query) =>
            inScope(query.queryKey, userId, scope) &&
            query.state.dataUpdatedAt < startedAt &&
            query.state.dataUpdatedAt !== fetchedBefore.get(query.queryHash),
        },
        { cancelRefetch: false },
      );
      unsubscribe = persistQueryClientSubscribe(options);
      // What loaded while this module was on its way raises no further cache event: save it now.
      void persistQueryClientSave(options);
    });
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
