import type { Client } from '@/lib/api/lookups';
import { documentCharacters, formatDocument } from '@/lib/br-documents';
import { matchesSearchText } from '@/lib/search-text';

/** Search by name, document, email or phone; case- and accent-insensitive. */
export function matchesClientSearch(client: Client, search: string): boolean {
  // The document as shown (masked) and bare: "529.982" and "529982" both find it.
  const documents = client.document
    ? [formatDocument(client.document), documentCharacters(client.document)]
    : [];
  return matchesSearchText(search, [client.name, ...documents, client.email, client.phone]);
}
