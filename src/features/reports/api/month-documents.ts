// The stored documents of the month's entries and of the month's payments, for the accountant's
// package, and their bytes.
import type { PostgrestError } from '@supabase/postgrest-js';
import { DOCUMENTS_BUCKET } from '@/lib/document-removals';
import { loadStorage, supabase } from '@/lib/supabase';
import type { PackageDocument, PackagePayment } from '@/features/reports/lib/month-package';

/** Ids per `in.(…)` filter: 100 uuids keep the request line far below any proxy's limit. */
const ID_CHUNK = 100;
const COLUMNS = 'id, entry_id, payment_id, kind, original_name, mime, storage_path, sha256';

interface DocumentRow {
  id: string;
  entry_id: string | null;
  payment_id: string | null;
  kind: string;
  original_name: string;
  mime: string;
  storage_path: string;
  sha256: string;
}

async function byIds(
  companyId: string,
  column: 'entry_id' | 'payment_id',
  ids: readonly string[],
): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const { data, error }: { data: DocumentRow[] | null; error: PostgrestError | null } =
      await supabase
        .from('documents')
        .select(COLUMNS)
        .eq('company_id', companyId)
        .in(column, ids.slice(i, i + ID_CHUNK))
        .order('uploaded_at')
        .order('id');
    if (error) throw error;
    rows.push(...(data ?? []));
  }
  return rows;
}

/** Documents on the entries, then those on the payments (each tied to its payment's entry). */
export async function fetchMonthDocuments(
  companyId: string,
  entryIds: readonly string[],
  payments: readonly PackagePayment[],
): Promise<PackageDocument[]> {
  const entryOfPayment = new Map(payments.map((p) => [p.id, p.entryId]));
  const rows = [
    ...(await byIds(companyId, 'entry_id', entryIds)),
    ...(await byIds(
      companyId,
      'payment_id',
      payments.map((p) => p.id),
    )),
  ];
  return rows.flatMap((row) => {
    const entryId = row.entry_id ?? (row.payment_id ? entryOfPayment.get(row.payment_id) : null);
    if (!entryId) return [];
    return [
      {
        id: row.id,
        entryId,
        paymentId: row.payment_id,
        kind: row.kind,
        originalName: row.original_name,
        mime: row.mime,
        storagePath: row.storage_path,
        sha256: row.sha256,
      },
    ];
  });
}

/** One stored document's bytes (bucket `documentos`); throws Storage's error. */
export async function downloadStoredDocument(path: string): Promise<Blob> {
  const { data, error } = await (await loadStorage()).from(DOCUMENTS_BUCKET).download(path);
  if (error) throw error;
  return data;
}
