import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
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
import { BankAccountPicker, CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
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
import type { Entry } from '@/lib/entries';
import { useBankAccounts } from '@/lib/api/lookups';
import {
  settleAccountSchema,
  useSettleEntry,
  type SettleAccountInput,
} from '@/features/entries/api/settle-entry';
import {
  updateEntrySchema,
  useUpdateEntry,
  type UpdateEntryInput,
} from '@/features/entries/api/update-entry';
import { formatDate, isOverdue, todayLocal } from '@/lib/dates';
import {
  errorKey,
  getErrorMessage,
  isNetworkError,
  UNEXPECTED_ERROR_MESSAGE,
  UNEXPECTED_ERROR_TITLE,
} from '@/lib/errors';
import { formatCurrency, toCents } from '@/lib/money';

interface SettleDialogProps {
  /** The entry to settle; null = closed. */
  entry: Entry | null;
  onClose: () => void;
}

/**
 * "Dar Baixa" (SPEC §2, Home dashboard): details of a pending payable/receivable, the account to
 * settle it from, and an edit mode that saves to the database. The page that opens it keeps which
 * entry is open; everything else (chosen account, edit mode, typed edits) lives in the body, which
 * unmounts on close, so closing resets it.
 */
export function SettleDialog({ entry, onClose }: SettleDialogProps) {
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {entry ? (
        <DialogContent>
          <SettleDialogBody key={`${entry.kind}:${entry.id}`} entry={entry} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function failureToast(error: unknown, fallback: string) {
  if (isNetworkError(error)) {
    toast.error(UNEXPECTED_ERROR_TITLE, { description: UNEXPECTED_ERROR_MESSAGE });
  } else {
    toast.error('Erro', { description: getErrorMessage(error, fallback) });
  }
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

function SettleDialogBody({ entry: initial, onClose }: { entry: Entry; onClose: () => void }) {
  const [entry, setEntry] = useState(initial);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const isExpense = entry.kind === 'expense';

  return (
    <>
      <DialogHeader>
        <DialogTitle>{isExpense ? 'Dar Baixa - Pagamento' : 'Dar Baixa - Recebimento'}</DialogTitle>
        <DialogDescription className="sr-only">
          {mode === 'view'
            ? 'Confira os dados, escolha a conta bancária e confirme.'
            : 'Altere os dados do lançamento e salve.'}
        </DialogDescription>
      </DialogHeader>
      {mode === 'view' ? (
        <SettleView entry={entry} onClose={onClose} onEdit={() => setMode('edit')} />
      ) : (
        <EditForm
          entry={entry}
          onCancel={() => setMode('view')}
          onSaved={(saved) => {
            setEntry(saved);
            setMode('view');
          }}
          onGone={onClose}
        />
      )}
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

function SettleView({
  entry,
  onClose,
  onEdit,
}: {
  entry: Entry;
  onClose: () => void;
  onEdit: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(settleAccountSchema),
    defaultValues: { bankAccountId: '' } satisfies SettleAccountInput,
  });
  const accountId = useWatch({ control: form.control, name: 'bankAccountId' });
  const accounts = useBankAccounts();
  const settle = useSettleEntry();
  const isExpense = entry.kind === 'expense';
  const overdue = isOverdue(entry.dueDate, todayLocal());

  function onInvalid(errors: FieldErrors<SettleAccountInput>) {
    toast.error('Erro', { description: errors.bankAccountId?.message });
  }

  async function confirm({ bankAccountId }: SettleAccountInput) {
    // Awaited: the settled row leaves the list under the dialog; the toast must not depend on it.
    try {
      await settle.mutateAsync({ kind: entry.kind, id: entry.id, bankAccountId });
    } catch (error) {
      if (goneElsewhere(error)) {
        onClose();
        return;
      }
      failureToast(
        error,
        isExpense ? 'Não foi possível marcar como pago.' : 'Não foi possível marcar como recebido.',
      );
      return;
    }
    if (isExpense) {
      toast.success('Pagamento realizado', {
        description: `${entry.description} foi marcado como pago.`,
      });
    } else {
      toast.success('Recebimento confirmado', {
        description: `${entry.description} foi marcado como recebido.`,
      });
    }
    onClose();
  }

  let accountPlaceholder = 'Selecione a conta bancária';
  if (accounts.isPending) accountPlaceholder = 'Carregando contas...';
  else if (accounts.isError) accountPlaceholder = 'Erro ao carregar contas bancárias';
  else if (accounts.data.length === 0) accountPlaceholder = 'Nenhuma conta bancária ativa';

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(confirm, onInvalid)}>
        <dl className="divide-y rounded-md border px-3">
          <Detail label="Descrição">{entry.description}</Detail>
          <Detail label="Valor">
            <span className={isExpense ? 'text-expense' : 'text-income'}>
              {formatCurrency(entry.amountCents)}
            </span>
          </Detail>
          <Detail label="Vencimento">{formatDate(entry.dueDate)}</Detail>
          <Detail label="Status">
            {overdue ? (
              <Badge variant="destructive">Atrasado</Badge>
            ) : (
              <Badge variant="secondary">Aberto</Badge>
            )}
          </Detail>
          {entry.bankAccountName ? <Detail label="Banco">{entry.bankAccountName}</Detail> : null}
          {entry.categoryName ? <Detail label="Categoria">{entry.categoryName}</Detail> : null}
          {entry.projectName ? <Detail label="Centro de custo">{entry.projectName}</Detail> : null}
        </dl>

        <FormField
          control={form.control}
          name="bankAccountId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Conta bancária</FormLabel>
              <FormControl>
                <BankAccountPicker
                  value={field.value || null}
                  onChange={(id) => field.onChange(id ?? '')}
                  placeholder={accountPlaceholder}
                  disabled={accounts.isPending || accounts.isError || settle.isPending}
                  optionLabel={(account) =>
                    `${account.name} - ${formatCurrency(toCents(account.current_balance))}`
                  }
                />
              </FormControl>
              {!accounts.isPending && !accounts.isError && accounts.data.length === 0 ? (
                <FormDescription>Cadastre uma conta em Mais → Contas Bancárias.</FormDescription>
              ) : null}
            </FormItem>
          )}
        />

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={settle.isPending}>
            Cancelar
          </Button>
          <Button variant="secondary" onClick={onEdit} disabled={settle.isPending}>
            Editar
          </Button>
          <Button
            type="submit"
            variant={isExpense ? 'expense' : 'income'}
            disabled={!accountId || settle.isPending}
          >
            {settle.isPending
              ? 'Confirmando...'
              : isExpense
                ? 'Confirmar Pagamento'
                : 'Confirmar Recebimento'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function EditForm({
  entry,
  onCancel,
  onSaved,
  onGone,
}: {
  entry: Entry;
  onCancel: () => void;
  onSaved: (entry: Entry) => void;
  onGone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(updateEntrySchema),
    // The messages show while typing and Salvar stays disabled until the fields are valid.
    mode: 'onChange',
    defaultValues: {
      kind: entry.kind,
      id: entry.id,
      description: entry.description,
      amountCents: entry.amountCents,
      dueDate: entry.dueDate,
      bankAccountId: entry.bankAccountId,
      categoryId: entry.categoryId,
      projectId: entry.projectId,
    } satisfies UpdateEntryInput,
  });
  const update = useUpdateEntry();

  async function save(values: UpdateEntryInput) {
    let saved: Entry;
    try {
      saved = await update.mutateAsync(values);
    } catch (error) {
      if (goneElsewhere(error)) {
        onGone();
        return;
      }
      failureToast(error, 'Não foi possível salvar as alterações.');
      return;
    }
    toast.success('Lançamento atualizado', {
      description: 'As alterações foram salvas com sucesso.',
    });
    onSaved(saved);
  }

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(save)}>
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Input {...field} maxLength={200} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="amountCents"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Valor</FormLabel>
              <FormControl>
                <CurrencyInput
                  ref={field.ref}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="dueDate"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Data de Vencimento</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="bankAccountId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Banco</FormLabel>
              <FormControl>
                <BankAccountPicker
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Não definido"
                  current={named(entry.bankAccountId, entry.bankAccountName, 'Conta atual')}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Categoria</FormLabel>
              <FormControl>
                <CategoryPicker
                  type={entry.kind}
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Não definido"
                  current={named(entry.categoryId, entry.categoryName, 'Categoria atual')}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="projectId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Centro de custo</FormLabel>
              <FormControl>
                <ProjectPicker
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Geral"
                  current={named(entry.projectId, entry.projectName, 'Obra atual')}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!form.formState.isValid || update.isPending}>
            {update.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/** The row an entry names (maybe archived since), for the picker to keep offering it. */
function named(id: string | null, name: string | null, fallback: string) {
  return id ? { id, name: name ?? fallback } : null;
}
