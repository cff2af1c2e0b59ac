import { useState, type ReactNode } from 'react';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { Entry } from '@/lib/api/entry-view';
import { useBankAccounts, useCategories, useProjects } from '@/lib/api/lookups';
import { useSettleEntry, useUpdateEntry } from '@/lib/api/settle-entry';
import { formatDate, isOverdue, todayLocal } from '@/lib/dates';
import {
  errorKey,
  getErrorMessage,
  isNetworkError,
  UNEXPECTED_ERROR_MESSAGE,
  UNEXPECTED_ERROR_TITLE,
} from '@/lib/errors';
import { formatCurrency, toCents } from '@/lib/money';

const NONE = '__none__';
const GERAL = '__geral__';

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
  const [accountId, setAccountId] = useState('');
  const accounts = useBankAccounts();
  const settle = useSettleEntry();
  const isExpense = entry.kind === 'expense';
  const overdue = isOverdue(entry.dueDate, todayLocal());

  async function confirm() {
    if (!accountId) {
      toast.error('Erro', { description: 'Selecione uma conta bancária para dar baixa.' });
      return;
    }
    // Awaited: the settled row leaves the list under the dialog; the toast must not depend on it.
    try {
      await settle.mutateAsync({ kind: entry.kind, id: entry.id, bankAccountId: accountId });
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
    <>
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
        label="Conta bancária"
        description={
          !accounts.isPending && !accounts.isError && accounts.data.length === 0
            ? 'Cadastre uma conta em Mais → Contas Bancárias.'
            : undefined
        }
      >
        {(control) => (
          <Select
            value={accountId}
            onValueChange={setAccountId}
            disabled={accounts.isPending || accounts.isError || settle.isPending}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder={accountPlaceholder} />
            </SelectTrigger>
            <SelectContent>
              {accounts.data?.map((account) => (
                <SelectItem key={account.id} value={account.id}>
                  {account.name} - {formatCurrency(toCents(account.current_balance))}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={settle.isPending}>
          Cancelar
        </Button>
        <Button variant="secondary" onClick={onEdit} disabled={settle.isPending}>
          Editar
        </Button>
        <Button
          variant={isExpense ? 'expense' : 'income'}
          onClick={() => void confirm()}
          disabled={!accountId || settle.isPending}
        >
          {settle.isPending
            ? 'Confirmando...'
            : isExpense
              ? 'Confirmar Pagamento'
              : 'Confirmar Recebimento'}
        </Button>
      </DialogFooter>
    </>
  );
}

interface EditValues {
  description: string;
  amountCents: number | null;
  dueDate: string | null;
  bankAccountId: string;
  categoryId: string;
  projectId: string;
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
  const [values, setValues] = useState<EditValues>({
    description: entry.description,
    amountCents: entry.amountCents,
    dueDate: entry.dueDate,
    bankAccountId: entry.bankAccountId ?? NONE,
    categoryId: entry.categoryId ?? NONE,
    projectId: entry.projectId ?? GERAL,
  });
  const accounts = useBankAccounts();
  const categories = useCategories({ type: entry.kind });
  const projects = useProjects();
  const update = useUpdateEntry();

  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const errors = {
    description: values.description.trim() === '' ? 'Informe a descrição.' : null,
    amount:
      values.amountCents === null || values.amountCents <= 0
        ? 'Informe um valor maior que zero.'
        : null,
    dueDate: values.dueDate ? null : 'Informe a data de vencimento.',
  };
  const valid = !errors.description && !errors.amount && !errors.dueDate;

  // An archived account or category still named on the entry stays selectable as it is.
  const accountOptions = (accounts.data ?? []).map((a) => ({ id: a.id, name: a.name }));
  if (entry.bankAccountId && !accountOptions.some((a) => a.id === entry.bankAccountId)) {
    accountOptions.push({ id: entry.bankAccountId, name: entry.bankAccountName ?? 'Conta atual' });
  }
  const categoryOptions = (categories.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (entry.categoryId && !categoryOptions.some((c) => c.id === entry.categoryId)) {
    categoryOptions.push({ id: entry.categoryId, name: entry.categoryName ?? 'Categoria atual' });
  }
  const projectOptions = (projects.data ?? []).map((p) => ({ id: p.id, name: p.name }));
  if (entry.projectId && !projectOptions.some((p) => p.id === entry.projectId)) {
    projectOptions.push({ id: entry.projectId, name: entry.projectName ?? 'Obra atual' });
  }

  function save() {
    if (!valid || values.amountCents === null || values.dueDate === null) return;
    update.mutate(
      {
        kind: entry.kind,
        id: entry.id,
        description: values.description,
        amountCents: values.amountCents,
        dueDate: values.dueDate,
        bankAccountId: values.bankAccountId === NONE ? null : values.bankAccountId,
        categoryId: values.categoryId === NONE ? null : values.categoryId,
        projectId: values.projectId === GERAL ? null : values.projectId,
      },
      {
        onSuccess: (saved) => {
          toast.success('Lançamento atualizado', {
            description: 'As alterações foram salvas com sucesso.',
          });
          onSaved(saved);
        },
        onError: (error) => {
          if (goneElsewhere(error)) {
            onGone();
            return;
          }
          failureToast(error, 'Não foi possível salvar as alterações.');
        },
      },
    );
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <FormField label="Descrição" error={errors.description} required>
        <Input
          value={values.description}
          maxLength={200}
          onChange={(event) => set('description', event.target.value)}
        />
      </FormField>
      <FormField label="Valor" error={errors.amount} required>
        <CurrencyInput
          value={values.amountCents}
          onValueChange={(cents) => set('amountCents', cents)}
        />
      </FormField>
      <FormField label="Data de Vencimento" error={errors.dueDate} required>
        <DatePicker value={values.dueDate} onChange={(date) => set('dueDate', date)} />
      </FormField>
      <OptionField
        label="Banco"
        value={values.bankAccountId}
        onChange={(value) => set('bankAccountId', value)}
        empty={{ value: NONE, label: 'Não definido' }}
        options={accountOptions}
      />
      <OptionField
        label="Categoria"
        value={values.categoryId}
        onChange={(value) => set('categoryId', value)}
        empty={{ value: NONE, label: 'Não definido' }}
        options={categoryOptions}
      />
      <OptionField
        label="Centro de custo"
        value={values.projectId}
        onChange={(value) => set('projectId', value)}
        empty={{ value: GERAL, label: 'Geral' }}
        options={projectOptions}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!valid || update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A picker of the edit mode: one "none" option (Não definido / Geral) and the company's rows. */
function OptionField({
  label,
  value,
  onChange,
  empty,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  empty: { value: string; label: string };
  options: { id: string; name: string }[];
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={empty.value}>{empty.label}</SelectItem>
            {options.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {option.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}
