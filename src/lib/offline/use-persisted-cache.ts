import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CacheScope } from '@/lib/offline/persist-cache';
import { markRestoreSettled } from '@/lib/offline/saved-cache';

/** Loaded on demand: the persister is not part of the first load's JavaScript. */
function persistScope(
  queryClient: ReturnType<typeof useQueryClient>,
  userId: string,
  scope: CacheScope,
): () => void {
  const settled = () =>
    markRestoreSettled(
      scope.type === 'session' ? `session:${userId}` : `company:${scope.companyId}`,
    );
  // No IndexedDB (old WebViews, jsdom): nothing can be kept, so nothing to load.
  if (typeof indexedDB === 'undefined') {
    settled();
    return () => undefined;
  }
  let stop: (() => void) | null = null;
  let cancelled = false;
  // Its code could not be fetched (offline before the service worker had it): nothing is kept
  // this visit, and nothing breaks.
  void import('@/lib/offline/persist-cache')
    .then(({ startCachePersistence }) => {
      if (!cancelled) stop = startCachePersistence(queryClient, userId, scope, settled);
    })
    .catch(settled);
  return () => {
    cancelled = true;
    stop?.();
  };
}

/**
 * Keeps the signed-in user's cache on the device: the session queries (memberships) as soon as the
 * user is known, the company's queries once the gate knows the company.
 */
export function usePersistedCache(userId: string | undefined, companyId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return persistScope(queryClient, userId, { type: 'session' });
  }, [queryClient, userId]);
  useEffect(() => {
    if (!userId || !companyId) return;
    return persistScope(queryClient, userId, { type: 'company', companyId });
  }, [queryClient, userId, companyId]);
}
