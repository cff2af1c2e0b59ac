import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  isClientError,
  isNetworkError,
  UNEXPECTED_ERROR_MESSAGE,
  UNEXPECTED_ERROR_TITLE,
} from '@/lib/errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** Set when the feature shows its own toast for network failures too. */
  silentNetworkError?: boolean;
}

/** A dead network shows one toast, not a blank page (DESIGN §7). */
function toastNetworkError(error: unknown, meta: QueryMeta | undefined): void {
  if (!isNetworkError(error) || meta?.silentNetworkError) return;
  toast.error(UNEXPECTED_ERROR_TITLE, {
    id: 'network-error',
    description: UNEXPECTED_ERROR_MESSAGE,
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => toastNetworkError(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => toastNetworkError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
