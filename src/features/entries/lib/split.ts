// The rateio of an entry (issue 33) as the app holds it: parts with an obra (or Geral), an etapa
// and a categoria, amounts in centavos that sum to the entry's amount exactly. The database keeps
// them in the row's `parts` (supabase/migrations/20261202010100_entry_parts.sql) and refuses a split
// that does not sum; these helpers build splits that do.
import { apportion } from '@/lib/apportion';
import { toCents } from '@/lib/money';
import type { Json } from '@/lib/database.types';

export interface SplitPart {
  /** null = Geral (sem obra específica). */
  projectId: string | null;
  /** A stage of projectId; null = Sem etapa. */
  stageId: string | null;
  categoryId: string | null;
  amountCents: number;
  /** What the user typed when splitting by percentage, in hundredths of a percent (60 % = 6000); null when by value. */
  percentHundredths: number | null;
}

/** 2 to 50 parts: what the database accepts. */
export const MIN_PARTS = 2;
export const MAX_PARTS = 50;

/** One part as the database stores it (amount in reais, percent as typed). */
interface DbPart {
  project_id: string | null;
  stage_id: string | null;
  category_id: string | null;
  amount: number;
  percent: number | null;
}

/** The `parts` column to send: null when not split. */
export function toDbParts(parts: readonly SplitPart[] | null): Json {
  if (!parts) return null;
  return parts.map((part): DbPart => ({
    project_id: part.projectId,
    stage_id: part.projectId ? part.stageId : null,
    category_id: part.categoryId,
    amount: part.amountCents / 100,
    percent: part.percentHundredths === null ? null : part.percentHundredths / 100,
  })) as unknown as Json;
}

/** The `parts` column read back (null when not split). */
export function fromDbParts(value: Json | null | undefined): SplitPart[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((raw) => {
    const part = raw as unknown as DbPart;
    return {
      projectId: part.project_id ?? null,
      stageId: part.stage_id ?? null,
      categoryId: part.category_id ?? null,
      amountCents: toCents(part.amount),
      percentHundredths: typeof part.percent === 'number' ? Math.round(part.percent * 100) : null,
    };
  });
}

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
