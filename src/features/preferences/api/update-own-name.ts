// A member's own name in the current company: what Atividade, Histórico and Membros show of them.
// Two members of a company never share one (user_profiles_company_name_key → member_name_taken).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { companyKeys, sessionKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export const ownNameInput = z.object({
  fullName: z.string().trim().min(1, 'Informe seu nome.').max(200, 'Use no máximo 200 caracteres.'),
});
export type OwnNameInput = z.input<typeof ownNameInput>;
export type OwnNameValues = z.output<typeof ownNameInput>;

export async function updateOwnName(
  companyId: string,
  userId: string,
  { fullName }: OwnNameValues,
): Promise<void> {
  const { error } = await supabase
    .from('user_profiles')
    .update({ full_name: fullName })
    .eq('company_id', companyId)
    .eq('user_id', userId)
    .select('id')
    .single();
  if (error) throw error;
}

export function useUpdateOwnName() {
  const { id: companyId, userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OwnNameValues) => updateOwnName(companyId, userId, values),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.memberships(userId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
      ]),
  });
}
