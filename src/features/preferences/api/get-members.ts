import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export function membersQuery(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.members(companyId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .from('user_profiles')
        .select('id, user_id, email, full_name, role, is_active')
        .eq('company_id', companyId)
        .order('is_active', { ascending: false })
        .order('full_name')
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export type Member = Awaited<
  ReturnType<NonNullable<ReturnType<typeof membersQuery>['queryFn']>>
>[number];

export function useMembers() {
  const { id } = useCurrentCompany();
  return useQuery(membersQuery(id));
}
