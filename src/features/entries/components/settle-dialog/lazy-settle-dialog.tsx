import { lazy, Suspense, useState } from 'react';
import type { Entry } from '@/lib/entries';

const loadSettleDialog = () => import('@/features/entries/components/settle-dialog/settle-dialog');

/**
 * Fetches Dar Baixa's code when the user shows the intent to open it (pointer over, focus or touch
 * on an entry): not at start-up, where even an idle prefetch counts against the first load's budget.
 */
export function prefetchSettleDialog(): void {
  void loadSettleDialog();
}

const SettleDialog = lazy(async () => ({ default: (await loadSettleDialog()).SettleDialog }));

interface LazySettleDialogProps {
  /** The entry to settle; null = closed. */
  entry: Entry | null;
  onClose: () => void;
}

/**
 * Dar Baixa for screens in the first load (home): the dialog and its form code (zod, Radix
 * Select, the date picker) are fetched on intent (`prefetchSettleDialog`) or on the first tap at
 * the latest, instead of with the home chunk.
 */
export function LazySettleDialog({ entry, onClose }: LazySettleDialogProps) {
  // Mounted from the first open on, so that closing animates like any other dialog.
  const [used, setUsed] = useState(false);
  if (entry !== null && !used) setUsed(true);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SettleDialog entry={entry} onClose={onClose} />
    </Suspense>
  );
}
