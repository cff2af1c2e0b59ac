import { ProjectChoiceList } from '@/components/pickers/choice-lists';
import { GENERAL_PROJECT } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';

interface ProjectStepProps {
  kind: EntryKind;
  value: string | null;
  onChange: (project: string) => void;
}

export const GENERAL_PROJECT_LABEL = 'Geral (sem obra específica)';

/** Step 5: "Geral (sem obra específica)" plus the company's obras. */
export function ProjectStep({ kind, value, onChange }: ProjectStepProps) {
  return (
    <ProjectChoiceList
      tone={kind === 'expense' ? 'expense' : 'income'}
      noneLabel={GENERAL_PROJECT_LABEL}
      // The wizard keeps "Geral" as GENERAL_PROJECT (stored in the saved wizard) and null for "not chosen yet".
      value={value === GENERAL_PROJECT ? null : (value ?? undefined)}
      onChange={(projectId) => onChange(projectId ?? GENERAL_PROJECT)}
    />
  );
}
