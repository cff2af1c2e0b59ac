// The part of the saved cache (persist-cache.ts, loaded lazily) that the first load needs: saving
// at once after a change, and telling restored data from data the server has confirmed. Small on
// purpose: it is in the home screen's first load.
import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';

export interface FlushOptions {
  /**
   * Write even when nothing of the scope is left in memory. Without it an empty cache is taken for
   * a cleared one (sign-out, company switch) and the saved copy is kept for the next visit.
   */
  evenIfEmpty?: boolean;
}

const flushers = new Set<(options: FlushOptions) => Promise<void>>();

/** persist-cache.ts registers how to write its scope now; returns the unregistration. */
export function registerSavedCacheFlush(
  flush: (options: FlushOptions) => Promise<void>,
): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/**
 * Writes the saved cache now instead of within the throttle's second: a reload right after a change
 * must not restore the state before it. Resolves once written (or at once, with nothing to save).
 */
export async function flushSavedCache(options: FlushOptions = {}): Promise<void> {
  await Promise.all([...flushers].map((flush) => flush(options).catch(() => undefined)));
}

// The scopes (`session:<userId>`, `company:<companyId>`) whose saved copy was restored, or found
// absent, on this page: until then "nothing to show" may only mean "not read from the device yet".
const restoredScopes = new Set<string>();
const restoreListeners = new Set<() => void>();

export function markRestoreSettled(scope: string): void {
  if (restoredScopes.has(scope)) return;
  restoredScopes.add(scope);
  for (const listener of restoreListeners) listener();
}

export function restoreSettled(scope: string): boolean {
  return restoredScopes.has(scope);
}

export function onRestoreSettled(listener: () => void): () => void {
  restoreListeners.add(listener);
  return () => restoreListeners.delete(listener);
}

/** When this page started: any data older than that was restored from the saved cache. */
export const PAGE_STARTED_AT = Date.now();

/** True while a query shows what the device had saved and the server has not answered yet. */
export function showsSavedCopy(query: Query): boolean {
  const { data, dataUpdatedAt } = query.state;
  return data !== undefined && dataUpdatedAt > 0 && dataUpdatedAt < PAGE_STARTED_AT;
}

type InvalidationListener = (client: QueryClient, filters: QueryFilters | undefined) => void;
const invalidationListeners = new Set<InvalidationListener>();

/**
 * Told of every invalidateQueries, synchronously, before the queries are marked: the cache's own
 * events reach listeners a task later, and the queries that were already stale (restored ones)
 * raise none at all. persist-cache.ts drops what a change invalidated from the saved copy.
 */
export function onInvalidation(listener: InvalidationListener): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

export function reportInvalidation(client: QueryClient, filters: QueryFilters | undefined): void {
  for (const listener of invalidationListeners) listener(client, filters);
}
