import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { OptionSelect } from '@/components/pickers/option-select';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Transferir entre contas</DialogTitle>
          <DialogDescription>
            O valor sai da conta de origem e entra na de destino ao mesmo tempo.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <TransferForm
            accounts={accounts}
            defaultFromId={defaultFromId}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
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
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-4">
        <FormField
          control={form.control}
          name="fromAccountId"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Conta de origem</FormLabel>
              <FormControl>
                <OptionSelect
                  options={accountOptions(accounts)}
                  value={field.value}
                  placeholder="Selecione a conta de origem"
                  onChange={(id) => {
                    field.onChange(id);
                    if (id === form.getValues('toAccountId')) form.setValue('toAccountId', '');
                  }}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="toAccountId"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Conta de destino</FormLabel>
              <FormControl>
                <OptionSelect
                  options={accountOptions(accounts.filter((a) => a.id !== fromId))}
                  value={field.value}
                  placeholder="Selecione a conta de destino"
                  onChange={field.onChange}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="cents"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Valor</FormLabel>
              <FormControl>
                <CurrencyInput
                  ref={field.ref}
                  value={field.value}
                  onValueChange={(cents) => field.onChange(cents)}
                  onBlur={field.onBlur}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="date"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Data</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Input {...field} maxLength={250} autoComplete="off" />
              </FormControl>
              <FormDescription>
                Opcional. Sem descrição: “Transferência origem → destino”.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" disabled={transfer.isPending}>
            {transfer.isPending ? 'Transferindo...' : 'Transferir'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** The accounts to choose from, each with its balance ("Banco do Brasil - R$ 10,00"). */
function accountOptions(accounts: readonly BankAccount[]) {
  return accounts.map((a) => ({
    id: a.id,
    name: `${a.name} - ${formatCurrency(toCents(a.current_balance))}`,
  }));
}
