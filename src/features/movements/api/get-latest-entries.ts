import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ENTRY_COLUMNS, toEntry, type Entry } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { applyOrder, type ListSort } from '@/lib/list-order';
import { supabase } from '@/lib/supabase';
import { latestOrder } from '@/features/movements/lib/list-orders';
import type { DateFilter } from '@/features/movements/lib/latest-period';

export const LATEST_PAGE_SIZE = 50;

export interface LatestEntriesPage {
  entries: Entry[];
  /** The offset of the next page; null at the end (nothing is counted). */
  next: number | null;
}

/**
 * Payables and receivables, most recently recorded first, filtered on the server by due date
 * (the date a user thinks of an entry by: "what falls due this week"), both bounds inclusive. One
 * row more than the page says whether there is a next one: counting the view would read every entry
 * of the company's history (the count is latest_entries_count, from kept counts).
 */
export async function getLatestEntriesPage(
  companyId: string,
  filter: DateFilter,
  offset: number,
  { signal, sort }: { signal?: AbortSignal; sort?: ListSort } = {},
): Promise<LatestEntriesPage> {
  let request = supabase.from('entries').select(ENTRY_COLUMNS).eq('company_id', companyId);
  if (filter.start) request = request.gte('due_date', filter.start);
  if (filter.end) request = request.lte('due_date', filter.end);
  request = applyOrder(request, latestOrder(sort)).range(offset, offset + LATEST_PAGE_SIZE);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return {
    entries: data.slice(0, LATEST_PAGE_SIZE).map(toEntry),
    next: data.length > LATEST_PAGE_SIZE ? offset + LATEST_PAGE_SIZE : null,
  };
}

export function latestEntriesQuery(companyId: string, filter: DateFilter, sort?: ListSort) {
  return infiniteQueryOptions({
    queryKey: entryKeys.list(companyId, { screen: 'latest', filter, sort }),
    queryFn: ({ pageParam, signal }) =>
      getLatestEntriesPage(companyId, filter, pageParam, { signal, sort }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
  });
}

export function useLatestEntries(filter: DateFilter, sort?: ListSort) {
  const { id } = useCurrentCompany();
  return useInfiniteQuery({
    ...latestEntriesQuery(id, filter, sort),
    // A new order keeps the rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}
