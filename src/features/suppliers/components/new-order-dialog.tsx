import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { DateField } from '@/components/choice-fields';
import { FieldItem, MoneyField, NotesField, TextField } from '@/components/form-fields';
import { ProjectPicker } from '@/components/pickers/pickers';
import { useProjects } from '@/lib/api/lookups';
import { todayLocal } from '@/lib/dates';
import {
  newSupplierOrderInput,
  useCreateSupplierOrder,
  type NewSupplierOrder,
  type NewSupplierOrderInput,
} from '@/features/suppliers/api/create-supplier-order';
import { toastSupplierFormErrors } from '@/features/suppliers/lib/supplier-form';

interface NewOrderDialogProps {
  supplierId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NewOrderDialog({ supplierId, open, onOpenChange }: NewOrderDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Novo Pedido"
      description="Registre um pedido feito a este fornecedor."
    >
      <OrderForm supplierId={supplierId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function OrderForm({ supplierId, onDone }: { supplierId: string; onDone: () => void }) {
  const projects = useProjects();
  const createOrder = useCreateSupplierOrder(supplierId);
  const form = useForm({
    resolver: zodResolver(newSupplierOrderInput),
    defaultValues: {
      description: '',
      amount: '',
      projectId: '',
      deliveryDate: null,
      notes: '',
    } satisfies NewSupplierOrderInput,
  });

  async function onValid(values: Omit<NewSupplierOrder, 'orderDate'>) {
    try {
      await createOrder.mutateAsync({ ...values, orderDate: todayLocal() });
    } catch (error) {
      toastError('Erro ao criar pedido', error);
      return;
    }
    toast.success('Pedido criado!', { description: `${values.description} foi registrado.` });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, (errors) =>
        toastSupplierFormErrors(errors, 'Valor inválido'),
      )}
      busy={createOrder.isPending}
      onCancel={onDone}
      submitLabel="Criar Pedido"
      busyLabel="Criando..."
      aria-label="Novo pedido"
    >
      <TextField
        control={form.control}
        name="description"
        label="Descrição"
        required
        maxLength={200}
        placeholder="Ex: 50 sacos de cimento"
      />
      <MoneyField control={form.control} name="amount" label="Valor" required holds="text" />
      <FieldItem
        control={form.control}
        name="projectId"
        label="Obra"
        required
        description={
          projects.data?.length === 0
            ? 'Nenhuma obra cadastrada. Cadastre uma obra primeiro.'
            : undefined
        }
      >
        {(field) => (
          <ProjectPicker
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value as string}
            onChange={field.onChange}
            placeholder={projects.isPending ? 'Carregando...' : 'Selecione a obra'}
          />
        )}
      </FieldItem>
      <DateField control={form.control} name="deliveryDate" label="Data de Entrega" />
      <NotesField control={form.control} name="notes" />
    </DialogForm>
  );
}
