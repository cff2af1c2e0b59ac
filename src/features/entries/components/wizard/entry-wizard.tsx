import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { PendingUploads } from '@/components/offline/pending-uploads';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { WIZARD_STEPS } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';
import { AmountStep } from '@/features/entries/components/wizard/amount-step';
import { CategoryStep } from '@/features/entries/components/wizard/category-step';
import { DateStep } from '@/features/entries/components/wizard/date-step';
import { DescriptionStep } from '@/features/entries/components/wizard/description-step';
import { NotesStep } from '@/features/entries/components/wizard/notes-step';
import { PartyStep } from '@/features/entries/components/wizard/party-step';
import { PhotoStep } from '@/features/entries/components/wizard/photo-step';
import { ProjectStep } from '@/features/entries/components/wizard/project-step';
import { ReviewStep } from '@/features/entries/components/wizard/review-step';
import { useEntryWizard } from '@/features/entries/components/wizard/use-entry-wizard';

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
  },
} as const;

/** The 9-step wizard of /pagar (red) and /receber (green). Its state survives a reload. */
export function EntryWizard({ kind }: { kind: EntryKind }) {
  const { form, values, step, valid, busy, goTo, next, headingRef } = useEntryWizard(kind);
  const text = copy[kind];
  const tone = kind === 'expense' ? 'expense' : 'income';

  return (
    <div className="grid gap-4">
      <PageHeader title={text.title} backTo="/" />

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

          {step === 1 ? <DescriptionStep kind={kind} /> : null}
          {step === 2 ? <PartyStep kind={kind} /> : null}
          {step === 3 ? <AmountStep kind={kind} /> : null}
          {step === 4 ? <DateStep kind={kind} /> : null}
          {step === 5 ? <ProjectStep kind={kind} /> : null}
          {step === 6 ? <CategoryStep kind={kind} /> : null}
          {step === 7 ? <NotesStep /> : null}
          {step === 8 ? <PhotoStep onSkip={() => goTo(9)} /> : null}
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
      {/* Below the steps: read from the device after the first paint, gone once sent; above
          them it moved Continuar under a finger (issue 36). */}
      <PendingUploads />
    </div>
  );
}
