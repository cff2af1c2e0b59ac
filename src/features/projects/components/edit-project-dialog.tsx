import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import { useUpdateProject } from '@/features/projects/api/update-project';
import {
  PriorityField,
  ProjectDateFields,
  ProjectStatusField,
} from '@/features/projects/components/project-fields';
import {
  editValuesOf,
  toProjectUpdate,
  validateProjectEdit,
  type ProjectEditErrors,
  type ProjectEditValues,
} from '@/features/projects/lib/project-edit';
import { REQUIRED_MESSAGE, REQUIRED_TITLE } from '@/features/projects/lib/project-form';
import { isNetworkError } from '@/lib/errors';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Editar Obra</DialogTitle>
          <DialogDescription>Altere as informações do projeto.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the saved obra, while a failed save
            keeps what was typed. */}
        {open ? <EditProjectForm project={project} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProjectForm({ project, onDone }: { project: ProjectRow; onDone: () => void }) {
  const update = useUpdateProject();
  const [values, setValues] = useState<ProjectEditValues>(() => editValuesOf(project));
  const [errors, setErrors] = useState<ProjectEditErrors>({});
  const busy = update.isPending;

  function change(patch: Partial<ProjectEditValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateProjectEdit(values);
    setErrors(found);
    const first = found.name ?? found.budget ?? found.endDate ?? found.completion;
    if (first) {
      toast.error(found.name ? REQUIRED_TITLE : 'Erro', {
        description: found.name ? REQUIRED_MESSAGE : first,
      });
      return;
    }
    update.mutate(
      { id: project.id, changes: toProjectUpdate(values) },
      {
        onSuccess: () => {
          toast.success('Projeto atualizado!', {
            description: 'As informações do projeto foram atualizadas com sucesso.',
          });
          onDone();
        },
        onError: (error) => {
          if (isNetworkError(error)) {
            toast.error('Erro inesperado', {
              description: 'Ocorreu um erro ao atualizar o projeto.',
            });
          } else {
            toast.error('Erro', { description: 'Não foi possível atualizar o projeto.' });
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
      <FormField label="Nome da obra" required error={errors.name}>
        <Input
          value={values.name}
          onChange={(event) => change({ name: event.target.value })}
          maxLength={200}
          autoComplete="off"
          disabled={busy}
        />
      </FormField>
      <FormField label="Endereço">
        <Input
          value={values.address}
          onChange={(event) => change({ address: event.target.value })}
          maxLength={300}
          autoComplete="off"
          disabled={busy}
        />
      </FormField>
      <FormField label="Cliente">
        <Input
          value={values.clientName}
          onChange={(event) => change({ clientName: event.target.value })}
          maxLength={200}
          autoComplete="off"
          disabled={busy}
        />
      </FormField>
      <FormField label="Descrição">
        <Textarea
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
          maxLength={2000}
          rows={3}
          disabled={busy}
        />
      </FormField>
      <FormField label="Orçamento" error={errors.budget}>
        <CurrencyInput
          value={values.budgetCents}
          onValueChange={(cents, text) => change({ budgetCents: cents, budgetText: text })}
          disabled={busy}
        />
      </FormField>
      <ProjectDateFields
        startDate={values.startDate}
        endDate={values.endDate}
        onChange={change}
        errors={{ endDate: errors.endDate }}
        disabled={busy}
      />
      <div className="grid grid-cols-2 gap-3">
        <ProjectStatusField
          value={values.status}
          statuses={PROJECT_STATUSES}
          onChange={(status) => change({ status })}
          disabled={busy}
        />
        <PriorityField
          value={values.priority}
          onChange={(priority) => change({ priority })}
          disabled={busy}
        />
      </div>
      <FormField label="Progresso (%)" error={errors.completion}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={values.completionText}
          onChange={(event) => change({ completionText: event.target.value })}
          disabled={busy}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
