import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { MoneyField, TextField } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import {
  newStageInput,
  useAddStage,
  type NewStageInput,
} from '@/features/projects/api/manage-stages';
import { toastProjectError } from '@/features/projects/lib/project-errors';

/** Nova etapa after the obra exists: a name and an optional orçado; it goes last. */
export function AddStageForm({ projectId, nextIndex }: { projectId: string; nextIndex: number }) {
  const add = useAddStage(projectId);
  const form = useForm({
    resolver: zodResolver(newStageInput),
    defaultValues: { name: '', budgetCents: null } satisfies NewStageInput,
  });

  async function onValid(input: NewStageInput) {
    try {
      await add.mutateAsync({ nextIndex, input });
    } catch (error) {
      toastProjectError('Erro', error, 'Não foi possível adicionar a etapa.');
      return;
    }
    toast.success('Etapa adicionada!', { description: `${input.name.trim()} foi adicionada.` });
    form.reset({ name: '', budgetCents: null });
  }

  return (
    <Card>
      <CardContent className="p-4">
        <Form {...form}>
          <form
            noValidate
            aria-label="Nova etapa"
            onSubmit={form.handleSubmit(onValid)}
            className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
          >
            <TextField
              control={form.control}
              name="name"
              label="Nova etapa"
              maxLength={120}
              autoComplete="off"
              placeholder="Ex.: Cobertura"
              disabled={add.isPending}
            />
            <MoneyField
              control={form.control}
              name="budgetCents"
              label="Orçado da etapa"
              disabled={add.isPending}
            />
            <Button type="submit" disabled={add.isPending} className="sm:mt-[1.375rem]">
              <Plus aria-hidden="true" />
              {add.isPending ? 'Adicionando...' : 'Adicionar etapa'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
