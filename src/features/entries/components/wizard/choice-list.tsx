import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

export interface Choice {
  value: string;
  label: string;
  hint?: ReactNode;
}

interface ChoiceListProps {
  /** The group's accessible name, e.g. "Obra". */
  label: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (value: string) => void;
  tone: 'expense' | 'income';
}

/** A radio group of large rows: easy to hit on a phone at the worksite. */
export function ChoiceList({ label, choices, value, onChange, tone }: ChoiceListProps) {
  const baseId = useId();
  return (
    <RadioGroup aria-label={label} value={value ?? ''} onValueChange={onChange} className="gap-2">
      {choices.map((choice, index) => {
        const id = `${baseId}-${index}`;
        const checked = choice.value === value;
        return (
          <Label
            key={choice.value}
            htmlFor={id}
            className={cn(
              'flex min-h-touch cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-base font-normal transition-colors hover:bg-accent md:text-sm',
              checked && (tone === 'expense' ? 'border-expense bg-expense/5' : 'border-income bg-income/5'),
            )}
          >
            <RadioGroupItem
              id={id}
              value={choice.value}
              className={tone === 'expense' ? 'border-expense text-expense' : 'border-income text-income'}
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{choice.label}</span>
              {choice.hint ? <span className="block text-xs text-muted-foreground">{choice.hint}</span> : null}
            </span>
          </Label>
        );
      })}
    </RadioGroup>
  );
}
