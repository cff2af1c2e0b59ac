import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { count } from '@/lib/api/response-schemas';
import type { ParsedStatement } from '@/features/reconciliation/lib/statement';
import { reconciliationKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface ImportResult {
  lineCount: number;
  newCount: number;
  /** Duplicates skipped: the account already had the line (same FITID, date and amount). */
  existingCount: number;
  /** Of the new lines, those whose FITID the account had with another date or amount (flagged). */
  conflictCount: number;
}

const importAnswer = z.object({
  line_count: z.nullish(count),
  new_count: z.nullish(count),
  existing_count: z.nullish(count),
  conflict_count: z.nullish(count),
});

/**
 * One call: the statement and its lines. Lines the account already has (same FITID, date and amount)
 * are skipped; a known FITID with another date or amount is stored and flagged for review.
 */
export async function importStatement(
  accountId: string,
  statement: ParsedStatement,
  fileName: string,
): Promise<ImportResult> {
  const { data, error } = await supabase.rpc('import_bank_statement', {
    p_bank_account_id: accountId,
    p_source: statement.source,
    p_lines: statement.lines.map((l) => ({
      fitid: l.fitid,
      posted_on: l.postedOn,
      amount: fromCents(l.amountCents),
      memo: l.memo,
      trn_type: l.trnType,
    })),
    p_file_name: fileName,
    p_bank_id: statement.bankId ?? undefined,
    p_account_ref: statement.accountId ?? undefined,
    p_start: statement.startDate,
    p_end: statement.endDate,
    p_ledger_balance:
      statement.ledgerBalanceCents === null
        ? undefined
        : Number(fromCents(statement.ledgerBalanceCents)),
  });
  if (error) throw error;
  const o = importAnswer.parse(data ?? {});
  return {
    lineCount: o.line_count ?? 0,
    newCount: o.new_count ?? 0,
    existingCount: o.existing_count ?? 0,
    conflictCount: o.conflict_count ?? 0,
  };
}

export function useImportStatement(accountId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statement, fileName }: { statement: ParsedStatement; fileName: string }) =>
      importStatement(accountId, statement, fileName),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(companyId, accountId) }),
  });
}
