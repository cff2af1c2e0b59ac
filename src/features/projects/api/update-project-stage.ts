import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { stageName } from '@/features/projects/api/manage-stages';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export type StageUpdate = Pick<
  Database['public']['Tables']['project_stages']['Update'],
  'name' | 'estimated_cost' | 'notes' | 'is_completed' | 'completion_date' | 'order_index'
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
 * Editar etapa: name, orçado (the actual cost is never typed: it comes from the entries), notes (trimmed, blank → null) and, only for a completed stage, the
 * completion date (absent otherwise, so it is left as it is). Parses to the update's variables.
 */
export const editStageInput = z
  .object({
    projectId: z.string(),
    stageId: z.string(),
    name: stageName,
    estimated: stageCost,
    completionDate: z.string().nullable().optional(),
    notes: z
      .string()
      .trim()
      .max(2000)
      .transform((text) => (text === '' ? null : text)),
  })
  .transform(({ projectId, stageId, name, estimated, completionDate, notes }): UpdateStageVars => ({
    projectId,
    stageId,
    changes: {
      name,
      estimated_cost: estimated,
      notes,
      ...(completionDate === undefined ? {} : { completion_date: completionDate }),
    },
  }));
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
      // The stage's name, budget and completion show in the progress, the budget and the list.
      await invalidateKeys(queryClient, [
        projectKeys.detail(companyId, projectId),
        projectKeys.overview(companyId),
      ]);
    },
  });
}
