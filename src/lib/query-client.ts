import {
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  deviceOffline,
  isClientError,
  isNetworkError,
  OFFLINE_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
  UNEXPECTED_ERROR_TITLE,
} from '@/lib/errors';
import { flushSavedCache, reportInvalidation } from '@/lib/offline/saved-cache';
import { initOnlineState, reportApiUnreachable } from '@/lib/online';
import { apiAnswers } from '@/lib/supabase';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** Set when the feature shows its own toast for network failures too. */
  silentNetworkError?: boolean;
  /** false: kept out of the copy saved on the device (offline/persist-cache.ts). */
  persist?: boolean;
}

/** A dead network shows one toast, not a blank page (DESIGN §7). */
function toastNetworkError(error: unknown, meta: QueryMeta | undefined): void {
  if (!isNetworkError(error) || meta?.silentNetworkError) return;
  if (deviceOffline()) {
    toast.error('Sem conexão', { id: 'network-error', description: OFFLINE_MESSAGE });
    return;
  }
  toast.error(UNEXPECTED_ERROR_TITLE, {
    id: 'network-error',
    description: UNEXPECTED_ERROR_MESSAGE,
  });
}

/** Kept in memory (and on the device, src/lib/offline/persist-cache.ts) long enough to be worth it. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The saved cache (src/lib/offline/persist-cache.ts) hears of an invalidation as it is asked for:
 * what a change made out of date leaves the saved copy before a reload could restore it.
 */
class AppQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    reportInvalidation(this, filters);
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(): QueryClient {
  initOnlineState();
  return new AppQueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => toastNetworkError(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => toastNetworkError(error, mutation.meta),
      // After the mutation's own onSuccess (its invalidations and cache updates) and before its
      // promise resolves: the saved cache is written now, so a reload right after a change never
      // restores the state before it (the throttled save could be a second late).
      onSettled: () => flushSavedCache(),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The persisted cache only holds what is still in memory: the default five minutes would
        // forget home while the user spends a while on another screen, and offline home would be
        // empty. Queries still pause offline (networkMode 'online') and show what they had.
        gcTime: DAY_MS,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => {
          // A read that could not reach the API although the browser says online (a weak
          // connection): the app goes offline, so this read pauses on its cached data and says
          // "Sem conexão" instead of failing, until the API answers (src/lib/online.ts).
          if (isNetworkError(error)) reportApiUnreachable(apiAnswers);
          return failureCount < 1 && !isClientError(error);
        },
      },
      mutations: {
        retry: false,
        // Offline, a paused mutation would leave its button spinning until the network returns;
        // failing at once lets the form say "Sem conexão" and keep what was typed. What can wait
        // for the network goes to the offline queue instead (src/lib/offline/queue.ts).
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();
