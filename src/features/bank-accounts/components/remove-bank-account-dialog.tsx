import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  useRemoveBankAccount,
  type RemoveOutcome,
} from '@/features/bank-accounts/api/remove-bank-account';
import type { BankAccount } from '@/lib/api/lookups';

interface RemoveBankAccountDialogProps {
  account: Pick<BankAccount, 'id' | 'name'> | null;
  onOpenChange: (open: boolean) => void;
  /** After the account was really deleted (the detail page leaves). */
  onDeleted?: () => void;
}

export function RemoveBankAccountDialog({
  account,
  onOpenChange,
  onDeleted,
}: RemoveBankAccountDialogProps) {
  const remove = useRemoveBankAccount();

  async function confirm() {
    if (!account) return;
    const { id, name } = account;
    // Awaited rather than mutate(…, { onSuccess }): the detail page may re-render without this
    // dialog once the account is gone, and the toast and the navigation must happen anyway.
    let outcome: RemoveOutcome;
    try {
      outcome = await remove.mutateAsync(id);
    } catch (error) {
      toastError('Erro ao remover conta bancária', error);
      return;
    }
    if (outcome === 'deleted') {
      toast.success('Conta removida', { description: `${name} foi removida.` });
      onDeleted?.();
    } else {
      toast.success('Conta arquivada', {
        description: `${name} tem histórico de movimentações, por isso foi arquivada (inativada) em vez de removida. O histórico continua disponível.`,
      });
    }
    onOpenChange(false);
  }

  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title="Remover conta?"
      description={
        <>
          {account ? `A conta ${account.name} será removida. ` : null}
          Se ela já tiver movimentações ou lançamentos, será arquivada (inativada) para manter o
          histórico.
        </>
      }
      confirmLabel="Remover"
      busyLabel="Removendo..."
      busy={remove.isPending}
      destructive
      onConfirm={() => void confirm()}
    />
  );
}
