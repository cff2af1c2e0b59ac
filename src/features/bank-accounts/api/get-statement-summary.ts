import { useQuery } from '@tanstack/react-query';
import { reconciliationKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface StatementSummary {
  lineCount: number;
  pendingCount: number;
  /** Saldo do extrato − saldo no sistema at the last statement's end; null without a statement balance. */
  differenceCents: number | null;
}

/** What the account's detail shows of the Conciliação (statement_balance). */
export function useStatementSummary(accountId: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    queryKey: reconciliationKeys.summary(companyId, accountId),
    queryFn: async ({ signal }): Promise<StatementSummary> => {
      const { data, error } = await supabase
        .rpc('statement_balance', { p_bank_account_id: accountId })
        .abortSignal(signal);
      if (error) throw error;
      const o = (data ?? {}) as Record<string, unknown>;
      const difference = o.difference;
      return {
        lineCount: Number(o.line_count ?? 0),
        pendingCount: Number(o.pending_count ?? 0),
        differenceCents:
          typeof difference === 'number' || typeof difference === 'string'
            ? toCents(difference)
            : null,
      };
    },
  });
}
