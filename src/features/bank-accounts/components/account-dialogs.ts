// The account dialogs behind a tap, for the list and the detail page alike. Their code (forms with
// zod, react-hook-form, Radix Select, the date picker; Radix AlertDialog) loads when first opened,
// or on intent with .preload, not with either screen's chunk.
import { lazyDialog } from '@/components/lazy-dialog';

export const EditBankAccountDialog = lazyDialog(
  async () =>
    (await import('@/features/bank-accounts/components/edit-bank-account-dialog'))
      .EditBankAccountDialog,
  (props) => props.account !== null,
);
export const RemoveBankAccountDialog = lazyDialog(
  async () =>
    (await import('@/features/bank-accounts/components/remove-bank-account-dialog'))
      .RemoveBankAccountDialog,
  (props) => props.account !== null,
);
export const TransferDialog = lazyDialog(
  async () => (await import('@/features/bank-accounts/components/transfer-dialog')).TransferDialog,
  (props) => props.open,
);
