import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { requireProjects, roleAndProjects } from '@/features/preferences/api/invite-member';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

/** A member's new role and, for 'obra', the obras they may see (all replaced at once). */
export const memberAccessInput = requireProjects(
  z.object({ profileId: z.string(), ...roleAndProjects }),
);
export type MemberAccessInput = z.input<typeof memberAccessInput>;

/** set_member_access: admins only; raises not_admin, last_admin, projects_required, project_not_found. */
export async function setMemberAccess(input: MemberAccessInput) {
  const { profileId, role, projectIds } = memberAccessInput.parse(input);
  const { data, error } = await supabase.rpc('set_member_access', {
    p_profile_id: profileId,
    p_role: role,
    p_project_ids: projectIds,
  });
  if (error) throw error;
  return data;
}

export function useSetMemberAccess() {
  const { id } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: setMemberAccess,
    onSettled: () =>
      invalidateKeys(queryClient, [companyKeys.members(id), companyKeys.memberProjects(id)]),
  });
}
