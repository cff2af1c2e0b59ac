import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CompanyDetailFields, CompanyNameField } from '@/components/company-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import type { CompanySettings } from '@/features/company/api/get-company-settings';
import {
  companyFormValues,
  updateCompanyInput,
  useUpdateCompany,
  type UpdateCompanyValues,
} from '@/features/company/api/update-company';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';

/** Empresa: the company's data and the alçada for site expenses, saved through update_company. */
export function CompanySettingsForm({ company }: { company: CompanySettings }) {
  const form = useForm<UpdateCompanyValues, unknown, ReturnType<typeof updateCompanyInput.parse>>({
    resolver: zodResolver(updateCompanyInput),
    defaultValues: companyFormValues(company),
  });
  const update = useUpdateCompany();

  async function onValid() {
    try {
      const saved = await update.mutateAsync(form.getValues());
      // What the database stored (bare document and CEP) shown masked again, the form clean.
      form.reset(companyFormValues({ ...company, ...saved }));
      toast.success('Empresa atualizada!');
    } catch (error) {
      toastError('Erro ao salvar empresa', error);
    }
  }

  const busy = update.isPending;
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid)}
        aria-label="Dados da empresa"
        className="grid grid-cols-1 gap-4"
      >
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Dados da empresa</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            <CompanyNameField disabled={busy} />
            <CompanyDetailFields disabled={busy} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Aprovação de lançamentos de obra</CardTitle>
          </CardHeader>
          <CardContent>
            <FormField
              control={form.control}
              name="approvalThreshold"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Lançamentos de obra até R$ … dispensam aprovação</FormLabel>
                  <FormControl>
                    <CurrencyInput
                      ref={field.ref}
                      value={field.value.cents}
                      onValueChange={(cents, text) => field.onChange({ cents, text })}
                      onBlur={field.onBlur}
                      disabled={busy}
                    />
                  </FormControl>
                  <FormDescription>
                    Com R$ 0,00, todo lançamento feito por Engenheiro / Encarregado aguarda
                    aprovação.
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
        </Card>
        <Button type="submit" size="lg" disabled={busy} className="justify-self-start">
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </form>
    </Form>
  );
}
