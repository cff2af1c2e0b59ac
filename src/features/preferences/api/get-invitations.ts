import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** The company's open invitations (not accepted, not cancelled), expired ones included. Admins only (RLS). */
export function invitationsQuery(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.invitations(companyId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .from('company_invitations')
        .select('id, email, role, created_at, expires_at')
        .eq('company_id', companyId)
        .is('accepted_at', null)
        .is('revoked_at', null)
        .order('created_at')
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export type Invitation = Awaited<
  ReturnType<NonNullable<ReturnType<typeof invitationsQuery>['queryFn']>>
>[number];

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...invitationsQuery(id), enabled });
}
