import { useContext, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateBankAccount } from '@/features/bank-accounts/api/create-bank-account';
import { AccountFormFields } from '@/features/bank-accounts/components/account-form-fields';
import {
  emptyAccountForm,
  REQUIRED_FIELDS_MESSAGE,
  toAccountPayload,
  validateAccountForm,
  type AccountFormErrors,
  type AccountFormValues,
} from '@/features/bank-accounts/lib/account-form';
import { CurrentCompanyContext } from '@/lib/current-company';
import { getErrorMessage } from '@/lib/errors';

export function NewBankAccountPage() {
  // Read without the throwing hook: SPEC §5 wants "Empresa não encontrada" when there is none.
  const company = useContext(CurrentCompanyContext);
  const navigate = useNavigate();
  const createAccount = useCreateBankAccount();
  const [values, setValues] = useState<AccountFormValues>(emptyAccountForm);
  const [errors, setErrors] = useState<AccountFormErrors>({});

  function change(patch: Partial<AccountFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      if ('name' in patch) delete next.name;
      if ('type' in patch) delete next.type;
      if ('initialBalanceCents' in patch) delete next.initialBalance;
      return next;
    });
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateAccountForm(values);
    setErrors(found);
    if (found.name || found.type) {
      toast.error('Erro', { description: REQUIRED_FIELDS_MESSAGE });
      return;
    }
    if (found.initialBalance) {
      toast.error('Erro', { description: found.initialBalance });
      return;
    }
    if (!company) {
      toast.error('Erro', { description: 'Empresa não encontrada' });
      return;
    }
    createAccount.mutate(
      { companyId: company.id, account: toAccountPayload(values) },
      {
        onSuccess: (account) => {
          toast.success('Conta bancária cadastrada com sucesso!', {
            description: `${account.name} já aparece nas suas contas.`,
          });
          void navigate('/contas-bancarias');
        },
        onError: (error) => {
          const description = getErrorMessage(error, '');
          toast.error('Erro ao cadastrar conta bancária. Tente novamente.', {
            description: description || undefined,
          });
        },
      },
    );
  }

  return (
    <>
      <PageHeader title="Nova Conta Bancária" backTo="/contas-bancarias" />
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Card>
          <CardContent className="pt-4">
            <AccountFormFields values={values} onChange={change} errors={errors} />
          </CardContent>
        </Card>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" onClick={() => void navigate('/contas-bancarias')}>
            Cancelar
          </Button>
          <Button type="submit" disabled={createAccount.isPending}>
            {createAccount.isPending ? 'Cadastrando...' : 'Cadastrar conta'}
          </Button>
        </div>
      </form>
    </>
  );
}
