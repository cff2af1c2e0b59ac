// A split entry (rateio, issue 33) as an obra's screens show it: only the parts of that obra count
// (an entry shows once, with the parts that match), labelled "Rateio (n)".
import type { Json } from '@/lib/database.types';
import { toCents } from '@/lib/money';

/** The sum of the amounts of the parts of `projectId` (centavos) and the number of parts; null when not split. */
export function obraPartsOf(
  parts: Json | null | undefined,
  projectId: string,
): { amountCents: number; partCount: number } | null {
  if (!Array.isArray(parts)) return null;
  let amountCents = 0;
  for (const raw of parts) {
    const part = raw as { project_id?: string | null; amount?: number };
    if (part.project_id === projectId && typeof part.amount === 'number') {
      amountCents += toCents(part.amount);
    }
  }
  return { amountCents, partCount: parts.length };
}

/** A split entry's category label in lists. */
export function splitCategoryLabel(partCount: number): string {
  return `Rateio (${partCount})`;
}
