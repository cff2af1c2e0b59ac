// Nova empresa, opened from the company switcher (Mais on the phone, the sidebar on the desktop):
// the company's fields as in Configurar Empresa; the creator becomes its admin and the app switches
// to it through the switcher's own path (the old company's data is dropped from the cache).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CompanyDetailFields, CompanyNameField } from '@/components/company-fields';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import {
  createCompanyInput,
  useCreateAnotherCompany,
  type CreateCompanyInput,
} from '@/lib/api/create-company';
import { emptyCompanyFields } from '@/lib/company-fields';
import { useCompanySwitcher } from '@/lib/company-switcher';
import { useCurrentCompany } from '@/lib/current-company';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';

interface NewCompanyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function NewCompanyDialog({ open, onOpenChange }: NewCompanyDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Nova empresa"
      description="Você será o administrador da nova empresa. Os dados de cada empresa ficam separados."
      className="max-h-[90dvh] overflow-y-auto"
    >
      {open ? <NewCompanyForm onCancel={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function NewCompanyForm({ onCancel }: { onCancel: () => void }) {
  const { userId, fullName } = useCurrentCompany();
  const { switchCompany } = useCompanySwitcher();
  const form = useForm({
    resolver: zodResolver(createCompanyInput),
    defaultValues: { fullName, ...emptyCompanyFields } satisfies CreateCompanyInput,
  });
  const create = useCreateAnotherCompany(userId);

  async function onValid() {
    try {
      const company = await create.mutateAsync(form.getValues());
      toast.success('Empresa criada!', { description: 'Sua empresa foi criada com sucesso' });
      // Remounts every screen under the new company: this dialog goes with the old one.
      switchCompany(company.id);
    } catch (error) {
      toastError('Erro ao criar empresa', error);
    }
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      busy={create.isPending}
      onCancel={onCancel}
    >
      <CompanyNameField disabled={create.isPending} />
      <CompanyDetailFields disabled={create.isPending} />
    </DialogForm>
  );
}
