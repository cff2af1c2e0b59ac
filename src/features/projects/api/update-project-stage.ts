import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
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
