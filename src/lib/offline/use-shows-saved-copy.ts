import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { PAGE_STARTED_AT, showsSavedCopy } from '@/lib/offline/saved-cache';

/**
 * Whether a screen shows data restored from the device that the server has not confirmed yet: a
 * query someone is reading (and that may fetch) still holds the saved copy, and no fetch of it has
 * failed on this page (a failure is the offline banner's or the screen's to say).
 */
export function anySavedCopyOnScreen(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.isActive() && showsSavedCopy(query) && query.state.errorUpdatedAt < PAGE_STARTED_AT,
    );
}

export function useShowsSavedCopy(): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const snapshot = useCallback(() => anySavedCopyOnScreen(queryClient), [queryClient]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
