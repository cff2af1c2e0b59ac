// What the share target stored (public/share-target.js, in the service worker): the texts of the
// share as JSON and its files as they came, in Cache Storage. Names kept in sync with that script.
import { SHARE_CACHE } from '@/lib/session-end';

export { SHARE_CACHE };
export const SHARE_META = '/compartilhar/dados.json';

export interface SharedFileMeta {
  key: string;
  name: string;
  type: string;
}

export interface SharedMeta {
  title: string;
  text: string;
  url: string;
  files: SharedFileMeta[];
  sharedAt: string;
}

export interface SharedItem extends Omit<SharedMeta, 'files'> {
  files: File[];
}

function isFileMeta(value: unknown): value is SharedFileMeta {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file.key === 'string' &&
    file.key.startsWith('/compartilhar/arquivo/') &&
    typeof file.name === 'string' &&
    typeof file.type === 'string'
  );
}

/** The stored JSON, checked: anything else (an older worker's shape, a broken write) is null. */
export function parseSharedMeta(value: unknown): SharedMeta | null {
  if (typeof value !== 'object' || value === null) return null;
  const meta = value as Record<string, unknown>;
  const str = (key: string): string => {
    const field = meta[key];
    return typeof field === 'string' ? field : '';
  };
  if (!Array.isArray(meta.files) || !meta.files.every(isFileMeta)) return null;
  return {
    title: str('title'),
    text: str('text'),
    url: str('url'),
    files: meta.files,
    sharedAt: str('sharedAt'),
  };
}

/** The texts of a share as one, for the code finder (WhatsApp puts the message in `text`). */
export function sharedText(item: Pick<SharedItem, 'title' | 'text' | 'url'>): string {
  return [item.title, item.text, item.url].filter((part) => part.trim() !== '').join('\n');
}

/** The last share, or null when there is none (or this browser has no Cache Storage). */
export async function readSharedItem(): Promise<SharedItem | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(SHARE_CACHE);
  const response = await cache.match(SHARE_META);
  if (!response) return null;
  const meta = parseSharedMeta(await response.json());
  if (!meta) return null;
  const files: File[] = [];
  for (const file of meta.files) {
    const stored = await cache.match(file.key);
    // A file the worker listed but the cache lost is said, not skipped.
    if (!stored) throw new Error(`shared file missing: ${file.name}`);
    files.push(new File([await stored.arrayBuffer()], file.name, { type: file.type }));
  }
  return { ...meta, files };
}

/** Forgets the share (the user dismissed it). */
export async function clearSharedItem(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(SHARE_CACHE);
}
