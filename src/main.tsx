import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startMemberships } from '@/app/prefetch';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { initTheme } from '@/lib/use-theme';
import './index.css';

initTheme();

const router = createAppRouter();

// Before React renders: the memberships every signed-in screen waits for (src/app/prefetch.ts).
void startMemberships().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado em index.html');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a phone's main thread for hundreds (docs/performance.md): taps and paints get through.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

// The service worker (installable app, precached shell) registers once the first screen is up and
// the browser is idle; its code is a separate chunk, never part of the entry.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    void import('@/app/service-worker').then((sw) => {
      sw.registerServiceWorker();
    });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 3000);
}
