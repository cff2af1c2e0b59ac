import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/**
 * Home of an obra member: the payables of the obras assigned to them and what they recorded
 * themselves, soonest due first (`obra_payables`, at most 200). A payable split among obras (rateio)
 * comes with only the member's parts: its amount is their share (`share_only` when it has parts of
 * other obras, which the database never sends them). Under the entries' branch, so whatever moves
 * money refreshes it.
 */
export function obraHomeQuery(companyId: string) {
  return queryOptions({
    queryKey: [...entryKeys.all(companyId), 'obra-home'] as const,
    queryFn: async ({ signal }) => {
      const { data, error } = await supabase
        .rpc('obra_payables', { p_company_id: companyId })
        .select(
          'id, description, amount, due_date, status, approval_status, approval_reason, created_by, created_at, project_name, share_only',
        )
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
