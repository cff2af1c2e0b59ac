import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { ObrasChecklist } from '@/features/preferences/components/obras-checklist';

/** "Obras" of an Engenheiro / Encarregado, in a form with `projectIds` (invite, change access). */
export function ProjectIdsField({ disabled = false }: { disabled?: boolean }) {
  const { control } = useFormContext<{ projectIds: string[] }>();
  const labelId = useId();
  return (
    <FormField
      control={control}
      name="projectIds"
      render={({ field }) => (
        <FormItem>
          <p id={labelId} className="text-sm font-medium">
            Obras que pode ver
          </p>
          <ObrasChecklist
            value={field.value}
            onChange={field.onChange}
            disabled={disabled}
            labelledBy={labelId}
          />
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
