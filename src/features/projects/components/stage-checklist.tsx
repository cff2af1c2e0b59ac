import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { STAGE_OPTIONS } from '@/features/projects/lib/project-form';

interface StageChecklistProps {
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/** The stage checkboxes of Nova Obra (SPEC §9). */
export function StageChecklist({ selected, onChange, error, disabled }: StageChecklistProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset
      className="grid grid-cols-1 gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="sr-only">Etapas da obra</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1">
        {STAGE_OPTIONS.map((stage, index) => {
          const id = `${baseId}-${index}`;
          const checked = selected.includes(stage);
          return (
            <div key={stage} className="flex min-h-touch items-center gap-3 rounded-md px-1">
              <Checkbox
                id={id}
                checked={checked}
                disabled={disabled}
                onCheckedChange={(value) =>
                  onChange(
                    value === true
                      ? [...selected, stage]
                      : selected.filter((current) => current !== stage),
                  )
                }
              />
              <Label htmlFor={id} className="flex-1 cursor-pointer py-2">
                {stage}
              </Label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
