import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type ProjectStage = Database['public']['Tables']['project_stages']['Row'];

export async function getProjectStages(companyId: string, projectId: string, signal?: AbortSignal) {
  let query = supabase
    .from('project_stages')
    .select('*')
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .order('order_index')
    .order('created_at');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function projectStagesQuery(companyId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.stages(companyId, projectId),
    queryFn: ({ signal }) => getProjectStages(companyId, projectId, signal),
  });
}

export function useProjectStages(projectId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(projectStagesQuery(companyId, projectId));
}
