import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import {
  emptySupplierInput,
  supplierInput,
  useCreateSupplier,
  type SupplierPayload,
} from '@/features/suppliers/api/create-supplier';
import { SupplierFields } from '@/features/suppliers/components/supplier-fields';
import { toastSupplierFormErrors } from '@/features/suppliers/lib/supplier-form';

export function NewSupplierPage() {
  const navigate = useNavigate();
  const createSupplier = useCreateSupplier();
  const form = useForm({
    resolver: zodResolver(supplierInput),
    defaultValues: emptySupplierInput,
  });

  async function onValid(payload: SupplierPayload) {
    let supplier;
    try {
      supplier = await createSupplier.mutateAsync(payload);
    } catch (error) {
      // What was typed stays, so the user can fix it and try again.
      toastError('Erro ao cadastrar fornecedor', error);
      return;
    }
    toast.success('Fornecedor cadastrado com sucesso!', {
      description: `${supplier.name} foi adicionado aos seus fornecedores.`,
    });
    void navigate('/fornecedores');
  }

  return (
    <>
      <PageHeader
        title="Novo Fornecedor"
        description="Cadastre um novo fornecedor"
        backTo="/fornecedores"
      />
      <Form {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit(onValid, (errors) =>
            toastSupplierFormErrors(errors, 'Dados inválidos'),
          )}
          className="grid gap-4"
          aria-label="Novo fornecedor"
        >
          <SupplierFields
            twoColumns
            sectionClassName="rounded-lg border bg-card p-4 pt-2 shadow-sm [&>legend]:float-left [&>legend]:mb-0 [&>legend]:w-full [&>legend]:pt-2"
          />
          <div className="grid gap-2 sm:grid-cols-2 lg:flex lg:justify-end">
            <Button type="submit" disabled={createSupplier.isPending}>
              {createSupplier.isPending ? 'Cadastrando...' : 'Cadastrar Fornecedor'}
            </Button>
            <Button variant="outline" onClick={() => void navigate('/fornecedores')}>
              Cancelar
            </Button>
          </div>
        </form>
      </Form>
    </>
  );
}
