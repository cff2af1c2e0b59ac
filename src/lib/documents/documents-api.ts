// Reading and removing an entry's documents, and the short-lived signed URLs that show them. Shared
// by every screen that shows or adds documents (entry detail, wizard, Lançar, Dar Baixa).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { DOCUMENTS_BUCKET, removeStoredObjects } from '@/lib/document-removals';
import type { EntryKind } from '@/lib/entries';
import { loadStorage, supabase } from '@/lib/supabase';
import type { DocumentKind } from '@/lib/documents/prepare-file';

export interface StoredDocument {
  id: string;
  storagePath: string;
  name: string;
  mime: string;
  sizeBytes: number;
  kind: DocumentKind;
  uploadedAt: string;
  /** Set when the document belongs to one of the entry's payments (a comprovante at Dar Baixa). */
  paymentId: string | null;
}

const COLUMNS = 'id, storage_path, original_name, mime, size_bytes, kind, uploaded_at, payment_id';

function isKind(value: string): value is DocumentKind {
  return ['comprovante', 'boleto', 'nota_fiscal', 'outro'].includes(value);
}

/** The entry's own documents and those of its payments, oldest first. */
export async function getEntryDocuments(
  companyId: string,
  kind: EntryKind,
  entryId: string,
  signal?: AbortSignal,
): Promise<StoredDocument[]> {
  const payments = supabase
    .from('transactions')
    .select('id')
    .eq('company_id', companyId)
    .eq(kind === 'expense' ? 'payable_id' : 'receivable_id', entryId);
  // An 'obra' member reads no ledger rows (RLS answers none): the entry's own documents then.
  const { data: paymentRows, error: paymentsError } = await (signal
    ? payments.abortSignal(signal)
    : payments);
  if (paymentsError) throw paymentsError;
  const paymentIds = paymentRows.map((row) => row.id);
  let query = supabase
    .from('documents')
    .select(COLUMNS)
    .eq('company_id', companyId)
    .order('uploaded_at')
    .order('id');
  query =
    paymentIds.length > 0
      ? query.or(`entry_id.eq.${entryId},payment_id.in.(${paymentIds.join(',')})`)
      : query.eq('entry_id', entryId);
  const { data, error } = await (signal ? query.abortSignal(signal) : query);
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    storagePath: row.storage_path,
    name: row.original_name,
    mime: row.mime,
    sizeBytes: row.size_bytes,
    kind: isKind(row.kind) ? row.kind : 'outro',
    uploadedAt: row.uploaded_at,
    paymentId: row.payment_id,
  }));
}

export function entryDocumentsQuery(companyId: string, kind: EntryKind, entryId: string) {
  return queryOptions({
    queryKey: entryKeys.documents(companyId, kind, entryId),
    queryFn: ({ signal }) => getEntryDocuments(companyId, kind, entryId, signal),
  });
}

export function useEntryDocuments(kind: EntryKind, entryId: string, { enabled = true } = {}) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    ...entryDocumentsQuery(companyId, kind, entryId),
    enabled: enabled && !!companyId,
  });
}

/** How long a thumbnail's or a viewer's link works. */
export const VIEW_URL_SECONDS = 10 * 60;
/** A PDF opened in a new tab: a link that works just long enough to open it. */
export const OPEN_URL_SECONDS = 60;

/** Signed URLs of these objects, by path (a path the caller may not read is left out). */
export async function signedUrls(
  paths: string[],
  seconds = VIEW_URL_SECONDS,
): Promise<Record<string, string>> {
  if (paths.length === 0) return {};
  const storage = await loadStorage();
  const { data, error } = await storage.from(DOCUMENTS_BUCKET).createSignedUrls(paths, seconds);
  if (error) throw error;
  const urls: Record<string, string> = {};
  for (const item of data) {
    if (item.path && item.signedUrl && !item.error) urls[item.path] = item.signedUrl;
  }
  return urls;
}

/** Thumbnails' links, renewed before they expire. */
export function useSignedUrls(paths: string[]) {
  const { id: companyId } = useCurrentCompany();
  const sorted = [...paths].sort();
  return useQuery({
    queryKey: [...entryKeys.all(companyId), 'document-urls', sorted] as const,
    queryFn: () => signedUrls(sorted),
    enabled: sorted.length > 0,
    staleTime: (VIEW_URL_SECONDS / 2) * 1000,
    refetchInterval: (VIEW_URL_SECONDS / 2) * 1000,
    // A signed link expires in minutes: a saved copy would hand a reload links that no longer open.
    meta: { persist: false },
  });
}

/**
 * Opens a stored file in a new tab through a link valid for a minute. The tab is opened at the tap
 * (a browser blocks a window opened after an await) and sent to the link once it is signed.
 */
export async function openDocumentInNewTab(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const urls = await signedUrls([path], OPEN_URL_SECONDS);
    const url = urls[path];
    if (!url) throw new Error('no signed url');
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** After a document was added or removed: the entry's Documentos, its paperclip in every list. */
export function useInvalidateDocuments() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: entryKeys.all(companyId) });
}

/**
 * Removes a document: its row, then its object (a removal that fails waits on the device and is
 * tried again: src/lib/document-removals.ts).
 */
export function useRemoveDocument() {
  const { userId } = useCurrentCompany();
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: async (document: StoredDocument) => {
      const { data, error } = await supabase
        .from('documents')
        .delete()
        .eq('id', document.id)
        .select('storage_path');
      if (error) throw error;
      await removeStoredObjects(
        userId,
        data.map((row) => row.storage_path),
      );
    },
    onSuccess: () => invalidate(),
  });
}
