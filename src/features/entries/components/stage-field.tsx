import { useId } from 'react';
import { OptionSelect } from '@/components/pickers/option-select';
import { Label } from '@/components/ui/label';
import { useProjectStages } from '@/lib/api/project-stages';

interface StageFieldProps {
  /** The chosen obra; null ("Geral" or none yet) shows nothing. */
  projectId: string | null;
  value: string | null;
  onChange: (stageId: string | null) => void;
  disabled?: boolean;
  /** The field's label; a part of a rateio names its part ("Etapa da parte 2"). */
  label?: string;
}

/**
 * "Etapa (opcional)": a stage of the chosen obra for the entry (orçado × realizado per stage).
 * Shown only when the obra has stages; "Sem etapa" is null.
 */
export function StageField({
  projectId,
  value,
  onChange,
  disabled,
  label = 'Etapa (opcional)',
}: StageFieldProps) {
  const id = useId();
  const stages = useProjectStages(projectId);
  if (projectId === null || !stages.data || stages.data.length === 0) return null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        id={id}
        value={stages.data.some((stage) => stage.id === value) ? value : null}
        onChange={onChange}
        options={stages.data}
        noneLabel="Sem etapa"
        disabled={disabled}
      />
    </div>
  );
}
