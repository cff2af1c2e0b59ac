// Everything the app keeps in this browser for one user (the remembered company, the wizard and
// Lançar drafts) lives under `user:<userId>:` in localStorage or sessionStorage, so that a change of
// session can drop it as a whole (src/lib/session-end.ts). Device preferences (theme, "Lembrar de
// mim") are not a user's data and stay. The same `user:<userId>:` keys in IndexedDB
// (src/lib/offline/idb.ts: the persisted query cache and the offline queue) go with them.
import { idbRemoveKeys } from '@/lib/offline/idb';

const PREFIX = 'user:';
/** Keys written by earlier versions, which did not carry the user: nobody can tell whose they are. */
const LEGACY_PREFIXES = ['current-company:', 'wizard:', 'lancar-draft:'];

export function userStorageKey(userId: string, name: string): string {
  return `${PREFIX}${userId}:${name}`;
}

function browserStorages(): Storage[] {
  const stores: Storage[] = [];
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      if (typeof window !== 'undefined') stores.push(window[kind]);
    } catch {
      // Storage disabled (private mode): nothing was kept there.
    }
  }
  return stores;
}

function removeKeys(shouldRemove: (key: string) => boolean): void {
  for (const store of browserStorages()) {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key !== null && shouldRemove(key)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  }
}

const isLegacy = (key: string) => LEGACY_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Drops everything kept for `userId` in this tab's storages (explicit sign-out). */
export function clearUserStorage(userId: string): void {
  const own = userStorageKey(userId, '');
  removeKeys((key) => key.startsWith(own) || isLegacy(key));
  void idbRemoveKeys((key) => key.startsWith(own)).catch(() => undefined);
}

/** Drops everything kept for any user but `userId` (someone else signed in on this browser). */
export function clearOtherUsersStorage(userId: string): void {
  const own = userStorageKey(userId, '');
  removeKeys((key) => (key.startsWith(PREFIX) && !key.startsWith(own)) || isLegacy(key));
  void idbRemoveKeys((key) => key.startsWith(PREFIX) && !key.startsWith(own)).catch(
    () => undefined,
  );
}
