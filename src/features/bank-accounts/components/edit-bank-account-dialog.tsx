import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import type {
  AccountPayload,
  BankAccountFormValues,
} from '@/features/bank-accounts/api/create-bank-account';
import {
  updateBankAccountInput,
  useUpdateBankAccount,
} from '@/features/bank-accounts/api/update-bank-account';
import { AccountFormFields } from '@/features/bank-accounts/components/account-form-fields';
import { toastAccountErrors } from '@/features/bank-accounts/lib/account-form';
import type { BankAccount } from '@/lib/api/lookups';
import { isColorToken, toColorToken } from '@/lib/colors';
import { errorKey, getErrorMessage, isNetworkError } from '@/lib/errors';
import { bankAccountTypeLabels, type BankAccountType } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';

function formValuesOf(account: BankAccount): DefaultValues<BankAccountFormValues> {
  const initial = toCents(account.initial_balance);
  return {
    name: account.name,
    // A type this app does not know is left unchosen: the user picks one.
    type: account.type in bankAccountTypeLabels ? (account.type as BankAccountType) : undefined,
    alias: account.alias ?? '',
    agency: account.agency ?? '',
    accountNumber: account.account_number ?? '',
    initialBalance: { cents: initial, text: formatCurrency(initial) },
    color: isColorToken(account.color) ? account.color : toColorToken(account.color),
    isActive: account.is_active,
  };
}

interface EditBankAccountDialogProps {
  /** The account being edited; null when the dialog is closed. */
  account: BankAccount | null;
  onOpenChange: (open: boolean) => void;
}

export function EditBankAccountDialog({ account, onOpenChange }: EditBankAccountDialogProps) {
  return (
    <FormDialog
      open={account !== null}
      onOpenChange={onOpenChange}
      title="Editar Conta"
      description="Altere os dados da conta bancária."
    >
      {/* Keyed so that each opening starts from the saved account, while a failed save keeps
        what was typed (the form stays mounted). */}
      {account ? (
        <EditBankAccountForm
          key={account.id}
          account={account}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}

function EditBankAccountForm({ account, onDone }: { account: BankAccount; onDone: () => void }) {
  const update = useUpdateBankAccount();
  const form = useForm<BankAccountFormValues, unknown, AccountPayload>({
    resolver: zodResolver(updateBankAccountInput),
    defaultValues: formValuesOf(account),
  });
  const initialBalance = useWatch({ control: form.control, name: 'initialBalance' });
  const initialChanged = initialBalance.cents !== toCents(account.initial_balance);

  async function onValid(values: AccountPayload) {
    try {
      await update.mutateAsync({ id: account.id, account: values });
    } catch (error) {
      // The dialog stays open with what was typed, so the user can fix it and try again.
      if (isNetworkError(error) || !errorKey(error)) {
        toastError('Erro inesperado ao atualizar conta', error);
      } else {
        const description = getErrorMessage(error, '');
        toast.error('Erro ao atualizar conta bancária', {
          description: description || undefined,
        });
      }
      return;
    }
    toast.success('Conta atualizada!', {
      description: 'A conta bancária foi atualizada com sucesso.',
    });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid, toastAccountErrors)}
      busy={update.isPending}
      onCancel={onDone}
      cancelWhileBusy
    >
      <AccountFormFields
        initialBalanceHint={
          initialChanged
            ? 'O saldo atual muda pela diferença em relação ao saldo inicial salvo.'
            : 'Alterar o saldo inicial move o saldo atual pela mesma diferença.'
        }
      />
    </DialogForm>
  );
}
