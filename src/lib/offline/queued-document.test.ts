import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UploadModule from '@/lib/documents/upload-document';
import type { UploadDocumentInput } from '@/lib/documents/upload-document';
import { createOfflineQueue, registerSender, type QueueStorage } from '@/lib/offline/queue';
import {
  DOCUMENT_QUEUE_KIND,
  queuedDocumentItem,
  sendQueuedDocument,
} from '@/lib/offline/queued-document';

// As src/app/offline-status.tsx registers it.
registerSender(DOCUMENT_QUEUE_KIND, () => Promise.resolve(sendQueuedDocument));

const uploads: UploadDocumentInput[] = [];
let answer: () => Promise<void> = () => Promise.resolve();

vi.mock('@/lib/documents/upload-document', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadModule>()),
  uploadPreparedDocument: (input: UploadDocumentInput) => {
    uploads.push(input);
    return answer();
  },
}));

function storage(): QueueStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: (key) => Promise.resolve(values.get(key)),
    set: (key, value) => {
      values.set(key, value);
      return Promise.resolve();
    },
    del: (key) => {
      values.delete(key);
      return Promise.resolve();
    },
  };
}

const photo = new Blob(['compressed jpeg'], { type: 'image/jpeg' });
const queued = () =>
  queuedDocumentItem({
    companyId: 'c1',
    userId: 'u1',
    owner: { type: 'entry', entryKind: 'expense', entryId: 'entry-client-id' },
    kind: 'comprovante',
    file: { blob: photo, name: 'recibo.jpg', mime: 'image/jpeg', size: 15, sha256: 'a'.repeat(64) },
    entry: { description: 'Cimento', amountCents: 12345, date: '2026-11-26', tone: 'expense' },
  });

beforeEach(() => {
  uploads.length = 0;
  answer = () => Promise.resolve();
});

describe('a photo queued offline', () => {
  it('is a plain JSON item pointing at a Blob kept under the user', () => {
    const { item, files } = queued();
    expect(item.files).toEqual([`user:u1:offline-file:${item.id}`]);
    expect(files[`user:u1:offline-file:${item.id}`]).toBe(photo);
    expect(JSON.parse(JSON.stringify(item))).toEqual(item);
    expect(item.summary).toMatchObject({
      description: 'Cimento',
      document: { name: 'recibo.jpg' },
    });
  });

  it('is sent as the document of its entry, with the item id as the document id, every time', async () => {
    const s = storage();
    const queue = createOfflineQueue(s, 'user:u1:offline-queue:c1', (e) => String(e));
    const { item, files } = queued();
    await queue.enqueue(item, files);
    // The first answer is lost after the object went up: the item stays and is sent again.
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await queue.flush()).toMatchObject({ sent: 0, offline: true });
    answer = () => Promise.resolve();
    expect(await queue.flush()).toMatchObject({ sent: 1, offline: false });

    expect(uploads.map((u) => u.documentId)).toEqual([item.id, item.id]);
    expect(uploads[1]).toMatchObject({
      companyId: 'c1',
      userId: 'u1',
      owner: { type: 'entry', entryKind: 'expense', entryId: 'entry-client-id' },
      kind: 'comprovante',
      file: { name: 'recibo.jpg', mime: 'image/jpeg', size: 15, sha256: 'a'.repeat(64) },
    });
    expect(uploads[1]?.file.blob).toBe(photo);
    expect(s.values.size).toBe(1); // the (empty) list; the Blob is gone
  });

  it('a refusal waits with its reason for the user', async () => {
    const s = storage();
    const queue = createOfflineQueue(s, 'k', (e) => (e instanceof Error ? e.message : ''));
    const { item, files } = queued();
    await queue.enqueue(item, files);
    answer = () =>
      Promise.reject(Object.assign(new Error('document_duplicate'), { code: 'P0001' }));
    expect(await queue.flush()).toMatchObject({ sent: 0, failed: 1 });
    const [kept] = await queue.list();
    expect(kept?.error).toBe('Este arquivo já está anexado a este lançamento.');
    expect(s.values.get(`user:u1:offline-file:${item.id}`)).toBe(photo);
  });

  it('a Blob the device lost is an error naming the file', async () => {
    const { item } = queued();
    await expect(
      sendQueuedDocument(
        { ...item, createdAt: '', attempts: 0, error: null },
        {
          file: () => Promise.resolve(undefined),
        },
      ),
    ).rejects.toThrow(
      'O arquivo recibo.jpg não está mais neste aparelho. Descarte e anexe de novo.',
    );
    expect(uploads).toEqual([]);
  });
});
