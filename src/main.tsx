import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startMemberships } from '@/app/prefetch';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { afterFirstScreen, nextTask, watchFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { initTheme } from '@/lib/use-theme';
import './index.css';

initTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado em index.html');

/**
 * The app starts in a chain of short tasks rather than one long one: evaluating the code, the
 * memberships, the router's table, its first navigation, the class merger, then React. Between
 * them a phone's browser may paint and answer a tap; as one task it held the main thread for
 * ~300 ms at 4× CPU slowdown (docs/performance.md).
 */
async function start(container: HTMLElement): Promise<void> {
  // The memberships every signed-in screen waits for (src/app/prefetch.ts), for the stored session
  // (auth-js loads now only when there is no usable one: src/lib/supabase.ts, sessionToStartWith).
  await nextTask();
  void startMemberships().catch(() => undefined);

  await nextTask();
  const router = createAppRouter();
  await nextTask();
  router.initialize();
  // The first screen is up once the route's code is in and what it read has answered (something
  // has: the gate's memberships at least), src/lib/first-screen.ts.
  watchFirstScreen(
    () =>
      router.state.initialized &&
      router.state.navigation.state === 'idle' &&
      queryClient.isFetching() === 0 &&
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'pending'),
  );
  // The service worker (installable app, precached shell) registers after the first screen; its
  // code is a separate chunk, never part of the entry.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    afterFirstScreen(() => {
      void import('@/app/service-worker').then((sw) => {
        sw.registerServiceWorker();
      });
    });
  }

  // tailwind-merge builds its class table on its first call (20–45 ms at 1× on the bench
  // machine): here, rather than inside the first render's work.
  await nextTask();
  cn('p-0', 'p-0');

  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a phone's main thread for hundreds: taps and paints get through.
  await nextTask();
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start(root);
