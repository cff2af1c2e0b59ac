// The rateio of an entry (issue 33) as the app holds it: parts with an obra (or Geral), an etapa
// and a categoria, amounts in centavos that sum to the entry's amount exactly. The database keeps
// them in the row's `parts` (supabase/migrations/20261202010100_entry_parts.sql) and refuses a split
// that does not sum; these helpers build splits that do.
import { apportion } from '@/lib/apportion';
import type { SplitPart } from '@/lib/parts';

// The parts' shape and the `parts` column's reading and writing live in src/lib/parts.ts (other
// features read the column too); the entries feature's importers keep reaching them here.
export { fromDbParts, toDbParts, type SplitPart } from '@/lib/parts';

/** 2 to 50 parts: what the database accepts. */
export const MIN_PARTS = 2;
export const MAX_PARTS = 50;

/**
 * The same split for another amount (an installment, a recurrence's occurrence, an edited value):
 * by the typed percentages when every part has one, else in proportion to the parts' amounts.
 * Exact to the centavo (src/lib/apportion.ts).
 */
export function splitForAmount(parts: readonly SplitPart[], amountCents: number): SplitPart[] {
  const percents = parts.map((part) => part.percentHundredths);
  const byPercent = percents.every((percent): percent is number => percent !== null);
  const shares = apportion(
    byPercent ? percents : parts.map((part) => part.amountCents),
    amountCents,
  );
  return parts.map((part, index) => ({ ...part, amountCents: shares[index] ?? 0 }));
}

/** Σ of the parts' amounts, in centavos. */
export function splitTotal(parts: readonly SplitPart[]): number {
  return parts.reduce((sum, part) => sum + part.amountCents, 0);
}
