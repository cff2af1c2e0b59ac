import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { optionsOf, plainOptions, SelectField } from '@/components/choice-fields';
import { MoneyField, TextareaField, TextField } from '@/components/form-fields';
import { productCategories, productFrequencyLabels, productUnitLabels } from '@/lib/labels';
import {
  newSupplierProductInput,
  useCreateSupplierProduct,
  type NewSupplierProduct,
  type NewSupplierProductInput,
} from '@/features/suppliers/api/create-supplier-product';
import { toastSupplierFormErrors } from '@/features/suppliers/lib/supplier-form';

interface NewProductDialogProps {
  supplierId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NewProductDialog({ supplierId, open, onOpenChange }: NewProductDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Adicionar Produto"
      description="Inclua um produto no catálogo deste fornecedor."
    >
      <ProductForm supplierId={supplierId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ProductForm({ supplierId, onDone }: { supplierId: string; onDone: () => void }) {
  const createProduct = useCreateSupplierProduct(supplierId);
  const form = useForm({
    resolver: zodResolver(newSupplierProductInput),
    defaultValues: {
      name: '',
      price: '',
      unit: '',
      category: 'Diversos',
      description: '',
      frequency: 'mensal',
    } satisfies NewSupplierProductInput,
  });

  async function onValid(values: NewSupplierProduct) {
    try {
      await createProduct.mutateAsync(values);
    } catch (error) {
      toastError('Erro ao adicionar produto', error);
      return;
    }
    toast.success('Produto adicionado!', {
      description: `${values.name} foi incluído no catálogo.`,
    });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, (errors) =>
        toastSupplierFormErrors(errors, 'Preço inválido'),
      )}
      busy={createProduct.isPending}
      onCancel={onDone}
      submitLabel="Adicionar"
      busyLabel="Adicionando..."
      aria-label="Adicionar produto"
    >
      <TextField
        control={form.control}
        name="name"
        label="Nome do Produto"
        required
        maxLength={200}
        placeholder="Ex: Cimento CP-II 50kg"
      />
      <div className="grid grid-cols-2 gap-3">
        <MoneyField control={form.control} name="price" label="Preço" required holds="text" />
        <SelectField
          control={form.control}
          name="unit"
          label="Unidade"
          required
          options={optionsOf(productUnitLabels)}
          placeholder="Selecione"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          control={form.control}
          name="category"
          label="Categoria"
          options={plainOptions(productCategories)}
        />
        <SelectField
          control={form.control}
          name="frequency"
          label="Frequência"
          options={optionsOf(productFrequencyLabels)}
        />
      </div>
      <TextareaField
        control={form.control}
        name="description"
        label="Descrição"
        maxLength={1000}
        rows={2}
      />
    </DialogForm>
  );
}
