import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/**
 * "Copiar link do convite" on a pending invitation: only the hash of a link's secret is stored, so
 * a new secret is issued (the previous link stops working) and the invitation gets 7 more days.
 */
export async function renewInvitation(invitationId: string): Promise<string> {
  const { data, error } = await supabase.rpc('renew_invitation', {
    p_invitation_id: invitationId,
  });
  if (error) throw error;
  // The new secret of the link.
  return z.string().parse(data);
}

export function useRenewInvitation() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations(id) }),
  });
}
