import { useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
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
import { FormField, type ControlProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useTransferBetweenAccounts } from '@/features/bank-accounts/api/transfer-between-accounts';
import type { BankAccount } from '@/lib/api/lookups';
import { todayLocal, type IsoDate } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
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

interface TransferErrors {
  from?: string;
  to?: string;
  amount?: string;
  date?: string;
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
  const [fromId, setFromId] = useState(
    defaultFromId && accounts.some((a) => a.id === defaultFromId) ? defaultFromId : '',
  );
  const [toId, setToId] = useState('');
  const [cents, setCents] = useState<number | null>(null);
  const [date, setDate] = useState<IsoDate | null>(() => todayLocal());
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<TransferErrors>({});

  const nameOf = (id: string) => accounts.find((a) => a.id === id)?.name ?? '';

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: TransferErrors = {};
    if (!fromId) found.from = 'Selecione a conta de origem';
    if (!toId) found.to = 'Selecione a conta de destino';
    else if (toId === fromId) found.to = 'Escolha contas de origem e destino diferentes.';
    if (cents === null || cents <= 0) found.amount = 'Informe um valor maior que zero.';
    if (!date) found.date = 'Escolha a data da transferência';
    setErrors(found);
    if (Object.keys(found).length > 0 || cents === null || !date) return;

    transfer.mutate(
      { fromAccountId: fromId, toAccountId: toId, cents, date, description },
      {
        onSuccess: () => {
          toast.success('Transferência realizada', {
            description: `${formatCurrency(cents)} de ${nameOf(fromId)} para ${nameOf(toId)}.`,
          });
          onDone();
        },
        onError: (error) => {
          toast.error('Erro ao transferir', { description: getErrorMessage(error) });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Conta de origem" required error={errors.from}>
        {(controlProps) => (
          <AccountSelect
            controlProps={controlProps}
            accounts={accounts}
            value={fromId}
            placeholder="Selecione a conta de origem"
            onChange={(id) => {
              setFromId(id);
              if (id === toId) setToId('');
              setErrors((e) => ({ ...e, from: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField label="Conta de destino" required error={errors.to}>
        {(controlProps) => (
          <AccountSelect
            controlProps={controlProps}
            accounts={accounts.filter((a) => a.id !== fromId)}
            value={toId}
            placeholder="Selecione a conta de destino"
            onChange={(id) => {
              setToId(id);
              setErrors((e) => ({ ...e, to: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField label="Valor" required error={errors.amount}>
        <CurrencyInput
          value={cents}
          onValueChange={(value) => {
            setCents(value);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
        />
      </FormField>
      <FormField label="Data" required error={errors.date}>
        <DatePicker value={date} onChange={setDate} />
      </FormField>
      <FormField
        label="Descrição"
        description="Opcional. Sem descrição: “Transferência origem → destino”."
      >
        <Input
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={250}
          autoComplete="off"
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={transfer.isPending}>
          {transfer.isPending ? 'Transferindo...' : 'Transferir'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AccountSelect({
  controlProps,
  accounts,
  value,
  placeholder,
  onChange,
}: {
  controlProps: ControlProps;
  accounts: readonly BankAccount[];
  value: string;
  placeholder: string;
  onChange: (id: string) => void;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...controlProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {accounts.map((a) => (
          <SelectItem key={a.id} value={a.id}>
            {a.name} - {formatCurrency(toCents(a.current_balance))}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
