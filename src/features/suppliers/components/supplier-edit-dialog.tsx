import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { ChangedNotice } from '@/components/changed-notice';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import type { Supplier } from '@/lib/api/lookups';
import { useCurrentCompany } from '@/lib/current-company';
import { errorKey } from '@/lib/errors';
import { getSupplier } from '@/features/suppliers/api/get-supplier';
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
  const { id: companyId } = useCurrentCompany();
  const updateSupplier = useUpdateSupplier(supplier.id);
  const form = useForm({
    resolver: zodResolver(updateSupplierInput),
    defaultValues: supplierToInput(supplier),
  });
  // The version the form shows: the supplier as opened, or as read again after someone else saved
  // it meanwhile (supplier_changed), then the next Salvar goes onto that one.
  const [version, setVersion] = useState(supplier.updated_at);
  const [changed, setChanged] = useState(false);

  async function onValid(payload: SupplierPayload) {
    try {
      await updateSupplier.mutateAsync({ ...payload, version });
    } catch (error) {
      if (errorKey(error) === 'supplier_changed') {
        const now = await getSupplier(companyId, supplier.id).catch(() => null);
        if (now) {
          // What the user typed stays; every field they did not touch shows the new version.
          form.reset(supplierToInput(now), { keepDirtyValues: true });
          setVersion(now.updated_at);
          setChanged(true);
          return;
        }
      }
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
      {changed ? (
        <ChangedNotice title="Este fornecedor mudou desde que você o abriu.">
          Nada foi salvo: o que você alterou continua abaixo, o resto mostra a versão nova. Confira
          e toque em Salvar.
        </ChangedNotice>
      ) : null}
      <SupplierFields withCompanyDetails />
    </DialogForm>
  );
}
