import { Pencil, Split } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useCategories, useProjects } from '@/lib/api/lookups';
import { formatDate } from '@/lib/dates';
import { formatCurrency } from '@/lib/money';
import type { WizardValues } from '@/features/entries/api/create-wizard-entry';
import { GENERAL_PROJECT, wizardDueDate } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';
import { GENERAL_PROJECT_LABEL } from '@/features/entries/components/wizard/project-step';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import { newSplitDraft } from '@/features/entries/lib/split-draft';

// The split editor is its own chunk: loaded when "Ratear" is pressed.
const SplitEditor = lazy(() =>
  import('@/features/entries/components/split/split-editor').then((m) => ({
    default: m.SplitEditor,
  })),
);

interface ReviewStepProps {
  kind: EntryKind;
  values: WizardValues;
  onEdit: (step: number) => void;
}

/** Step 9: everything typed, each line with a way back to its step. */
export function ReviewStep({ kind, values, onEdit }: ReviewStepProps) {
  const projects = useProjects();
  const categories = useCategories({
    type: kind === 'expense' ? 'expense' : 'income',
    activeOnly: true,
  });
  const projectName =
    values.project === GENERAL_PROJECT
      ? GENERAL_PROJECT_LABEL
      : (projects.data?.find((p) => p.id === values.project)?.name ?? '—');
  const categoryName = categories.data?.find((c) => c.id === values.categoryId)?.name ?? '—';
  const dueDate = wizardDueDate(values);
  const split = values.split ?? null;
  const splitLabel = split ? `Rateio (${split.rows.length} partes)` : null;

  const rows: { step: number; label: string; value: ReactNode }[] = [
    { step: 1, label: 'Descrição', value: values.description.trim() },
    {
      step: 2,
      label: kind === 'expense' ? 'Fornecedor' : 'Cliente',
      value: (
        <>
          {values.partyName.trim()}
          {values.partyId ? null : (
            <span className="ml-1 text-xs text-muted-foreground">(novo)</span>
          )}
        </>
      ),
    },
    {
      step: 3,
      label: 'Valor',
      value: (
        <span
          className={
            kind === 'expense' ? 'font-semibold text-expense' : 'font-semibold text-income'
          }
        >
          {values.amountCents === null ? '—' : formatCurrency(values.amountCents)}
        </span>
      ),
    },
    {
      step: 4,
      label: kind === 'expense' ? 'Vencimento' : 'Data prevista',
      value: dueDate ? formatDate(dueDate) : '—',
    },
    { step: 5, label: 'Obra', value: splitLabel ?? projectName },
    { step: 6, label: 'Categoria', value: splitLabel ?? categoryName },
    { step: 7, label: 'Observações', value: values.notes.trim() || 'Nenhuma' },
    { step: 8, label: 'Comprovante', value: values.photo ? values.photo.name : 'Sem foto' },
  ];

  return (
    <div className="grid gap-3">
      <dl className="divide-y rounded-lg border">
        {rows.map((row) => (
          <div key={row.step} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <dt className="text-xs text-muted-foreground">{row.label}</dt>
              <dd className="break-words">{row.value}</dd>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Alterar ${row.label.toLowerCase()}`}
              onClick={() => onEdit(row.step)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          </div>
        ))}
      </dl>
      <ReviewSplit kind={kind} values={values} />
      {values.photo ? (
        <img
          src={values.photo.dataUrl}
          alt="Comprovante anexado"
          className="max-h-40 w-full rounded-lg border object-contain"
        />
      ) : null}
    </div>
  );
}

/** "Ratear" on the review: the entry split among obras and categorias before it is saved. */
function ReviewSplit({ kind, values }: { kind: EntryKind; values: WizardValues }) {
  const form = useWizardForm();
  const split = values.split ?? null;
  const error = form.formState.errors.split?.message ?? null;
  if (!split) {
    return (
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          form.setValue(
            'split',
            newSplitDraft({
              projectId: values.project === GENERAL_PROJECT ? null : values.project,
              stageId: values.stageId,
              categoryId: values.categoryId,
            }),
            { shouldDirty: true },
          )
        }
      >
        <Split aria-hidden="true" />
        Ratear
      </Button>
    );
  }
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground">Carregando rateio...</p>}>
      <SplitEditor
        kind={kind}
        amountCents={values.amountCents}
        value={split}
        onChange={(next) =>
          form.setValue('split', next, { shouldDirty: true, shouldValidate: true })
        }
        onRemove={() => form.setValue('split', null, { shouldDirty: true, shouldValidate: true })}
        error={error}
      />
    </Suspense>
  );
}
