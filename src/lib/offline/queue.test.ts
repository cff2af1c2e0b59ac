import { describe, expect, it, vi } from 'vitest';
import {
  createOfflineQueue,
  registerSender,
  type QueuedItem,
  type SendContext,
} from '@/lib/offline/queue';

/** The queue's storage as IndexedDB keeps it: a value per key, read back as written. */
function memoryStorage() {
  const values = new Map<string, unknown>();
  return {
    values,
    // IndexedDB keeps a Blob as a Blob; the rest as structured clones.
    get: (key: string) => {
      const value = values.get(key);
      return Promise.resolve(value instanceof Blob ? value : structuredClone(value));
    },
    set: (key: string, value: unknown) => {
      values.set(key, value instanceof Blob ? value : structuredClone(value));
      return Promise.resolve();
    },
    del: (key: string) => {
      values.delete(key);
      return Promise.resolve();
    },
  };
}

/** The server as the senders see it: rows by id, inserted with ON CONFLICT (id) DO NOTHING. */
function fakeServer() {
  const rows = new Map<string, unknown>();
  let failNext: 'network' | 'refused' | null = null;
  const send = vi.fn((item: QueuedItem) => {
    if (failNext === 'network') {
      failNext = null;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    if (failNext === 'refused') {
      failNext = null;
      return Promise.reject(Object.assign(new Error('invalid_amount'), { code: 'P0001' }));
    }
    if (!rows.has(item.id)) rows.set(item.id, item.payload);
    return Promise.resolve();
  });
  return {
    rows,
    send,
    failNextWith: (kind: 'network' | 'refused') => {
      failNext = kind;
    },
  };
}

let n = 0;
function setup() {
  n += 1;
  const kind = `test.kind-${n}`;
  const server = fakeServer();
  registerSender(kind, () => Promise.resolve(server.send));
  const storage = memoryStorage();
  const key = `user:u1:offline-queue:c${n}`;
  const queue = createOfflineQueue(storage, key, () => 'Valor inválido.');
  const item = (id: string, description = 'Cimento') => ({
    id,
    kind,
    companyId: 'c1',
    payload: { description },
    summary: {
      description,
      amountCents: 12345,
      date: '2026-11-23',
      tone: 'expense' as const,
      count: 1,
    },
  });
  return { queue, storage, server, item, key, kind };
}

describe('offline queue', () => {
  it('keeps what was queued in storage, in order, until it is sent', async () => {
    const { queue, item, storage, key } = setup();
    await queue.enqueue(item('a', 'Cimento'));
    await queue.enqueue(item('b', 'Areia'));

    expect((await queue.list()).map((i) => i.summary.description)).toEqual(['Cimento', 'Areia']);
    expect(queue.snapshot()).toHaveLength(2);
    // A reload reads it back from the device.
    const reloaded = createOfflineQueue(storage, key, () => '');
    expect((await reloaded.list()).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('sends each item once, then forgets it', async () => {
    const { queue, item, server } = setup();
    await queue.enqueue(item('a'));
    await queue.enqueue(item('b'));

    expect(await queue.flush()).toEqual({ sent: 2, sentDocuments: 0, offline: false, failed: 0 });
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(await queue.list()).toEqual([]);

    expect(await queue.flush()).toEqual({ sent: 0, sentDocuments: 0, offline: false, failed: 0 });
    expect(server.send).toHaveBeenCalledTimes(2);
  });

  it('two flushes at once (the online event and a reload) send each item once', async () => {
    const { queue, item, server } = setup();
    await queue.enqueue(item('a'));
    const [first, second] = await Promise.all([queue.flush(), queue.flush()]);

    expect(first).toEqual({ sent: 1, sentDocuments: 0, offline: false, failed: 0 });
    expect(second).toBe(first);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(server.rows.size).toBe(1);
  });

  it('a network failure keeps the item, stops the run, and the next flush sends it', async () => {
    const { queue, item, server } = setup();
    await queue.enqueue(item('a'));
    await queue.enqueue(item('b'));
    server.failNextWith('network');

    expect(await queue.flush()).toEqual({ sent: 0, sentDocuments: 0, offline: true, failed: 0 });
    expect(server.send).toHaveBeenCalledTimes(1); // b was not tried with the network down
    const kept = await queue.list();
    expect(kept.map((i) => [i.id, i.attempts, i.error])).toEqual([
      ['a', 1, null],
      ['b', 0, null],
    ]);

    expect(await queue.flush()).toEqual({ sent: 2, sentDocuments: 0, offline: false, failed: 0 });
    expect(await queue.list()).toEqual([]);
    expect([...server.rows.keys()]).toEqual(['a', 'b']);
  });

  it('sending again what already reached the server does not duplicate it', async () => {
    const { queue, item, server, storage, key } = setup();
    await queue.enqueue(item('a'));
    // The answer was lost after the server saved the row: the item is still queued.
    const saved = await storage.get(key);
    await queue.flush();
    await storage.set(key, saved);

    await queue.flush();
    // The same idempotency key both times, so the database keeps one row.
    expect(server.send.mock.calls.map(([sent]) => sent.id)).toEqual(['a', 'a']);
    expect(server.rows.size).toBe(1);
  });

  it('a refusal keeps the item with its message, skips it, and sends it after "Tentar novamente"', async () => {
    const { queue, item, server } = setup();
    await queue.enqueue(item('a'));
    await queue.enqueue(item('b'));
    server.failNextWith('refused');

    expect(await queue.flush()).toEqual({ sent: 1, sentDocuments: 0, offline: false, failed: 1 });
    expect((await queue.list()).map((i) => [i.id, i.error])).toEqual([['a', 'Valor inválido.']]);
    expect(await queue.flush()).toEqual({ sent: 0, sentDocuments: 0, offline: false, failed: 0 });

    await queue.retry('a');
    expect(await queue.flush()).toEqual({ sent: 1, sentDocuments: 0, offline: false, failed: 0 });
    expect(server.rows.size).toBe(2);
  });

  it('an item whose kind has no sender waits with a message instead of being lost', async () => {
    const { queue, item } = setup();
    await queue.enqueue({ ...item('a'), kind: 'nobody.sends-this' });
    expect(await queue.flush()).toEqual({ sent: 0, sentDocuments: 0, offline: false, failed: 1 });
    expect(await queue.list()).toHaveLength(1);
  });

  it('notifies subscribers when the list changes', async () => {
    const { queue, item } = setup();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    await queue.enqueue(item('a'));
    await queue.remove('a');
    unsubscribe();
    await queue.enqueue(item('b'));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(queue.snapshot().map((i) => i.id)).toEqual(['b']);
  });

  it('reading the queue again notifies only when another tab changed it', async () => {
    const { queue, item, storage } = setup();
    const listener = vi.fn();
    queue.subscribe(listener);
    const before = queue.snapshot();
    await queue.refresh();
    expect(listener).not.toHaveBeenCalled();
    expect(queue.snapshot()).toBe(before);

    await storage.set(queue.key, [{ ...item('x'), attempts: 0, error: null, createdAt: '' }]);
    await queue.refresh();
    expect(listener).toHaveBeenCalledOnce();
    expect(queue.snapshot().map((i) => i.id)).toEqual(['x']);
  });

  describe('an item with a file (a photo taken offline)', () => {
    function fileSetup() {
      const base = setup();
      const received: { id: string; size: number | null; type: string | null }[] = [];
      const kind = `${base.kind}.file`;
      registerSender(kind, () =>
        Promise.resolve(async (item: QueuedItem, context: SendContext) => {
          const blob = await context.file(item.files?.[0] ?? '');
          received.push({ id: item.id, size: blob?.size ?? null, type: blob?.type ?? null });
          if (!blob) throw Object.assign(new Error('missing'), { code: 'file_missing' });
        }),
      );
      const photo = (id: string) => ({
        ...base.item(id, 'Foto'),
        kind,
        files: [`user:u1:offline-file:${id}`],
      });
      return { ...base, received, photo };
    }

    it('keeps the Blob beside the list, hands it to the sender, and deletes it once sent', async () => {
      const { queue, storage, received, photo, key } = fileSetup();
      await queue.enqueue(photo('f1'), {
        'user:u1:offline-file:f1': new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
      });
      // The list holds the key, never the bytes (nor a data URL).
      const listed = JSON.stringify(storage.values.get(key));
      expect(listed).toContain('user:u1:offline-file:f1');
      expect(listed).not.toContain('jpeg bytes');
      expect(storage.values.get('user:u1:offline-file:f1')).toBeInstanceOf(Blob);

      expect(await queue.flush()).toEqual({ sent: 1, sentDocuments: 0, offline: false, failed: 0 });
      expect(received).toEqual([{ id: 'f1', size: 10, type: 'image/jpeg' }]);
      expect(storage.values.has('user:u1:offline-file:f1')).toBe(false);
    });

    it('a network failure keeps both the item and its file for the next flush', async () => {
      const { queue, storage, photo } = fileSetup();
      const failing = `failing-${Math.random()}`;
      registerSender(failing, () =>
        Promise.resolve(() => Promise.reject(new TypeError('Failed to fetch'))),
      );
      await queue.enqueue(
        { ...photo('f2'), kind: failing },
        {
          'user:u1:offline-file:f2': new Blob(['x']),
        },
      );
      expect(await queue.flush()).toEqual({ sent: 0, sentDocuments: 0, offline: true, failed: 0 });
      expect(await queue.list()).toHaveLength(1);
      expect(storage.values.get('user:u1:offline-file:f2')).toBeInstanceOf(Blob);
    });

    it('a file the device lost is a refusal the user sees, not a silent drop', async () => {
      const { queue, storage, photo } = fileSetup();
      await queue.enqueue(photo('f3'), { 'user:u1:offline-file:f3': new Blob(['x']) });
      storage.values.delete('user:u1:offline-file:f3');
      expect(await queue.flush()).toEqual({ sent: 0, sentDocuments: 0, offline: false, failed: 1 });
      expect((await queue.list()).map((i) => [i.id, i.error])).toEqual([['f3', 'Valor inválido.']]);
    });

    it('Descartar removes the item and then its file', async () => {
      const { queue, storage, photo } = fileSetup();
      await queue.enqueue(photo('f4'), { 'user:u1:offline-file:f4': new Blob(['x']) });
      await queue.remove('f4');
      expect(await queue.list()).toEqual([]);
      expect(storage.values.has('user:u1:offline-file:f4')).toBe(false);
    });
  });
});
