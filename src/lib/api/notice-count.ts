// The Avisos bell's unread count (header on a phone, sidebar on the desktop). A head request on the
// partial index of unread notices: only the count travels, never the rows. In the first screen's
// chunk, so it holds nothing but the count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { noticeKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** How often the open app asks again (notices are written by others' actions). */
const POLL_MS = 60_000;

export function noticeCountQuery(companyId: string) {
  return queryOptions({
    queryKey: noticeKeys.unread(companyId),
    queryFn: async ({ signal }) => {
      // RLS: the caller's own notices only.
      const { count, error } = await supabase
        .from('notices')
        .select('id', { count: 'exact', head: true })
        .eq('company_id', companyId)
        .is('read_at', null)
        .abortSignal(signal);
      if (error) throw error;
      return count ?? 0;
    },
    // Asked again on every mount and reload: what others did since must show at once.
    staleTime: 0,
  });
}

export function useUnreadNoticeCount() {
  const { id } = useCurrentCompany();
  return useQuery({
    ...noticeCountQuery(id),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    meta: { silentNetworkError: true },
  });
}
