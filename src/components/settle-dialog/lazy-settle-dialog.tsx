import { lazy, Suspense, useEffect, useState } from 'react';
import type { Entry } from '@/lib/api/entry-view';

const loadSettleDialog = () => import('@/components/settle-dialog/settle-dialog');

const SettleDialog = lazy(async () => ({ default: (await loadSettleDialog()).SettleDialog }));

interface LazySettleDialogProps {
  /** The entry to settle; null = closed. */
  entry: Entry | null;
  onClose: () => void;
}

/**
 * Dar Baixa for screens in the first load (home): the dialog and its form code (zod, Radix
 * Select, the date picker) are fetched when the browser is idle, or on the first tap at the
 * latest, instead of with the home chunk.
 */
export function LazySettleDialog({ entry, onClose }: LazySettleDialogProps) {
  // Mounted from the first open on, so that closing animates like any other dialog.
  const [used, setUsed] = useState(false);
  if (entry !== null && !used) setUsed(true);

  useEffect(() => {
    const prefetch = () => void loadSettleDialog();
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    // Safari has no requestIdleCallback.
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SettleDialog entry={entry} onClose={onClose} />
    </Suspense>
  );
}
