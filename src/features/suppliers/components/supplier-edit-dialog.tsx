import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import type { Supplier } from '@/lib/api/lookups';
import type { SupplierPayload } from '@/features/suppliers/api/create-supplier';
import {
  supplierToInput,
  updateSupplierInput,
  useUpdateSupplier,
} from '@/features/suppliers/api/update-supplier';
import { SupplierFields } from '@/features/suppliers/components/supplier-fields';
import { toastSupplierFormErrors } from '@/features/suppliers/lib/supplier-form';

interface SupplierEditDialogProps {
  supplier: Supplier;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Editar": saves every field of the supplier; on failure it stays open with what was typed. */
export function SupplierEditDialog({ supplier, open, onOpenChange }: SupplierEditDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar Fornecedor"
      description="Atualize as informações do fornecedor."
    >
      {/* Mounted on each opening, so it starts from the saved supplier. */}
      <EditForm supplier={supplier} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EditForm({ supplier, onDone }: { supplier: Supplier; onDone: () => void }) {
  const updateSupplier = useUpdateSupplier(supplier.id);
  const form = useForm({
    resolver: zodResolver(updateSupplierInput),
    defaultValues: supplierToInput(supplier),
  });

  async function onValid(payload: SupplierPayload) {
    try {
      await updateSupplier.mutateAsync(payload);
    } catch (error) {
      // The dialog stays open with what was typed, so the user can fix it and try again.
      toastError('Erro ao atualizar fornecedor', error);
      return;
    }
    toast.success('Fornecedor atualizado!', {
      description: 'As informações do fornecedor foram salvas.',
    });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, (errors) =>
        toastSupplierFormErrors(errors, 'Dados inválidos'),
      )}
      busy={updateSupplier.isPending}
      onCancel={onDone}
      aria-label="Editar fornecedor"
      className="gap-5"
    >
      <SupplierFields withCompanyDetails />
    </DialogForm>
  );
}
