// Search that forgives accents and case, in the browser as in the database: a list filtered here
// compares the same way as private.search_text (unaccent + lower) does in SQL, so "eletrica",
// "ELETRICA" and "Elétrica" find the same rows and "joao" finds "João" on every screen.

/** A text as a search compares it: decomposed (NFD), its combining marks removed, lower case. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Whether any of `texts` contains what was typed, ignoring accents, case and the spaces around
 * it; nothing typed matches everything.
 */
export function matchesSearchText(
  search: string,
  texts: readonly (string | null | undefined)[],
): boolean {
  const needle = searchKey(search.trim());
  if (needle === '') return true;
  return texts.some((text) => !!text && searchKey(text).includes(needle));
}
