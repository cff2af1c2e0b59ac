import { useRef, useState } from 'react';
import { useCurrentCompany } from '@/lib/current-company';
import {
  useEntryDocuments,
  useInvalidateDocuments,
  useRemoveDocument,
  useSignedUrls,
  type StoredDocument,
} from '@/lib/documents/documents-api';
import { prepareDocumentFile, type DocumentKind } from '@/lib/documents/prepare-file';
import {
  documentErrorMessage,
  documentRetryable,
  uploadPreparedDocument,
} from '@/lib/documents/upload-document';
import type { EntryKind } from '@/lib/entries';
import { useCan } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';

/** A file on its way up (or that failed and waits for Tentar novamente / Descartar). */
export interface PendingUpload {
  /** Also the document's id: a retry records it once. */
  id: string;
  name: string;
  /** 0–100 */
  percent: number;
  error: string | null;
  /** false when a retry cannot help (a file of the wrong type or too big). */
  retryable: boolean;
}

export const isImage = (document: StoredDocument) => document.mime.startsWith('image/');

/** Where the entry stands, for what an 'obra' member may still do with its documents. */
export interface EntryEvidenceState {
  /** Approved (every entry not awaiting or refused approval). */
  approved: boolean;
  /** Paid, or with any payment. */
  paid: boolean;
}

/**
 * The Documentos card of an entry: its files, their links, adding, opening and removing. Once the
 * entry is approved or paid, only admin and financeiro remove its documents; once paid, only they
 * add (the database refuses the rest: document_locked, document_entry_paid).
 */
export function useDocumentsCard(
  kind: EntryKind,
  entryId: string,
  state: EntryEvidenceState = { approved: false, paid: false },
) {
  const { id: companyId, userId, role } = useCurrentCompany();
  const can = useCan();
  const documents = useEntryDocuments(kind, entryId);
  const images = (documents.data ?? []).filter(isImage).map((d) => d.storagePath);
  const urls = useSignedUrls(images);
  const invalidate = useInvalidateDocuments();
  const remove = useRemoveDocument();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [newKind, setNewKind] = useState<DocumentKind>('comprovante');
  const [viewing, setViewing] = useState<StoredDocument | null>(null);
  const [removing, setRemoving] = useState<StoredDocument | null>(null);
  // The chosen files, kept for Tentar novamente (not state: nothing renders them).
  const files = useRef(new Map<string, { file: File; kind: DocumentKind }>());

  const patch = (id: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  async function send(id: string) {
    const chosen = files.current.get(id);
    if (!chosen) return;
    patch(id, { percent: 0, error: null });
    try {
      const prepared = await prepareDocumentFile(chosen.file, chosen.file.name);
      await uploadPreparedDocument({
        companyId,
        userId,
        owner: { type: 'entry', entryKind: kind, entryId },
        file: prepared,
        kind: chosen.kind,
        documentId: id,
        onProgress: (fraction) => patch(id, { percent: Math.round(fraction * 100) }),
      });
    } catch (error) {
      patch(id, {
        error: documentErrorMessage(error),
        // A file that is not what it says, or a rule that refuses it: no Tentar novamente.
        retryable: documentRetryable(error),
      });
      return;
    }
    files.current.delete(id);
    setUploads((list) => list.filter((u) => u.id !== id));
    await invalidate();
  }

  function add(chosen: FileList | null) {
    for (const file of Array.from(chosen ?? [])) {
      const id = crypto.randomUUID();
      files.current.set(id, { file, kind: newKind });
      setUploads((list) => [
        ...list,
        { id, name: file.name, percent: 0, error: null, retryable: true },
      ]);
      void send(id);
    }
  }

  function dismiss(id: string) {
    files.current.delete(id);
    setUploads((list) => list.filter((u) => u.id !== id));
  }

  // Every document opens in the viewer, which checks its bytes against the row's sha256 first.
  function open(document: StoredDocument) {
    setViewing(document);
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
    } catch (error) {
      toastError('Erro', error, 'Não foi possível remover o documento.');
      return;
    } finally {
      setRemoving(null);
    }
    toast.success('Documento removido', { description: removing.name });
  }

  return {
    documents,
    urls: urls.data ?? {},
    uploads,
    canAdd: can('attachDocuments') && (role !== 'obra' || !state.paid),
    canRemove: can('attachDocuments') && (role !== 'obra' || (!state.approved && !state.paid)),
    newKind,
    setNewKind,
    add,
    retry: (id: string) => void send(id),
    dismiss,
    open,
    viewing,
    closeViewer: () => setViewing(null),
    removing,
    askRemove: setRemoving,
    cancelRemove: () => setRemoving(null),
    confirmRemove: () => void confirmRemove(),
    removePending: remove.isPending,
  };
}
