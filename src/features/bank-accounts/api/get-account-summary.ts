import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';
import {
  toLedgerArgs,
  type LedgerArgs,
  type LedgerFilters,
} from '@/features/bank-accounts/lib/ledger';
import { bankAccountKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

const summarySchema = z.object({
  income_total: cents,
  expense_total: cents,
  result: cents,
  count,
});

export interface AccountSummary {
  inCents: number;
  outCents: number;
  resultCents: number;
  count: number;
}

export async function getAccountSummary(
  args: LedgerArgs,
  signal?: AbortSignal,
): Promise<AccountSummary> {
  let request = supabase.rpc('bank_account_summary', args);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const s = summarySchema.parse(data);
  return {
    inCents: s.income_total,
    outCents: s.expense_total,
    resultCents: s.result,
    count: s.count,
  };
}

export function accountSummaryQuery(
  companyId: string,
  accountId: string,
  filters: LedgerFilters,
  today: string,
) {
  const args = toLedgerArgs(accountId, filters, today);
  return queryOptions({
    queryKey: bankAccountKeys.ledgerSummary(companyId, accountId, { ...args }),
    queryFn: ({ signal }) => getAccountSummary(args, signal),
  });
}

/** Entradas / Saídas / Resultado over the WHOLE history of the period and search (in SQL). */
export function useAccountSummary(accountId: string, filters: LedgerFilters) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({
    ...accountSummaryQuery(companyId, accountId, filters, todayLocal()),
    placeholderData: keepPreviousData,
  });
}
