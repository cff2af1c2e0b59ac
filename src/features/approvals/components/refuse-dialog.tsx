import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { TextareaField } from '@/components/form-fields';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import type { Approval } from '@/features/approvals/api/get-approvals';
import {
  REFUSAL_REASON_MAX,
  refuseInput,
  useRefusePayable,
  type RefuseInput,
  type RefuseValues,
} from '@/features/approvals/api/decide-payable';
import {
  decisionDialog,
  isEntryChanged,
  type DecisionFormProps,
} from '@/features/approvals/components/decision-dialog';

/** Recusar: the reason is required; the requester reads it on the entry and corrects it. */
export const RefuseDialog = decisionDialog({
  title: 'Recusar lançamento',
  explanation: 'Quem lançou verá o motivo e poderá corrigir e enviar novamente.',
  failureTitle: 'Erro ao recusar lançamento',
  Form: RefuseForm,
});

const versionOf = (approval: Approval) => ({
  payableId: approval.id,
  amountCents: approval.amountCents,
  updatedAt: approval.updatedAt,
});

function RefuseForm({ approval, onDone, onChanged }: DecisionFormProps) {
  const refuse = useRefusePayable();
  const form = useForm<RefuseInput, unknown, RefuseValues>({
    resolver: zodResolver(refuseInput),
    defaultValues: { ...versionOf(approval), reason: '' },
  });

  async function onValid(values: RefuseValues) {
    try {
      await refuse.mutateAsync(values);
    } catch (error) {
      if (isEntryChanged(error)) {
        // The reason typed stays; the next Recusar is on the new version.
        const fresh = await onChanged();
        if (fresh)
          form.reset({ ...versionOf(fresh), reason: values.reason }, { keepDirtyValues: true });
        return;
      }
      toastError('Erro ao recusar lançamento', error);
      return;
    }
    toast.success('Lançamento recusado', {
      description: `${approval.requesterName ?? 'Quem lançou'} verá o motivo no lançamento.`,
    });
    onDone();
  }

  const busy = refuse.isPending;
  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      busy={busy}
      onCancel={onDone}
      submitLabel="Recusar"
      busyLabel="Recusando..."
      submitVariant="destructive"
      aria-label="Recusar lançamento"
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Motivo da recusa"
        required
        maxLength={REFUSAL_REASON_MAX}
        rows={3}
        placeholder="Ex: nota fiscal ilegível, valor diferente do orçamento"
        disabled={busy}
      />
    </DialogForm>
  );
}
