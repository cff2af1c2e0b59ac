import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENTRY_COLUMNS, toEntry, type Entry, type EntryKind } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** How many pending entries of each kind the home shows; the rest are in Contas a Pagar/Receber. */
export const HOME_LIST_LIMIT = 10;

export async function getPendingEntries(
  companyId: string,
  kind: EntryKind,
  signal?: AbortSignal,
): Promise<Entry[]> {
  let request = supabase
    .from('entries')
    .select(ENTRY_COLUMNS)
    .eq('company_id', companyId)
    .eq('kind', kind)
    .eq('status', 'pending')
    // An obra member's payable awaiting approval is not yet a bill: it has no Dar Baixa.
    .eq('approval_status', 'approved')
    .order('due_date')
    .order('created_at')
    .limit(HOME_LIST_LIMIT);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return data.map(toEntry);
}

export function pendingEntriesQuery(companyId: string, kind: EntryKind) {
  return queryOptions({
    queryKey: entryKeys.pending(companyId, kind),
    queryFn: ({ signal }) => getPendingEntries(companyId, kind, signal),
  });
}

/** The first pending entries of a kind, soonest due first. */
export function usePendingEntries(kind: EntryKind) {
  const { id } = useCurrentCompany();
  return useQuery(pendingEntriesQuery(id, kind));
}
