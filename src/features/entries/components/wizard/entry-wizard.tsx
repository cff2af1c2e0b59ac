import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { PendingUploads } from '@/components/offline/pending-uploads';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentCompany } from '@/lib/current-company';
import { isOnline } from '@/lib/online';
import { isNetworkError, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';
import {
  canContinue,
  initialWizardValues,
  useCreateWizardEntry,
  wizardFormSchema,
  type WizardValues,
} from '@/features/entries/api/create-wizard-entry';
import { useQueueEntries } from '@/features/entries/api/offline-entries';
import {
  clearDraft,
  readDraft,
  wizardStorageKey,
  writeDraft,
} from '@/features/entries/lib/draft-storage';
import { GENERAL_PROJECT, WIZARD_STEPS, type WizardEntry } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';
import { CategoryStep } from '@/features/entries/components/wizard/category-step';
import { DateStep } from '@/features/entries/components/wizard/date-step';
import { PartyPicker } from '@/features/entries/components/party-picker';
import { ProjectStep } from '@/features/entries/components/wizard/project-step';
import { StageField } from '@/features/entries/components/stage-field';
import { ReceiptPhotoInput } from '@/features/entries/components/wizard/receipt-photo';
import { ReviewStep } from '@/features/entries/components/wizard/review-step';

const copy = {
  expense: {
    title: 'Nova Conta a Pagar',
    questions: [
      'O que você vai pagar?',
      'Para quem você vai pagar?',
      'Qual o valor?',
      'Quando vai pagar?',
      'Para qual obra?',
      'Qual a categoria da despesa?',
      'Alguma observação?',
      'Quer anexar o comprovante?',
      'Confira e salve',
    ],
    success: 'Conta a pagar foi criada com sucesso.',
  },
  income: {
    title: 'Nova Conta a Receber',
    questions: [
      'O que você vai receber?',
      'De quem você vai receber?',
      'Qual o valor?',
      'Qual a data prevista para receber?',
      'Para qual obra?',
      'Qual a categoria da receita?',
      'Alguma observação?',
      'Quer anexar o comprovante?',
      'Confira e salve',
    ],
    success: 'Conta a receber foi criada com sucesso.',
  },
} as const;

/** What sessionStorage keeps: the values and the step the user is on (the shape it always had). */
type WizardDraft = WizardValues & { step: number };

const initialDraft: WizardDraft = { step: 1, ...initialWizardValues };

function isInitialDraft(draft: WizardDraft): boolean {
  return (Object.keys(initialDraft) as (keyof WizardDraft)[]).every(
    (key) => draft[key] === initialDraft[key],
  );
}

function valuesOf({ step: _step, ...values }: WizardDraft): WizardValues {
  return values;
}

const clampStep = (step: number) => Math.min(Math.max(step, 1), WIZARD_STEPS);

/** The 9-step wizard of /pagar (red) and /receber (green). Its state survives a reload. */
export function EntryWizard({ kind }: { kind: EntryKind }) {
  const company = useCurrentCompany();
  // Written on every change, so a session that ends on its own leaves the user's draft behind.
  const storageKey = wizardStorageKey(company, kind);
  const [restored] = useState(() => readDraft('sessionStorage', storageKey, initialDraft));
  const form = useForm({
    resolver: zodResolver(wizardFormSchema),
    // A field tells what is wrong as soon as it is changed (a zero amount); Continuar stays
    // disabled until the step's fields pass the schema.
    mode: 'onChange',
    defaultValues: valuesOf(restored),
  });
  const values = useWatch({ control: form.control, compute: (all) => ({ ...all }) });
  const [currentStep, setCurrentStep] = useState(restored.step);
  const createEntry = useCreateWizardEntry();
  const { queueWizard } = useQueueEntries();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const text = copy[kind];
  const tone = kind === 'expense' ? 'expense' : 'income';
  const step = clampStep(currentStep);
  const previousStep = useRef(step);
  const valid = canContinue(step, values);
  const busy = createEntry.isPending || form.formState.isSubmitting;

  useEffect(() => {
    const draft = { ...values, step };
    if (isInitialDraft(draft)) clearDraft('sessionStorage', storageKey);
    else writeDraft('sessionStorage', storageKey, draft);
  }, [storageKey, step, values]);

  // Moving between steps replaces the content: put the focus on the new question so keyboard and
  // screen-reader users land where the page changed (not on first render).
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const goTo = (next: number) => setCurrentStep(clampStep(next));

  function startOver() {
    clearDraft('sessionStorage', storageKey);
    form.reset(initialWizardValues);
    setCurrentStep(1);
  }

  async function save(answers: Omit<WizardEntry, 'kind'>) {
    const entry: WizardEntry = { kind, ...answers };
    if (!isOnline()) {
      // No network: the entry waits on this device ("Aguardando envio") and is sent later, with
      // the id its queue item was given (a repeated send writes nothing twice).
      try {
        await queueWizard(entry);
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
      startOver();
      return;
    }
    try {
      await createEntry.mutateAsync(entry);
    } catch (error) {
      // Everything typed stays in the wizard (and in sessionStorage) for another try. SPEC §8:
      // the database refusing the save is "Erro ao salvar"; the request not getting through
      // (the network dropped while the device thought it was online) is "Erro inesperado".
      if (isNetworkError(error)) {
        toast.error(UNEXPECTED_ERROR_TITLE, {
          description: 'Ocorreu um erro inesperado. Tente novamente.',
        });
      } else {
        toast.error('Erro ao salvar', {
          description: 'Não foi possível salvar o lançamento. Tente novamente.',
        });
      }
      return;
    }
    toast.success('Lançamento salvo!', { description: text.success });
    startOver();
  }

  function next() {
    // Enter cannot get here while Continuar is disabled (no implicit submission then).
    if (!valid || busy) return;
    if (step === WIZARD_STEPS) void form.handleSubmit(save)();
    else goTo(step + 1);
  }

  return (
    <div className="grid gap-4">
      <PageHeader title={text.title} backTo="/" />
      <PendingUploads />

      <div className="grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <span className="text-muted-foreground">Passo</span>
          <span
            className={
              kind === 'expense' ? 'font-semibold text-expense' : 'font-semibold text-income'
            }
          >
            {step}/{WIZARD_STEPS}
          </span>
        </div>
        <Progress
          value={(step / WIZARD_STEPS) * 100}
          indicatorColor={tone}
          aria-label={`Passo ${step} de ${WIZARD_STEPS}`}
          aria-valuetext={`${step}/${WIZARD_STEPS}`}
        />
      </div>

      <Form {...form}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {text.questions[step - 1]}
          </h2>

          {step === 1 ? (
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Descrição</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      maxLength={200}
                      autoComplete="off"
                      placeholder={
                        kind === 'expense'
                          ? 'Ex.: Cimento para a fundação'
                          : 'Ex.: Parcela da Casa 002'
                      }
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}

          {step === 2 ? (
            <FormField
              control={form.control}
              name="partyName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    {kind === 'expense' ? 'Nome do fornecedor' : 'Nome do cliente'}
                  </FormLabel>
                  <FormControl>
                    <PartyPicker
                      kind={kind}
                      partyId={values.partyId}
                      partyName={field.value}
                      onBlur={field.onBlur}
                      onChange={(party) => {
                        form.setValue('partyId', party.partyId);
                        field.onChange(party.partyName);
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}

          {step === 3 ? (
            <FormField
              control={form.control}
              name="amountCents"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Valor</FormLabel>
                  <FormControl>
                    <CurrencyInput
                      ref={field.ref}
                      value={field.value}
                      className="text-lg"
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}

          {step === 4 ? <DateStep kind={kind} control={form.control} /> : null}

          {step === 5 ? (
            <div className="grid gap-4">
              <FormField
                control={form.control}
                name="project"
                render={({ field }) => (
                  <FormItem>
                    <ProjectStep
                      kind={kind}
                      value={field.value}
                      onChange={(project) => {
                        // Another obra: the stage of the previous one no longer applies.
                        if (project !== field.value) form.setValue('stageId', null);
                        field.onChange(project);
                      }}
                    />
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="stageId"
                render={({ field }) => (
                  <StageField
                    projectId={
                      values.project === null || values.project === GENERAL_PROJECT
                        ? null
                        : values.project
                    }
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            </div>
          ) : null}

          {step === 6 ? (
            <FormField
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <FormItem>
                  <CategoryStep kind={kind} value={field.value} onChange={field.onChange} />
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}

          {step === 7 ? (
            <FormField
              control={form.control}
              name="notes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Observações (opcional)</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      maxLength={2000}
                      rows={4}
                      placeholder="Ex.: entregar no portão dos fundos"
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : null}

          {step === 8 ? (
            <FormField
              control={form.control}
              name="photo"
              render={({ field }) => (
                <div className="grid gap-2">
                  <ReceiptPhotoInput value={field.value} onChange={field.onChange} />
                  {field.value ? null : (
                    <Button variant="ghost" onClick={() => goTo(9)}>
                      Pular esta etapa
                    </Button>
                  )}
                </div>
              )}
            />
          ) : null}

          {step === 9 ? <ReviewStep kind={kind} values={values} onEdit={goTo} /> : null}

          {/* Kept above the bottom navigation so Continuar stays in reach when a step is long
              (the calendar on a phone). */}
          <div className="sticky bottom-[calc(5rem+env(safe-area-inset-bottom))] z-10 -mx-4 grid grid-cols-2 gap-3 bg-background/95 px-4 py-2 backdrop-blur">
            <Button variant="outline" disabled={step === 1 || busy} onClick={() => goTo(step - 1)}>
              <ArrowLeft aria-hidden="true" />
              Voltar
            </Button>
            {step < WIZARD_STEPS ? (
              <Button type="submit" variant={tone} disabled={!valid}>
                Continuar
                <ArrowRight aria-hidden="true" />
              </Button>
            ) : (
              <Button type="submit" variant={tone} disabled={!valid || busy}>
                <Check aria-hidden="true" />
                {busy ? 'Salvando...' : 'Salvar'}
              </Button>
            )}
          </div>
        </form>
      </Form>
    </div>
  );
}
