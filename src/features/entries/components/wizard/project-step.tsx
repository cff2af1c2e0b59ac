import { useWatch } from 'react-hook-form';
import { ProjectChoiceList } from '@/components/pickers/choice-lists';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { StageField } from '@/features/entries/components/stage-field';
import { useWizardForm } from '@/features/entries/components/wizard/use-entry-wizard';
import { GENERAL_PROJECT } from '@/features/entries/lib/wizard';
import type { EntryKind } from '@/lib/entries';
import { useCan } from '@/lib/roles';

export const GENERAL_PROJECT_LABEL = 'Geral (sem obra específica)';

/** Step 5: "Geral (sem obra específica)" plus the company's obras, then the obra's stage (an obra
 * member: its obras only). */
export function ProjectStep({ kind }: { kind: EntryKind }) {
  const { control, setValue } = useWizardForm();
  const project = useWatch({ control, name: 'project' });
  // An obra member records for its own obras only (RLS lists just those): no "Geral".
  const generalAllowed = useCan()('recordCompanyEntry');
  return (
    <div className="grid gap-4">
      <FormField
        control={control}
        name="project"
        render={({ field }) => (
          <FormItem>
            <ProjectChoiceList
              tone={kind === 'expense' ? 'expense' : 'income'}
              noneLabel={generalAllowed ? GENERAL_PROJECT_LABEL : undefined}
              // The wizard keeps "Geral" as GENERAL_PROJECT (stored in the saved wizard) and null
              // for "not chosen yet".
              value={field.value === GENERAL_PROJECT ? null : (field.value ?? undefined)}
              onChange={(projectId) => {
                const next = projectId ?? GENERAL_PROJECT;
                // Another obra: the stage of the previous one no longer applies.
                if (next !== field.value) setValue('stageId', null);
                field.onChange(next);
              }}
            />
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="stageId"
        render={({ field }) => (
          <StageField
            projectId={project === null || project === GENERAL_PROJECT ? null : project}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}
