import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import type { Entry } from '@/lib/entries';
import { useReopenEntry } from '@/features/entries/api/reopen-entry';
import {
  errorKey,
  isNetworkError,
  UNEXPECTED_ERROR_MESSAGE,
  UNEXPECTED_ERROR_TITLE,
} from '@/lib/errors';
import { formatCurrency } from '@/lib/money';

/** Estorno of a settled entry, after a confirmation: the money goes back and the entry is pending again. */
export function ReopenButton({ entry }: { entry: Entry }) {
  const [open, setOpen] = useState(false);
  const reopen = useReopenEntry({
    onSuccess: () => {
      toast.success('Estorno realizado', {
        description: `${entry.description} voltou para pendente.`,
      });
      setOpen(false);
    },
    onError: (error) => {
      setOpen(false);
      if (isNetworkError(error)) {
        toast.error(UNEXPECTED_ERROR_TITLE, { description: UNEXPECTED_ERROR_MESSAGE });
      } else if (errorKey(error) === 'entry_not_settled') {
        toast.error('Erro', {
          description:
            'Este lançamento já foi estornado em outro aparelho. A lista foi atualizada.',
        });
      } else {
        toastError('Erro', error, 'Não foi possível estornar o lançamento.');
      }
    },
  });
  const isExpense = entry.kind === 'expense';
  const amount = formatCurrency(entry.amountCents);
  const account = entry.bankAccountName ?? 'a conta bancária';

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" />
        Estornar
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={isExpense ? 'Estornar pagamento?' : 'Estornar recebimento?'}
        description={
          isExpense
            ? `${entry.description} voltará a ficar pendente e ${amount} voltará para ${account}.`
            : `${entry.description} voltará a ficar pendente e ${amount} sairá de ${account}.`
        }
        confirmLabel="Confirmar estorno"
        busyLabel="Estornando..."
        busy={reopen.isPending}
        destructive
        onConfirm={() => reopen.mutate({ kind: entry.kind, id: entry.id })}
      />
    </>
  );
}
