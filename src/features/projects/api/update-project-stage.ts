import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type StageUpdate = Pick<
  Database['public']['Tables']['project_stages']['Update'],
  'estimated_cost' | 'actual_cost' | 'notes' | 'is_completed' | 'completion_date'
>;

export interface UpdateStageVars {
  projectId: string;
  stageId: string;
  changes: StageUpdate;
}

/**
 * A cost as the Editar etapa form holds it: the centavos the text parses to (null when blank or
 * not an amount) and the text typed. Blank means no cost; text that is not an amount is refused.
 */
const stageCost = z
  .object({ cents: z.number().int().nullable(), text: z.string() })
  .refine(({ cents, text }) => cents !== null || text.trim() === '', 'Valor inválido')
  .transform(({ cents }) => (cents === null ? null : Number(fromCents(cents))));

/**
 * Editar etapa: costs, notes (trimmed, blank → null) and, only for a completed stage, the
 * completion date (absent otherwise, so it is left as it is). Parses to the update's variables.
 */
export const editStageInput = z
  .object({
    projectId: z.string(),
    stageId: z.string(),
    estimated: stageCost,
    actual: stageCost,
    completionDate: z.string().nullable().optional(),
    notes: z
      .string()
      .trim()
      .max(2000)
      .transform((text) => (text === '' ? null : text)),
  })
  .transform(
    ({ projectId, stageId, estimated, actual, completionDate, notes }): UpdateStageVars => ({
      projectId,
      stageId,
      changes: {
        estimated_cost: estimated,
        actual_cost: actual,
        notes,
        ...(completionDate === undefined ? {} : { completion_date: completionDate }),
      },
    }),
  );
export type EditStageInput = z.input<typeof editStageInput>;

/** Marks a stage complete (or pending again) or saves its costs and notes. */
export async function updateProjectStage(
  companyId: string,
  { projectId, stageId, changes }: UpdateStageVars,
) {
  const { data, error } = await supabase
    .from('project_stages')
    .update(changes)
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .eq('id', stageId)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useUpdateProjectStage() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: (vars: UpdateStageVars) => updateProjectStage(companyId, vars),
    onSuccess: async (_data, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.stages(companyId, projectId) });
    },
  });
}
