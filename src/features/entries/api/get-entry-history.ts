// The audit trail of one entry (entry_history): who changed what, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { orNull } from '@/lib/api/response-schemas';
import type { EntryKind } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface EntryHistoryItem {
  id: number;
  /** timestamptz (ISO). */
  at: string;
  /** The actor's name when the row was written (else their e-mail then); null = the database. */
  actorName: string | null;
  actorEmail: string | null;
  action: 'insert' | 'update' | 'delete';
  /** Column → its value before and after (JSON as stored: numbers in reais, dates yyyy-MM-dd). */
  changed: Record<string, { before: unknown; after: unknown }>;
}

function toChanged(value: unknown): EntryHistoryItem['changed'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: EntryHistoryItem['changed'] = {};
  for (const [column, change] of Object.entries(value)) {
    if (typeof change === 'object' && change !== null) {
      const { before = null, after = null } = change as { before?: unknown; after?: unknown };
      out[column] = { before, after };
    }
  }
  return out;
}

// actor, its name and e-mail are null when the database itself wrote the row.
const historyRows = z.array(
  z.object({
    id: z.coerce.number(),
    at: z.string(),
    actor_name: orNull(z.string()),
    actor_email: orNull(z.string()),
    action: z.string(),
    changed: z.optional(z.unknown()),
  }),
);

export async function getEntryHistory(
  kind: EntryKind,
  id: string,
  signal?: AbortSignal,
): Promise<EntryHistoryItem[]> {
  let request = supabase.rpc('entry_history', { p_kind: kind, p_id: id });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return historyRows.parse(data).map((row) => ({
    id: row.id,
    at: row.at,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    action: row.action === 'insert' || row.action === 'delete' ? row.action : 'update',
    changed: toChanged(row.changed),
  }));
}

export function entryHistoryQuery(companyId: string, kind: EntryKind, id: string) {
  return queryOptions({
    queryKey: entryKeys.history(companyId, kind, id),
    queryFn: ({ signal }) => getEntryHistory(kind, id, signal),
  });
}

export function useEntryHistory(kind: EntryKind, id: string, { enabled = true } = {}) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({ ...entryHistoryQuery(companyId, kind, id), enabled: enabled && !!companyId });
}
