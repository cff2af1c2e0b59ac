import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { retryDocumentRemovals } from '@/lib/document-removals';
import { useOnline } from '@/lib/online';
import { registerSender } from '@/lib/offline/queue';
import { useOfflineQueue } from '@/lib/offline/use-offline-queue';
import { useShowsSavedCopy } from '@/lib/offline/use-shows-saved-copy';

// Who sends what the offline queue holds. Imported on demand: the first load carries none of it.
registerSender('entries.lancar', () =>
  import('@/features/entries/api/offline-entries').then((m) => m.sendLancarEntries),
);
registerSender('entries.wizard', () =>
  import('@/features/entries/api/offline-entries').then((m) => m.sendWizardEntry),
);
registerSender('documents.upload', () =>
  import('@/lib/offline/queued-document').then((m) => m.sendQueuedDocument),
);

/** When the network says online but a send still fails to reach the server. */
const RETRY_MS = 30_000;

/**
 * The "Sem conexão" banner of every signed-in screen ("Atualizando…" over a restored copy), and
 * the sender of the offline queue: when the connection returns (or the app opens online with items
 * waiting) it sends them once, then refreshes what they change.
 */
export function OfflineStatus() {
  const { id: companyId, userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const online = useOnline();
  const savedCopy = useShowsSavedCopy();
  const { queue, items } = useOfflineQueue();
  const sendable = items.filter((item) => item.error === null).length;
  const [retryTick, setRetryTick] = useState(0);

  useEffect(() => {
    if (!online || sendable === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    void queue.flush().then((result) => {
      // A document says itself that it arrived ("Comprovante anexado"): the entries are counted.
      const entries = result.sent - result.sentDocuments;
      if (entries > 0) {
        // Two runs of this effect may wait for the same flush: one toast.
        toast.success('Lançamentos enviados', {
          id: 'offline-queue-sent',
          description:
            entries === 1
              ? '1 item que aguardava envio foi salvo.'
              : `${entries} itens que aguardavam envio foram salvos.`,
        });
      }
      if (result.sent > 0) void invalidateMoney(queryClient, companyId);
      if (result.offline && active) timer = setTimeout(() => setRetryTick((t) => t + 1), RETRY_MS);
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [online, sendable, queue, queryClient, companyId, retryTick]);

  // Files of deleted documents that could not be removed while offline.
  useEffect(() => {
    if (online) void retryDocumentRemovals(userId);
  }, [online, userId]);

  const documents = items.filter((item) => item.summary.document).length;
  return (
    <OfflineBanner waiting={items.length - documents} documents={documents} savedCopy={savedCopy} />
  );
}
