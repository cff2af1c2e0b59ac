import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import { PendingUploads } from '@/components/offline/pending-uploads';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentCompany } from '@/lib/current-company';
import { isOnline } from '@/lib/online';
import { useCreateWizardEntry } from '@/features/entries/api/create-wizard-entry';
import { useQueueEntries } from '@/features/entries/api/offline-entries';
import {
  clearDraft,
  useSessionState,
  wizardStorageKey,
} from '@/features/entries/lib/draft-storage';
import {
  canContinue,
  initialWizardState,
  GENERAL_PROJECT,
  WIZARD_STEPS,
  wizardEntry,
  type WizardState,
} from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';
import { CategoryStep } from '@/features/entries/components/wizard/category-step';
import { DateStep } from '@/features/entries/components/wizard/date-step';
import { PartyField } from '@/features/entries/components/party-field';
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

/** The 9-step wizard of /pagar (red) and /receber (green). Its state survives a reload. */
export function EntryWizard({ kind }: { kind: EntryKind }) {
  const company = useCurrentCompany();
  // Written on every change, so a session that ends on its own leaves the user's draft behind.
  const storageKey = wizardStorageKey(company, kind);
  const [state, setState] = useSessionState<WizardState>(storageKey, initialWizardState);
  const createEntry = useCreateWizardEntry();
  const { queueWizard } = useQueueEntries();
  const fieldId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(state.step);

  const text = copy[kind];
  const tone = kind === 'expense' ? 'expense' : 'income';
  const step = Math.min(Math.max(state.step, 1), WIZARD_STEPS);
  const valid = canContinue(step, state);

  // Moving between steps replaces the content: put the focus on the new question so keyboard and
  // screen-reader users land where the page changed (not on first render).
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const update = (patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch }));
  const goTo = (next: number) => update({ step: Math.min(Math.max(next, 1), WIZARD_STEPS) });

  function save() {
    const entry = wizardEntry(kind, state);
    if (!entry) return;
    if (!isOnline()) {
      // No network: the entry waits on this device ("Aguardando envio") and is sent later.
      queueWizard(entry).then(
        () => {
          toast.success('Aguardando envio', {
            description:
              'Sem conexão: o lançamento ficou salvo neste aparelho e será enviado quando a conexão voltar.',
          });
          clearDraft('sessionStorage', storageKey);
          setState(initialWizardState);
        },
        () => {
          toast.error('Erro ao salvar', {
            description: 'Não foi possível guardar o lançamento neste aparelho.',
          });
        },
      );
      return;
    }
    createEntry.mutate(entry, {
      onSuccess: () => {
        toast.success('Lançamento salvo!', { description: text.success });
        clearDraft('sessionStorage', storageKey);
        setState(initialWizardState);
      },
      onError: () => {
        // Everything typed stays in the wizard (and in sessionStorage) for another try.
        toast.error('Erro ao salvar', {
          description: 'Não foi possível salvar o lançamento. Tente novamente.',
        });
      },
    });
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

      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid || createEntry.isPending) return;
          if (step === WIZARD_STEPS) save();
          else goTo(step + 1);
        }}
      >
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {text.questions[step - 1]}
        </h2>

        {step === 1 ? (
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Descrição</Label>
            <Input
              id={fieldId}
              value={state.description}
              maxLength={200}
              autoComplete="off"
              placeholder={
                kind === 'expense' ? 'Ex.: Cimento para a fundação' : 'Ex.: Parcela da Casa 002'
              }
              onChange={(e) => update({ description: e.target.value })}
            />
          </div>
        ) : null}

        {step === 2 ? (
          <PartyField
            kind={kind}
            inputId={fieldId}
            partyId={state.partyId}
            partyName={state.partyName}
            onChange={update}
          />
        ) : null}

        {step === 3 ? (
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Valor</Label>
            <CurrencyInput
              id={fieldId}
              value={state.amountCents}
              className="text-lg"
              onValueChange={(cents) => update({ amountCents: cents })}
            />
            {state.amountCents === 0 ? (
              <p className="text-sm text-destructive">Informe um valor maior que zero.</p>
            ) : null}
          </div>
        ) : null}

        {step === 4 ? (
          <DateStep
            kind={kind}
            mode={state.dateMode}
            chosenDate={state.chosenDate}
            onChange={update}
          />
        ) : null}

        {step === 5 ? (
          <div className="grid gap-4">
            <ProjectStep
              kind={kind}
              value={state.project}
              // Another obra: the stage of the previous one no longer applies.
              onChange={(project) =>
                update(project === state.project ? { project } : { project, stageId: null })
              }
            />
            <StageField
              projectId={
                state.project === null || state.project === GENERAL_PROJECT ? null : state.project
              }
              value={state.stageId ?? null}
              onChange={(stageId) => update({ stageId })}
            />
          </div>
        ) : null}

        {step === 6 ? (
          <CategoryStep
            kind={kind}
            value={state.categoryId}
            onChange={(categoryId) => update({ categoryId })}
          />
        ) : null}

        {step === 7 ? (
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Observações (opcional)</Label>
            <Textarea
              id={fieldId}
              value={state.notes}
              maxLength={2000}
              rows={4}
              placeholder="Ex.: entregar no portão dos fundos"
              onChange={(e) => update({ notes: e.target.value })}
            />
          </div>
        ) : null}

        {step === 8 ? (
          <div className="grid gap-2">
            <ReceiptPhotoInput value={state.photo} onChange={(photo) => update({ photo })} />
            {state.photo ? null : (
              <Button variant="ghost" onClick={() => goTo(9)}>
                Pular esta etapa
              </Button>
            )}
          </div>
        ) : null}

        {step === 9 ? <ReviewStep kind={kind} state={state} onEdit={goTo} /> : null}

        {/* Kept above the bottom navigation so Continuar stays in reach when a step is long
            (the calendar on a phone). */}
        <div className="sticky bottom-[calc(5rem+env(safe-area-inset-bottom))] z-10 -mx-4 grid grid-cols-2 gap-3 bg-background/95 px-4 py-2 backdrop-blur">
          <Button
            variant="outline"
            disabled={step === 1 || createEntry.isPending}
            onClick={() => goTo(step - 1)}
          >
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Button>
          {step < WIZARD_STEPS ? (
            <Button type="submit" variant={tone} disabled={!valid}>
              Continuar
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button type="submit" variant={tone} disabled={!valid || createEntry.isPending}>
              <Check aria-hidden="true" />
              {createEntry.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
