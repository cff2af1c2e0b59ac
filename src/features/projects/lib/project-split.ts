// A split entry (rateio, issue 33) as an obra's screens show it: only the parts of that obra count
// (an entry shows once, with the parts that match), labelled "Rateio (n)" (splitCategoryLabel).
import type { Json } from '@/lib/database.types';
import { fromDbParts } from '@/lib/parts';

/** The sum of the amounts of the parts of `projectId` (centavos) and the number of parts; null when not split. */
export function obraPartsOf(
  parts: Json | null | undefined,
  projectId: string,
): { amountCents: number; partCount: number } | null {
  const split = fromDbParts(parts);
  if (!split) return null;
  const amountCents = split
    .filter((part) => part.projectId === projectId)
    .reduce((sum, part) => sum + part.amountCents, 0);
  return { amountCents, partCount: split.length };
}
