import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { OptionSelect } from '@/components/pickers/option-select';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { DateField } from '@/components/choice-fields';
import { FieldItem, MoneyField, TextField } from '@/components/form-fields';
import {
  transferInput,
  useTransferBetweenAccounts,
  type TransferFormValues,
  type TransferVars,
} from '@/features/bank-accounts/api/transfer-between-accounts';
import type { BankAccount } from '@/lib/api/lookups';
import { todayLocal } from '@/lib/dates';
import { formatCurrency, toCents } from '@/lib/money';

interface TransferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Active accounts of the company (a transfer refuses inactive ones). */
  accounts: readonly BankAccount[];
  /** Pre-selected origin, e.g. the account whose detail page is open. */
  defaultFromId?: string;
}

export function TransferDialog({
  open,
  onOpenChange,
  accounts,
  defaultFromId,
}: TransferDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transferir entre contas"
      description="O valor sai da conta de origem e entra na de destino ao mesmo tempo."
    >
      {open ? (
        <TransferForm
          accounts={accounts}
          defaultFromId={defaultFromId}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </FormDialog>
  );
}

function TransferForm({
  accounts,
  defaultFromId,
  onDone,
}: {
  accounts: readonly BankAccount[];
  defaultFromId?: string;
  onDone: () => void;
}) {
  const transfer = useTransferBetweenAccounts();
  const form = useForm<TransferFormValues, unknown, TransferVars>({
    resolver: zodResolver(transferInput),
    defaultValues: {
      fromAccountId:
        defaultFromId && accounts.some((a) => a.id === defaultFromId) ? defaultFromId : '',
      toAccountId: '',
      cents: null,
      date: todayLocal(),
      description: '',
    },
  });
  const fromId = useWatch({ control: form.control, name: 'fromAccountId' });

  const nameOf = (id: string) => accounts.find((a) => a.id === id)?.name ?? '';

  async function onValid(vars: TransferVars) {
    try {
      await transfer.mutateAsync(vars);
    } catch (error) {
      // The dialog stays open with what was typed, so the user can fix it and try again.
      toastError('Erro ao transferir', error);
      return;
    }
    toast.success('Transferência realizada', {
      description: `${formatCurrency(vars.cents)} de ${nameOf(vars.fromAccountId)} para ${nameOf(vars.toAccountId)}.`,
    });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={form.handleSubmit(onValid)}
      busy={transfer.isPending}
      onCancel={onDone}
      submitLabel="Transferir"
      busyLabel="Transferindo..."
      cancelWhileBusy
    >
      <FieldItem control={form.control} name="fromAccountId" label="Conta de origem" required>
        {(field) => (
          <OptionSelect
            options={accountOptions(accounts)}
            value={field.value as string}
            placeholder="Selecione a conta de origem"
            onChange={(id) => {
              field.onChange(id);
              if (id === form.getValues('toAccountId')) form.setValue('toAccountId', '');
            }}
          />
        )}
      </FieldItem>
      <FieldItem control={form.control} name="toAccountId" label="Conta de destino" required>
        {(field) => (
          <OptionSelect
            options={accountOptions(accounts.filter((a) => a.id !== fromId))}
            value={field.value as string}
            placeholder="Selecione a conta de destino"
            onChange={field.onChange}
          />
        )}
      </FieldItem>
      <MoneyField control={form.control} name="cents" label="Valor" required />
      <DateField control={form.control} name="date" label="Data" required />
      <TextField
        control={form.control}
        name="description"
        label="Descrição"
        description="Opcional. Sem descrição: “Transferência origem → destino”."
        maxLength={250}
        autoComplete="off"
      />
    </DialogForm>
  );
}

/** The accounts to choose from, each with its balance ("Banco do Brasil - R$ 10,00"). */
function accountOptions(accounts: readonly BankAccount[]) {
  return accounts.map((a) => ({
    id: a.id,
    name: `${a.name} - ${formatCurrency(toCents(a.current_balance))}`,
  }));
}
