import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { getErrorMessage } from '@/lib/errors';
import { useCreateSupplier } from '@/features/suppliers/api/create-supplier';
import {
  SupplierFields,
  type SupplierFieldErrors,
} from '@/features/suppliers/components/supplier-fields';
import {
  emptySupplierForm,
  toSupplierPayload,
  validateSupplierForm,
  type SupplierField,
  type SupplierFormValues,
} from '@/features/suppliers/lib/supplier-form';

export function NewSupplierPage() {
  const navigate = useNavigate();
  const createSupplier = useCreateSupplier();
  const [values, setValues] = useState<SupplierFormValues>(emptySupplierForm);
  const [errors, setErrors] = useState<SupplierFieldErrors>({});

  function change<K extends SupplierField>(field: K, value: SupplierFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { missing, errors: found } = validateSupplierForm(values);
    setErrors(found);
    if (missing.length > 0) {
      toast.error('Campos obrigatórios', {
        description: 'Por favor, preencha todos os campos obrigatórios.',
      });
      return;
    }
    const firstProblem = Object.values(found).find(Boolean);
    if (firstProblem) {
      toast.error('Dados inválidos', { description: firstProblem });
      return;
    }
    createSupplier.mutate(toSupplierPayload(values), {
      onSuccess: (supplier) => {
        toast.success('Fornecedor cadastrado com sucesso!', {
          description: `${supplier.name} foi adicionado aos seus fornecedores.`,
        });
        void navigate('/fornecedores');
      },
      onError: (error) => {
        toast.error('Erro ao cadastrar fornecedor', { description: getErrorMessage(error) });
      },
    });
  }

  return (
    <>
      <PageHeader
        title="Novo Fornecedor"
        description="Cadastre um novo fornecedor"
        backTo="/fornecedores"
      />
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Novo fornecedor">
        <SupplierFields
          values={values}
          onChange={change}
          errors={errors}
          sectionClassName="rounded-lg border bg-card p-4 pt-2 shadow-sm [&>legend]:float-left [&>legend]:mb-0 [&>legend]:w-full [&>legend]:pt-2"
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <Button type="submit" disabled={createSupplier.isPending}>
            {createSupplier.isPending ? 'Cadastrando...' : 'Cadastrar Fornecedor'}
          </Button>
          <Button variant="outline" onClick={() => void navigate('/fornecedores')}>
            Cancelar
          </Button>
        </div>
      </form>
    </>
  );
}
