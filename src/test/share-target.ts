// The share target's worker script (public/share-target.js) run as the service worker runs it,
// against a Cache Storage kept in memory, with a real Request carrying the multipart body a share
// sheet sends (written out here: jsdom's FormData and File are not ones Node's Request can send).
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

export interface ShareTarget {
  parseShare(
    request: Request,
  ): Promise<{ title: string; text: string; url: string; files: File[] }>;
  handleShare(request: Request, caches: CacheStorage): Promise<Response>;
  isShare(request: Request): boolean;
}

export class MemoryCache {
  entries = new Map<string, Response>();
  put(key: string, response: Response) {
    this.entries.set(key, response);
    return Promise.resolve();
  }
  match(key: string) {
    return Promise.resolve(this.entries.get(key)?.clone());
  }
}

export class MemoryCaches {
  stores = new Map<string, MemoryCache>();
  open(name: string) {
    const cache = this.stores.get(name) ?? new MemoryCache();
    this.stores.set(name, cache);
    return Promise.resolve(cache);
  }
  delete(name: string) {
    return Promise.resolve(this.stores.delete(name));
  }
}

export const ORIGIN = 'https://app.example.com';
/** Runs the script; returns what it installed and the fetch listeners it added. */
export function loadWorkerScript(): {
  worker: ShareTarget;
  fetchListeners: ((event: unknown) => void)[];
} {
  const fetchListeners: ((event: unknown) => void)[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    caches: new MemoryCaches(),
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'fetch') fetchListeners.push(listener);
    },
  } as { shareTarget?: ShareTarget } & Record<string, unknown>;
  const source = readFileSync('public/share-target.js', 'utf8');
  runInNewContext(source, { self, Response, URL, Date });
  if (!self.shareTarget) throw new Error('share-target.js did not install itself');
  return { worker: self.shareTarget, fetchListeners };
}

export interface SharedFile {
  name: string;
  type: string;
  content: string;
}

export function sharePost(fields: Record<string, string>, files: SharedFile[] = []): Request {
  const boundary = '----compartilhar';
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
    ),
    ...files.map(
      (file) =>
        `Content-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n${file.content}`,
    ),
  ];
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
  return new Request(`${ORIGIN}/compartilhar`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
}
