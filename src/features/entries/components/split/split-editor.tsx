import { Plus, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { CategoryPicker, ProjectPicker } from '@/components/pickers/pickers';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { EntryKind } from '@/lib/entries';
import { formatCurrency } from '@/lib/money';
import { cn } from '@/lib/utils';
import { ApplySplitTemplate } from '@/features/entries/components/split/apply-split-template';
import { MAX_PARTS, MIN_PARTS, type SplitPart } from '@/features/entries/lib/split';
import {
  draftFromParts,
  emptySplitRow,
  remainingText,
  rowAmounts,
  splitRemaining,
  switchMode,
  type SplitDraft,
  type SplitMode,
  type SplitRowDraft,
} from '@/features/entries/lib/split-draft';
import { StageField } from '@/features/entries/components/stage-field';

export interface SplitEditorProps {
  kind: EntryKind;
  /** The entry's amount (each installment's total when the form splits a plan): what the parts sum to. */
  amountCents: number | null;
  value: SplitDraft;
  onChange: (value: SplitDraft) => void;
  /** "Remover rateio": back to one obra and one categoria. */
  onRemove: () => void;
  /** The form's message for the split (resolveSplit's), shown under the parts. */
  error?: string | null;
  /** An obra member splits among their own obras only: no "Geral". */
  allowGeneral?: boolean;
  className?: string;
}

const MODES: { mode: SplitMode; label: string }[] = [
  { mode: 'percent', label: 'Por percentual' },
  { mode: 'value', label: 'Por valor' },
];

/**
 * "Ratear": the entry's amount split into parts, each with an obra (or Geral), an etapa of that
 * obra and a categoria, by percentage or by value, with the live "Falta R$ x" / "Soma confere".
 * Percentages become amounts by largest remainder (split-draft.ts, the database's own rule).
 * Phone first: each part a block of its own; from md the fields of a part side by side.
 */
export function SplitEditor({
  kind,
  amountCents,
  value,
  onChange,
  onRemove,
  error,
  allowGeneral = true,
  className,
}: SplitEditorProps) {
  const statusId = useId();
  const amounts = rowAmounts(value, amountCents);
  const left = splitRemaining(value, amountCents);

  const setRow = (index: number, patch: Partial<SplitRowDraft>) =>
    onChange({
      ...value,
      rows: value.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    });
  const removeRow = (index: number) =>
    onChange({ ...value, rows: value.rows.filter((_, i) => i !== index) });
  const addRow = () => {
    const last = value.rows[value.rows.length - 1];
    onChange({ ...value, rows: [...value.rows, emptySplitRow({ categoryId: last?.categoryId })] });
  };
  /** A Rateio padrão applied (ApplySplitTemplate's onApply): its parts, editable before saving. */
  const applyParts = (parts: SplitPart[]) => onChange(draftFromParts(parts));

  return (
    <section
      aria-label="Rateio"
      className={cn('grid gap-3 rounded-lg border border-dashed p-3', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Rateio</h3>
        <div className="flex flex-wrap items-center gap-2">
          <ApplySplitTemplate kind={kind} amountCents={amountCents} onApply={applyParts} />
          <Button variant="ghost" size="sm" onClick={onRemove}>
            <X aria-hidden="true" />
            Remover rateio
          </Button>
        </div>
      </div>

      <div
        role="group"
        aria-label="Ratear por"
        className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1"
      >
        {MODES.map(({ mode, label }) => (
          <Button
            key={mode}
            size="sm"
            variant={value.mode === mode ? 'default' : 'ghost'}
            aria-pressed={value.mode === mode}
            onClick={() => onChange(switchMode(value, mode, amountCents))}
          >
            {label}
          </Button>
        ))}
      </div>

      <ol className="grid gap-3">
        {value.rows.map((row, index) => (
          <SplitRowFields
            // Parts have no id of their own: the position is what they are.
            key={index}
            kind={kind}
            index={index}
            row={row}
            mode={value.mode}
            amountCents={amounts[index] ?? null}
            canRemove={value.rows.length > MIN_PARTS}
            allowGeneral={allowGeneral}
            onChange={(patch) => setRow(index, patch)}
            onRemove={() => removeRow(index)}
          />
        ))}
      </ol>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={addRow}
          disabled={value.rows.length >= MAX_PARTS}
        >
          <Plus aria-hidden="true" />
          Adicionar parte
        </Button>
        <p
          id={statusId}
          role="status"
          className={cn(
            'text-sm font-medium tabular-nums',
            left === 0 ? 'text-income' : 'text-muted-foreground',
          )}
        >
          {remainingText(value, amountCents)}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </section>
  );
}

interface SplitRowFieldsProps {
  kind: EntryKind;
  index: number;
  row: SplitRowDraft;
  mode: SplitMode;
  amountCents: number | null;
  canRemove: boolean;
  allowGeneral: boolean;
  onChange: (patch: Partial<SplitRowDraft>) => void;
  onRemove: () => void;
}

function SplitRowFields({
  kind,
  index,
  row,
  mode,
  amountCents,
  canRemove,
  allowGeneral,
  onChange,
  onRemove,
}: SplitRowFieldsProps) {
  const id = useId();
  const n = index + 1;
  return (
    <li aria-label={`Parte ${n}`} className="grid gap-3 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">Parte {n}</span>
        {canRemove ? (
          <Button variant="ghost" size="icon" aria-label={`Remover parte ${n}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-project`}>Obra da parte {n}</Label>
          <ProjectPicker
            id={`${id}-project`}
            value={row.projectId}
            // A stage belongs to its obra: another obra clears it.
            onChange={(projectId) => onChange({ projectId, stageId: null })}
            noneLabel={allowGeneral ? 'Geral' : undefined}
            placeholder="Escolha a obra"
          />
        </div>
        <StageField
          projectId={row.projectId}
          value={row.stageId}
          onChange={(stageId) => onChange({ stageId })}
          label={`Etapa da parte ${n} (opcional)`}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-category`}>Categoria da parte {n}</Label>
          <CategoryPicker
            id={`${id}-category`}
            type={kind}
            value={row.categoryId}
            onChange={(categoryId) => onChange({ categoryId })}
            noneLabel="Sem categoria"
          />
        </div>
        {mode === 'percent' ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-percent`}>Percentual da parte {n} (%)</Label>
            <div className="flex items-center gap-3">
              <Input
                id={`${id}-percent`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                className="w-24"
                value={row.percentText}
                onChange={(event) => onChange({ percentText: event.target.value })}
              />
              <span className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
                {amountCents === null ? '—' : formatCurrency(amountCents)}
              </span>
            </div>
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-amount`}>Valor da parte {n}</Label>
            <CurrencyInput
              id={`${id}-amount`}
              value={row.amountCents}
              onValueChange={(cents) => onChange({ amountCents: cents })}
            />
          </div>
        )}
      </div>
    </li>
  );
}
