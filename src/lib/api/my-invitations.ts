// Invitations addressed to the signed-in user's email. Shared by company setup (a user without a
// company) and Mais (a member of one company invited to another).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/lib/api/query-keys';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type MyInvitation =
  Database['public']['Functions']['my_pending_invitations']['Returns'][number];

export function myInvitationsQuery(userId: string) {
  return queryOptions({
    queryKey: sessionKeys.invitations(userId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase.rpc('my_pending_invitations').abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export function useMyInvitations(userId: string | undefined) {
  return useQuery({ ...myInvitationsQuery(userId ?? ''), enabled: !!userId });
}

export async function acceptInvitation(invitationId: string) {
  const { data, error } = await supabase.rpc('accept_invitation', {
    p_invitation_id: invitationId,
  });
  if (error) throw error;
  return data;
}

type Profile = Awaited<ReturnType<typeof acceptInvitation>>;

/**
 * Joins the company; the memberships (and so the auth gate) and the invitation list refresh.
 * Callbacks are given here, not to `mutate`: the refreshed memberships may unmount the caller.
 */
export function useAcceptInvitation(
  userId: string,
  {
    onSuccess,
    onError,
  }: {
    onSuccess?: (profile: Profile, invitationId: string) => void;
    onError?: (error: Error, invitationId: string) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (profile, invitationId) => {
      onSuccess?.(profile, invitationId);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(userId) });
    },
    onError,
  });
}
