import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { DateField } from '@/components/choice-fields';
import { MoneyField, NotesField, TextField } from '@/components/form-fields';
import type { ProjectStage } from '@/lib/api/project-stages';
import {
  editStageInput,
  useUpdateProjectStage,
  type EditStageInput,
  type UpdateStageVars,
} from '@/features/projects/api/update-project-stage';
import { toastProjectError } from '@/features/projects/lib/project-errors';
import { toCents } from '@/lib/money';

interface EditStageDialogProps {
  /** The stage being edited; null when the dialog is closed. */
  stage: ProjectStage | null;
  onOpenChange: (open: boolean) => void;
}

export function EditStageDialog({ stage, onOpenChange }: EditStageDialogProps) {
  return (
    <FormDialog
      open={stage !== null}
      onOpenChange={onOpenChange}
      title="Editar etapa"
      description={stage?.name}
    >
      {stage ? (
        <EditStageForm key={stage.id} stage={stage} onDone={() => onOpenChange(false)} />
      ) : null}
    </FormDialog>
  );
}

const costOf = (value: number | null) => ({
  cents: value === null ? null : toCents(value),
  text: '',
});

function EditStageForm({ stage, onDone }: { stage: ProjectStage; onDone: () => void }) {
  const update = useUpdateProjectStage();
  const form = useForm({
    resolver: zodResolver(editStageInput),
    defaultValues: {
      projectId: stage.project_id,
      stageId: stage.id,
      name: stage.name,
      estimated: costOf(stage.estimated_cost),
      // Only a completed stage shows (and saves) its completion date.
      completionDate: stage.is_completed ? stage.completion_date : undefined,
      notes: stage.notes ?? '',
    } satisfies EditStageInput,
  });
  const busy = update.isPending;

  async function onValid(vars: UpdateStageVars) {
    try {
      await update.mutateAsync(vars);
    } catch (error) {
      toastProjectError('Erro', error, 'Não foi possível atualizar a etapa.');
      return;
    }
    toast.success('Etapa atualizada!', {
      description: `${vars.changes.name ?? stage.name} foi atualizada.`,
    });
    onDone();
  }

  function onInvalid() {
    toast.error('Erro', { description: 'Confira os valores informados.' });
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      busy={busy}
      onCancel={onDone}
    >
      <TextField
        control={form.control}
        name="name"
        label="Nome da etapa"
        maxLength={120}
        autoComplete="off"
        disabled={busy}
      />
      <MoneyField
        control={form.control}
        name="estimated"
        label="Orçado"
        holds="centsAndText"
        description="O realizado vem dos lançamentos da etapa; não é digitado."
        disabled={busy}
      />
      {stage.is_completed ? (
        <DateField
          control={form.control}
          name="completionDate"
          label="Data de conclusão"
          disabled={busy}
        />
      ) : null}
      <NotesField control={form.control} name="notes" disabled={busy} />
    </DialogForm>
  );
}
