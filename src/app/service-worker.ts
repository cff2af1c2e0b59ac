import { toast } from '@/lib/toast';
import { registerSW } from 'virtual:pwa-register';

const UPDATE_TOAST_ID = 'nova-versao';

function showUpdateToast(onUpdate: () => void): void {
  toast('Nova versão disponível', {
    id: UPDATE_TOAST_ID,
    duration: Infinity,
    action: { label: 'Atualizar', onClick: onUpdate },
  });
}

/**
 * Registers the Workbox service worker built by vite-plugin-pwa (registerType 'prompt').
 * A new version never reloads the page by itself — the user may be halfway through a form at
 * the worksite: it waits until they tap "Atualizar". Loaded lazily by main.tsx, so neither this
 * module nor workbox-window weighs on the entry chunk.
 */
export function registerServiceWorker(): void {
  let requestedHere = false;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      showUpdateToast(() => {
        requestedHere = true;
        void updateServiceWorker();
      });
    },
    // The new worker took control. When another tab asked for it, this tab still runs the old
    // code: offer the reload instead of doing it under the user's fingers.
    onNeedReload() {
      if (requestedHere) window.location.reload();
      else showUpdateToast(() => window.location.reload());
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // A phone keeps the app open for days: look for a new version whenever it comes back.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
      });
    },
  });
}
