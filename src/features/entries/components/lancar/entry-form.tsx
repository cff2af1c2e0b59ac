import { CheckCircle2, Save, FileClock } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { OptionSelect } from '@/components/pickers/option-select';
import { BankAccountPicker, CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CurrencyInput } from '@/components/ui/currency-input';
import { DatePicker } from '@/components/ui/date-picker';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useBankAccounts, useCategories } from '@/lib/api/lookups';
import { useCurrentCompany } from '@/lib/current-company';
import { useSaveDraftOnSessionEnd } from '@/lib/session-end';
import { RECURRENCE_LABELS, type RecurrenceFrequency } from '@/lib/dates';
import { getErrorMessage } from '@/lib/errors';
import { paymentMethodLabels, type PaymentMethod } from '@/lib/labels';
import { formatCurrency, toCents } from '@/lib/money';
import { useCreateEntries } from '@/features/entries/api/create-entries';
import { clearDraft, lancarDraftKey, readDraft, writeDraft } from '@/features/entries/lib/draft-storage';
import {
  initialLancarForm,
  lancarDraft,
  validateLancar,
  type LancarErrors,
  type LancarFormState,
} from '@/features/entries/lib/lancar-form';
import type { EntryKind } from '@/features/entries/lib/wizard';
import { ReceiptPhotoInput } from '@/features/entries/components/wizard/receipt-photo';
import { PlanPreview } from '@/features/entries/components/lancar/plan-preview';
import { StatusLegend } from '@/features/entries/components/lancar/status-legend';

const paymentMethodOptions = (Object.keys(paymentMethodLabels) as PaymentMethod[]).map((method) => ({
  id: method,
  name: paymentMethodLabels[method],
}));

const copy = {
  payable: {
    created: (n: number) =>
      n === 1 ? 'Conta a pagar foi criada com sucesso.' : `${n} contas a pagar foram criadas com sucesso.`,
    paidTitle: 'Pagamento realizado',
    paid: (description: string) => `${description} foi marcado como pago.`,
  },
  receivable: {
    created: (n: number) =>
      n === 1 ? 'Conta a receber foi criada com sucesso.' : `${n} contas a receber foram criadas com sucesso.`,
    paidTitle: 'Recebimento confirmado',
    paid: (description: string) => `${description} foi marcado como recebido.`,
  },
} as const;

