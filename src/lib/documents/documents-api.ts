// Reading and removing an entry's documents, and the short-lived signed URLs that show them. Shared
// by every screen that shows or adds documents (entry detail, wizard, Lançar, Dar Baixa).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { DOCUMENTS_BUCKET, removeStoredObjects } from '@/lib/document-removals';
import type { EntryKind } from '@/lib/entries';
import { loadStorage, supabase } from '@/lib/supabase';
import { sha256Hex, type DocumentKind } from '@/lib/documents/prepare-file';

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
  /** Hex SHA-256 of the bytes as they were attached (what a download is checked against). */
  sha256: string;
}

const COLUMNS =
  'id, storage_path, original_name, mime, size_bytes, kind, uploaded_at, payment_id, sha256';

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
    sha256: row.sha256,
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
/** A file downloaded to be checked and shown: a link that works just long enough for that. */
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

/** An XML is never opened as a page (a browser would run a script in it): always a download. */
export const isXmlDocument = (document: { mime: string }) => document.mime.includes('xml');

/** A stored file's bytes, and whether they are the ones its row recorded (sha256). */
export interface CheckedDocument {
  blob: Blob;
  matches: boolean;
}

/**
 * Downloads a stored file through a link valid for a minute (an XML with Storage's `download`
 * option: served as an attachment, never inline) and checks its bytes against the row's sha256:
 * `matches` false means the stored object is not what was attached.
 */
export async function fetchCheckedDocument(
  document: Pick<StoredDocument, 'storagePath' | 'name' | 'mime' | 'sha256'>,
  signal?: AbortSignal,
): Promise<CheckedDocument> {
  const storage = await loadStorage();
  const { data, error } = await storage
    .from(DOCUMENTS_BUCKET)
    .createSignedUrl(
      document.storagePath,
      OPEN_URL_SECONDS,
      isXmlDocument(document) ? { download: document.name } : undefined,
    );
  if (error) throw error;
  const response = await fetch(data.signedUrl, { signal });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const bytes = await response.blob();
  const matches = (await sha256Hex(bytes)) === document.sha256;
  return { blob: new Blob([bytes], { type: document.mime }), matches };
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
