import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import {
  editProjectInput,
  useUpdateProject,
  type EditProjectInput,
  type UpdateProjectVars,
} from '@/features/projects/api/update-project';
import {
  ObraAddressField,
  ObraBudgetField,
  ObraClientField,
  ObraDateFields,
  ObraDescriptionField,
  ObraNameField,
  ObraPriorityField,
  ObraStatusField,
  type EditObraValues,
} from '@/features/projects/components/project-fields';
import { editValuesOf } from '@/features/projects/lib/project-edit';
import { REQUIRED_MESSAGE, REQUIRED_TITLE } from '@/features/projects/lib/project-form';
import { toastProjectSaveError } from '@/features/projects/lib/project-errors';
import { projectStatusLabels } from '@/lib/labels';

/** Every status, in the order of the labels. */
const PROJECT_STATUSES = Object.keys(projectStatusLabels) as (keyof typeof projectStatusLabels)[];

interface EditProjectDialogProps {
  project: ProjectRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditProjectDialog({ project, open, onOpenChange }: EditProjectDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar Obra"
      description="Altere as informações do projeto."
      className="max-h-[90dvh] overflow-y-auto"
    >
      {/* Mounted only while open: each opening starts from the saved obra, while a failed save
        keeps what was typed. */}
      {open ? <EditProjectForm project={project} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function EditProjectForm({ project, onDone }: { project: ProjectRow; onDone: () => void }) {
  const update = useUpdateProject();
  const form = useForm({
    resolver: zodResolver(editProjectInput),
    // Messages show on Salvar and all go away at the next change.
    reValidateMode: 'onSubmit',
    defaultValues: editValuesOf(project) satisfies EditObraValues,
  });
  const busy = update.isPending;

  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: () => form.clearErrors() }),
    [form],
  );

  async function onValid(vars: UpdateProjectVars) {
    try {
      await update.mutateAsync(vars);
    } catch (error) {
      toastProjectSaveError(error, {
        network: 'Ocorreu um erro ao atualizar o projeto.',
        other: 'Não foi possível atualizar o projeto.',
      });
      return;
    }
    toast.success('Projeto atualizado!', {
      description: 'As informações do projeto foram atualizadas com sucesso.',
    });
    onDone();
  }

  function onInvalid(errors: FieldErrors<EditProjectInput>) {
    if (errors.name) {
      toast.error(REQUIRED_TITLE, { description: REQUIRED_MESSAGE });
      return;
    }
    const first = errors.budget?.message ?? errors.endDate?.message ?? errors.completion?.message;
    if (first) toast.error('Erro', { description: first });
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      busy={busy}
      onCancel={onDone}
    >
      <ObraNameField busy={busy} />
      <ObraAddressField busy={busy} />
      <ObraClientField busy={busy} label="Cliente" />
      <ObraDescriptionField busy={busy} />
      <ObraBudgetField busy={busy} keepsText />
      <ObraDateFields busy={busy} />
      <div className="grid grid-cols-2 gap-3">
        <ObraStatusField busy={busy} statuses={PROJECT_STATUSES} />
        <ObraPriorityField busy={busy} />
      </div>
      {/* No "Progresso (%)": an obra's progress comes from its stages (stageProgress); the stored
            completion_percentage is kept as it was. */}
    </DialogForm>
  );
}
