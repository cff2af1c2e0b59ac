import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { setSelectedCompanyId } from '@/features/auth/lib/selected-company';
import { sessionKeys } from '@/lib/api/query-keys';
import { supabase } from '@/lib/supabase';

const invitationPreview = z.object({
  company_name: z.string(),
  role: z.string(),
  status: z.string(),
  expires_at: z.string(),
  email_matches: z.boolean(),
});

/** The membership accept_invitation created (the caller switches to its company). */
const acceptedProfile = z.object({ company_id: z.string() });

/**
 * invitation_preview: the company and role of the invitation whose link is open, its status and
 * whether the signed-in address is the invited one. Raises invitation_not_found.
 */
export function invitationPreviewQuery(userId: string, token: string) {
  return queryOptions({
    queryKey: sessionKeys.invitation(userId, token),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .rpc('invitation_preview', { p_token: token })
        .abortSignal(signal)
        .single();
      if (error) throw error;
      return invitationPreview.parse(data);
    },
  });
}

export function useInvitationPreview(userId: string, token: string) {
  return useQuery(invitationPreviewQuery(userId, token));
}

export interface AcceptInvitationInput {
  token: string;
  /** The name to join under when the sign-up name is another member's (member_name_taken). */
  fullName?: string;
}

/**
 * accept_invitation: raises invitation_expired, invitation_email_mismatch, already_member,
 * member_name_taken (another member of the company has that name: choose another), …
 */
export async function acceptInvitation({ token, fullName }: AcceptInvitationInput) {
  const name = fullName?.trim();
  const { data, error } = await supabase.rpc('accept_invitation', {
    p_token: token,
    p_full_name: name === '' ? undefined : name,
  });
  if (error) throw error;
  return acceptedProfile.parse(data);
}

/**
 * Joins the company and makes it the current one: the next visit to a protected page opens it,
 * with nothing cached for the previous company (as the company switcher does).
 */
export function useAcceptInvitation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (profile) => {
      setSelectedCompanyId(userId, profile.company_id);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      // Refetched now, even with nobody watching: the gate opening home next must not pick a
      // company from the list cached before joining. (Failures are left to the gate.)
      await queryClient.refetchQueries({ queryKey: sessionKeys.memberships(userId) });
    },
  });
}
