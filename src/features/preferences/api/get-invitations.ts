import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** The company's invitations not accepted yet. */
export function invitationsQuery(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.invitations(companyId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .from('company_invitations')
        .select('id, email, role, created_at')
        .eq('company_id', companyId)
        .is('accepted_at', null)
        .order('created_at')
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export function useInvitations() {
  const { id } = useCurrentCompany();
  return useQuery(invitationsQuery(id));
}
