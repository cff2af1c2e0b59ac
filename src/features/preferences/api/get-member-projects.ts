import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** Which obras each 'obra' member may see (project_access; admins read the company's rows). */
export function memberProjectsQuery(companyId: string) {
  return queryOptions({
    queryKey: companyKeys.memberProjects(companyId),
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .from('project_access')
        .select('user_id, project_id')
        .eq('company_id', companyId)
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export function useMemberProjects({ enabled = true }: { enabled?: boolean } = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...memberProjectsQuery(id), enabled });
}
