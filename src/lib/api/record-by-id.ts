// A page about one record reads it by the id in its address, which the user may have mistyped.
import type { PostgrestError } from '@supabase/postgrest-js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID_RE.test(value);

/**
 * The record, or null when there is none (RLS hides another company's alike) and, without asking
 * the database, when the id is no uuid: a mistyped link is "not found", not a database error.
 */
export async function recordById<T>(
  id: string,
  request: () => PromiseLike<{ data: T; error: PostgrestError | null }>,
): Promise<T | null> {
  if (!isUuid(id)) return null;
  const { data, error } = await request();
  if (error) throw error;
  return data;
}
