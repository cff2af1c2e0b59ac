import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { isWaitingForNetwork } from '@/components/query-state';
import { BankAccountPicker } from '@/components/pickers/pickers';
import { ChangedNotice, fieldChanges } from '@/components/changed-notice';
import { DialogForm, FormDialog } from '@/components/dialog-form';
import { AttachFileField } from '@/components/documents/attach-file-field';
import { FieldItem, MoneyField } from '@/components/form-fields';
import { Badge } from '@/components/ui/badge';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
import { useBankAccounts } from '@/lib/api/lookups';
import {
  isPartiallyPaid,
  paidTotalLabel,
  PRINCIPAL_SETTLED_LABEL,
  type Entry,
} from '@/lib/entries';
import { formatDate, isOverdue, parseIsoDate } from '@/lib/dates';
import { useCurrentCompany } from '@/lib/current-company';
import { DATABASE_KEY_MESSAGES, errorKey } from '@/lib/errors';
import { formatCurrency, toCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import {
  settleDefaults,
  settleAmounts,
  settleEntrySchema,
  useSettleEntry,
  type SettleEntryInput,
  type SettleEntryValues,
} from '@/features/entries/api/settle-entry';
import { entryQuery } from '@/features/entries/api/get-entry';
import { paidHint, partialLabel } from '@/features/entries/components/paid-hint';
import { toastEntryError } from '@/features/entries/lib/entry-errors';
import { useAttachPaymentComprovante } from '@/features/entries/lib/use-attach-payment-comprovante';
import { EntryPaymentCodes } from '@/features/entries/components/capture/payment-code-copy';

interface SettleDialogProps {
  /** The entry to settle; null = closed. */
  entry: Entry | null;
  onClose: () => void;
}

/**
 * "Dar Baixa": one payment of a pending payable/receivable with its real facts (date, account,
 * juros, multa, desconto, what was paid). Editing the entry is on its detail page ("Ver detalhes").
 * The page that opens it keeps which entry is open; the form lives in the body, which unmounts on
 * close, so closing resets it.
 */
export function SettleDialog({ entry, onClose }: SettleDialogProps) {
  return (
    entry && (
      <FormDialog
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={entry.kind === 'expense' ? 'Dar Baixa - Pagamento' : 'Dar Baixa - Recebimento'}
        description="Informe a data, a conta e o valor pago, e confirme."
        descriptionClassName="sr-only"
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <SettleDialogBody key={`${entry.kind}:${entry.id}`} entry={entry} onClose={onClose} />
      </FormDialog>
    )
  );
}

/** True when the entry changed elsewhere (settled on another phone, deleted): the list is stale. */
function goneElsewhere(error: unknown): boolean {
  const key = errorKey(error);
  if (key === 'entry_already_settled') {
    toast.error('Lançamento já baixado', {
      description: 'Este lançamento já foi baixado em outro aparelho. A lista foi atualizada.',
    });
    return true;
  }
  if (key === 'entry_not_found') {
    toast.error('Erro', {
      description: 'Este lançamento não existe mais. A lista foi atualizada.',
    });
    return true;
  }
  return false;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

function successToast(entry: Entry, done: SettleEntryInput) {
  const isExpense = entry.kind === 'expense';
  if (done.remainingCents > 0) {
    toast.success(isExpense ? 'Pagamento parcial registrado' : 'Recebimento parcial registrado', {
      description: `${entry.description}: faltam ${formatCurrency(done.remainingCents)}.`,
    });
  } else if (isExpense) {
    toast.success('Pagamento realizado', {
      description: `${entry.description} foi marcado como pago.`,
    });
  } else {
    toast.success('Recebimento confirmado', {
      description: `${entry.description} foi marcado como recebido.`,
    });
  }
}

/** What Dar Baixa compares: the bill it showed and the one read again. */
const SETTLE_FIELDS = [
  ['Valor', (e: Entry) => formatCurrency(e.amountCents)],
  ['Em aberto', (e: Entry) => formatCurrency(e.openCents)],
] as const;

function SettleDialogBody({ entry: opened, onClose }: { entry: Entry; onClose: () => void }) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  // The bill as this dialog shows it: read again when the database said it changed (entry_changed),
  // with what it showed before, so that the next Confirmar is on what the user now sees.
  const [entry, setEntry] = useState<Entry>(opened);
  const [changedFrom, setChangedFrom] = useState<Entry | null>(null);
  const isExpense = entry.kind === 'expense';
  const form = useForm<SettleEntryValues, unknown, SettleEntryInput>({
    resolver: zodResolver(settleEntrySchema),
    // A future date or an amount above the total is said while typing.
    mode: 'onChange',
    defaultValues: settleDefaults(entry),
  });
  const settle = useSettleEntry();
  const attachComprovante = useAttachPaymentComprovante();
  // Settled, while the comprovante is written to the device: the dialog stays busy until then.
  const [keeping, setKeeping] = useState(false);
  const pending = settle.isPending || keeping;
  // Sent to the payment once it is recorded.
  const [comprovante, setComprovante] = useState<File | null>(null);
  const accounts = useBankAccounts();
  // The bill's own account, as soon as the active accounts show it still exists: the picker starts
  // on it (as its default, so it is not a change), unless the user already chose one.
  const billAccountId =
    entry.bankAccountId && accounts.data?.some((account) => account.id === entry.bankAccountId)
      ? entry.bankAccountId
      : null;
  useEffect(() => {
    if (billAccountId && !form.getValues('bankAccountId')) {
      form.resetField('bankAccountId', { defaultValue: billAccountId });
    }
  }, [billAccountId, form]);
  const [showCharges, setShowCharges] = useState(false);
  const chargesId = useId();
  const [today, accountId, interestCents, fineCents, discountCents, followTotal, typedPaid] =
    useWatch({
      control: form.control,
      name: [
        'today',
        'bankAccountId',
        'interestCents',
        'fineCents',
        'discountCents',
        'followTotal',
        'amountPaidCents',
      ],
    });
  const {
    totalCents,
    principalCents: principal,
    remainingCents,
  } = settleAmounts({
    openCents: entry.openCents,
    interestCents,
    fineCents,
    discountCents,
    followTotal,
    amountPaidCents: typedPaid,
  });
  // A partial payment: something of the bill is settled and something stays open.
  const remaining =
    principal !== null && principal > 0 && remainingCents !== null && remainingCents > 0
      ? remainingCents
      : null;
  // "Valor pago" is what leaves (or enters) the account; the part of the bill it settles is
  // "Principal quitado", the same words the detail page and the Histórico use.
  const hasCharges = (interestCents ?? 0) + (fineCents ?? 0) + (discountCents ?? 0) > 0;
  const overdue = isOverdue(entry.dueDate, today);
  const partial = isPartiallyPaid(entry);
  const lastDay = parseIsoDate(today) ?? undefined;

  async function onValid() {
    // Awaited: the settled row leaves the list under the dialog; the toast must not depend on it.
    let done: SettleEntryInput;
    try {
      done = await settle.mutateAsync(form.getValues());
    } catch (error) {
      if (errorKey(error) === 'entry_changed') {
        const now = await queryClient
          .query({ ...entryQuery(companyId, entry.kind, entry.id), staleTime: 0 })
          .catch(() => null);
        if (now && now.status !== 'paid') {
          setChangedFrom(entry);
          setEntry(now);
          form.setValue('openCents', now.openCents, { shouldValidate: true });
          return;
        }
      }
      if (goneElsewhere(error)) {
        onClose();
        return;
      }
      // Everything typed stays, so the user can correct it and confirm again.
      toastEntryError(
        error,
        isExpense ? 'Não foi possível marcar como pago.' : 'Não foi possível marcar como recebido.',
      );
      return;
    }
    if (comprovante) {
      // The dialog closes once the file is kept on this device (IndexedDB), never before: a reload
      // while it uploads dropped it. It is sent from there ("Enviando comprovante…").
      setKeeping(true);
      await attachComprovante(
        {
          kind: entry.kind,
          id: entry.id,
          description: entry.description,
          amountCents: done.paidCents,
          paidOn: done.paidOn,
        },
        comprovante,
      );
    }
    successToast(entry, done);
    onClose();
  }

  let accountPlaceholder = 'Selecione a conta bancária';
  if (isWaitingForNetwork(accounts)) accountPlaceholder = 'Sem conexão';
  else if (accounts.isPending) accountPlaceholder = 'Carregando contas...';
  else if (accounts.isError) accountPlaceholder = 'Erro ao carregar contas bancárias';
  else if (accounts.data.length === 0) accountPlaceholder = 'Nenhuma conta bancária ativa';

  const charge = (name: 'interestCents' | 'fineCents' | 'discountCents', label: string) => (
    <MoneyField control={form.control} name={name} label={label} disabled={pending} />
  );

  return (
    <>
      {changedFrom ? (
        <ChangedNotice
          title={DATABASE_KEY_MESSAGES.entry_changed}
          changes={fieldChanges(changedFrom, entry, SETTLE_FIELDS)}
        >
          Nada foi pago. Confira e confirme de novo.
        </ChangedNotice>
      ) : null}
      <dl className="divide-y rounded-md border px-3">
        <Detail label="Descrição">{entry.description}</Detail>
        <Detail label="Valor">
          <span className={isExpense ? 'text-expense' : 'text-income'}>
            {formatCurrency(entry.amountCents)}
          </span>
        </Detail>
        {partial ? (
          <>
            <Detail label={isExpense ? 'Já pago' : 'Já recebido'}>{paidHint(entry)}</Detail>
            <Detail label="Em aberto">{formatCurrency(entry.openCents)}</Detail>
          </>
        ) : null}
        <Detail label="Vencimento">{formatDate(entry.dueDate)}</Detail>
        <Detail label="Status">
          <span className="inline-flex flex-wrap justify-end gap-1">
            {overdue ? (
              <Badge variant="destructive">Atrasado</Badge>
            ) : (
              <Badge variant="secondary">Aberto</Badge>
            )}
            {partial ? <Badge variant="warning">{partialLabel(entry.kind)}</Badge> : null}
          </span>
        </Detail>
        {entry.bankAccountName ? <Detail label="Banco">{entry.bankAccountName}</Detail> : null}
        {entry.categoryName ? <Detail label="Categoria">{entry.categoryName}</Detail> : null}
        {entry.projectName ? <Detail label="Centro de custo">{entry.projectName}</Detail> : null}
      </dl>
      {isExpense ? <EntryPaymentCodes kind={entry.kind} id={entry.id} /> : null}
      <Link
        to={`/lancamentos/${entry.kind}/${entry.id}`}
        onClick={onClose}
        className="inline-flex min-h-touch items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Ver detalhes
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </Link>

      <DialogForm
        form={form}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void form.handleSubmit(onValid)();
        }}
        busy={pending}
        onCancel={onClose}
        submitLabel={isExpense ? 'Confirmar Pagamento' : 'Confirmar Recebimento'}
        busyLabel="Confirmando..."
        submitVariant={isExpense ? 'expense' : 'income'}
        submitDisabled={!accountId}
        aria-label={isExpense ? 'Pagamento' : 'Recebimento'}
      >
        <FieldItem
          control={form.control}
          name="paidOn"
          label={isExpense ? 'Data do pagamento' : 'Data do recebimento'}
          required
        >
          {(field) => (
            <DatePicker
              value={field.value as string}
              onChange={(value) => field.onChange(value ?? '')}
              disabledDays={lastDay ? { after: lastDay } : undefined}
              disabled={pending}
            />
          )}
        </FieldItem>

        <FieldItem
          control={form.control}
          name="bankAccountId"
          label="Conta bancária"
          required
          description={
            !accounts.isPending && !accounts.isError && accounts.data.length === 0
              ? 'Cadastre uma conta em Mais → Contas Bancárias.'
              : undefined
          }
        >
          {(field) => (
            <BankAccountPicker
              value={(field.value as string) || null}
              onChange={(id) => field.onChange(id ?? '')}
              placeholder={accountPlaceholder}
              disabled={accounts.isPending || accounts.isError || pending}
              optionLabel={(account) =>
                `${account.name} - ${formatCurrency(toCents(account.current_balance))}`
              }
            />
          )}
        </FieldItem>

        <div className="rounded-md border">
          <button
            type="button"
            aria-expanded={showCharges}
            aria-controls={chargesId}
            onClick={() => setShowCharges((open) => !open)}
            className="flex min-h-touch w-full items-center justify-between gap-2 px-3 text-left text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Juros, multa e desconto
            <ChevronDown
              className={cn('size-4 transition-transform', showCharges && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
          <div id={chargesId} hidden={!showCharges} className="grid gap-3 px-3 pb-3">
            {charge('interestCents', 'Juros')}
            {charge('fineCents', 'Multa')}
            {charge('discountCents', 'Desconto')}
          </div>
        </div>

        <div
          className="flex items-baseline justify-between gap-4 rounded-md bg-muted px-3 py-2"
          aria-live="polite"
        >
          <span className="text-sm text-muted-foreground">
            {isExpense ? 'Total a pagar' : 'Total a receber'}
          </span>
          <span
            className={cn('font-semibold tabular-nums', isExpense ? 'text-expense' : 'text-income')}
            data-testid="settle-total"
          >
            {formatCurrency(totalCents)}
          </span>
        </div>

        <FieldItem
          control={form.control}
          name="amountPaidCents"
          label={paidTotalLabel(entry.kind)}
          required
          description={
            remaining !== null
              ? `Pagamento parcial: ficam ${formatCurrency(remaining)} em aberto.`
              : 'Menos que o total registra um pagamento parcial.'
          }
          note={
            hasCharges && principal !== null && principal > 0 ? (
              <p className="text-sm" data-testid="settle-principal">
                <span className="text-muted-foreground">{PRINCIPAL_SETTLED_LABEL}: </span>
                <span className="font-medium tabular-nums">{formatCurrency(principal)}</span>
              </p>
            ) : null
          }
        >
          {(field) => (
            <CurrencyInput
              ref={field.ref}
              // Until the user types, the field shows (and pays) the total.
              value={followTotal ? totalCents : (field.value as number | null)}
              onValueChange={(cents) => {
                form.setValue('followTotal', false);
                field.onChange(cents);
              }}
              onBlur={field.onBlur}
              disabled={pending}
            />
          )}
        </FieldItem>

        <AttachFileField
          label="Anexar comprovante"
          value={comprovante}
          onChange={setComprovante}
          disabled={pending}
        />
      </DialogForm>
    </>
  );
}
