import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Save, FileClock } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { OptionSelect } from '@/components/pickers/option-select';
import { BankAccountPicker, CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
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
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useBankAccounts, useCategories } from '@/lib/api/lookups';
import { useCurrentCompany } from '@/lib/current-company';
import { useSaveDraftOnSessionEnd } from '@/lib/session-end';
import { RECURRENCE_LABELS, type RecurrenceFrequency } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { isOnline } from '@/lib/online';
import { paymentMethodLabels, type PaymentMethod } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';
import {
  entryCount,
  lancarFormSchema,
  useCreateEntries,
  type CreateEntriesInput,
  type LancarFormValues,
} from '@/features/entries/api/create-entries';
import { useQueueEntries } from '@/features/entries/api/offline-entries';
import {
  clearDraft,
  lancarDraftKey,
  readDraft,
  writeDraft,
} from '@/features/entries/lib/draft-storage';
import { initialLancarForm, type LancarFormState } from '@/features/entries/lib/lancar-form';
import type { EntryKind } from '@/lib/entries';
import { PartyField } from '@/features/entries/components/party-field';
import { ReceiptPhotoInput } from '@/features/entries/components/wizard/receipt-photo';
import { PlanPreview } from '@/features/entries/components/lancar/plan-preview';
import { StatusLegend } from '@/features/entries/components/lancar/status-legend';
import { StageFormField } from '@/features/entries/components/lancar/stage-form-field';

const paymentMethodOptions = (Object.keys(paymentMethodLabels) as PaymentMethod[]).map(
  (method) => ({
    id: method,
    name: paymentMethodLabels[method],
  }),
);

const copy = {
  expense: {
    created: (n: number) =>
      n === 1
        ? 'Conta a pagar foi criada com sucesso.'
        : `${n} contas a pagar foram criadas com sucesso.`,
    paidTitle: 'Pagamento realizado',
    paid: (description: string) => `${description} foi marcado como pago.`,
  },
  income: {
    created: (n: number) =>
      n === 1
        ? 'Conta a receber foi criada com sucesso.'
        : `${n} contas a receber foram criadas com sucesso.`,
    paidTitle: 'Recebimento confirmado',
    paid: (description: string) => `${description} foi marcado como recebido.`,
  },
} as const;

const initialValues: LancarFormValues = { ...initialLancarForm, settle: false };

/** What is kept as the draft: the values without the button that was pressed. */
function draftOf({ settle: _settle, ...values }: LancarFormValues): LancarFormState {
  return values;
}

function isInitial(values: LancarFormState): boolean {
  return (Object.keys(initialLancarForm) as (keyof LancarFormState)[]).every(
    (key) => values[key] === initialLancarForm[key],
  );
}

