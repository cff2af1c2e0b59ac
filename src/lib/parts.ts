// A rateio's parts (issue 33) as the app holds them, and the `parts` column of payables,
// receivables and ledger rows read and written (amounts in reais there, centavos here). Shared by
// every feature that reads the column; the split editor's logic is in features/entries/lib/split.ts.
import type { Json } from '@/lib/database.types';
import { toCents } from '@/lib/money';

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
