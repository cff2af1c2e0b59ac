// Storing a document: the object first (bucket documentos, with upload progress), then its row in
// public.documents. A row the database refuses (the same file already on the entry, a role that
// may not) takes its object back out, so no file is left without a row. Idempotent on the
// document's id: the same id again (a retry after a lost answer, an offline queue sending its item
// a second time) finds the object and the row already there and writes nothing twice.
import type { Database } from '@/lib/database.types';
import { errorKey, getErrorMessage, isNetworkError } from '@/lib/errors';
import { DOCUMENTS_BUCKET, removeStoredObjects } from '@/lib/document-removals';
import {
  DocumentFileError,
  prepareDocumentFile,
  safeFileName,
  type DocumentKind,
  type PreparedDocumentFile,
} from '@/lib/documents/prepare-file';
import { apiHeaders, STORAGE_API_URL, supabase } from '@/lib/supabase';

export type DocumentRow = Database['public']['Tables']['documents']['Row'];

/** What a document belongs to. */
export type DocumentOwner =
  | { type: 'entry'; entryKind: 'expense' | 'income'; entryId: string }
  | { type: 'payment'; paymentId: string };

export interface UploadDocumentInput {
  companyId: string;
  /** The signed-in user: an object left behind by a refused row is removed in their name. */
  userId: string;
  owner: DocumentOwner;
  file: PreparedDocumentFile;
  kind: DocumentKind;
  /**
   * The document's id, also the start of its object's name. Give the same id to retry without
   * duplicates (an offline queue: its item's client id). A new one when absent.
   */
  documentId?: string;
  /** 0…1 while the bytes go up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Storage refused the object (its own status and code: 'AccessDenied', 'EntityTooLarge', …). */
export class StorageUploadError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'StorageUploadError';
    this.status = status;
    this.code = code;
  }
}

const STORAGE_MESSAGES: Record<string, string> = {
  AccessDenied: 'Seu perfil não permite anexar arquivos a este lançamento.',
  EntityTooLarge: 'O arquivo passa de 10 MB. Envie um arquivo menor.',
  InvalidMimeType: 'Envie uma foto, um PDF ou um XML.',
};

/** Keys the bucket's policies raise as the message of an AccessDenied (docs/contracts.md). */
const POLICY_KEYS = new Set(['document_entry_paid', 'document_name_taken', 'document_in_use']);

/** The message a failed upload shows (the file's own problem, Storage's refusal, the database's). */
export function documentErrorMessage(error: unknown): string {
  if (error instanceof DocumentFileError) return error.message;
  if (error instanceof StorageUploadError && !isNetworkError(error)) {
    if (error.code === 'AccessDenied' && POLICY_KEYS.has(error.message)) {
      return getErrorMessage({ code: 'P0001', message: error.message });
    }
    return STORAGE_MESSAGES[error.code] ?? 'Não foi possível enviar o arquivo.';
  }
  return getErrorMessage(error, 'Não foi possível enviar o arquivo.');
}

/** Whether sending the same file again could work (not a file or a rule that refuses it). */
export function documentRetryable(error: unknown): boolean {
  if (error instanceof DocumentFileError) return false;
  if (error instanceof StorageUploadError && !isNetworkError(error)) {
    return !['AccessDenied', 'EntityTooLarge', 'InvalidMimeType'].includes(error.code);
  }
  return !['document_duplicate', 'document_entry_paid', 'document_name_taken'].includes(
    (error as { message?: unknown } | null)?.message as string,
  );
}

function ownerFolder(owner: DocumentOwner): string {
  return owner.type === 'entry' ? `entries/${owner.entryId}` : `payments/${owner.paymentId}`;
}

/** `{company}/entries/{entry}/{document id}-{safe name}` (or `payments/{payment}/…`). */
export function documentPath(
  companyId: string,
  owner: DocumentOwner,
  documentId: string,
  name: string,
): string {
  return `${companyId}/${ownerFolder(owner)}/${documentId}-${safeFileName(name)}`;
}

/** POST of the object with the upload's progress (fetch cannot report it). */
async function putObject(
  path: string,
  file: PreparedDocumentFile,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const headers = await apiHeaders();
  const target = `${STORAGE_API_URL}/object/${DOCUMENTS_BUCKET}/${path
    .split('/')
    .map(encodeURIComponent)
    .join('/')}`;
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('content-type', file.mime);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      let body: { statusCode?: unknown; error?: unknown; code?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not Storage's JSON (a proxy's page): the status says enough.
      }
      const code =
        typeof body.code === 'string'
          ? body.code
          : typeof body.error === 'string'
            ? body.error
            : '';
      // Already there: a retry of the same document after its answer was lost (its row may hold
      // the name already: the bucket then says document_name_taken, and the row's insert below
      // finds it recorded).
      if (
        String(body.statusCode) === '409' ||
        code === 'KeyAlreadyExists' ||
        (code === 'AccessDenied' && body.message === 'document_name_taken')
      ) {
        onProgress?.(1);
        resolve();
        return;
      }
      reject(
        new StorageUploadError(
          xhr.status,
          code,
          typeof body.message === 'string' ? body.message : 'upload refused',
        ),
      );
    };
    // The request never got an answer: a network failure, as fetch reports it.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file.blob);
  });
}

/** Uploads a prepared file and records it. See the file's header for the guarantees. */
export async function uploadPreparedDocument(input: UploadDocumentInput): Promise<DocumentRow> {
  const { companyId, owner, file } = input;
  const documentId = input.documentId ?? crypto.randomUUID();
  const path = documentPath(companyId, owner, documentId, file.name);
  await putObject(path, file, input.onProgress, input.signal);
  const row: Database['public']['Tables']['documents']['Insert'] = {
    id: documentId,
    company_id: companyId,
    payable_id: owner.type === 'entry' && owner.entryKind === 'expense' ? owner.entryId : null,
    receivable_id: owner.type === 'entry' && owner.entryKind === 'income' ? owner.entryId : null,
    payment_id: owner.type === 'payment' ? owner.paymentId : null,
    storage_path: path,
    original_name: file.name,
    mime: file.mime,
    size_bytes: file.size,
    sha256: file.sha256,
    kind: input.kind,
  };
  const { data, error } = await supabase.from('documents').insert(row).select().single();
  if (!error) return data;
  // The same id already recorded: this is a repeat of a send that worked. The duplicate check
  // (document_duplicate: the same bytes on the entry) runs before the key's, so a repeat after a
  // reload mid-upload hears that one: the row of this very id says it is the same document.
  const repeat = error.code === '23505' && error.message.includes('documents_pkey');
  if (repeat || errorKey(error) === 'document_duplicate') {
    const again = await supabase.from('documents').select().eq('id', documentId).maybeSingle();
    if (again.error) throw again.error;
    if (again.data) return again.data;
  }
  // A refusal (not a lost answer): the object must not stay without its row.
  if (!isNetworkError(error)) await removeStoredObjects(input.userId, [path]);
  throw error;
}

/** Prepares (a photo compressed on the device), uploads and records one file. */
export async function uploadDocument(
  input: Omit<UploadDocumentInput, 'file'> & { file: Blob; name: string },
): Promise<DocumentRow> {
  const { file, name, ...rest } = input;
  const prepared = await prepareDocumentFile(file, name);
  return uploadPreparedDocument({ ...rest, file: prepared });
}
