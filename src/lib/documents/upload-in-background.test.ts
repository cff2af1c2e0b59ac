import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UploadModule from '@/lib/documents/upload-document';
import type { UploadDocumentInput } from '@/lib/documents/upload-document';
import type * as PrepareModule from '@/lib/documents/prepare-file';
import { uploadInBackground } from '@/lib/documents/upload-in-background';
import type { QueuedItem } from '@/lib/offline/queue';
import { offlineQueueFor } from '@/lib/offline/use-offline-queue';

// IndexedDB as the queue sees it (jsdom has none): what a reload would find on the device.
const device = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/lib/offline/idb', () => ({
  idbAvailable: () => true,
  idbGet: (key: string) => Promise.resolve(device.get(key)),
  idbSet: (key: string, value: unknown) => {
    device.set(key, value);
    return Promise.resolve();
  },
  idbDel: (key: string) => {
    device.delete(key);
    return Promise.resolve();
  },
}));

// The file as prepared on the device (a PDF is kept as chosen).
vi.mock('@/lib/documents/prepare-file', async (importOriginal) => ({
  ...(await importOriginal<typeof PrepareModule>()),
  prepareDocumentFile: (blob: Blob, name: string) =>
    Promise.resolve({
      blob,
      name,
      mime: 'application/pdf',
      size: blob.size,
      sha256: 'b'.repeat(64),
    }),
}));

const uploads: UploadDocumentInput[] = [];
let answer: () => Promise<void> = () => Promise.resolve();
vi.mock('@/lib/documents/upload-document', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadModule>()),
  uploadPreparedDocument: (input: UploadDocumentInput) => {
    uploads.push(input);
    return answer();
  },
}));

const COMPANY = 'c1';
const USER = 'u1';
const QUEUE_KEY = `user:${USER}:offline-queue:${COMPANY}`;
const pdf = new Blob(['%PDF-1.4 comprovante'], { type: 'application/pdf' });
const comprovante = () =>
  uploadInBackground({
    companyId: COMPANY,
    userId: USER,
    owner: { type: 'payment', paymentId: 'payment-1' },
    kind: 'comprovante',
    file: pdf,
    name: 'pix.pdf',
    entry: { description: 'Aluguel', amountCents: 150_000, date: '2026-11-30', tone: 'expense' },
  });
const waiting = () => (device.get(QUEUE_KEY) as QueuedItem[] | undefined) ?? [];

beforeEach(() => {
  device.clear();
  uploads.length = 0;
  answer = () => Promise.resolve();
});
afterEach(() => vi.restoreAllMocks());

describe('a comprovante chosen at Dar Baixa', () => {
  it('is on the device before the dialog may close, and leaves it once the server has it', async () => {
    let serverAnswers: () => void = () => undefined;
    answer = () => new Promise<void>((resolve) => (serverAnswers = resolve));

    expect(await comprovante()).toBe(true);
    // Kept (item and file) while the upload is still under way.
    const [item] = waiting();
    expect(item?.summary).toMatchObject({ description: 'Aluguel', document: { name: 'pix.pdf' } });
    expect(device.get(item?.files?.[0] ?? '')).toBe(pdf);
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({
      documentId: item?.id,
      owner: { type: 'payment', paymentId: 'payment-1' },
      kind: 'comprovante',
    });

    serverAnswers();
    await vi.waitFor(() => expect(waiting()).toHaveLength(0));
    expect([...device.keys()].filter((key) => key.includes('offline-file'))).toEqual([]);
  });

  it('that fails to go up (the signal went) waits on the device and goes later as the same document', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await comprovante()).toBe(true);
    await vi.waitFor(() => expect(waiting()[0]?.attempts).toBe(1));
    const [item] = waiting();
    expect(item?.error).toBeNull();

    // A reload later, online: the queue (as the app's offline status does) sends it.
    answer = () => Promise.resolve();
    const result = await offlineQueueFor(USER, COMPANY).flush();
    expect(result).toMatchObject({ sent: 1, sentDocuments: 1 });
    expect(uploads.map((upload) => upload.documentId)).toEqual([item?.id, item?.id]);
    expect(uploads[1]?.file.blob).toBe(pdf);
    expect(waiting()).toHaveLength(0);
  });
});
