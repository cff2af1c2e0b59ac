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
  /** Text, or the file's bytes (a photo: its signature is binary). */
  content: string | Uint8Array;
}

/** The first bytes of a JPEG and of a PNG, for shared photos (the app checks files by them). */
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

export function sharePost(fields: Record<string, string>, files: SharedFile[] = []): Request {
  const boundary = '----compartilhar';
  const encoder = new TextEncoder();
  const parts: (string | Uint8Array)[][] = [
    ...Object.entries(fields).map(([name, value]) => [
      `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
    ]),
    ...files.map((file) => [
      `Content-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
      file.content,
    ]),
  ];
  const chunks = [
    ...parts.flatMap((part) => [`--${boundary}\r\n`, ...part, '\r\n']),
    `--${boundary}--\r\n`,
  ].map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return new Request(`${ORIGIN}/compartilhar`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
}
