import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { ChangedNotice, fieldChanges } from '@/components/changed-notice';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { entryQuery, paymentState, type EntryDetail } from '@/features/entries/api/get-entry';
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
import { draftFromParts } from '@/features/entries/lib/split-draft';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDate } from '@/lib/dates';
import { DATABASE_KEY_MESSAGES, errorKey } from '@/lib/errors';
import { formatCurrency } from '@/lib/money';

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

/** The form as the entry is: an entry with payments keeps its amount (not sent at all). */
function formValues(entry: EntryDetail): UpdateEntryInput {
  return {
    kind: entry.kind,
    id: entry.id,
    updatedAt: entry.updatedAt,
    description: entry.description,
    amountCents: paymentState(entry) !== 'open' ? undefined : entry.amountCents,
    dueDate: entry.dueDate,
    bankAccountId: entry.bankAccountId,
    categoryId: entry.categoryId,
    projectId: entry.projectId,
    stageId: entry.stageId,
    counterpartyId: entry.counterpartyId,
    counterpartyName: entry.counterpartyName ?? '',
    paymentMethod: isPaymentMethod(entry.paymentMethod) ? entry.paymentMethod : null,
    notes: entry.notes ?? '',
    split: entry.parts ? draftFromParts(entry.parts) : null,
    ...(paymentState(entry) !== 'open' ? { lockedAmountCents: entry.amountCents } : {}),
  };
}

const none = (text: string | null) => (text?.trim() ? text : '—');

/** What another person may have changed, field by field, as the form names the fields. */
function editFields(kind: EntryDetail['kind']) {
  return [
    ['Descrição', (e: EntryDetail) => e.description],
    ['Valor', (e: EntryDetail) => formatCurrency(e.amountCents)],
    ['Vencimento', (e: EntryDetail) => formatDate(e.dueDate)],
    [kind === 'expense' ? 'Fornecedor' : 'Cliente', (e: EntryDetail) => none(e.counterpartyName)],
    ['Obra', (e: EntryDetail) => none(e.projectName)],
    ['Etapa', (e: EntryDetail) => none(e.stageName)],
    ['Categoria', (e: EntryDetail) => none(e.categoryName)],
    [
      'Rateio',
      (e: EntryDetail) =>
        e.parts ? e.parts.map((part) => formatCurrency(part.amountCents)).join(' + ') : '—',
    ],
    ['Conta bancária', (e: EntryDetail) => none(e.bankAccountName)],
    ['Observações', (e: EntryDetail) => none(e.notes)],
    ['Pago', (e: EntryDetail) => formatCurrency(e.paidCents)],
  ] as const;
}

function EntryChangedNotice({ before, after }: { before: EntryDetail; after: EntryDetail }) {
  return (
    <ChangedNotice
      title={DATABASE_KEY_MESSAGES.entry_changed}
      changes={fieldChanges(before, after, editFields(before.kind))}
    >
      Nada foi salvo. O que você alterou continua abaixo, o resto mostra a versão nova: confira e
      toque em Salvar.
    </ChangedNotice>
  );
}

function EntryEditForm({ entry, onDone }: { entry: EntryDetail; onDone: () => void }) {
  const { id: companyId, role } = useCurrentCompany();
  const queryClient = useQueryClient();
  // The version opened and the one read after the database said it changed (entry_changed): the
  // next Salvar is on the new one, with what the user typed kept.
  const [changed, setChanged] = useState<{ before: EntryDetail; after: EntryDetail } | null>(null);
  const form = useForm<UpdateEntryInput, unknown, UpdateEntryValues>({
    resolver: zodResolver(updateEntrySchema),
    defaultValues: formValues(entry),
  });
  const update = useUpdateEntry();
  const resent = resendsForApproval(entry, useCurrentCompany().userId);

  async function save(values: UpdateEntryValues) {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      if (errorKey(error) === 'entry_changed') {
        const now = await queryClient
          .query({ ...entryQuery(companyId, entry.kind, entry.id, role), staleTime: 0 })
          .catch(() => null);
        if (now) {
          setChanged({ before: changed?.before ?? entry, after: now });
          // What the user typed stays; every field they did not touch shows the new version.
          form.reset(formValues(now), { keepDirtyValues: true });
          return;
        }
      }
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
      {changed ? <EntryChangedNotice before={changed.before} after={changed.after} /> : null}
      <EntryFields kind={entry.kind} entry={entry} />
    </DialogForm>
  );
}
