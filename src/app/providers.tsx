import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { queryClient } from '@/lib/query-client';

/**
 * App-wide providers. The theme class is applied by index.html before the first paint and kept
 * in sync by `initTheme()` (main.tsx) and `useTheme()`. The session (AuthProvider) sits inside the
 * query client so that signing out can clear the cache.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
