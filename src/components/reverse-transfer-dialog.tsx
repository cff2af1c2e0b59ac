import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useReverseTransfer } from '@/lib/api/reverse-transfer';
import { formatDate, type IsoDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';

export interface ReversibleTransfer {
  /** The transfer group. */
  id: string;
  amountCents: number;
  date: IsoDate;
  fromAccountName: string | null;
  toAccountName: string | null;
}

interface ReverseTransferDialogProps {
  transfer: ReversibleTransfer | null;
  onOpenChange: (open: boolean) => void;
}

/** "Estornar transferência": confirmation, then reverse_transfer (the opposite pair, dated today). */
export function ReverseTransferDialog({ transfer, onOpenChange }: ReverseTransferDialogProps) {
  const reverse = useReverseTransfer();

  async function confirm() {
    if (!transfer) return;
    // Awaited: the row re-renders as reversed (or leaves the list) once the caches refetch.
    try {
      await reverse.mutateAsync(transfer.id);
    } catch (error) {
      toastError('Erro ao estornar transferência', error);
      onOpenChange(false);
      return;
    }
    toast.success('Transferência estornada', {
      description: 'Os saldos das duas contas voltaram ao que eram antes dela.',
    });
    onOpenChange(false);
  }

  const from = transfer?.fromAccountName ?? 'Conta';
  const to = transfer?.toAccountName ?? 'Conta';
  return (
    <ConfirmDialog
      open={transfer !== null}
      onOpenChange={onOpenChange}
      title="Estornar transferência?"
      description={
        transfer
          ? `A transferência de ${formatCurrency(transfer.amountCents)} de ${from} para ${to}, feita em ${formatDate(transfer.date)}, será desfeita: ${formatCurrency(transfer.amountCents)} voltam de ${to} para ${from} com a data de hoje. O histórico das duas contas mostra o estorno.`
          : null
      }
      confirmLabel="Estornar transferência"
      busyLabel="Estornando..."
      busy={reverse.isPending}
      destructive
      onConfirm={() => void confirm()}
    />
  );
}
