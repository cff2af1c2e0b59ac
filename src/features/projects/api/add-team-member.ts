import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** Adicionar membro: every field is required (SPEC §5); name and contact are trimmed. */
export const addTeamMemberInput = z.object({
  projectId: z.string(),
  name: z.string().trim().min(1, 'Informe o nome').max(200),
  role: z.string().min(1, 'Selecione a função'),
  contact: z.string().trim().min(1, 'Informe o contato').max(200),
});
export type AddTeamMemberInput = z.input<typeof addTeamMemberInput>;

export async function addTeamMember(companyId: string, input: AddTeamMemberInput) {
  const { projectId, name, role, contact } = addTeamMemberInput.parse(input);
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
    mutationFn: (vars: AddTeamMemberInput) => addTeamMember(companyId, vars),
    onSuccess: async (_data, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.team(companyId, projectId) });
    },
  });
}
