import { useSyncExternalStore } from 'react';
import { useCurrentCompany } from '@/lib/current-company';
import { getErrorMessage } from '@/lib/errors';
import { idbDel, idbGet, idbSet } from '@/lib/offline/idb';
import {
  createOfflineQueue,
  SendRefused,
  type OfflineQueue,
  type QueuedItem,
} from '@/lib/offline/queue';
import { userStorageKey } from '@/lib/user-storage';

const queues = new Map<string, OfflineQueue>();

/**
 * The queue of one user in one company (IndexedDB, `user:<userId>:offline-queue:<companyId>`),
 * one instance per page so that every screen shares its list and its flush.
 */
export function offlineQueueFor(userId: string, companyId: string): OfflineQueue {
  const key = userStorageKey(userId, `offline-queue:${companyId}`);
  let queue = queues.get(key);
  if (!queue) {
    const created = createOfflineQueue({ get: idbGet, set: idbSet, del: idbDel }, key, (error) =>
      error instanceof SendRefused
        ? error.message
        : getErrorMessage(error, 'Não foi possível enviar este lançamento.'),
    );
    queue = created;
    queues.set(key, created);
    void created.refresh().catch(() => undefined);
    // Another tab queued or sent something: read the list again.
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(key);
      let echo = false;
      channel.onmessage = () => {
        echo = true;
        void created.refresh().finally(() => {
          echo = false;
        });
      };
      created.subscribe(() => {
        if (!echo) channel.postMessage('changed');
      });
    }
  }
  return queue;
}

/** Where a file queued with an item is kept: under the user, so a session change removes it too. */
export function queuedFileKey(userId: string, id: string): string {
  return userStorageKey(userId, `offline-file:${id}`);
}

/** The current company's queue and its items (re-rendering when they change). */
export function useOfflineQueue(): { queue: OfflineQueue; items: QueuedItem[] } {
  const { id: companyId, userId } = useCurrentCompany();
  const queue = offlineQueueFor(userId, companyId);
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  return { queue, items };
}
