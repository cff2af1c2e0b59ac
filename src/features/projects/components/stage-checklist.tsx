import { useId, type ComponentProps } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { STAGE_OPTIONS } from '@/features/projects/lib/project-form';

type StageChecklistProps = Omit<ComponentProps<'fieldset'>, 'onChange'> & {
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
};

/**
 * The stage checkboxes of Nova Obra (SPEC §9). A FormControl gives the fieldset its id and aria-*,
 * so the FormMessage beside it is announced with the group.
 */
export function StageChecklist({ selected, onChange, disabled, ...props }: StageChecklistProps) {
  const baseId = useId();
  return (
    <fieldset className="grid grid-cols-1 gap-2" {...props}>
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
    </fieldset>
  );
}
