import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { useCurrentCompany } from '@/lib/current-company';
import { errorKey, getErrorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import {
  ownNameInput,
  useUpdateOwnName,
  type OwnNameInput,
  type OwnNameValues,
} from '@/features/preferences/api/update-own-name';

/**
 * Seu nome: how the company sees the signed-in member (Membros, Atividade, Histórico), with their
 * e-mail. A name another member has is refused and stays typed, with the reason under the field.
 */
export function OwnNameCard() {
  const { fullName, email } = useCurrentCompany();
  const update = useUpdateOwnName();
  const form = useForm<OwnNameInput, unknown, OwnNameValues>({
    resolver: zodResolver(ownNameInput),
    values: { fullName },
    resetOptions: { keepDirtyValues: true },
  });

  async function onValid(values: OwnNameValues) {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      if (errorKey(error) === 'member_name_taken') {
        form.setError('fullName', { message: getErrorMessage(error) }, { shouldFocus: true });
        return;
      }
      toastError('Erro ao salvar nome', error);
      return;
    }
    form.reset({ fullName: values.fullName });
    toast.success('Nome alterado!');
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserRound className="size-5 text-primary" aria-hidden="true" />
          Seu nome
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            aria-label="Seu nome"
            className="grid gap-3"
            onSubmit={form.handleSubmit(onValid)}
          >
            <TextField
              control={form.control}
              name="fullName"
              label="Nome"
              description={`Como a empresa vê você em Membros, Atividade e Histórico, com seu email (${email}).`}
              required
              maxLength={200}
              autoComplete="name"
              disabled={update.isPending}
            />
            <Button
              type="submit"
              className="justify-self-start"
              disabled={update.isPending || !form.formState.isDirty}
            >
              {update.isPending ? 'Salvando...' : 'Salvar nome'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
