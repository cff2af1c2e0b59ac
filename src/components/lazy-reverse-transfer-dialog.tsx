import { lazyDialog } from '@/components/lazy-dialog';

/**
 * "Estornar transferência" for lists that show transfers (Movimentações, a bank account's
 * ledger): the confirmation and its Radix AlertDialog are fetched on intent (pointer over or focus
 * on an "Estornar" button, `prefetchReverseTransferDialog`) or on the tap, not with the list.
 */
export const LazyReverseTransferDialog = lazyDialog(
  async () => (await import('@/components/reverse-transfer-dialog')).ReverseTransferDialog,
  (props) => props.transfer !== null,
);

export const prefetchReverseTransferDialog = LazyReverseTransferDialog.preload;
