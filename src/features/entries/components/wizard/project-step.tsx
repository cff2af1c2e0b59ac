import { Spinner } from '@/components/ui/spinner';
import { useProjects } from '@/lib/api/lookups';
import { GENERAL_PROJECT, type EntryKind } from '@/features/entries/lib/wizard';
import { ChoiceList } from '@/features/entries/components/wizard/choice-list';

interface ProjectStepProps {
  kind: EntryKind;
  value: string | null;
  onChange: (project: string) => void;
}

export const GENERAL_PROJECT_LABEL = 'Geral (sem obra específica)';

/** Step 5: the company's obras plus "Geral (sem obra específica)". */
export function ProjectStep({ kind, value, onChange }: ProjectStepProps) {
  const projects = useProjects();
  return (
    <div className="grid gap-3">
      <ChoiceList
        label="Obra"
        tone={kind === 'payable' ? 'expense' : 'income'}
        value={value}
        onChange={onChange}
        choices={[
          { value: GENERAL_PROJECT, label: GENERAL_PROJECT_LABEL },
          ...(projects.data ?? []).map((p) => ({
            value: p.id,
            label: p.name,
            hint: p.client_name ?? undefined,
          })),
        ]}
      />
      {projects.isPending ? <Spinner className="justify-start text-sm" label="Carregando obras..." /> : null}
      {projects.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Não foi possível carregar as obras. Você pode escolher “Geral” ou tentar de novo mais tarde.
        </p>
      ) : null}
    </div>
  );
}
