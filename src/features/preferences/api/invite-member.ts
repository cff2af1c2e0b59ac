import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { registerErrorMessages } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

registerErrorMessages({
  invitation_pending: 'Este email já tem um convite pendente.',
  last_admin: 'A empresa precisa de pelo menos um administrador ativo.',
});

export interface InviteInput {
  email: string;
  role: 'admin' | 'member';
}

export async function inviteMember(companyId: string, { email, role }: InviteInput) {
  const { data, error } = await supabase
    .from('company_invitations')
    .insert({ company_id: companyId, email: email.trim().toLowerCase(), role })
    .select('id, email, role, created_at')
    .single();
  // The unique index on pending (company, email) is the only unique rule of this table.
  if (error?.code === '23505') throw Object.assign(error, { code: 'invitation_pending' });
  if (error) throw error;
  return data;
}

export function useInviteMember() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => inviteMember(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}
