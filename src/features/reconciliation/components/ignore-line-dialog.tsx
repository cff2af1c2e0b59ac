import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { TextareaField } from '@/components/form-fields';
import { ignoreLineSchema } from '@/features/reconciliation/api/ignore-line';
import type { StatementLineRow } from '@/features/reconciliation/api/get-reconciliation';

interface IgnoreLineDialogProps {
  line: StatementLineRow | null;
  onClose: () => void;
  /** Resolves true once the line is ignored (the dialog closes), false when it failed (it stays). */
  onIgnore: (line: StatementLineRow, reason: string) => Promise<boolean>;
}

/** "Ignorar" asks why: the reason stays on the line (and in the history). */
export function IgnoreLineDialog({ line, onClose, onIgnore }: IgnoreLineDialogProps) {
  return (
    <FormDialog
      open={line !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Ignorar lançamento do extrato"
      description={
        line ? (
          <span className="break-words">
            {line.memo || 'Sem descrição'} — ele não entra nos livros e sai da lista a conciliar.
          </span>
        ) : null
      }
    >
      {line ? <IgnoreForm key={line.id} line={line} onClose={onClose} onIgnore={onIgnore} /> : null}
    </FormDialog>
  );
}

function IgnoreForm({
  line,
  onClose,
  onIgnore,
}: {
  line: StatementLineRow;
  onClose: () => void;
  onIgnore: IgnoreLineDialogProps['onIgnore'];
}) {
  const form = useForm({
    resolver: zodResolver(ignoreLineSchema),
    defaultValues: { reason: '' },
    // The message goes as soon as the reason changes, and comes back only on the next try.
    reValidateMode: 'onSubmit',
  });
  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: () => form.clearErrors() }),
    [form],
  );

  async function submit({ reason }: { reason: string }) {
    if (await onIgnore(line, reason)) onClose();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(submit)}
      busy={form.formState.isSubmitting}
      onCancel={onClose}
      submitLabel="Ignorar lançamento"
      busyLabel="Ignorando..."
      cancelWhileBusy
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Motivo"
        maxLength={200}
        placeholder="Ex.: lançamento duplicado pelo banco"
      />
    </DialogForm>
  );
}
