import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/**
 * Home of an obra member: the open payables of the obras assigned to them (RLS lets them read only
 * those) and what they recorded themselves, newest first. Under the entries' branch, so whatever
 * moves money refreshes it.
 */
export function obraHomeQuery(companyId: string) {
  return queryOptions({
    queryKey: [...entryKeys.all(companyId), 'obra-home'] as const,
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .from('accounts_payable')
        .select(
          'id, description, amount, due_date, status, approval_status, approval_reason, created_by, created_at, projects(name)',
        )
        .eq('company_id', companyId)
        .not('project_id', 'is', null)
        .order('due_date')
        .order('id')
        .limit(200)
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}

export type ObraHomeEntry = Awaited<
  ReturnType<NonNullable<ReturnType<typeof obraHomeQuery>['queryFn']>>
>[number];

export function useObraHome() {
  const { id } = useCurrentCompany();
  return useQuery(obraHomeQuery(id));
}
