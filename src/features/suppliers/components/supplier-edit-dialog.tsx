import { useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Supplier } from '@/lib/api/lookups';
import { getErrorMessage } from '@/lib/errors';
import { useUpdateSupplier } from '@/features/suppliers/api/update-supplier';
import {
  SupplierFields,
  type SupplierFieldErrors,
} from '@/features/suppliers/components/supplier-fields';
import {
  supplierToForm,
  toSupplierPayload,
  validateSupplierForm,
  type SupplierField,
  type SupplierFormValues,
} from '@/features/suppliers/lib/supplier-form';

interface SupplierEditDialogProps {
  supplier: Supplier;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Editar": saves every field of the supplier; on failure it stays open with what was typed. */
export function SupplierEditDialog({ supplier, open, onOpenChange }: SupplierEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Fornecedor</DialogTitle>
          <DialogDescription>Atualize as informações do fornecedor.</DialogDescription>
        </DialogHeader>
        {/* Mounted on each opening, so it starts from the saved supplier. */}
        <EditForm supplier={supplier} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ supplier, onDone }: { supplier: Supplier; onDone: () => void }) {
  const updateSupplier = useUpdateSupplier(supplier.id);
  const [values, setValues] = useState<SupplierFormValues>(() => supplierToForm(supplier));
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
    updateSupplier.mutate(toSupplierPayload(values), {
      onSuccess: () => {
        toast.success('Fornecedor atualizado!', {
          description: 'As informações do fornecedor foram salvas.',
        });
        onDone();
      },
      onError: (error) => {
        toast.error('Erro ao atualizar fornecedor', { description: getErrorMessage(error) });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Editar fornecedor">
      <SupplierFields values={values} onChange={change} errors={errors} withCompanyDetails />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={updateSupplier.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={updateSupplier.isPending}>
          {updateSupplier.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
