import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { lazyPiece } from '@/components/lazy-piece';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { afterFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';

// sonner loads after the first screen (src/lib/first-screen.ts); a toast made before its Toaster
// mounts still shows, once it has. Outside the router: without its own boundary a failed import
// (offline, no service worker yet) took the whole app down to a blank page.
const Toaster = lazyPiece(async () => (await import('@/components/ui/toaster')).Toaster, {
  look: 'floating',
});

/**
 * App-wide providers. The theme class is applied by index.html before the first paint and kept
 * in sync by `initTheme()` (main.tsx) and `useTheme()`. The session (AuthProvider) sits inside the
 * query client so that signing out can clear the cache.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => afterFirstScreen(() => setToasterWanted(true)), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {toasterWanted && <Toaster />}
    </QueryClientProvider>
  );
}
