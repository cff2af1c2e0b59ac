// The stages of one obra, in their order: the obra's Etapas tab lists them and an entry of that
// obra picks one of them, so both read them here, under one key (a rename refreshes the picker).
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

/** Nothing is read while no obra (or "Geral") is chosen. */
export function useProjectStages(projectId: string | null) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    ...projectStagesQuery(companyId, projectId ?? ''),
    enabled: projectId !== null,
  });
}
