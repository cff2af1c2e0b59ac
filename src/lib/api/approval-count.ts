// The navigation's count of site expenses awaiting approval (sidebar and Mais, both lazy). A head
// request: only the count travels, never the rows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { roleCan } from '@/lib/roles';
import { supabase } from '@/lib/supabase';

export function approvalCountQuery(companyId: string) {
  return queryOptions({
    // Under the entries' branch: whatever moves money (a new request, a decision) refreshes it.
    queryKey: entryKeys.approvalCount(companyId),
    queryFn: async ({ signal }) => {
      const { count, error } = await supabase
        .from('accounts_payable')
        .select('id', { count: 'exact', head: true })
        .eq('company_id', companyId)
        .eq('approval_status', 'pending')
        .abortSignal(signal);
      if (error) throw error;
      return count ?? 0;
    },
  });
}

/** Asked only by who decides (admin, financeiro): an obra member would count its own requests. */
export function useApprovalCount() {
  const { id, role } = useCurrentCompany();
  return useQuery({ ...approvalCountQuery(id), enabled: roleCan(role, 'approve') });
}
