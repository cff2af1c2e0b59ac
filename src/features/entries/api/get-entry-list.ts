import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  ENTRY_COLUMNS,
  toEntry,
  type Entry,
  type EntryKind,
  type EntryStatus,
} from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { applyOrder, type ListSort } from '@/lib/list-order';
import { supabase } from '@/lib/supabase';
import { entryListOrder } from '@/features/entries/lib/list-orders';

export const ENTRY_LIST_PAGE_SIZE = 50;

export interface EntryListPage {
  entries: Entry[];
  /** Offset of the next page, or null on the last one. */
  next: number | null;
}

/** A kind's bills in a status, as the list, its cards and its export count them. */
export function entryListRows(companyId: string, kind: EntryKind, status: EntryStatus) {
  return (
    supabase
      .from('entries')
      .select(ENTRY_COLUMNS)
      .eq('company_id', companyId)
      .eq('kind', kind)
      .eq('status', status)
      // Awaiting approval or refused: not a bill yet, as in the totals (no Dar Baixa for it).
      .eq('approval_status', 'approved')
  );
}

/**
 * One page of a kind's entries in a status: pending soonest due first, settled most recently
 * settled first; or in `sort`'s order (the desktop table).
 */
export async function getEntryListPage(
  companyId: string,
  kind: EntryKind,
  status: EntryStatus,
  offset: number,
  { signal, sort }: { signal?: AbortSignal; sort?: ListSort } = {},
): Promise<EntryListPage> {
  let request = applyOrder(
    entryListRows(companyId, kind, status),
    entryListOrder(status, sort),
  ).range(offset, offset + ENTRY_LIST_PAGE_SIZE - 1);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return {
    entries: data.map(toEntry),
    next: data.length === ENTRY_LIST_PAGE_SIZE ? offset + ENTRY_LIST_PAGE_SIZE : null,
  };
}

export function entryListQuery(
  companyId: string,
  kind: EntryKind,
  status: EntryStatus,
  sort?: ListSort,
) {
  return infiniteQueryOptions({
    queryKey: entryKeys.list(companyId, { screen: 'contas', kind, status, sort }),
    queryFn: ({ pageParam, signal }) =>
      getEntryListPage(companyId, kind, status, pageParam, { signal, sort }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
  });
}

export function useEntryList(kind: EntryKind, status: EntryStatus, sort?: ListSort) {
  const { id } = useCurrentCompany();
  return useInfiniteQuery({
    ...entryListQuery(id, kind, status, sort),
    // A new order keeps the rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}
