import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type TeamMember = Database['public']['Tables']['project_team_members']['Row'];

/** The obra's active team members, by name. */
export async function getProjectTeam(companyId: string, projectId: string, signal?: AbortSignal) {
  let query = supabase
    .from('project_team_members')
    .select('*')
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .eq('is_active', true)
    .order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function projectTeamQuery(companyId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.team(companyId, projectId),
    queryFn: ({ signal }) => getProjectTeam(companyId, projectId, signal),
  });
}

export function useProjectTeam(projectId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(projectTeamQuery(companyId, projectId));
}
