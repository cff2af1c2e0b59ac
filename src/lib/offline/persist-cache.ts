// The React Query cache kept in IndexedDB, so that the app opened with no network shows the last
// data it saw, rather than an empty screen. Loaded lazily (use-persisted-cache.ts) so it never
// weighs on the first load. Two blobs per user: `session` (the memberships the gate needs before
// it knows the company) and one per company (everything keyed ['companies', companyId, …]).
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import {
  defaultShouldDehydrateQuery,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { isOfflineList } from '@/lib/api/query-keys';
import { idbDel, idbGet, idbSet } from '@/lib/offline/idb';
import { notPlainJsonAt } from '@/lib/offline/plain-json';
import {
  onInvalidation,
  registerSavedCacheFlush,
  type FlushOptions,
} from '@/lib/offline/saved-cache';
import { userStorageKey } from '@/lib/user-storage';

/** A week: the last data seen is still worth showing at the worksite, with the banner. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A new build may change the shape of what it caches: its data is never read by another build. */
export const CACHE_BUSTER = import.meta.env.VITE_APP_BUILD ?? 'dev';

type DehydratedQuery = DehydratedState['queries'][number];

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

/** At most one write a second while the cache only moves because of reads. */
export const SAVE_THROTTLE_MS = 1000;

/** Logged once per query (in development) when its result cannot be saved faithfully. */
const reportedNotPlain = new WeakSet<object>();

/**
 * Only plain JSON is saved (plain-json.ts): a Map saved as `{}` broke Conciliação after every
 * reload. A result that is not plain is left out of the saved copy (the screen fetches it again
 * after a reload) and, in development, said in the console, so that a new one is seen at once.
 * The answer is remembered per result object: the check walks the data once, not on every save.
 */
const plainChecked = new WeakMap<object, boolean>();
export function savableData(query: Query): boolean {
  const data: unknown = query.state.data;
  if (data === null || typeof data !== 'object') return data !== undefined;
  const known = plainChecked.get(data);
  if (known !== undefined) return known;
  const at = notPlainJsonAt(data);
  plainChecked.set(data, at === null);
  if (at !== null && import.meta.env.DEV && !reportedNotPlain.has(query)) {
    reportedNotPlain.add(query);
    console.error(
      `Query ${query.queryHash} não é JSON puro (${at}): fica fora do cache salvo no aparelho.`,
    );
  }
  return at === null;
}

/**
 * A list read page by page ("Carregar mais") is saved with its first page only: the saved copy
 * holds what a screen shows when it opens, not the history someone scrolled through (300 pages of
 * Atividade would otherwise be written to the device on every save, and read back on every start).
 * After a restore the list shows its first page, and "Carregar mais" goes on from there.
 */
export const SAVED_PAGES = 1;

function isInfiniteData(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { pages?: unknown }).pages) &&
    Array.isArray((data as { pageParams?: unknown }).pageParams)
  );
}

export function savedData(data: unknown): unknown {
  if (!isInfiniteData(data) || data.pages.length <= SAVED_PAGES) return data;
  return {
    pages: data.pages.slice(0, SAVED_PAGES),
    pageParams: data.pageParams.slice(0, SAVED_PAGES),
  };
}

/**
 * Restores the scope's persisted queries into the client, then keeps persisting them (only
 * successful queries with plain JSON data, throttled, and at once after a change). Returns the
 * function that stops persisting; after it, nothing is written any more, not even a save that was
 * waiting for its throttle.
 */
