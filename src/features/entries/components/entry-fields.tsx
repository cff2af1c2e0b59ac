import { Split } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { OptionSelect } from '@/components/pickers/option-select';
import { BankAccountPicker, CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
import { DateField } from '@/components/choice-fields';
import { FieldItem, MoneyField, TextareaField, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBankAccounts, useCategories } from '@/lib/api/lookups';
import type { EntryKind } from '@/lib/entries';
import { paymentMethodLabels, type PaymentMethod } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';
import { paymentState, type EntryDetail } from '@/features/entries/api/get-entry';
import { PartyPicker } from '@/features/entries/components/party-picker';
import { StageField } from '@/features/entries/components/stage-field';
import { newSplitDraft, type SplitDraft } from '@/features/entries/lib/split-draft';

// The split editor is its own chunk: loaded when "Ratear" is pressed or an entry has parts.
const SplitEditor = lazy(() =>
  import('@/features/entries/components/split/split-editor').then((m) => ({
    default: m.SplitEditor,
  })),
);

const REVERSE_TO_CHANGE_AMOUNT = 'Estorne o pagamento para alterar o valor.';
const REVERSE_TO_CHANGE_ACCOUNT = 'Estorne o pagamento para alterar a conta bancária.';

/**
 * What these fields read and write in the form around them: what Lançar's form (`lancarFormSchema`)
 * and Editar lançamento's (`updateEntrySchema`) have in common. The supplier/client is
 * `partyId`/`partyName` in the first, `counterpartyId`/`counterpartyName` in the second.
 */
interface EntryFieldValues {
  description: string;
  partyId?: string | null;
  partyName?: string;
  counterpartyId?: string | null;
  counterpartyName?: string | null;
  amountCents?: number | null;
  dueDate: string | null;
  projectId: string | null;
  stageId?: string | null;
  categoryId: string | null;
  bankAccountId: string | null;
  paymentMethod?: PaymentMethod | null;
  notes?: string | null;
  /** The rateio (issue 33): null = one obra and one categoria (the fields above). */
  split?: SplitDraft | null;
}

/** Lançar's labels are the SPEC's; the edit dialog has shorter ones of its own. */
const LABELS = {
  new: {
    dueDate: 'Data de Vencimento',
    project: 'Obra/Projeto',
    noProject: 'Geral (sem obra específica)',
    bankAccount: 'Conta',
    paymentMethod: 'Forma de Pagamento',
  },
  edit: {
    dueDate: 'Vencimento',
    project: 'Obra',
    noProject: 'Geral',
    bankAccount: 'Conta bancária',
    paymentMethod: 'Forma de pagamento',
  },
} as const;

const paymentMethodOptions = (Object.keys(paymentMethodLabels) as PaymentMethod[]).map(
  (method) => ({ id: method, name: paymentMethodLabels[method] }),
);

/** The row an entry names (maybe archived since), for the picker to keep offering it. */
function named(id: string | null, name: string | null, fallback: string) {
  return id ? { id, name: name ?? fallback } : null;
}

interface EntryFieldsProps {
  kind: EntryKind;
  /**
   * The entry Editar lançamento edits: its obra, category and account stay choosable though
   * archived since, its payments lock the amount (and, once paid, the account), and the dialog's
   * labels apply. Without it: Lançar's new entry, in two columns from lg.
   */
  entry?: EntryDetail;
  /** Under Valor (Lançar with installments: that it is the total). */
  amountHint?: ReactNode;
  /** Lançar's Repetição, after the due date. */
  repetition?: ReactNode;
  /** Lançar's Anexo, before the notes. */
  attachment?: ReactNode;
}

/**
 * An entry's fields, shared by Lançar and Editar lançamento, inside their `<Form {...form}>`; each
 * form keeps its own schema, defaults and buttons.
 */
export function EntryFields({ kind, entry, amountHint, repetition, attachment }: EntryFieldsProps) {
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<EntryFieldValues>();
  // An obra member records for its own obras only (no "Geral") and has nothing to do with bank
  // accounts (no account field, no read of them).
  const companyEntry = useCan()('recordCompanyEntry');
  const party = entry
    ? ({ id: 'counterpartyId', name: 'counterpartyName' } as const)
    : ({ id: 'partyId', name: 'partyName' } as const);
  const [partyId, projectId, stageId, split, typedAmount, categoryId] = useWatch({
    control,
    name: [party.id, 'projectId', 'stageId', 'split', 'amountCents', 'categoryId'],
  });
  // A stage belongs to its obra, so choosing another obra clears it.
  const shownProject = useRef(projectId);
  useEffect(() => {
    if (shownProject.current !== projectId) {
      shownProject.current = projectId;
      setValue('stageId', null, { shouldDirty: true });
    }
  }, [projectId, setValue]);
  // The pickers read the same queries: these only add what Lançar says when they fail or are empty.
  const categories = useCategories({ type: kind, activeOnly: true });
  const bankAccounts = useBankAccounts({ activeOnly: true, enabled: companyEntry });

  const labels = entry ? LABELS.edit : LABELS.new;
  const state = entry ? paymentState(entry) : 'open';
  const amountLocked = state !== 'open';
  const accountLocked = state === 'paid';
  let accountHint: string | null = null;
  if (accountLocked) accountHint = REVERSE_TO_CHANGE_ACCOUNT;
  else if (!entry)
    accountHint =
      bankAccounts.isSuccess && bankAccounts.data.length === 0
        ? 'Nenhuma conta bancária ativa cadastrada.'
        : 'Obrigatória para marcar como pago.';

  return (
    <>
      {entry ? (
        <TextField
          control={control}
          name="description"
          label="Descrição"
          required
          maxLength={200}
        />
      ) : (
        <TextField
          control={control}
          name="description"
          label="Descrição"
          required
          maxLength={180}
          autoComplete="off"
          placeholder={kind === 'expense' ? 'Ex.: Compra de cimento' : 'Ex.: Venda da Casa 002'}
        />
      )}

      <FieldItem
        control={control}
        name={party.name}
        label={kind === 'expense' ? 'Fornecedor' : 'Cliente'}
      >
        {(field) => (
          <PartyPicker
            kind={kind}
            compact={!entry}
            partyId={partyId ?? null}
            partyName={(field.value as string | null | undefined) ?? ''}
            onBlur={field.onBlur}
            onChange={(value) => {
              field.onChange(value.partyName);
              setValue(party.id, value.partyId);
            }}
          />
        )}
      </FieldItem>

      {entry && amountLocked ? (
        <div className="grid gap-2">
          <Label htmlFor="entry-edit-amount-locked">Valor</Label>
          <Input
            id="entry-edit-amount-locked"
            value={formatCurrency(entry.amountCents)}
            disabled
            readOnly
            aria-describedby="entry-edit-amount-locked-why"
          />
          <p id="entry-edit-amount-locked-why" className="text-sm text-muted-foreground">
            {REVERSE_TO_CHANGE_AMOUNT}
          </p>
        </div>
      ) : (
        <MoneyField
          control={control}
          name="amountCents"
          label="Valor"
          required
          description={amountHint}
        />
      )}

      <DateField control={control} name="dueDate" label={labels.dueDate} required />

      {repetition}

      {split ? (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Carregando rateio...</p>}>
          <SplitEditor
            className={cn(!entry && 'lg:col-span-2')}
            kind={kind}
            // A locked amount (payments made) is the entry's own.
            amountCents={entry && amountLocked ? entry.amountCents : (typedAmount ?? null)}
            value={split}
            onChange={(next) =>
              setValue('split', next, { shouldDirty: true, shouldValidate: !!errors.split })
            }
            onRemove={() => setValue('split', null, { shouldDirty: true })}
            error={errors.split?.message ?? null}
            allowGeneral={companyEntry}
          />
        </Suspense>
      ) : (
        <>
          {/* The obra and its stage share a row on Lançar's two columns: the stage appears only once
            an obra with stages is chosen. */}
          <div className={cn('grid gap-4', !entry && 'lg:col-span-2 lg:grid-cols-2')}>
            <FieldItem control={control} name="projectId" label={labels.project}>
              {(field) => (
                <ProjectPicker
                  value={field.value as string | null}
                  onChange={field.onChange}
                  noneLabel={companyEntry ? labels.noProject : undefined}
                  current={entry ? named(entry.projectId, entry.projectName, 'Obra atual') : null}
                />
              )}
            </FieldItem>
            <StageField
              projectId={projectId}
              value={stageId ?? null}
              onChange={(value) => setValue('stageId', value, { shouldDirty: true })}
            />
          </div>

          <FieldItem
            control={control}
            name="categoryId"
            label="Categoria"
            fallbackMessage={!entry && categories.isError ? 'Erro ao carregar categorias' : null}
          >
            {(field) => (
              <CategoryPicker
                type={kind}
                value={field.value as string | null}
                onChange={field.onChange}
                noneLabel="Sem categoria"
                current={
                  entry ? named(entry.categoryId, entry.categoryName, 'Categoria atual') : null
                }
              />
            )}
          </FieldItem>

          <Button
            variant="outline"
            className={cn('justify-self-start', !entry && 'lg:col-span-2')}
            onClick={() =>
              setValue(
                'split',
                newSplitDraft({ projectId, stageId: stageId ?? null, categoryId }),
                { shouldDirty: true },
              )
            }
          >
            <Split aria-hidden="true" />
            Ratear
          </Button>
        </>
      )}

      {companyEntry ? (
        <FieldItem
          control={control}
          name="bankAccountId"
          label={labels.bankAccount}
          description={accountHint}
          fallbackMessage={
            !entry && bankAccounts.isError ? 'Erro ao carregar contas bancárias' : null
          }
        >
          {(field) =>
            entry ? (
              <BankAccountPicker
                value={field.value as string | null}
                onChange={field.onChange}
                noneLabel="Não definida"
                disabled={accountLocked}
                current={named(entry.bankAccountId, entry.bankAccountName, 'Conta atual')}
              />
            ) : (
              <BankAccountPicker
                value={field.value as string | null}
                onChange={field.onChange}
                noneLabel="Não definida"
                optionLabel={(account) =>
                  `${account.name} - ${formatCurrency(toCents(account.current_balance))}`
                }
              />
            )
          }
        </FieldItem>
      ) : null}

      <FieldItem control={control} name="paymentMethod" label={labels.paymentMethod}>
        {(field) => (
          <OptionSelect
            options={paymentMethodOptions}
            value={(field.value as string | null | undefined) ?? null}
            onChange={field.onChange}
            noneLabel="Não definida"
          />
        )}
      </FieldItem>

      {attachment}

      <TextareaField
        control={control}
        name="notes"
        label="Observações"
        className={cn(!entry && 'lg:col-span-2')}
        rows={3}
        maxLength={2000}
        placeholder={entry ? undefined : 'Informações adicionais'}
      />
    </>
  );
}
