import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthForm } from '@/features/auth/components/auth-form';
import { FieldItem } from '@/components/form-fields';
import { Input } from '@/components/ui/input';
import { CompanyDetailFields, CompanyNameField } from '@/components/company-fields';
import { useCreateCompany } from '@/features/auth/api/create-company';
import { createCompanyInput, type CreateCompanyInput } from '@/lib/api/create-company';
import { emptyCompanyFields } from '@/lib/company-fields';
import { useClearErrorOnEdit } from '@/features/auth/lib/clear-error-on-edit';
import { setSelectedCompanyId } from '@/features/auth/lib/selected-company';
import { getErrorMessage } from '@/lib/errors';

function metadataName(user: User): string {
  const value: unknown = user.user_metadata.full_name;
  return typeof value === 'string' ? value : '';
}

export function CompanySetupForm({ user }: { user: User }) {
  const form = useForm({
    resolver: zodResolver(createCompanyInput),
    reValidateMode: 'onSubmit',
    defaultValues: {
      fullName: metadataName(user),
      ...emptyCompanyFields,
    } satisfies CreateCompanyInput,
  });
  useClearErrorOnEdit(form);
  // The toasts are the hook's callbacks: the new membership makes the setup page redirect (and
  // unmount this form) before the mutation's promise would settle here.
  const create = useCreateCompany(user.id, {
    onSuccess: (company) => {
      setSelectedCompanyId(user.id, company.id);
      toast.success('Empresa criada!', { description: 'Sua empresa foi criada com sucesso' });
    },
    // The spec's one line "Erro ao criar empresa: " plus the message: not toastError's title and
    // description.
    onError: (error) => toast.error(`Erro ao criar empresa: ${getErrorMessage(error)}`),
  });

  function onValid(values: CreateCompanyInput) {
    create.mutate(values);
  }

  return (
    <AuthForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      label="Configurar Empresa"
      submitLabel="Criar empresa"
      busyLabel="Criando empresa..."
      busy={create.isPending}
    >
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Dados pessoais</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FieldItem control={form.control} name="fullName" label="Nome completo" required>
            {(field) => <Input {...field} autoComplete="name" maxLength={200} required />}
          </FieldItem>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Dados da empresa</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CompanyNameField />
          <CompanyDetailFields />
        </CardContent>
      </Card>
    </AuthForm>
  );
}
