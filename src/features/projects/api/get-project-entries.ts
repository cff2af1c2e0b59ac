import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENTRY_COLUMNS, toEntry, type Entry } from '@/lib/entries';
import { projectKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** Paid receipts and paid expenses of one obra (the entries view), latest payment first. */
export async function getProjectEntries(
  companyId: string,
  projectId: string,
  signal?: AbortSignal,
): Promise<Entry[]> {
  let query = supabase
    .from('entries')
    .select(ENTRY_COLUMNS)
    .eq('company_id', companyId)
    .eq('project_id', projectId)
    .eq('status', 'paid')
    .order('settled_on', { ascending: false })
    .order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map(toEntry);
}

export function projectEntriesQuery(companyId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.entries(companyId, projectId),
    queryFn: ({ signal }) => getProjectEntries(companyId, projectId, signal),
  });
}

export function useProjectEntries(projectId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(projectEntriesQuery(companyId, projectId));
}
