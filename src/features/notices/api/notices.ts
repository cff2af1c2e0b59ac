// Avisos: the signed-in user's notices in this company, newest first, and marking them read. The
// database writes them (docs/contracts.md, notices); RLS hands each user their own rows only.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { noticeKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** As many as a person reads at once; older ones stay in the database. */
export const NOTICE_LIST_LIMIT = 100;

/** A notice as the list shows it: plain JSON (it is saved with the offline cache). */
export interface Notice {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  /** The app path it opens. */
  link: string;
  /** ISO timestamp. */
  createdAt: string;
  read: boolean;
}

export function noticesQuery(companyId: string) {
  return queryOptions({
    queryKey: noticeKeys.list(companyId),
    // Opened to read what is new: always asked again (the saved copy shows meanwhile).
    staleTime: 0,
    queryFn: async ({ signal }): Promise<Notice[]> => {
      const { data, error } = await supabase
        .from('notices')
        .select('id, kind, title, body, link, created_at, read_at')
        .eq('company_id', companyId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(NOTICE_LIST_LIMIT)
        .abortSignal(signal);
      if (error) throw error;
      return data.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.created_at,
        read: row.read_at !== null,
      }));
    },
  });
}

/** Marks one notice (`id`) or every unread one (`null`) read; the bell and the list follow. */
export function useMarkNoticesRead() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | null) => {
      // The server stamps the time (notices_guard_update); this value only says "read".
      let update = supabase
        .from('notices')
        .update({ read_at: new Date().toISOString() })
        .eq('company_id', companyId)
        .is('read_at', null);
      if (id) update = update.eq('id', id);
      const { error } = await update;
      if (error) throw error;
    },
    onMutate: (id) => {
      queryClient.setQueryData<Notice[]>(noticeKeys.list(companyId), (list) =>
        list?.map((n) => (id === null || n.id === id ? { ...n, read: true } : n)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all(companyId) }),
  });
}