/** A Lançar form (Conta a Pagar / Conta a Receber) that saves for real. */
export function EntryForm({ kind }: { kind: EntryKind }) {
  const company = useCurrentCompany();
  const draftKey = lancarDraftKey(company, kind);
  const [form, setForm] = useState<LancarFormState>(() => readDraft('localStorage', draftKey, initialLancarForm));
  const [hasDraft, setHasDraft] = useState(() => localStorage.getItem(draftKey) !== null);
  const [errors, setErrors] = useState<LancarErrors>({});
  const [action, setAction] = useState<'save' | 'settle' | null>(null);
  const createEntries = useCreateEntries();
  const categories = useCategories({ type: kind === 'payable' ? 'expense' : 'income', activeOnly: true });
  const bankAccounts = useBankAccounts({ activeOnly: true });
  const ids = { recurrence: useId(), installments: useId(), count: useId() };
  const text = copy[kind];
  const tone = kind === 'payable' ? 'expense' : 'income';
  // The session ending on its own keeps what was typed for when the user signs in again.
  useSaveDraftOnSessionEnd(() => {
    if (form !== initialLancarForm) writeDraft('localStorage', draftKey, form);
  });

  const update = (patch: Partial<LancarFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    // Once the user fixes a field its message goes away; the others stay until the next attempt.
    setErrors((e) => {
      const touched = new Set<string>(Object.keys(patch));
      if (touched.has('installments')) touched.add('installmentCount');
      if (touched.has('recurrence')) touched.add('occurrences');
      return Object.fromEntries(Object.entries(e).filter(([key]) => !touched.has(key)));
    });
  };

  function submit(settle: boolean) {
    const found = validateLancar(form, { settle });
    setErrors(found);
    const draft = lancarDraft(form, { settle });
    if (!draft) {
      if (found.bankAccountId) toast.error('Erro', { description: 'Selecione uma conta bancária para dar baixa.' });
      return;
    }
    setAction(settle ? 'settle' : 'save');
    createEntries.mutate(
      { kind, draft, settle },
      {
        onSuccess: (result) => {
          if (result.settled) toast.success(text.paidTitle, { description: text.paid(draft.description) });
          else toast.success('Lançamento salvo!', { description: text.created(result.count) });
          clearDraft('localStorage', draftKey);
          setHasDraft(false);
          setForm(initialLancarForm);
          setErrors({});
        },
        onError: (error) => {
          toast.error('Erro ao salvar', {
            description: getErrorMessage(error, 'Não foi possível salvar o lançamento. Tente novamente.'),
          });
        },
        onSettled: () => setAction(null),
      },
    );
  }

  function saveDraft() {
    const saved = writeDraft('localStorage', draftKey, form);
    if (!saved) {
      toast.error('Erro', { description: 'Não foi possível guardar o rascunho neste navegador.' });
      return;
    }
    setHasDraft(true);
    toast.success('Rascunho salvo', { description: 'Você pode continuar depois, mesmo se recarregar a página.' });
  }

  function discardDraft() {
    clearDraft('localStorage', draftKey);
    setHasDraft(false);
    setForm(initialLancarForm);
    setErrors({});
  }

  const busy = createEntries.isPending;

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label={kind === 'payable' ? 'Conta a Pagar' : 'Conta a Receber'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) submit(false);
      }}
    >
      {hasDraft ? (
        <div className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm">
          <FileClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="flex-1">Rascunho salvo neste navegador.</span>
          <Button variant="ghost" size="sm" onClick={discardDraft}>
            Descartar rascunho
          </Button>
        </div>
      ) : null}

      <FormField label="Descrição" required error={errors.description}>
        <Input
          value={form.description}
          maxLength={180}
          autoComplete="off"
          placeholder={kind === 'payable' ? 'Ex.: Compra de cimento' : 'Ex.: Venda da Casa 002'}
          onChange={(e) => update({ description: e.target.value })}
        />
      </FormField>

      <FormField
        label="Valor"
        required
        error={errors.amountCents}
        description={form.installments ? 'Valor total, dividido nas parcelas.' : undefined}
      >
        <CurrencyInput value={form.amountCents} onValueChange={(cents) => update({ amountCents: cents })} />
      </FormField>

      <FormField label="Data de Vencimento" required error={errors.dueDate}>
        <DatePicker value={form.dueDate} onChange={(dueDate) => update({ dueDate })} />
      </FormField>

      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-medium">Repetição</legend>
        <div className="grid grid-cols-[1fr_auto] items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor={ids.recurrence}>Recorrência</Label>
            <Select
              value={form.installments ? 'none' : form.recurrence}
              disabled={form.installments}
              onValueChange={(value) => update({ recurrence: value as RecurrenceFrequency })}
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
          {!form.installments && form.recurrence !== 'none' ? (
            <FormField label="Ocorrências" className="w-28" error={errors.occurrences}>
              <Input
                type="number"
                inputMode="numeric"
                min={2}
                max={120}
                value={form.occurrences}
                onChange={(e) => update({ occurrences: e.target.value })}
              />
            </FormField>
          ) : null}
        </div>

        <div className="flex min-h-touch items-center justify-between gap-3">
          <Label htmlFor={ids.installments}>Parcelamento</Label>
          <Switch
            id={ids.installments}
            checked={form.installments}
            onCheckedChange={(installments) => update({ installments })}
          />
        </div>
        {form.installments ? (
          <FormField label="Número de parcelas" error={errors.installmentCount} id={ids.count}>
            <Input
              type="number"
              inputMode="numeric"
              min={2}
              max={360}
              value={form.installmentCount}
              onChange={(e) => update({ installmentCount: e.target.value })}
            />
          </FormField>
        ) : null}
        <PlanPreview form={form} />
      </fieldset>

      <FormField label="Obra/Projeto">
        {(p) => (
          <ProjectPicker
            {...p}
            value={form.projectId}
            onChange={(projectId) => update({ projectId })}
            noneLabel="Geral (sem obra específica)"
          />
        )}
      </FormField>

      <FormField label="Categoria" error={categories.isError ? 'Erro ao carregar categorias' : null}>
        {(p) => (
          <CategoryPicker
            {...p}
            type={kind === 'payable' ? 'expense' : 'income'}
            value={form.categoryId}
            onChange={(categoryId) => update({ categoryId })}
            noneLabel="Sem categoria"
          />
        )}
      </FormField>

      <FormField
        label="Conta"
        error={errors.bankAccountId ?? (bankAccounts.isError ? 'Erro ao carregar contas bancárias' : null)}
        description={
          bankAccounts.isSuccess && bankAccounts.data.length === 0
            ? 'Nenhuma conta bancária ativa cadastrada.'
            : 'Obrigatória para marcar como pago.'
        }
      >
        {(p) => (
          <BankAccountPicker
            {...p}
            value={form.bankAccountId}
            onChange={(bankAccountId) => update({ bankAccountId })}
            noneLabel="Não definida"
            optionLabel={(account) => `${account.name} - ${formatCurrency(toCents(account.current_balance))}`}
          />
        )}
      </FormField>

      <FormField label="Forma de Pagamento">
        {(p) => (
          <OptionSelect
            {...p}
            value={form.paymentMethod}
            onChange={(method) => update({ paymentMethod: method as PaymentMethod | null })}
            noneLabel="Não definida"
            options={paymentMethodOptions}
          />
        )}
      </FormField>

      <div className="grid gap-2">
        <p className="text-sm font-medium">Anexo</p>
        <ReceiptPhotoInput label="Anexar comprovante" value={form.photo} onChange={(photo) => update({ photo })} />
      </div>

      <FormField label="Observações">
        <Textarea
          value={form.notes}
          maxLength={2000}
          rows={3}
          placeholder="Informações adicionais"
          onChange={(e) => update({ notes: e.target.value })}
        />
      </FormField>

      <StatusLegend kind={kind} />

      <Card>
        <CardContent className="grid gap-3 p-4">
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
  );
}