/** A Lançar form (Conta a Pagar / Conta a Receber) that saves for real. */
export function EntryForm({ kind }: { kind: EntryKind }) {
  const company = useCurrentCompany();
  const draftKey = lancarDraftKey(company, kind);
  const form = useForm({
    resolver: zodResolver(lancarFormSchema),
    // Messages appear when saving; a field fixed after that loses its message as it is typed.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { ...readDraft('localStorage', draftKey, initialLancarForm), settle: false },
  });
  const [hasDraft, setHasDraft] = useState(() => localStorage.getItem(draftKey) !== null);
  const [action, setAction] = useState<'save' | 'settle' | null>(null);
  const submitted = useRef<{ key: string; ids: string[] } | null>(null);
  const partyInputId = useId();
  const createEntries = useCreateEntries();
  const { queueLancar } = useQueueEntries();
  const categories = useCategories({
    type: kind === 'expense' ? 'expense' : 'income',
    activeOnly: true,
  });
  const bankAccounts = useBankAccounts({ activeOnly: true });
  const ids = { recurrence: useId(), installments: useId() };
  const text = copy[kind];
  const tone = kind === 'expense' ? 'expense' : 'income';
  const [partyId, amountCents, dueDate, recurrence, occurrences, installments, installmentCount] =
    useWatch({
      control: form.control,
      name: [
        'partyId',
        'amountCents',
        'dueDate',
        'recurrence',
        'occurrences',
        'installments',
        'installmentCount',
      ],
    });
  // The session ending on its own keeps what was typed for when the user signs in again.
  useSaveDraftOnSessionEnd(() => {
    const draft = draftOf(form.getValues());
    if (!isInitial(draft)) writeDraft('localStorage', draftKey, draft);
  });

  async function onValid(input: Omit<CreateEntriesInput, 'kind'>) {
    if (!isOnline()) {
      await saveOffline(input);
      return;
    }
    setAction(input.settle ? 'settle' : 'save');
    let result;
    try {
      result = await createEntries.mutateAsync({ input: { kind, ...input }, ids: idsFor(input) });
    } catch (error) {
      // Everything typed stays, so the user can try again.
      toast.error('Erro ao salvar', {
        description: getErrorMessage(
          error,
          'Não foi possível salvar o lançamento. Tente novamente.',
        ),
      });
      return;
    } finally {
      setAction(null);
    }
    if (result.settled)
      toast.success(text.paidTitle, { description: text.paid(input.draft.description) });
    else toast.success('Lançamento salvo!', { description: text.created(result.count) });
    submitted.current = null;
    clearDraft('localStorage', draftKey);
    setHasDraft(false);
    form.reset(initialValues);
  }

  /** The same ids for the same submit sent again; new ones once anything changed. */
  function idsFor(input: Omit<CreateEntriesInput, 'kind'>): string[] {
    const key = JSON.stringify(input);
    if (submitted.current?.key === key) return submitted.current.ids;
    const ids = Array.from({ length: entryCount(input.draft.plan) }, () => crypto.randomUUID());
    submitted.current = { key, ids };
    return ids;
  }

  /** No network: the entry (or its whole series) waits on this device, "Aguardando envio". */
  async function saveOffline(input: Omit<CreateEntriesInput, 'kind'>) {
    if (input.settle) {
      // Settling moves a bank balance: only the server may do it.
      toast.error('Sem conexão', {
        description:
          'Marcar como pago precisa de conexão. Use Salvar para enviar a conta quando a conexão voltar.',
      });
      return;
    }
    try {
      await queueLancar({ kind, ...input });
    } catch {
      toast.error('Erro ao salvar', {
        description: 'Não foi possível guardar o lançamento neste aparelho.',
      });
      return;
    }
    toast.success('Aguardando envio', {
      description:
        'Sem conexão: o lançamento ficou salvo neste aparelho e será enviado quando a conexão voltar.',
    });
    clearDraft('localStorage', draftKey);
    setHasDraft(false);
    form.reset(initialValues);
  }

  function onInvalid(errors: FieldErrors<LancarFormValues>) {
    if (errors.bankAccountId?.message)
      toast.error('Erro', { description: errors.bankAccountId.message });
  }

  function submit(settle: boolean) {
    form.setValue('settle', settle);
    void form.handleSubmit(onValid, onInvalid)();
  }

  function saveDraft() {
    const saved = writeDraft('localStorage', draftKey, draftOf(form.getValues()));
    if (!saved) {
      toast.error('Erro', { description: 'Não foi possível guardar o rascunho neste navegador.' });
      return;
    }
    setHasDraft(true);
    toast.success('Rascunho salvo', {
      description: 'Você pode continuar depois, mesmo se recarregar a página.',
    });
  }

  function discardDraft() {
    clearDraft('localStorage', draftKey);
    setHasDraft(false);
    form.reset(initialValues);
  }

  const busy = createEntries.isPending;

  return (
    <Form {...form}>
      <form
        noValidate
        // From lg (the office desktop, as the sidebar) two columns: short fields side by side in
        // DOM order (so Tab goes left to right), long ones (repetição, notes, buttons) across both;
        // items-start: a field shorter than its neighbour keeps its height (no stretched Select).
        className="grid gap-4 lg:grid-cols-2 lg:items-start"
        aria-label={kind === 'expense' ? 'Conta a Pagar' : 'Conta a Receber'}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit(false);
        }}
      >
        {hasDraft ? (
          <div className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm lg:col-span-2">
            <FileClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="flex-1">Rascunho salvo neste navegador.</span>
            <Button variant="ghost" size="sm" onClick={discardDraft}>
              Descartar rascunho
            </Button>
          </div>
        ) : null}

        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem required>
              <FormLabel>Descrição</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  maxLength={180}
                  autoComplete="off"
                  placeholder={
                    kind === 'expense' ? 'Ex.: Compra de cimento' : 'Ex.: Venda da Casa 002'
                  }
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="partyName"
          render={({ field }) => (
            <PartyField
              kind={kind}
              inputId={partyInputId}
              label={kind === 'expense' ? 'Fornecedor' : 'Cliente'}
              compact
              partyId={partyId}
              partyName={field.value}
              onChange={(party) => {
                field.onChange(party.partyName);
                form.setValue('partyId', party.partyId);
              }}
            />
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
              {installments ? (
                <FormDescription>Valor total, dividido nas parcelas.</FormDescription>
              ) : null}
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

        <fieldset className="grid gap-3 rounded-lg border p-3 lg:col-span-2">
          <legend className="px-1 text-sm font-medium">Repetição</legend>
          <div className="grid grid-cols-[1fr_auto] items-end gap-3">
            <FormField
              control={form.control}
              name="recurrence"
              render={({ field }) => (
                <div className="grid gap-2">
                  <Label htmlFor={ids.recurrence}>Recorrência</Label>
                  <Select
                    value={installments ? 'none' : field.value}
                    disabled={installments}
                    onValueChange={field.onChange}
                  >
                    <SelectTrigger id={ids.recurrence}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {(Object.keys(RECURRENCE_LABELS) as RecurrenceFrequency[]).map((value) => (
                        <SelectItem key={value} value={value}>
                          {RECURRENCE_LABELS[value]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              )}
            />
            {!installments && recurrence !== 'none' ? (
              <FormField
                control={form.control}
                name="occurrences"
                render={({ field }) => (
                  <FormItem className="w-28">
                    <FormLabel>Ocorrências</FormLabel>
                    <FormControl>
                      <Input {...field} type="number" inputMode="numeric" min={2} max={120} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : null}
          </div>

          <FormField
            control={form.control}
            name="installments"
            render={({ field }) => (
              <div className="flex min-h-touch items-center justify-between gap-3">
                <Label htmlFor={ids.installments}>Parcelamento</Label>
                <Switch
                  id={ids.installments}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              </div>
            )}
          />
          {installments ? (
            <FormField
              control={form.control}
              name="installmentCount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Número de parcelas</FormLabel>
                  <FormControl>
                    <Input {...field} type="number" inputMode="numeric" min={2} max={360} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}
          <PlanPreview
            form={{ amountCents, dueDate, recurrence, occurrences, installments, installmentCount }}
          />
        </fieldset>

        {/* The obra and its stage share a row: the stage appears only once an obra is chosen. */}
        <div className="grid gap-4 lg:col-span-2 lg:grid-cols-2">
          <FormField
            control={form.control}
            name="projectId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Obra/Projeto</FormLabel>
                <FormControl>
                  <ProjectPicker
                    value={field.value}
                    onChange={field.onChange}
                    noneLabel="Geral (sem obra específica)"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <StageFormField control={form.control} setValue={form.setValue} />
        </div>

        <FormField
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Categoria</FormLabel>
              <FormControl>
                <CategoryPicker
                  type={kind === 'expense' ? 'expense' : 'income'}
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Sem categoria"
                />
              </FormControl>
              <FormMessage>{categories.isError ? 'Erro ao carregar categorias' : null}</FormMessage>
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="bankAccountId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Conta</FormLabel>
              <FormControl>
                <BankAccountPicker
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Não definida"
                  optionLabel={(account) =>
                    `${account.name} - ${formatCurrency(toCents(account.current_balance))}`
                  }
                />
              </FormControl>
              <FormDescription>
                {bankAccounts.isSuccess && bankAccounts.data.length === 0
                  ? 'Nenhuma conta bancária ativa cadastrada.'
                  : 'Obrigatória para marcar como pago.'}
              </FormDescription>
              <FormMessage>
                {bankAccounts.isError ? 'Erro ao carregar contas bancárias' : null}
              </FormMessage>
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="paymentMethod"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Forma de Pagamento</FormLabel>
              <FormControl>
                <OptionSelect
                  value={field.value}
                  onChange={field.onChange}
                  noneLabel="Não definida"
                  options={paymentMethodOptions}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="photo"
          render={({ field }) => (
            <div className="grid gap-2">
              <p className="text-sm font-medium">Anexo</p>
              <ReceiptPhotoInput
                label="Anexar comprovante"
                value={field.value}
                onChange={field.onChange}
              />
            </div>
          )}
        />

        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem className="lg:col-span-2">
              <FormLabel>Observações</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  maxLength={2000}
                  rows={3}
                  placeholder="Informações adicionais"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <StatusLegend kind={kind} className="lg:col-span-2" />

        <Card className="lg:col-span-2">
          <CardContent className="grid gap-3 p-4 lg:flex lg:justify-end">
            <Button variant="outline" disabled={busy} onClick={saveDraft}>
              <Save aria-hidden="true" />
              Salvar rascunho
            </Button>
            <div className="grid grid-cols-2 gap-3">
              <Button variant="secondary" disabled={busy} onClick={() => submit(true)}>
                <CheckCircle2 aria-hidden="true" />
                {action === 'settle' ? 'Salvando...' : 'Marcar como Pago'}
              </Button>
              <Button type="submit" variant={tone} disabled={busy}>
                {action === 'save' ? 'Salvando...' : 'Salvar'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>
    </Form>
  );
}
