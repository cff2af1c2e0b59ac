import { useId, type ReactNode } from 'react';
import { NONE_VALUE } from '@/components/pickers/option-select';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

export interface Choice {
  value: string;
  label: string;
  hint?: ReactNode;
}

export type ChoiceTone = 'expense' | 'income';

interface ChoiceListProps {
  /** The group's accessible name, e.g. "Obra". */
  label: string;
  choices: readonly Choice[];
  /** The chosen value; null is the "none" choice (`noneLabel`), undefined is nothing chosen yet. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  tone: ChoiceTone;
  /** The label of the null choice, offered first ("Geral (sem obra específica)"); without it, none. */
  noneLabel?: string;
}

/** A radio group of large rows: easy to hit on a phone at the worksite. */
export function ChoiceList({ label, choices, value, onChange, tone, noneLabel }: ChoiceListProps) {
  const baseId = useId();
  const all: readonly Choice[] =
    noneLabel === undefined ? choices : [{ value: NONE_VALUE, label: noneLabel }, ...choices];
  const selected = value === null ? (noneLabel === undefined ? '' : NONE_VALUE) : (value ?? '');
  return (
    <RadioGroup
      aria-label={label}
      value={selected}
      onValueChange={(next) => onChange(next === NONE_VALUE ? null : next)}
      className="gap-2"
    >
      {all.map((choice, index) => {
        const id = `${baseId}-${index}`;
        const checked = choice.value === selected;
        return (
          <Label
            key={choice.value}
            htmlFor={id}
            className={cn(
              'flex min-h-touch cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-base font-normal transition-colors hover:bg-accent md:text-sm',
              checked &&
                (tone === 'expense' ? 'border-expense bg-expense/5' : 'border-income bg-income/5'),
            )}
          >
            <RadioGroupItem
              id={id}
              value={choice.value}
              className={
                tone === 'expense' ? 'border-expense text-expense' : 'border-income text-income'
              }
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{choice.label}</span>
              {choice.hint ? (
                <span className="block text-xs text-muted-foreground">{choice.hint}</span>
              ) : null}
            </span>
          </Label>
        );
      })}
    </RadioGroup>
  );
}
