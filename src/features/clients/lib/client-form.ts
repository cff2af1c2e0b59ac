import type { Client } from '@/lib/api/lookups';

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
  return [client.name, client.document, client.email, client.phone]
    .filter((text): text is string => !!text)
    .some((text) => normalize(text).includes(needle));
}
