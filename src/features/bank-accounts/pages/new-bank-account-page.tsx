import { zodResolver } from '@hookform/resolvers/zod';
import { useContext } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import {
  bankAccountInput,
  useCreateBankAccount,
  type AccountPayload,
  type BankAccountFormValues,
} from '@/features/bank-accounts/api/create-bank-account';
import { AccountFormFields } from '@/features/bank-accounts/components/account-form-fields';
import { toastAccountErrors } from '@/features/bank-accounts/lib/account-form';
import { DEFAULT_COLOR } from '@/lib/colors';
import { CurrentCompanyContext } from '@/lib/current-company';

// No type until the user picks one (the Select shows its placeholder).
const emptyAccountForm: DefaultValues<BankAccountFormValues> = {
  name: '',
  alias: '',
  agency: '',
  accountNumber: '',
  initialBalance: { cents: null, text: '' },
  color: DEFAULT_COLOR,
  isActive: true,
};

export function NewBankAccountPage() {
  // Read without the throwing hook: SPEC §5 wants "Empresa não encontrada" when there is none.
  const company = useContext(CurrentCompanyContext);
  const navigate = useNavigate();
  const createAccount = useCreateBankAccount();
  const form = useForm<BankAccountFormValues, unknown, AccountPayload>({
    resolver: zodResolver(bankAccountInput),
    defaultValues: emptyAccountForm,
  });

  async function onValid(account: AccountPayload) {
    if (!company) {
      toast.error('Erro', { description: 'Empresa não encontrada' });
      return;
    }
    let created: Awaited<ReturnType<typeof createAccount.mutateAsync>>;
    try {
      created = await createAccount.mutateAsync({ companyId: company.id, account });
    } catch (error) {
      // The title says it all; a description only for a known reason (no fallback text).
      toastError('Erro ao cadastrar conta bancária. Tente novamente.', error, '');
      return;
    }
    toast.success('Conta bancária cadastrada com sucesso!', {
      description: `${created.name} já aparece nas suas contas.`,
    });
    void navigate('/contas-bancarias');
  }

  return (
    <>
      <PageHeader title="Nova Conta Bancária" backTo="/contas-bancarias" />
      <Form {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit(onValid, toastAccountErrors)}
          className="grid gap-4"
        >
          <Card>
            <CardContent className="pt-4">
              <AccountFormFields />
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
      </Form>
    </>
  );
}
