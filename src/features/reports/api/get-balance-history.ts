import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents } from '@/lib/api/response-schemas';
import { reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import {
  toHistoryArgs,
  type HistoryArgs,
  type HistoryBucket,
  type ReportFilters,
} from '@/features/reports/lib/report-period';

const historySchema = z.object({
  start: z.string(),
  end: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  points: z.array(z.string()),
  accounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      color: z.string(),
      type: z.string(),
      current_balance: cents,
      balances: z.nullable(z.array(cents)),
    }),
  ),
});

export interface AccountHistory {
  id: string;
  name: string;
  color: string;
  currentCents: number;
  /** Closing balance (centavos) at each point. */
  balances: number[];
}

export interface BalanceHistory {
  bucket: HistoryBucket;
  points: string[];
  accounts: AccountHistory[];
}

export async function getBalanceHistory(
  args: HistoryArgs,
  signal?: AbortSignal,
): Promise<BalanceHistory> {
  let request = supabase.rpc('balance_history', args);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const h = historySchema.parse(data);
  return {
    bucket: h.bucket,
    points: h.points,
    accounts: h.accounts.map((a) => ({
      id: a.id,
      name: a.name,
      color: a.color,
      currentCents: a.current_balance,
      balances: a.balances ?? [],
    })),
  };
}

export function balanceHistoryQuery(companyId: string, filters: ReportFilters, today: string) {
  const args = toHistoryArgs(companyId, filters, today);
  return queryOptions({
    queryKey: reportKeys.balanceHistory(companyId, { ...args }),
    queryFn: ({ signal }) => getBalanceHistory(args, signal),
  });
}

/** Closing balance per account over the period, from the ledger (SQL). */
export function useBalanceHistory(filters: ReportFilters) {
  const { id } = useCurrentCompany();
  return useQuery({
    ...balanceHistoryQuery(id, filters, todayLocal()),
    placeholderData: keepPreviousData,
  });
}