export function startCachePersistence(
  queryClient: QueryClient,
  userId: string,
  scope: CacheScope,
  /** Once the saved copy is restored (or found absent or unreadable). */
  onRestored?: () => void,
): () => void {
  const key = cacheStorageKey(userId, scope);
  let stopped = false;
  const queryCache = queryClient.getQueryCache();

  // Queries invalidated by a change (a mutation, the offline queue's send) since the restore: what
  // they hold is known to be out of date, so they leave the saved copy (at once) until they are
  // fetched again. A reload before that fetches them instead of showing the state before the
  // change. Taken from invalidateQueries itself (saved-cache.ts, onInvalidation), not from the
  // queries' flags: restored queries are invalidated already and raise nothing when invalidated
  // again, and the cache's events arrive a task after the mutation's promise has resolved.
  const changed = new Set<string>();
  // The lists an offline screen needs to record an entry (query-keys.ts, isOfflineList) as last
  // saved, by query hash. A change that invalidates them, a garbage collection of a list no screen
  // showed for a day, or a removal leaves them in the saved copy as they were: the restore marks
  // them stale (a screen online fetches them again), and offline they are what the wizard needs.
  // Only a newer successful fetch replaces one.
  const keptLists = new Map<string, DehydratedQuery>();
  const withKeptLists = (client: PersistedClient): PersistedClient => {
    const queries = client.clientState.queries;
    for (const query of queries) {
      if (isOfflineList(query.queryKey)) keptLists.set(query.queryHash, query);
    }
    const present = new Set(queries.map((query) => query.queryHash));
    const missing = [...keptLists.values()].filter((query) => !present.has(query.queryHash));
    if (missing.length === 0) return client;
    return { ...client, clientState: { ...client.clientState, queries: [...queries, ...missing] } };
  };
  const hasQueriesInScope = () =>
    queryCache.findAll({ predicate: (query) => inScope(query.queryKey, userId, scope) }).length > 0;

  // The save waiting for its throttle, and the chain of writes (one at a time, in order). As the
  // library's throttle did: a save after a quiet second is written in the next task, later ones
  // at most once a second (the latest state each time).
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextWriteAt = 0;
  let writes: Promise<void> = Promise.resolve();
  const writeWaiting = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const client = waiting;
    waiting = null;
    if (client) {
      nextWriteAt = Date.now() + SAVE_THROTTLE_MS;
      writes = writes
        .then(() => (stopped ? undefined : idbSet(key, JSON.stringify(client))))
        .catch(() => undefined);
    }
    return writes;
  };
  // Leaving the page (a reload, the app closed or sent to the background on a phone): what waits
  // for its throttle is written now. A screen's last read often lands within the second after its
  // first; without this, a reload right then opened the next time without it (home showed its
  // spinner, not the saved copy, when reopened offline).
  const writeBeforeLeaving = () => {
    if (document.visibilityState === 'hidden') void writeWaiting();
  };
  window.addEventListener('pagehide', writeBeforeLeaving);
  document.addEventListener('visibilitychange', writeBeforeLeaving);
  // Set during an explicit flush that asks to write even an empty scope (saved-cache.ts).
  let writeEmpty = false;
  const persister: Persister = {
    persistClient: (client: PersistedClient) => {
      // Nothing to save is not written: clearing the cache (sign-out, expired session, company
      // switch) must not overwrite the stored data with nothing (removing it is session-end's
      // decision, user-storage.ts), and an empty write while the first reads are still loading
      // would hold their save back for the throttle's second. A scope whose every saved query
      // was just changed, though, is saved empty, as is one a bad copy was dropped from.
      const empty = client.clientState.queries.length === 0;
      if (empty && !writeEmpty && (changed.size === 0 || !hasQueriesInScope())) return;
      waiting = withKeptLists(client);
      timer ??= setTimeout(() => void writeWaiting(), Math.max(0, nextWriteAt - Date.now()));
    },
    restoreClient: async () => {
      const saved = await idbGet<string>(key);
      if (!saved) return undefined;
      const client = JSON.parse(saved) as PersistedClient;
      for (const query of client.clientState.queries) {
        if (isOfflineList(query.queryKey)) keptLists.set(query.queryHash, query);
      }
      return client;
    },
    // An expired or another build's copy: its lists go with it.
    removeClient: () => {
      keptLists.clear();
      return idbDel(key);
    },
  };

  const options = {
    queryClient,
    persister,
    buster: CACHE_BUSTER,
    maxAge: CACHE_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        defaultShouldDehydrateQuery(query) &&
        inScope(query.queryKey, userId, scope) &&
        !changed.has(query.queryHash) &&
        query.meta?.persist !== false &&
        savableData(query),
      shouldDehydrateMutation: () => false,
      serializeData: savedData,
    },
  };
  const flush = async ({ evenIfEmpty = false }: FlushOptions) => {
    if (stopped) return;
    writeEmpty = evenIfEmpty;
    try {
      await persistQueryClientSave(options);
    } finally {
      writeEmpty = false;
    }
    await writeWaiting();
  };
  let flushQueued = false;
  const flushSoon = () => {
    // One invalidation of a branch is many events in one task: one write for all of them.
    if (flushQueued) return;
    flushQueued = true;
    queueMicrotask(() => {
      flushQueued = false;
      void flush({});
    });
  };

  // A read started before the restore (the screen mounted first) remembers the state it started
  // from, without data; React Query puts that state back when the read is cancelled, which it is
  // when its screen unmounts while the read waits for the network. Offline, leaving the wizard's
  // category step and coming back then found no categories although the restore had given them
  // ("Sem conexão: a lista aparece quando a conexão voltar."). Data the restore gave stays until
  // the server answers or the query is removed.
  const lastWithData = new WeakMap<Query, Query['state']>();
  const stopKeepingRestored = queryCache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const query = event.query as Query;
    if (!inScope(query.queryKey, userId, scope)) return;
    if (query.state.data !== undefined) {
      lastWithData.set(query, query.state);
      return;
    }
    const before = lastWithData.get(query);
    if (event.action.type !== 'setState' || query.state.status !== 'pending' || !before) return;
    query.setState({ ...before, fetchStatus: 'idle', isInvalidated: true });
  });

  let unsubscribe: (() => void) | null = null;
  const startedAt = Date.now();
  // What this page fetched before the persister started (the module loads lazily, and a quick read
  // often lands first): the restore keeps it (it is newer), and it must not be fetched again.
  const fetchedBefore = new Map(
    queryCache
      .findAll({ predicate: (query) => inScope(query.queryKey, userId, scope) })
      .map((query) => [query.queryHash, query.state.dataUpdatedAt]),
  );
  void persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      onRestored?.();
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
      // Registered after the restore's own invalidation above, which is no change.
      const stopWatchingInvalidations = onInvalidation((client, filters) => {
        if (client !== queryClient) return;
        let any = false;
        for (const query of queryCache.findAll(filters)) {
          if (!inScope(query.queryKey, userId, scope) || isOfflineList(query.queryKey)) continue;
          changed.add(query.queryHash);
          any = true;
        }
        if (any) flushSoon();
      });
      // Fetched again (or set by a mutation's update): back in the saved copy.
      const stopWatchingFetches = queryCache.subscribe((event) => {
        if (event.type === 'removed') changed.delete(event.query.queryHash);
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (event.query.state.isInvalidated) return;
        changed.delete(event.query.queryHash);
      });
      const stopSaving = persistQueryClientSubscribe(options);
      const unregisterFlush = registerSavedCacheFlush(flush);
      unsubscribe = () => {
        stopWatchingInvalidations();
        stopWatchingFetches();
        stopSaving();
        unregisterFlush();
      };
      // What loaded while this module was on its way raises no further cache event: save it now.
      void persistQueryClientSave(options);
    });
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('pagehide', writeBeforeLeaving);
    document.removeEventListener('visibilitychange', writeBeforeLeaving);
    stopKeepingRestored();
    unsubscribe?.();
  };
}
