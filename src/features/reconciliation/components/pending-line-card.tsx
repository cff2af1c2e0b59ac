import { useId } from 'react';
import { CategoryPicker } from '@/components/pickers/pickers';
import { OptionSelect } from '@/components/pickers/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { StatementLineRow } from '@/features/reconciliation/api/get-reconciliation';
import { AmountText } from '@/features/reconciliation/components/amount-text';
import { FitidConflictNote } from '@/features/reconciliation/components/fitid-conflict-note';
import type { Candidate } from '@/features/reconciliation/lib/ranking';
import { formatDate } from '@/lib/dates';

export const CREATE_CHOICE = 'create';

export function choiceId(candidate: Candidate): string {
  return `${candidate.kind}:${candidate.targetId}`;
}

/** What the user reads for a candidate: "Conciliado: …" or "Dar baixa em …". */
export function candidateLabel(candidate: Candidate): string {
  const who = candidate.counterpartyName ? ` · ${candidate.counterpartyName}` : '';
  if (candidate.kind === 'ledger') {
    return `Conciliado: ${candidate.description} (${formatDate(candidate.targetDate)})`;
  }
  return `Dar baixa em ${candidate.description}${who} (vence ${formatDate(candidate.targetDate)})`;
}

export interface LineChoice {
  /** CREATE_CHOICE or choiceId(candidate). */
  choice: string;
  description: string;
  categoryId: string | null;
}

interface PendingLineCardProps {
  line: StatementLineRow;
  /** Best first: the suggestion, then the other free candidates. */
  options: Candidate[];
  value: LineChoice;
  onChange: (value: LineChoice) => void;
  onConfirm: () => void;
  onIgnore: () => void;
  busy: boolean;
  /** A role that may not write sees the line and its suggestion, nothing to choose or confirm. */
  readOnly?: boolean;
}

/** One statement line still to reconcile, with its suggestion and the other choices. */
export function PendingLineCard({
  line,
  options,
  value,
  onChange,
  onConfirm,
  onIgnore,
  busy,
  readOnly = false,
}: PendingLineCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  const categoryId = useId();
  const chosen = options.find((c) => choiceId(c) === value.choice);
  const selectOptions = [
    ...options.map((c) => ({ id: choiceId(c), name: candidateLabel(c) })),
    { id: CREATE_CHOICE, name: 'Criar lançamento' },
  ];
  const confirmLabel = !chosen
    ? 'Criar lançamento'
    : chosen.kind === 'ledger'
      ? 'Confirmar conciliação'
      : 'Dar baixa';

  return (
    <li
      aria-labelledby={titleId}
      className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-3 shadow-sm"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1">
        <p id={titleId} className="min-w-0 break-words font-medium">
          {line.memo || 'Sem descrição'}
        </p>
        <AmountText cents={line.amountCents} className="text-right" />
        <p className="col-span-2 text-xs text-muted-foreground">
          {formatDate(line.postedOn)} · <span className="break-all">FITID {line.fitid}</span>
        </p>
        {line.fitidConflict ? (
          <div className="col-span-2">
            <FitidConflictNote />
          </div>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-2 rounded-md bg-muted/50 p-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Sugestão:</span>
          {!chosen ? (
            <Badge variant="secondary">Criar lançamento</Badge>
          ) : chosen.kind === 'ledger' ? (
            <Badge variant="income">Conciliado</Badge>
          ) : (
            <Badge variant="warning">Dar baixa</Badge>
          )}
        </div>
        {!readOnly && options.length > 0 ? (
          <OptionSelect
            aria-label="Ação para este lançamento"
            value={value.choice}
            onChange={(choice) => onChange({ ...value, choice: choice ?? CREATE_CHOICE })}
            options={selectOptions}
            disabled={busy}
          />
        ) : null}
        {!readOnly && !chosen ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="grid grid-cols-1 gap-1">
              <Label htmlFor={descriptionId} className="text-xs">
                Descrição
              </Label>
              <Input
                id={descriptionId}
                value={value.description}
                maxLength={200}
                onChange={(e) => onChange({ ...value, description: e.target.value })}
                disabled={busy}
              />
            </div>
            <div className="grid grid-cols-1 gap-1">
              <Label id={categoryId} className="text-xs">
                Categoria
              </Label>
              <CategoryPicker
                aria-label="Categoria"
                type={line.amountCents < 0 ? 'expense' : 'income'}
                value={value.categoryId}
                onChange={(id) => onChange({ ...value, categoryId: id })}
                noneLabel="Sem categoria"
                disabled={busy}
              />
            </div>
          </div>
        ) : null}
      </div>

      {!readOnly ? (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button variant="outline" onClick={onIgnore} disabled={busy}>
            Ignorar
          </Button>
          <Button onClick={onConfirm} disabled={busy || (!chosen && !value.description.trim())}>
            {confirmLabel}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
