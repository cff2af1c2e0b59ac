import { useState, type SyntheticEvent } from 'react';
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
import { useUpdateBankAccount } from '@/features/bank-accounts/api/update-bank-account';
import { AccountFormFields } from '@/features/bank-accounts/components/account-form-fields';
import {
  REQUIRED_FIELDS_MESSAGE,
  toAccountPayload,
  validateAccountForm,
  type AccountFormErrors,
  type AccountFormValues,
} from '@/features/bank-accounts/lib/account-form';
import type { BankAccount } from '@/lib/api/lookups';
import { isColorToken, toColorToken } from '@/lib/colors';
import { errorKey, getErrorMessage, isNetworkError } from '@/lib/errors';
import { bankAccountTypeLabels, type BankAccountType } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';

function formValuesOf(account: BankAccount): AccountFormValues {
  const initial = toCents(account.initial_balance);
  return {
    name: account.name,
    type: account.type in bankAccountTypeLabels ? (account.type as BankAccountType) : '',
    alias: account.alias ?? '',
    agency: account.agency ?? '',
    accountNumber: account.account_number ?? '',
    initialBalanceCents: initial,
    initialBalanceText: formatCurrency(initial),
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
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Conta</DialogTitle>
          <DialogDescription>Altere os dados da conta bancária.</DialogDescription>
        </DialogHeader>
        {/* Keyed so that each opening starts from the saved account, while a failed save keeps
            what was typed (the form stays mounted). */}
        {account ? (
          <EditBankAccountForm
            key={account.id}
            account={account}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditBankAccountForm({ account, onDone }: { account: BankAccount; onDone: () => void }) {
  const update = useUpdateBankAccount();
  const [values, setValues] = useState(() => formValuesOf(account));
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const initialChanged = values.initialBalanceCents !== toCents(account.initial_balance);

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
    update.mutate(
      { id: account.id, account: toAccountPayload(values) },
      {
        onSuccess: () => {
          toast.success('Conta atualizada!', {
            description: 'A conta bancária foi atualizada com sucesso.',
          });
          onDone();
        },
        onError: (error) => {
          if (isNetworkError(error) || !errorKey(error)) {
            toast.error('Erro inesperado ao atualizar conta', {
              description: getErrorMessage(error),
            });
          } else {
            const description = getErrorMessage(error, '');
            toast.error('Erro ao atualizar conta bancária', {
              description: description || undefined,
            });
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <AccountFormFields
        values={values}
        onChange={(patch) => {
          setValues((current) => ({ ...current, ...patch }));
          setErrors({});
        }}
        errors={errors}
        initialBalanceHint={
          initialChanged
            ? 'O saldo atual muda pela diferença em relação ao saldo inicial salvo.'
            : 'Alterar o saldo inicial move o saldo atual pela mesma diferença.'
        }
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
