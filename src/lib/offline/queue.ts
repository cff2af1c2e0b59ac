// The offline queue: what the user creates with no network waits on the device and is
// sent when the connection returns. Generic over "senders": an item has a `kind`, and the sender
// registered for that kind sends its payload. Every item carries a client-generated id that its
// sender uses as the row id (or p_id), so a send repeated after a lost answer, a reload or in two
// tabs at once never creates a second row: idempotency lives in the database, not here.
// An item may carry files (a photo taken offline): Blobs kept beside the list under their own keys,
// written before the item and deleted after it, so an item never points at a missing file and a
// sent or discarded item leaves nothing behind.
// Contract for senders: docs/contracts.md, "Offline queue".
import { isNetworkError } from '@/lib/errors';

/** What the "Aguardando envio" list shows of an item, without knowing its kind. */
export interface QueuedSummary {
  description: string;
  amountCents: number;
  /** yyyy-MM-dd */
  date: string;
  tone: 'expense' | 'income';
  /** Rows the item creates (an installment plan or recurrence is one item of N rows). */
  count: number;
  /** A document (photo, PDF) for the entry the summary describes, not the entry itself. */
  document?: { name: string };
}

export interface QueuedItem<P = unknown> {
  /** crypto.randomUUID(), made when the item is queued: the idempotency key of its sender. */
  id: string;
  kind: string;
  companyId: string;
  payload: P;
  summary: QueuedSummary;
  createdAt: string;
  attempts: number;
  /** The last refusal that a retry cannot fix (not a network failure); such items wait for the user. */
  error: string | null;
  /** Storage keys of the files the item carries (see OfflineQueue.enqueue). */
  files?: string[];
}

/** What a sender reads besides the item: the files it carries. */
export interface SendContext {
  /** The Blob kept under one of `item.files`; undefined when the device lost it. */
  file: (key: string) => Promise<Blob | undefined>;
}

/** A refusal a sender words itself (not a database key): the item shows this message. */
export class SendRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SendRefused';
  }
}

/** Sends one item. Must be idempotent on item.id; throws on failure (network or refusal). */
export type Sender = (item: QueuedItem, context: SendContext) => Promise<void>;

const senders = new Map<string, () => Promise<Sender>>();

/** `load` may import the sender lazily, so its code stays out of the first load. */
export function registerSender(kind: string, load: () => Promise<Sender>): void {
  senders.set(kind, load);
}

export interface QueueStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

export interface FlushResult {
  sent: number;
  /** Of `sent`, the documents (each says so itself: "Comprovante anexado"). */
  sentDocuments: number;
  /** True when a network failure stopped the flush: the rest waits for the connection. */
  offline: boolean;
  failed: number;
}

/** Runs `fn` alone across this page and, where the browser has Web Locks, across tabs. */
async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(name, fn);
  }
  return fn();
}

export interface OfflineQueue {
  readonly key: string;
  list: () => Promise<QueuedItem[]>;
  /** `files`: Blobs by storage key (each key listed in `item.files`), written before the item. */
  enqueue: (
    item: Omit<QueuedItem, 'attempts' | 'error' | 'createdAt'>,
    files?: Record<string, Blob>,
  ) => Promise<void>;
  remove: (id: string) => Promise<void>;
  /** Clears the refusal of an item so that the next flush tries it again. */
  retry: (id: string) => Promise<void>;
  /** Sends every item without a refusal, oldest first, once; concurrent calls share one run. */
  flush: () => Promise<FlushResult>;
  /** The items as last read or written (empty until the first read): for useSyncExternalStore. */
  snapshot: () => QueuedItem[];
  /** Reads the stored items again (another tab changed them, or the first read). */
  refresh: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
}

export function createOfflineQueue(
  storage: QueueStorage,
  key: string,
  describeError: (error: unknown) => string,
): OfflineQueue {
  const listeners = new Set<() => void>();
  let running: Promise<FlushResult> | null = null;
  let current: QueuedItem[] = [];
  const publish = (items: QueuedItem[]) => {
    current = items;
    for (const listener of listeners) listener();
  };

  const read = async (): Promise<QueuedItem[]> => {
    const value = await storage.get(key);
    return Array.isArray(value) ? (value as QueuedItem[]) : [];
  };
  // Read-modify-write of the stored list, one at a time (this tab and the others).
  const update = async (change: (items: QueuedItem[]) => QueuedItem[]): Promise<void> => {
    const next = await exclusive(`${key}:write`, async () => {
      const items = change(await read());
      await storage.set(key, items);
      return items;
    });
    publish(next);
  };

  /** Takes the item out of the list, then deletes its files (never the other way round). */
  const drop = async (id: string): Promise<void> => {
    let files: string[] = [];
    await update((items) => {
      files = items.find((i) => i.id === id)?.files ?? [];
      return items.filter((i) => i.id !== id);
    });
    await Promise.all(files.map((file) => storage.del(file)));
  };

  const context: SendContext = {
    file: async (fileKey) => {
      const value = await storage.get(fileKey);
      return value instanceof Blob ? value : undefined;
    },
  };

  const patch = (id: string, fields: Partial<QueuedItem>) =>
    update((items) => items.map((item) => (item.id === id ? { ...item, ...fields } : item)));

  async function sendAll(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, sentDocuments: 0, offline: false, failed: 0 };
    // Read again under the lock: another tab may have sent some items already.
    for (const item of await read()) {
      if (item.error !== null) continue;
      const stillQueued = (await read()).some((i) => i.id === item.id);
      if (!stillQueued) continue;
      const load = senders.get(item.kind);
      try {
        if (!load) throw new Error(`Nenhum envio registrado para "${item.kind}".`);
        const send = await load();
        await send(item, context);
      } catch (error) {
        if (isNetworkError(error)) {
          await patch(item.id, { attempts: item.attempts + 1 });
          result.offline = true;
          return result;
        }
        await patch(item.id, { attempts: item.attempts + 1, error: describeError(error) });
        result.failed += 1;
        continue;
      }
      await drop(item.id);
      result.sent += 1;
      if (item.summary.document) result.sentDocuments += 1;
    }
    return result;
  }

  return {
    key,
    list: read,
    async enqueue(item, files = {}) {
      for (const [fileKey, blob] of Object.entries(files)) await storage.set(fileKey, blob);
      await update((items) => [
        ...items.filter((i) => i.id !== item.id),
        { ...item, attempts: 0, error: null, createdAt: new Date().toISOString() },
      ]);
    },
    remove: drop,
    retry: (id) => patch(id, { error: null }),
    flush() {
      running ??= exclusive(`${key}:flush`, sendAll).finally(() => {
        running = null;
      });
      return running;
    },
    snapshot: () => current,
    async refresh() {
      const items = await read();
      // Every screen reads the queue when it opens, and it is almost always empty: a new empty
      // array would count as a change for useSyncExternalStore, which re-renders its readers
      // synchronously, in the middle of the first screen's time-sliced render (a 50 ms task
      // at 1× on the bench machine).
      if (items.length === 0 && current.length === 0) return;
      publish(items);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
