import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orNull } from '@/lib/api/response-schemas';
import {
  toActivityArgs,
  toEntity,
  type ActivityAction,
  type ActivityArgs,
  type ActivityEntity,
  type ActivityFilters,
} from '@/features/activity/lib/activity';
import { activityKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

export const ACTIVITY_PAGE_SIZE = 30;

// The generated types call every column of a `returns table` function non-null; the actor (the
// database itself), its name and the entry of a row are null in fact.
const activityRow = z.object({
  id: z.coerce.number(),
  at: orNull(z.string()),
  actor: orNull(z.string()),
  actor_name: orNull(z.string()),
  actor_email: orNull(z.string()),
  entity: orNull(z.string()),
  table_name: orNull(z.string()),
  row_id: orNull(z.string()),
  action: orNull(z.string()),
  changed: z.optional(z.unknown()),
  entry_kind: orNull(z.string()),
  entry_id: orNull(z.string()),
});
type ActivityRow = z.output<typeof activityRow>;
const activityRows = z.array(activityRow);

export interface Activity {
  id: number;
  /** ISO timestamp */
  at: string;
  actorId: string | null;
  /** The actor's name as it was when the row was written (else their e-mail then). */
  actorName: string | null;
  actorEmail: string | null;
  entity: ActivityEntity | null;
  tableName: string;
  rowId: string;
  action: ActivityAction;
  changed: unknown;
  /** The entry (its detail route) of an entry or payment row. */
  entryKind: 'expense' | 'income' | null;
  entryId: string | null;
}

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    at: row.at ?? '',
    actorId: row.actor,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    entity: toEntity(row.entity),
    tableName: row.table_name ?? '',
    rowId: row.row_id ?? '',
    action: row.action === 'insert' || row.action === 'delete' ? row.action : 'update',
    changed: row.changed ?? null,
    entryKind: row.entry_kind === 'expense' || row.entry_kind === 'income' ? row.entry_kind : null,
    entryId: row.entry_id,
  };
}

/** Where the next page starts: the last row shown (newest first, so the next page is older). */
export interface ActivityCursor {
  at: string;
  id: number;
}

export interface ActivityPage {
  items: Activity[];
  next: ActivityCursor | null;
}

/**
 * One page, read after `cursor` (keyset: the database reads only this page from an index, whatever
 * the history's size). One row more than the page tells whether there is a next one; nothing is
 * counted.
 */
export async function getActivityPage(
  args: ActivityArgs,
  cursor: ActivityCursor | null,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  let request = supabase.rpc('company_activity', {
    ...args,
    p_limit: ACTIVITY_PAGE_SIZE + 1,
    ...(cursor ? { p_before_at: cursor.at, p_before_id: cursor.id } : {}),
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const rows = activityRows.parse(data).map(toActivity);
  const items = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items,
    next: rows.length > ACTIVITY_PAGE_SIZE && last ? { at: last.at, id: last.id } : null,
  };
}

export function activityQuery(companyId: string, filters: ActivityFilters, today: string) {
  const args = toActivityArgs(companyId, filters, today);
  return infiniteQueryOptions({
    queryKey: activityKeys.list(companyId, { ...args }),
    queryFn: ({ pageParam, signal }) => getActivityPage(args, pageParam, signal),
    initialPageParam: null as ActivityCursor | null,
    getNextPageParam: (last) => last.next,
  });
}

/** The company's activity, newest first, filtered and paged in SQL (admins only). */
export function useActivity(filters: ActivityFilters, { enabled = true } = {}) {
  const { id } = useCurrentCompany();
  return useInfiniteQuery({
    ...activityQuery(id, filters, todayLocal()),
    placeholderData: keepPreviousData,
    enabled,
  });
}
