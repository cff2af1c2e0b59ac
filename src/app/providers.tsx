import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { queryClient } from '@/lib/query-client';

// sonner loads after the first screen (src/lib/toast.ts); a toast made before it mounts still shows.
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * App-wide providers. The theme class is applied by index.html before the first paint and kept
 * in sync by `initTheme()` (main.tsx) and `useTheme()`. The session (AuthProvider) sits inside the
 * query client so that signing out can clear the cache.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
