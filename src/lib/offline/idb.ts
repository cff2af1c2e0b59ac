// One IndexedDB database for what the app keeps on the device beyond localStorage: the persisted
// React Query cache and the offline queue. Every key is a user key (`user:<userId>:…`, see
// src/lib/user-storage.ts), so a session change drops a user's data as a whole.
import { createStore, del, get, keys, set, delMany, type UseStore } from 'idb-keyval';

let store: UseStore | null | undefined;

/** null when the browser has no IndexedDB (old WebViews, tests in jsdom): nothing is kept. */
function idbStore(): UseStore | null {
  if (store === undefined) {
    store = typeof indexedDB === 'undefined' ? null : createStore('app-financas', 'keyval');
  }
  return store;
}

/** False where nothing can be kept on the device (a write is then silently a no-op). */
export function idbAvailable(): boolean {
  return idbStore() !== null;
}

export async function idbGet<T>(key: string): Promise<T | undefined> {
  const s = idbStore();
  return s ? get<T>(key, s) : undefined;
}

export async function idbSet(key: string, value: unknown): Promise<void> {
  const s = idbStore();
  if (s) await set(key, value, s);
}

export async function idbDel(key: string): Promise<void> {
  const s = idbStore();
  if (s) await del(key, s);
}

/** Deletes every key for which `shouldRemove` is true. */
export async function idbRemoveKeys(shouldRemove: (key: string) => boolean): Promise<void> {
  const s = idbStore();
  if (!s) return;
  const all = await keys<IDBValidKey>(s);
  const doomed = all.filter((key): key is string => typeof key === 'string' && shouldRemove(key));
  if (doomed.length > 0) await delMany(doomed, s);
}
