import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface DeactivateTeamMemberVars {
  projectId: string;
  memberId: string;
}

/** Takes a member off the obra's team; the row is kept (is_active = false) for the history. */
export async function deactivateTeamMember(
  companyId: string,
  { projectId, memberId }: DeactivateTeamMemberVars,
) {
  const { data, error } = await supabase
    .from('project_team_members')
    .update({ is_active: false })
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .eq('id', memberId)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useDeactivateTeamMember() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: (vars: DeactivateTeamMemberVars) => deactivateTeamMember(companyId, vars),
    onSuccess: async (_data, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.team(companyId, projectId) });
    },
  });
}
