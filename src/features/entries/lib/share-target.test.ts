import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseSharedMeta, SHARE_CACHE, SHARE_META } from '@/features/entries/lib/shared-inbox';

// public/share-target.js runs inside the service worker (imported by Workbox's sw.js); here it is
// run as the worker would, against a Cache Storage kept in memory, with a real Request carrying
// the multipart body a share sheet sends (written out here: jsdom's FormData and File are not
// ones Node's Request can send).

interface ShareTarget {
  parseShare(
    request: Request,
  ): Promise<{ title: string; text: string; url: string; files: File[] }>;
  handleShare(request: Request, caches: CacheStorage): Promise<Response>;
  isShare(request: Request): boolean;
}

class MemoryCache {
  entries = new Map<string, Response>();
  put(key: string, response: Response) {
    this.entries.set(key, response);
    return Promise.resolve();
  }
  match(key: string) {
    return Promise.resolve(this.entries.get(key)?.clone());
  }
}

class MemoryCaches {
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

const ORIGIN = 'https://app.example.com';
let worker: ShareTarget;
let fetchListeners: ((event: unknown) => void)[];

function loadWorkerScript() {
  fetchListeners = [];
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
  worker = self.shareTarget;
}

interface SharedFile {
  name: string;
  type: string;
  content: string;
}

function sharePost(fields: Record<string, string>, files: SharedFile[] = []): Request {
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
  const body =
    parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
  return new Request(`${ORIGIN}/compartilhar`, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

beforeEach(loadWorkerScript);

describe('the share target in the service worker', () => {
  it('answers only a POST to /compartilhar of this origin', () => {
    expect(worker.isShare(sharePost({ text: 'oi' }))).toBe(true);
    expect(worker.isShare(new Request(`${ORIGIN}/compartilhar`))).toBe(false);
    expect(
      worker.isShare(new Request(`https://outro.example.com/compartilhar`, { method: 'POST' })),
    ).toBe(false);
    expect(worker.isShare(new Request(`${ORIGIN}/lancar`, { method: 'POST' }))).toBe(false);
    expect(fetchListeners).toHaveLength(1);
  });

  it('reads title, text, url and keeps images and PDFs, not other files or empty ones', async () => {
    const pdf = { name: 'boleto.pdf', type: 'application/pdf', content: '%PDF-1.4' };
    const photo = { name: 'conta.jpg', type: 'image/jpeg', content: 'jpeg' };
    const zip = { name: 'notas.zip', type: 'application/zip', content: 'zip' };
    const empty = { name: 'vazio.png', type: 'image/png', content: '' };
    const share = await worker.parseShare(
      sharePost({ title: 'Areia', text: 'Segue o boleto' }, [pdf, zip, photo, empty]),
    );
    expect(share).toMatchObject({ title: 'Areia', text: 'Segue o boleto', url: '' });
    expect(share.files.map((file) => file.name)).toEqual(['boleto.pdf', 'conta.jpg']);
  });

  it('stores the share where the tab reads it and redirects (303) to Lançar’s Via WhatsApp tab', async () => {
    const caches = new MemoryCaches();
    const pdf = { name: 'boleto.pdf', type: 'application/pdf', content: '%PDF-1.4 boleto' };
    const response = await worker.handleShare(
      sharePost({ text: 'PIX da areia' }, [pdf]),
      caches as unknown as CacheStorage,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/lancar?aba=whatsapp&compartilhado=1`);

    const cache = await caches.open(SHARE_CACHE);
    const meta = parseSharedMeta(await (await cache.match(SHARE_META))?.json());
    expect(meta).toMatchObject({
      text: 'PIX da areia',
      files: [{ name: 'boleto.pdf', type: 'application/pdf' }],
    });
    const stored = await cache.match(meta?.files[0]?.key ?? '');
    expect(await stored?.text()).toBe('%PDF-1.4 boleto');
    expect(stored?.headers.get('Content-Type')).toBe('application/pdf');
  });

  it('replaces an earlier share: one share at a time', async () => {
    const caches = new MemoryCaches() as unknown as CacheStorage;
    const photo = { name: 'conta.jpg', type: 'image/jpeg', content: 'jpeg' };
    await worker.handleShare(sharePost({ text: 'primeiro' }, [photo]), caches);
    await worker.handleShare(sharePost({ text: 'segundo' }), caches);
    const cache = await caches.open(SHARE_CACHE);
    const meta = parseSharedMeta(await (await cache.match(SHARE_META))?.json());
    expect(meta).toMatchObject({ text: 'segundo', files: [] });
    expect(await cache.match('/compartilhar/arquivo/0')).toBeUndefined();
  });

  it('says so in the address when the share cannot be read (not a form)', async () => {
    const response = await worker.handleShare(
      new Request(`${ORIGIN}/compartilhar`, { method: 'POST', body: 'não é um formulário' }),
      new MemoryCaches() as unknown as CacheStorage,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/lancar?aba=whatsapp&compartilhado=erro`);
  });
});

describe('the stored share, as the tab reads it', () => {
  it('refuses a shape it does not know', () => {
    expect(parseSharedMeta(null)).toBeNull();
    expect(parseSharedMeta({ text: 'x' })).toBeNull();
    expect(
      parseSharedMeta({ text: 'x', files: [{ key: '/outro', name: 'a', type: 'b' }] }),
    ).toBeNull();
    expect(parseSharedMeta({ text: 'x', files: [], title: 3 })).toEqual({
      title: '',
      text: 'x',
      url: '',
      files: [],
      sharedAt: '',
    });
  });
});
