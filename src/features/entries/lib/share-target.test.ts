import { beforeEach, describe, expect, it } from 'vitest';
import { parseSharedMeta, SHARE_CACHE, SHARE_META } from '@/features/entries/lib/shared-inbox';
import {
  loadWorkerScript,
  MemoryCaches,
  ORIGIN,
  sharePost,
  type ShareTarget,
} from '@/test/share-target';

// public/share-target.js, the share target's POST handler in the service worker.

let worker: ShareTarget;
let fetchListeners: ((event: unknown) => void)[];

beforeEach(() => {
  ({ worker, fetchListeners } = loadWorkerScript());
});

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
    expect(response.headers.get('Location')).toBe(
      `${ORIGIN}/lancar?aba=whatsapp&compartilhado=erro`,
    );
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
