import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { Entry } from '@/lib/entries';
import { useReopenEntry } from '@/features/entries/api/reopen-entry';
import { EstornoButton } from '@/features/entries/components/estorno-button';
import { toastEntryError } from '@/features/entries/lib/entry-errors';
import { errorKey } from '@/lib/errors';
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
      if (errorKey(error) === 'entry_not_settled') {
        toast.error('Erro', {
          description:
            'Este lançamento já foi estornado em outro aparelho. A lista foi atualizada.',
        });
      } else {
        toastEntryError(error, 'Não foi possível estornar o lançamento.');
      }
    },
  });
  const amount = formatCurrency(entry.amountCents);
  const account = entry.bankAccountName ?? 'a conta bancária';

  return (
    <EstornoButton
      kind={entry.kind}
      description={
        entry.kind === 'expense'
          ? `${entry.description} voltará a ficar pendente e ${amount} voltará para ${account}.`
          : `${entry.description} voltará a ficar pendente e ${amount} sairá de ${account}.`
      }
      open={open}
      onOpenChange={setOpen}
      busy={reopen.isPending}
      onConfirm={() => reopen.mutate({ kind: entry.kind, id: entry.id })}
    />
  );
}
