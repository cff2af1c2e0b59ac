import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import {
  createCompanyInput,
  useCreateCompany,
  type CreateCompanyInput,
} from '@/features/auth/api/create-company';
import { useClearErrorOnEdit } from '@/features/auth/lib/clear-error-on-edit';
import { setSelectedCompanyId } from '@/features/auth/lib/selected-company';
import { getErrorMessage } from '@/lib/errors';

function metadataName(user: User): string {
  const value: unknown = user.user_metadata.full_name;
  return typeof value === 'string' ? value : '';
}

type TextField = Exclude<keyof CreateCompanyInput, 'fullName' | 'name'>;

const optionalFields: {
  field: TextField;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric' | 'email';
  placeholder?: string;
  /** the column's limit in the database (docs/contracts.md, "Text limits") */
  maxLength: number;
}[] = [
  {
    field: 'document',
    label: 'CNPJ/CPF',
    inputMode: 'numeric',
    placeholder: '00.000.000/0000-00',
    maxLength: 30,
  },
  {
    field: 'email',
    label: 'Email da empresa',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: 320,
  },
  {
    field: 'phone',
    label: 'Telefone',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    placeholder: '(00) 00000-0000',
    maxLength: 40,
  },
  { field: 'address', label: 'Endereço', autoComplete: 'street-address', maxLength: 300 },
  { field: 'city', label: 'Cidade', autoComplete: 'address-level2', maxLength: 120 },
  {
    field: 'state',
    label: 'Estado',
    autoComplete: 'address-level1',
    placeholder: 'UF',
    maxLength: 60,
  },
  {
    field: 'zipCode',
    label: 'CEP',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    placeholder: '00000-000',
    maxLength: 20,
  },
];

export function CompanySetupForm({ user }: { user: User }) {
  const form = useForm({
    resolver: zodResolver(createCompanyInput),
    reValidateMode: 'onSubmit',
    defaultValues: {
      fullName: metadataName(user),
      name: '',
      document: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
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
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onValid)}
        noValidate
        className="grid gap-4"
        aria-label="Configurar Empresa"
      >
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Dados pessoais</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField
              control={form.control}
              name="fullName"
              render={({ field }) => (
                <FormItem required>
                  <FormLabel>Nome completo</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="name" maxLength={200} required />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Dados da empresa</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem required>
                  <FormLabel>Nome da empresa</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="organization" maxLength={200} required />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {optionalFields.map(
                ({ field: name, label, type, autoComplete, inputMode, placeholder, maxLength }) => (
                  <FormField
                    key={name}
                    control={form.control}
                    name={name}
                    render={({ field }) => (
                      <FormItem
                        className={
                          name === 'address' || name === 'email' ? 'sm:col-span-2' : undefined
                        }
                      >
                        <FormLabel>{label}</FormLabel>
                        <FormControl>
                          <Input
                            {...field}
                            type={type}
                            autoComplete={autoComplete}
                            inputMode={inputMode}
                            placeholder={placeholder}
                            maxLength={maxLength}
                          />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                ),
              )}
            </div>
          </CardContent>
        </Card>
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Criando empresa...' : 'Criar empresa'}
        </Button>
      </form>
    </Form>
  );
}
