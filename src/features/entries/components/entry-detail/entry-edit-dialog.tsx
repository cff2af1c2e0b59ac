import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { paymentState, type EntryDetail } from '@/features/entries/api/get-entry';
import {
  PAYMENT_METHODS,
  updateEntrySchema,
  useUpdateEntry,
  type UpdateEntryInput,
  type UpdateEntryValues,
} from '@/features/entries/api/update-entry';
import { EntryFields } from '@/features/entries/components/entry-fields';
import { toastEntryError } from '@/features/entries/lib/entry-errors';
import { resendsForApproval } from '@/features/entries/lib/approval';
import { useCurrentCompany } from '@/lib/current-company';

function isPaymentMethod(value: string | null): value is (typeof PAYMENT_METHODS)[number] {
  return (PAYMENT_METHODS as readonly (string | null)[]).includes(value);
}

interface EntryEditDialogProps {
  entry: EntryDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Editar lançamento": every field of a pending entry; one with payments keeps its money facts. */
export function EntryEditDialog({ entry, open, onOpenChange }: EntryEditDialogProps) {
  const { userId } = useCurrentCompany();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar lançamento"
      description={
        resendsForApproval(entry, userId)
          ? 'Corrija os dados e toque em Salvar: o lançamento será enviado novamente para aprovação.'
          : 'Altere os dados e toque em Salvar.'
      }
      className="max-w-lg"
    >
      <EntryEditForm entry={entry} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EntryEditForm({ entry, onDone }: { entry: EntryDetail; onDone: () => void }) {
  const amountLocked = paymentState(entry) !== 'open';

  const form = useForm<UpdateEntryInput, unknown, UpdateEntryValues>({
    resolver: zodResolver(updateEntrySchema),
    defaultValues: {
      kind: entry.kind,
      id: entry.id,
      description: entry.description,
      // An entry with payments keeps its amount: not sent at all.
      amountCents: amountLocked ? undefined : entry.amountCents,
      dueDate: entry.dueDate,
      bankAccountId: entry.bankAccountId,
      categoryId: entry.categoryId,
      projectId: entry.projectId,
      stageId: entry.stageId,
      counterpartyId: entry.counterpartyId,
      counterpartyName: entry.counterpartyName ?? '',
      paymentMethod: isPaymentMethod(entry.paymentMethod) ? entry.paymentMethod : null,
      notes: entry.notes ?? '',
    },
  });
  const update = useUpdateEntry();
  const resent = resendsForApproval(entry, useCurrentCompany().userId);

  async function save(values: UpdateEntryValues) {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      toastEntryError(error, 'Não foi possível salvar as alterações.');
      return;
    }
    toast.success('Lançamento atualizado', {
      description: resent
        ? 'A correção foi enviada novamente para aprovação.'
        : 'As alterações foram salvas com sucesso.',
    });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(save)}
      busy={update.isPending}
      onCancel={onDone}
    >
      <EntryFields kind={entry.kind} entry={entry} />
    </DialogForm>
  );
}
