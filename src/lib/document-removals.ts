// Stored files whose document rows are gone (delete_entry, or a document removed) must leave the
// bucket too. The database answers their paths; removing the objects is Storage's API, which can
// fail (offline, a weak connection). A path that could not be removed is kept on the device
// (`user:<userId>:document-removals`, plain JSON) and tried again when the connection returns or
// the app opens: an orphaned file is never forgotten.
import { loadStorage } from '@/lib/supabase';
import { userStorageKey } from '@/lib/user-storage';

export const DOCUMENTS_BUCKET = 'documentos';

const key = (userId: string) => userStorageKey(userId, 'document-removals');

function readPending(userId: string): string[] {
  try {
    const raw = localStorage.getItem(key(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(userId: string, paths: string[]): void {
  try {
    if (paths.length === 0) localStorage.removeItem(key(userId));
    else localStorage.setItem(key(userId), JSON.stringify([...new Set(paths)]));
  } catch {
    // Storage disabled (private mode): nothing more this device can keep.
  }
}

/** The paths still waiting to be removed from the bucket. */
export function pendingDocumentRemovals(userId: string): string[] {
  return readPending(userId);
}

/**
 * An object a documents row still holds is evidence: the bucket refuses to remove it
 * (AccessDenied document_in_use, docs/contracts.md) and no retry will, so it leaves the queue.
 */
function heldByARow(error: unknown): boolean {
  const { statusCode, message } = (error ?? {}) as { statusCode?: unknown; message?: unknown };
  return String(statusCode) === '403' && message === 'document_in_use';
}

async function removeNow(paths: string[]): Promise<boolean> {
  try {
    const bucket = (await loadStorage()).from(DOCUMENTS_BUCKET);
    // An object already gone (or another tab's retry) answers no row, not an error: done either way.
    const { error } = await bucket.remove(paths);
    if (!error) return true;
    if (!heldByARow(error)) return false;
    // One held object refuses the whole request: the others one by one.
    let done = true;
    for (const path of paths) {
      const one = await bucket.remove([path]);
      if (one.error && !heldByARow(one.error)) done = false;
    }
    return done;
  } catch {
    return false;
  }
}

/**
 * Removes the objects at `paths`; what fails waits on the device for `retryDocumentRemovals`.
 * Resolves true when they are gone now.
 */
export async function removeStoredObjects(userId: string, paths: string[]): Promise<boolean> {
  if (paths.length === 0) return true;
  if (await removeNow(paths)) return true;
  writePending(userId, [...readPending(userId), ...paths]);
  return false;
}

let retrying: Promise<void> | null = null;

/** Tries the waiting removals again (once at a time per page). */
export function retryDocumentRemovals(userId: string): Promise<void> {
  retrying ??= (async () => {
    const waiting = readPending(userId);
    if (waiting.length > 0 && (await removeNow(waiting))) {
      // Only what was tried: a removal queued meanwhile stays.
      writePending(
        userId,
        readPending(userId).filter((p) => !waiting.includes(p)),
      );
    }
  })().finally(() => {
    retrying = null;
  });
  return retrying;
}
