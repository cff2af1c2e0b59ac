import type { User } from '@supabase/supabase-js';
import type { SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateCompany } from '@/features/auth/api/create-company';
import { setSelectedCompanyId } from '@/features/auth/lib/selected-company';
import { useFormValues } from '@/features/auth/lib/use-form-values';
import { hasErrors, validateCompany, type CompanyValues } from '@/features/auth/lib/validation';
import { getErrorMessage } from '@/lib/errors';

function metadataName(user: User): string {
  const value: unknown = user.user_metadata.full_name;
  return typeof value === 'string' ? value : '';
}

type TextField = Exclude<keyof CompanyValues, 'fullName' | 'name'>;

const optionalFields: {
  field: TextField;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric' | 'email';
  placeholder?: string;
}[] = [
  { field: 'document', label: 'CNPJ/CPF', inputMode: 'numeric', placeholder: '00.000.000/0000-00' },
  {
    field: 'email',
    label: 'Email da empresa',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
  },
  {
    field: 'phone',
    label: 'Telefone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '(00) 00000-0000',
  },
  { field: 'address', label: 'Endereço', autoComplete: 'street-address' },
  { field: 'city', label: 'Cidade', autoComplete: 'address-level2' },
  { field: 'state', label: 'Estado', autoComplete: 'address-level1', placeholder: 'UF' },
  {
    field: 'zipCode',
    label: 'CEP',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    placeholder: '00000-000',
  },
];

export function CompanySetupForm({ user }: { user: User }) {
  const { values, errors, setErrors, update } = useFormValues<CompanyValues>(() => ({
    fullName: metadataName(user),
    name: '',
    document: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
  }));
  const create = useCreateCompany(user.id, {
    onSuccess: (company) => {
      setSelectedCompanyId(user.id, company.id);
      toast.success('Empresa criada!', { description: 'Sua empresa foi criada com sucesso' });
    },
    onError: (error) => toast.error(`Erro ao criar empresa: ${getErrorMessage(error)}`),
  });

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateCompany(values);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(values);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Configurar Empresa">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Dados pessoais</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Nome completo" error={errors.fullName} required>
            <Input
              autoComplete="name"
              required
              value={values.fullName}
              onChange={(e) => update('fullName', e.target.value)}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Dados da empresa</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Nome da empresa" error={errors.name} required>
            <Input
              autoComplete="organization"
              required
              value={values.name}
              onChange={(e) => update('name', e.target.value)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {optionalFields.map(({ field, label, type, autoComplete, inputMode, placeholder }) => (
              <FormField
                key={field}
                label={label}
                error={errors[field]}
                className={field === 'address' || field === 'email' ? 'sm:col-span-2' : undefined}
              >
                <Input
                  type={type}
                  autoComplete={autoComplete}
                  inputMode={inputMode}
                  placeholder={placeholder}
                  value={values[field]}
                  onChange={(e) => update(field, e.target.value)}
                />
              </FormField>
            ))}
          </div>
        </CardContent>
      </Card>
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending ? 'Criando empresa...' : 'Criar empresa'}
      </Button>
    </form>
  );
}
