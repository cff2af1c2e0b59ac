import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { DialogForm } from '@/components/dialog-form';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DatePicker } from '@/components/ui/date-picker';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ProjectRow } from '@/features/projects/api/get-projects-overview';
import {
  editProjectInput,
  useUpdateProject,
  type EditProjectInput,
  type UpdateProjectVars,
} from '@/features/projects/api/update-project';
import { PrioritySelect, ProjectStatusSelect } from '@/features/projects/components/project-fields';
import { editValuesOf } from '@/features/projects/lib/project-edit';
import { REQUIRED_MESSAGE, REQUIRED_TITLE } from '@/features/projects/lib/project-form';
import { parseIsoDate } from '@/lib/dates';
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
  const form = useForm({
    resolver: zodResolver(editProjectInput),
    // Messages show on Salvar and all go away at the next change.
    reValidateMode: 'onSubmit',
    defaultValues: editValuesOf(project) satisfies EditProjectInput,
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
      if (isNetworkError(error)) {
        toast.error('Erro inesperado', {
          description: 'Ocorreu um erro ao atualizar o projeto.',
        });
      } else {
        toast.error('Erro', { description: 'Não foi possível atualizar o projeto.' });
      }
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

  const start = parseIsoDate(useWatch({ control: form.control, name: 'startDate' }));
  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      busy={busy}
      onCancel={onDone}
    >
      <FormField
        control={form.control}
        name="name"
        render={({ field }) => (
          <FormItem required>
            <FormLabel>Nome da obra</FormLabel>
            <FormControl>
              <Input {...field} maxLength={200} autoComplete="off" disabled={busy} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="address"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Endereço</FormLabel>
            <FormControl>
              <Input {...field} maxLength={300} autoComplete="off" disabled={busy} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="clientName"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Cliente</FormLabel>
            <FormControl>
              <Input {...field} maxLength={200} autoComplete="off" disabled={busy} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Descrição</FormLabel>
            <FormControl>
              <Textarea {...field} maxLength={2000} rows={3} disabled={busy} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="budget"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Orçamento</FormLabel>
            <FormControl>
              <CurrencyInput
                ref={field.ref}
                value={field.value.cents}
                onValueChange={(cents, text) => field.onChange({ cents, text })}
                onBlur={field.onBlur}
                disabled={busy}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          control={form.control}
          name="startDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Data de início</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} disabled={busy} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="endDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Previsão de término</FormLabel>
              <FormControl>
                <DatePicker
                  value={field.value}
                  onChange={field.onChange}
                  // The end cannot be picked before the start.
                  disabledDays={start ? { before: start } : undefined}
                  disabled={busy}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          control={form.control}
          name="status"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Status</FormLabel>
              <ProjectStatusSelect
                value={field.value}
                statuses={PROJECT_STATUSES}
                onChange={field.onChange}
                disabled={busy}
              />
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="priority"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Prioridade</FormLabel>
              <PrioritySelect value={field.value} onChange={field.onChange} disabled={busy} />
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      {/* No "Progresso (%)": an obra's progress comes from its stages (stageProgress); the stored
            completion_percentage is kept as it was. */}
    </DialogForm>
  );
}
