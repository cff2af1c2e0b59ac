// statement_balance's json, read by the Conciliação screen and by the bank account's detail (its
// "Conciliação" entry), so it is parsed once here.
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';

const statementBalanceSchema = z.object({
  end_date: z.nullish(z.string()),
  statement_balance: z.nullish(cents),
  system_balance: z.nullish(cents),
  difference: z.nullish(cents),
  pending_count: z.nullish(count),
  pending_total: z.nullish(cents),
  line_count: z.nullish(count),
});

export interface StatementBalance {
  endDate: string | null;
  statementCents: number | null;
  systemCents: number | null;
  /** Saldo do extrato − saldo no sistema at the last statement's end; null without its balance. */
  differenceCents: number | null;
  pendingCount: number;
  pendingTotalCents: number;
  lineCount: number;
}

/** The statement fields are null without a statement that has a balance; counts are then 0. */
export function parseStatementBalance(json: unknown): StatementBalance {
  const o = statementBalanceSchema.parse(json ?? {});
  return {
    endDate: o.end_date ?? null,
    statementCents: o.statement_balance ?? null,
    systemCents: o.system_balance ?? null,
    differenceCents: o.difference ?? null,
    pendingCount: o.pending_count ?? 0,
    pendingTotalCents: o.pending_total ?? 0,
    lineCount: o.line_count ?? 0,
  };
}
