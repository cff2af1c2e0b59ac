// Keeps what the user typed in the browser: the wizard mid-way (sessionStorage, so a reload does not
// lose it) and Lançar's "Salvar rascunho" (localStorage, across reloads and tabs). Keys carry the
// user and the company, so a draft never shows up for another user or in another company; the
// user's drafts go with "Sair" or when someone else signs in (src/lib/session-end.ts).
import type { EntryKind } from '@/lib/entries';
import { userStorageKey } from '@/lib/user-storage';

type StorageKind = 'localStorage' | 'sessionStorage';

/** Browsers allow ~5 MB per origin; a big photo is dropped from the draft rather than failing. */
export const MAX_PHOTO_CHARS = 1_500_000;

interface DraftOwner {
  userId: string;
  id: string;
}

/** `owner` is the current company (useCurrentCompany()): its id and the signed-in user's. */
// The keys keep the names they had before EntryKind was one type, so saved drafts survive.
const KEY_NAME: Record<EntryKind, string> = { expense: 'payable', income: 'receivable' };

export function wizardStorageKey(owner: DraftOwner, kind: EntryKind): string {
  return userStorageKey(owner.userId, `wizard:${owner.id}:${KEY_NAME[kind]}`);
}

export function lancarDraftKey(owner: DraftOwner, kind: EntryKind): string {
  return userStorageKey(owner.userId, `lancar-draft:${owner.id}:${KEY_NAME[kind]}`);
}

function storage(kind: StorageKind): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function readDraft<T extends object>(kind: StorageKind, key: string, initial: T): T {
  const raw = storage(kind)?.getItem(key);
  if (!raw) return initial;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return initial;
    // Merged over the initial value so a draft written by an older version still has every field.
    return { ...initial, ...(parsed as Partial<T>) };
  } catch {
    return initial;
  }
}

/** Writes the draft; a photo too big for the storage is left out. Returns false if nothing fit. */
export function writeDraft(
  kind: StorageKind,
  key: string,
  value: { photo?: { dataUrl: string } | null },
): boolean {
  const store = storage(kind);
  if (!store) return false;
  const photoTooBig = value.photo != null && value.photo.dataUrl.length > MAX_PHOTO_CHARS;
  const attempts = photoTooBig ? [{ ...value, photo: null }] : [value, { ...value, photo: null }];
  for (const attempt of attempts) {
    try {
      store.setItem(key, JSON.stringify(attempt));
      return true;
    } catch {
      // Quota exceeded: try again without the photo.
    }
  }
  return false;
}

export function clearDraft(kind: StorageKind, key: string): void {
  storage(kind)?.removeItem(key);
}
