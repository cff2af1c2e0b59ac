import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { count } from '@/lib/api/response-schemas';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import type { DateFilter } from '@/features/movements/lib/latest-period';

/**
 * How many rows Últimos lançamentos lists for a period (the same rows, the same RLS): read from
 * latest_entries_count, which answers from kept counts per due month instead of counting the
 * company's history.
 */
export async function getLatestEntriesCount(
  companyId: string,
  filter: DateFilter,
  signal?: AbortSignal,
): Promise<number> {
  let request = supabase.rpc('latest_entries_count', {
    p_company_id: companyId,
    // An open side is left out (the function's default: no bound).
    ...(filter.start ? { p_start: filter.start } : {}),
    ...(filter.end ? { p_end: filter.end } : {}),
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return count.parse(data);
}

export function latestEntriesCountQuery(companyId: string, filter: DateFilter) {
  return queryOptions({
    // Under the entries' branch: every write that refreshes the list refreshes its count.
    queryKey: entryKeys.latestCount(companyId, filter),
    queryFn: ({ signal }) => getLatestEntriesCount(companyId, filter, signal),
  });
}

export function useLatestEntriesCount(filter: DateFilter) {
  const { id } = useCurrentCompany();
  return useQuery({
    ...latestEntriesCountQuery(id, filter),
    // The page shows a number only when it is the list's own (isPlaceholderData tells).
    placeholderData: keepPreviousData,
  });
}
