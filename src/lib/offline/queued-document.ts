// A document (the wizard's photo, Lançar's Anexo) chosen with no network waits in the offline
// queue next to its entry: the prepared file (photo already compressed, its SHA-256 computed) is a
// Blob in IndexedDB, the item holds plain JSON. Sent after its entry (the queue keeps order), as
// the document whose id is the item's id: a second send after a half-done one (object stored,
// answer lost) finds its object and row and stores nothing twice; the same file twice on the entry
// is the database's document_duplicate.
import { isNetworkError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import type { DocumentKind, PreparedDocumentFile } from '@/lib/documents/prepare-file';
import {
  documentErrorMessage,
  uploadPreparedDocument,
  type DocumentOwner,
} from '@/lib/documents/upload-document';
import { offlineQueueFor, queuedFileKey } from '@/lib/offline/use-offline-queue';
import {
  SendRefused,
  type QueuedItem,
  type QueuedSummary,
  type SendContext,
} from '@/lib/offline/queue';

export const DOCUMENT_QUEUE_KIND = 'documents.upload';

interface QueuedDocumentPayload {
  /** Who queued it: an object left by a refused row is removed in their name. */
  userId: string;
  owner: DocumentOwner;
  kind: DocumentKind;
  name: string;
  mime: string;
  size: number;
  sha256: string;
}

export interface QueuedDocumentInput {
  companyId: string;
  userId: string;
  /** The entry's client id (the queued entry's row id). */
  owner: DocumentOwner;
  kind: DocumentKind;
  file: PreparedDocumentFile;
  /** The entry's summary, as the "Aguardando envio" list shows it. */
  entry: Omit<QueuedSummary, 'document' | 'count'>;
}

/** The queue item and the file it carries, for `queue.enqueue(item, files)`. */
export function queuedDocumentItem(input: QueuedDocumentInput) {
  const id = crypto.randomUUID();
  const fileKey = queuedFileKey(input.userId, id);
  const payload: QueuedDocumentPayload = {
    userId: input.userId,
    owner: input.owner,
    kind: input.kind,
    name: input.file.name,
    mime: input.file.mime,
    size: input.file.size,
    sha256: input.file.sha256,
  };
  return {
    item: {
      id,
      kind: DOCUMENT_QUEUE_KIND,
      companyId: input.companyId,
      payload,
      summary: { ...input.entry, count: 1, document: { name: input.file.name } },
      files: [fileKey],
    },
    files: { [fileKey]: input.file.blob },
  };
}

/** How the toasts name it: "Enviando comprovante…", "Enviando documento…". */
export function documentWord(kind: DocumentKind): string {
  return kind === 'comprovante' ? 'comprovante' : 'documento';
}

/**
 * Sends the file, saying so: "Enviando comprovante…" with its progress, "Comprovante anexado" once
 * the server has it, "Aguardando envio" when the network fails (it stays on the device), and a
 * refusal with "Tentar novamente" (the item waits with its reason, as in "Aguardando envio").
 */
export async function sendQueuedDocument(item: QueuedItem, context: SendContext): Promise<void> {
  const payload = item.payload as QueuedDocumentPayload;
  const word = documentWord(payload.kind);
  const toastId = `document-${item.id}`;
  // The first call (0 %) always shows: "Enviando comprovante…" from the start, not from 5 %.
  let lastShown = Number.NEGATIVE_INFINITY;
  const progress = (fraction: number) => {
    const percent = Math.round(fraction * 100);
    if (percent !== 100 && percent - lastShown < 5) return;
    lastShown = percent;
    toast(`Enviando ${word}…`, {
      id: toastId,
      description: `${payload.name}: ${percent}%`,
      duration: Infinity,
    });
  };
  try {
    progress(0);
    await sendFile(item, payload, context, progress);
  } catch (error) {
    if (isNetworkError(error)) {
      toast('Aguardando envio', {
        id: toastId,
        description: `Sem conexão: o ${word} ${payload.name} ficou salvo neste aparelho e será enviado quando a conexão voltar.`,
      });
    } else {
      const queue = offlineQueueFor(payload.userId, item.companyId);
      toast.error(`Não foi possível enviar o ${word}`, {
        id: toastId,
        description: `${payload.name}: ${error instanceof Error ? error.message : ''}`,
        duration: Infinity,
        closeButton: true,
        action: {
          label: 'Tentar novamente',
          onClick: () => void queue.retry(item.id).then(() => queue.flush()),
        },
      });
    }
    throw error;
  }
  toast.success(`${word.charAt(0).toUpperCase()}${word.slice(1)} anexado`, {
    id: toastId,
    description: payload.name,
    duration: 4000,
  });
}

async function sendFile(
  item: QueuedItem,
  payload: QueuedDocumentPayload,
  context: SendContext,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const fileKey = item.files?.[0];
  const blob = fileKey ? await context.file(fileKey) : undefined;
  if (!blob) {
    throw new SendRefused(
      `O arquivo ${payload.name} não está mais neste aparelho. Descarte e anexe de novo.`,
    );
  }
  try {
    await uploadPreparedDocument({
      companyId: item.companyId,
      userId: payload.userId,
      owner: payload.owner,
      kind: payload.kind,
      documentId: item.id,
      file: {
        blob,
        name: payload.name,
        mime: payload.mime,
        size: payload.size,
        sha256: payload.sha256,
      },
      onProgress,
    });
  } catch (error) {
    if (isNetworkError(error)) throw error;
    throw new SendRefused(documentErrorMessage(error), { cause: error });
  }
}
