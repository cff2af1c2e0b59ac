import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { registerErrorMessages } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

registerErrorMessages({
  last_admin: 'A empresa precisa de pelo menos um administrador ativo.',
});

export interface InviteInput {
  email: string;
  role: 'admin' | 'member';
}

/**
 * create_invitation: the database makes the secret of the link and returns it this once (it keeps
 * only its hash). Raises invitation_pending, already_member, invalid_email, not_admin.
 */
export async function inviteMember(companyId: string, { email, role }: InviteInput) {
  const { data, error } = await supabase
    .rpc('create_invitation', {
      p_company_id: companyId,
      p_email: email.trim().toLowerCase(),
      p_role: role,
    })
    .single();
  if (error) throw error;
  return data;
}

export type CreatedInvitation = Awaited<ReturnType<typeof inviteMember>>;

export function useInviteMember() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => inviteMember(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}
