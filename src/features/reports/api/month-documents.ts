// The stored documents of the month's entries (and of their payments), for the accountant's package.
import type { PackageDocument } from '@/features/reports/lib/month-package';

export async function fetchMonthDocuments(
  _companyId: string,
  _entryIds: readonly string[],
): Promise<PackageDocument[]> {
  // Until the documents table lands, a month has no stored documents.
  return Promise.resolve([]);
}

/** One stored document's bytes (bucket `documentos`). */
export async function downloadStoredDocument(_path: string): Promise<Blob> {
  return Promise.reject(new Error('Documentos ainda não disponíveis.'));
}
