import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Save, FileClock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { useCurrentCompany } from '@/lib/current-company';
import { useSaveDraftOnSessionEnd } from '@/lib/session-end';
import { isOnline } from '@/lib/online';
import { useCan } from '@/lib/roles';
import { cn } from '@/lib/utils';
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
import { EntryFields } from '@/features/entries/components/entry-fields';
import { ReceiptPhotoInput } from '@/features/entries/components/wizard/receipt-photo';
import { useAttachPhoto } from '@/features/entries/lib/use-attach-photo';
import { keepOnDevice } from '@/features/entries/lib/queue-offline';
import { RepetitionFields } from '@/features/entries/components/lancar/repetition-fields';
import { StatusLegend } from '@/features/entries/components/lancar/status-legend';
import { PaymentCodeField } from '@/features/entries/components/capture/payment-code-field';
import { LookalikeWarning } from '@/features/entries/components/capture/lookalike-warning';
import type { SharePrefill } from '@/features/entries/components/lancar/use-whatsapp-tab';

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
export function EntryForm({
  kind,
  prefill = null,
}: {
  kind: EntryKind;
  /** Via WhatsApp's Pré-preencher: a shared code and file (a new seq each tap). */
  prefill?: (SharePrefill & { seq: number }) | null;
}) {
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
  // An obra member's payable awaits approval: it cannot be settled as it is recorded.
  const canSettle = useCan()('recordCompanyEntry');
  const submitted = useRef<{ key: string; ids: string[] } | null>(null);
  const createEntries = useCreateEntries();
  const attachPhoto = useAttachPhoto();
  const { queueLancar } = useQueueEntries();
  const text = copy[kind];
  const tone = kind === 'expense' ? 'expense' : 'income';
  const installments = useWatch({ control: form.control, name: 'installments' });
  // The session ending on its own keeps what was typed for when the user signs in again.
  useSaveDraftOnSessionEnd(() => {
    const draft = draftOf(form.getValues());
    if (!isInitial(draft)) writeDraft('localStorage', draftKey, draft);
  });

  // Pré-preencher: the shared file becomes the Anexo and a message without a code its Descrição;
  // the code goes through the code field (PaymentCodeField's `incoming`), as if pasted.
  useEffect(() => {
    if (!prefill) return;
    if (prefill.attachment) form.setValue('photo', prefill.attachment, { shouldDirty: true });
    if (prefill.description && form.getValues('description').trim() === '')
      form.setValue('description', prefill.description, { shouldDirty: true });
  }, [prefill, form]);

  async function onValid(input: Omit<CreateEntriesInput, 'kind'>) {
    if (!isOnline()) {
      await saveOffline(input);
      return;
    }
    setAction(input.settle ? 'settle' : 'save');
    const ids = idsFor(input);
    // The Anexo belongs to the first entry (of a plan: the one due first).
    const photo = form.getValues('photo');
    let result;
    try {
      result = await createEntries.mutateAsync({ input: { kind, ...input }, ids });
    } catch (error) {
      // Everything typed stays, so the user can try again.
      toastError('Erro ao salvar', error, 'Não foi possível salvar o lançamento. Tente novamente.');
      return;
    } finally {
      setAction(null);
    }
    // The Anexo is kept on this device before the form resets (it is in the draft until then): a
    // reload while it uploads never drops it. It is sent from there.
    const first = ids[0];
    if (photo && first) await attachPhoto({ kind, ...input.draft }, first, photo);
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
    if (!(await keepOnDevice(() => queueLancar({ kind, ...input }, form.getValues('photo'))))) {
      return;
    }
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

        {kind === 'expense' ? (
          <PaymentCodeField
            className="lg:col-span-2"
            setDueDate={(date) => form.setValue('dueDate', date, { shouldDirty: true })}
            incoming={prefill?.code ? { code: prefill.code, seq: prefill.seq } : null}
          />
        ) : null}

        <EntryFields
          kind={kind}
          amountHint={installments ? 'Valor total, dividido nas parcelas.' : null}
          repetition={<RepetitionFields />}
          attachment={
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
          }
        />

        {kind === 'expense' ? <LookalikeWarning className="lg:col-span-2" /> : null}

        <StatusLegend kind={kind} className="lg:col-span-2" />

        <Card className="lg:col-span-2">
          <CardContent className="grid gap-3 p-4 lg:flex lg:justify-end">
            <Button variant="outline" disabled={busy} onClick={saveDraft}>
              <Save aria-hidden="true" />
              Salvar rascunho
            </Button>
            <div className={cn('grid gap-3', canSettle ? 'grid-cols-2' : 'grid-cols-1')}>
              {canSettle ? (
                <Button variant="secondary" disabled={busy} onClick={() => submit(true)}>
                  <CheckCircle2 aria-hidden="true" />
                  {action === 'settle' ? 'Salvando...' : 'Marcar como Pago'}
                </Button>
              ) : null}
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
