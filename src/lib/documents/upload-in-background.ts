// An attachment chosen while saving something else (the wizard's photo, Dar Baixa's comprovante)
// goes up after that save, while the screen moves on. It is first kept on the device, in the
// offline queue (IndexedDB, as a photo taken offline is: queued-document.ts), and only then does
// the screen move on: a reload, a closed tab or a lost signal mid-upload never drops it. The queue
// sends it at once ("Enviando comprovante…"), or when the connection returns ("Aguardando envio"),
// under the queue item's id as the document id, so a send repeated after a lost answer stores
// nothing twice. A refusal waits on the device with its reason until the user retries or discards.
import type { DocumentOwner } from '@/lib/documents/upload-document';
import { documentErrorMessage, uploadPreparedDocument } from '@/lib/documents/upload-document';
import { prepareDocumentFile, type DocumentKind } from '@/lib/documents/prepare-file';
import { idbAvailable } from '@/lib/offline/idb';
import { registerSender } from '@/lib/offline/queue';
import {
  DOCUMENT_QUEUE_KIND,
  documentWord,
  queuedDocumentItem,
  sendQueuedDocument,
  type QueuedDocumentInput,
} from '@/lib/offline/queued-document';
import { offlineQueueFor } from '@/lib/offline/use-offline-queue';
import { toast } from '@/lib/toast';

export interface BackgroundUpload {
  companyId: string;
  userId: string;
  owner: DocumentOwner;
  kind: DocumentKind;
  file: Blob;
  name: string;
  /** The entry it belongs to, as "Aguardando envio" lists it. */
  entry: QueuedDocumentInput['entry'];
}

/**
 * Keeps the file on the device and starts sending it. Resolves true once it is kept (the screen
 * may move on), false when it cannot be: a file that is not a photo, PDF or XML (the toast says
 * so), or a device with no room, where it is sent directly instead, with a retry on failure.
 */
export async function uploadInBackground(upload: BackgroundUpload): Promise<boolean> {
  const { companyId, userId, owner, kind, file, name, entry } = upload;
  let prepared;
  try {
    prepared = await prepareDocumentFile(file, name);
  } catch (error) {
    // The file cannot be read or is not a document: no retry could send it.
    toast.error(`Não foi possível enviar o ${documentWord(kind)}`, {
      description: `${name}: ${documentErrorMessage(error)}`,
      duration: Infinity,
      closeButton: true,
    });
    return false;
  }
  const queued = queuedDocumentItem({ companyId, userId, owner, kind, file: prepared, entry });
  // No IndexedDB (an old WebView): nothing can be kept, so it is sent now, with a retry.
  if (!idbAvailable()) return sendDirectly({ ...upload, documentId: queued.item.id, prepared });
  const queue = offlineQueueFor(userId, companyId);
  try {
    await queue.enqueue(queued.item, queued.files);
  } catch {
    // IndexedDB refused (private mode, no room): the same.
    return sendDirectly({ ...upload, documentId: queued.item.id, prepared });
  }
  // Registered by the app's offline status too; here so that this never depends on it.
  registerSender(DOCUMENT_QUEUE_KIND, () => Promise.resolve(sendQueuedDocument));
  void queue.flush();
  return true;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

async function sendDirectly({
  companyId,
  userId,
  owner,
  kind,
  name,
  documentId,
  prepared,
}: BackgroundUpload & {
  documentId: string;
  prepared: Awaited<ReturnType<typeof prepareDocumentFile>>;
}): Promise<boolean> {
  const toastId = `document-${documentId}`;
  const run = async (): Promise<boolean> => {
    toast(`Enviando ${documentWord(kind)}…`, {
      id: toastId,
      description: name,
      duration: Infinity,
    });
    try {
      await uploadPreparedDocument({ companyId, userId, owner, kind, documentId, file: prepared });
    } catch (error) {
      toast.error(`Não foi possível enviar o ${documentWord(kind)}`, {
        id: toastId,
        description: `${name}: ${documentErrorMessage(error)}`,
        duration: Infinity,
        closeButton: true,
        action: { label: 'Tentar novamente', onClick: () => void run() },
      });
      return false;
    }
    toast.success(`${capitalized(documentWord(kind))} anexado`, {
      id: toastId,
      description: name,
      duration: 4000,
    });
    return true;
  };
  return run();
}
