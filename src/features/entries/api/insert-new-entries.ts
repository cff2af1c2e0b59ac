// Creating entries with client-made ids, without ever dropping one silently. A plain INSERT fails on
// an id that exists (23505). That is right for "another row has this id" (the user sees
// entry_already_exists and nothing claims "salvo"), but a create re-sent after a network failure (the
// offline queue, a retry of the same submit) may find its OWN rows, written by the first send whose
// answer was lost: then every id is there with exactly what this request sent, and it is a success.
import { KeyedError } from '@/features/entries/api/invalidate';

/** A row as sent: its id and the column values it was inserted with. */
export type SentRow = Readonly<Record<string, unknown>> & { readonly id: string };

/** supabase-js' PostgrestError (an Error with the SQLSTATE in `code`). */
type DbError = Error & { code?: string };

export interface InsertAnswer {
  error: DbError | null;
}

export interface ReadBackAnswer {
  data: readonly Readonly<Record<string, unknown>>[] | null;
  error: DbError | null;
}

function sameValue(sent: unknown, stored: unknown): boolean {
  if (sent === undefined || sent === null) return stored === undefined || stored === null;
  if (typeof sent === 'number' || typeof stored === 'number') {
    // numeric columns come back as numbers; the client may send "12.30" or 12.3.
    return Number(sent) === Number(stored);
  }
  return sent === stored;
}

/** True when the stored row has every value the sent row has (columns it did not send are free). */
export function sameEntryRow(sent: SentRow, stored: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(sent).every(([column, value]) => sameValue(value, stored[column]));
}

/**
 * Inserts `rows` (one statement: all or nothing) through `insert`. On a unique violation it reads the
 * rows with those ids back (`readBack`, under RLS): all there and each equal to what was sent → the
 * same request was already written, success; any other row with one of these ids →
 * KeyedError('entry_already_exists'). Any other error is thrown as it came.
 */
export async function insertNewEntries(
  rows: readonly SentRow[],
  insert: () => PromiseLike<InsertAnswer>,
  readBack: (ids: string[]) => PromiseLike<ReadBackAnswer>,
): Promise<void> {
  const { error } = await insert();
  if (!error) return;
  if (error.code !== '23505') throw error;

  const ids = rows.map((row) => row.id);
  const existing = await readBack(ids);
  if (existing.error) throw existing.error;
  const stored = new Map((existing.data ?? []).map((row) => [String(row.id), row]));
  const allOurs = rows.every((row) => {
    const found = stored.get(row.id);
    return found !== undefined && sameEntryRow(row, found);
  });
  if (allOurs) return;
  // Some id is taken (by a row we can see that differs, or by one we cannot see at all), or the
  // violation is on another unique rule of a row we cannot tell apart: never a silent success.
  if (stored.size > 0 || /_pkey\b/.test(error.message)) {
    throw new KeyedError('entry_already_exists');
  }
  throw error;
}

/**
 * create_and_settle_entry answers an id that exists with that entry and writes nothing (so a retry of
 * the same submit is a success): unless the entry it answers is the one this submit sent, nothing was
 * saved, and the user is told so.
 */
export function assertSameEntry(
  answered: Readonly<Record<string, unknown>> | null,
  sent: Readonly<Record<string, unknown>>,
): void {
  const same =
    answered !== null &&
    Object.entries(sent).every(([column, value]) => sameValue(value, answered[column]));
  if (!same) throw new KeyedError('entry_already_exists');
}
