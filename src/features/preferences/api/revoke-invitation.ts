import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export async function revokeInvitation(invitationId: string) {
  const { data, error } = await supabase
    .from('company_invitations')
    .delete()
    .eq('id', invitationId)
    .select('id');
  if (error) throw error;
  // RLS hides what the caller may not delete: nothing deleted means not allowed (or gone).
  if (data.length === 0)
    throw Object.assign(new Error('invitation_not_found'), { code: 'invitation_not_found' });
}

export function useRevokeInvitation() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}
