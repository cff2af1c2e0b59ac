import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface AddTeamMemberVars {
  projectId: string;
  name: string;
  role: string;
  contact: string;
}

export async function addTeamMember(
  companyId: string,
  { projectId, name, role, contact }: AddTeamMemberVars,
) {
  const { data, error } = await supabase
    .from('project_team_members')
    .insert({ company_id: companyId, project_id: projectId, name, role, contact })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useAddTeamMember() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: (vars: AddTeamMemberVars) => addTeamMember(companyId, vars),
    onSuccess: async (_data, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.team(companyId, projectId) });
    },
  });
}
