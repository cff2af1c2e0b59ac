import { lazyDialog } from '@/components/lazy-dialog';

/**
 * Dar Baixa for screens in the first load (home): the dialog and its form code (zod, Radix
 * Select, the date picker) are fetched on intent (`prefetchSettleDialog`: pointer over, focus or
 * touch on an entry) or on the first tap at the latest, instead of with the home chunk; not at
 * start-up, where even an idle prefetch counts against the first load's budget.
 */
export const LazySettleDialog = lazyDialog(
  async () =>
    (await import('@/features/entries/components/settle-dialog/settle-dialog')).SettleDialog,
  (props) => props.entry !== null,
);

export const prefetchSettleDialog = LazySettleDialog.preload;
