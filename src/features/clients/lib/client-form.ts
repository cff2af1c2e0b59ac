import type { Client } from '@/lib/api/lookups';
import { documentCharacters, formatDocument } from '@/lib/br-documents';

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Search by name, document, email or phone; case- and accent-insensitive. */
export function matchesClientSearch(client: Client, search: string): boolean {
  const needle = normalize(search.trim());
  if (needle === '') return true;
  // The document as shown (masked) and bare: "529.982" and "529982" both find it.
  const documents = client.document
    ? [formatDocument(client.document), documentCharacters(client.document)]
    : [];
  return [client.name, ...documents, client.email, client.phone]
    .filter((text): text is string => !!text)
    .some((text) => normalize(text).includes(needle));
}
