import { useEffect, useRef } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { StageField } from '@/features/entries/components/stage-field';
import type { z } from 'zod';
import type { LancarFormValues, lancarFormSchema } from '@/features/entries/api/create-entries';

interface StageFormFieldProps {
  control: Control<LancarFormValues, unknown, z.output<typeof lancarFormSchema>>;
  setValue: UseFormSetValue<LancarFormValues>;
  disabled?: boolean;
}

/** Lançar's "Etapa (opcional)", after the obra: a stage of the chosen obra; cleared when the obra changes. */
export function StageFormField({ control, setValue, disabled }: StageFormFieldProps) {
  const [projectId, stageId] = useWatch({ control, name: ['projectId', 'stageId'] });
  const previous = useRef(projectId);
  useEffect(() => {
    if (previous.current !== projectId) {
      previous.current = projectId;
      setValue('stageId', null);
    }
  }, [projectId, setValue]);
  return (
    <StageField
      projectId={projectId}
      value={stageId ?? null}
      onChange={(value) => setValue('stageId', value, { shouldDirty: true })}
      disabled={disabled}
    />
  );
}
