import { queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationKeys } from '@/lib/api/query-keys';
import { parseStatementBalance } from '@/lib/api/statement-balance';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export interface StatementSummary {
  lineCount: number;
  pendingCount: number;
  /** Saldo do extrato − saldo no sistema at the last statement's end; null without a statement balance. */
  differenceCents: number | null;
}

export async function getStatementSummary(
  accountId: string,
  signal?: AbortSignal,
): Promise<StatementSummary> {
  let request = supabase.rpc('statement_balance', { p_bank_account_id: accountId });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const { lineCount, pendingCount, differenceCents } = parseStatementBalance(data);
  return { lineCount, pendingCount, differenceCents };
}

/** What the account's detail shows of the Conciliação (statement_balance). */
export function statementSummaryQuery(companyId: string, accountId: string) {
  return queryOptions({
    queryKey: reconciliationKeys.summary(companyId, accountId),
    queryFn: ({ signal }) => getStatementSummary(accountId, signal),
  });
}

export function useStatementSummary(accountId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(statementSummaryQuery(companyId, accountId));
}
