import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface StageOption {
  id: string;
  name: string;
}

/** The stages of one obra, in their order: what an entry of that obra may point at. */
export async function getStageOptions(
  companyId: string,
  projectId: string,
  signal?: AbortSignal,
): Promise<StageOption[]> {
  let query = supabase
    .from('project_stages')
    .select('id, name')
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .order('order_index')
    .order('created_at');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

/** Stage options of the chosen obra; nothing is read while no obra (or "Geral") is chosen. */
export function useStageOptions(projectId: string | null) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    ...queryOptions({
      // Under the obra's key: renaming, adding or removing a stage refreshes the pickers too.
      queryKey: [...projectKeys.stages(companyId, projectId ?? ''), 'options'],
      queryFn: ({ signal }) => getStageOptions(companyId, projectId ?? '', signal),
    }),
    enabled: projectId !== null,
  });
}
