import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

const amount = z.union([z.number(), z.string()]).transform((value) => toCents(value));
const count = z.coerce.number().int();

/** dashboard_summary's json (reais) as centavos. */
const summarySchema = z.object({
  receivable_total: amount,
  payable_total: amount,
  overdue_total: amount,
  receivable_pending_count: count,
  payable_pending_count: count,
  overdue_count: count,
});

export interface DashboardSummary {
  receivableCents: number;
  payableCents: number;
  overdueCents: number;
  receivablePendingCount: number;
  payablePendingCount: number;
  overdueCount: number;
}

export async function getDashboardSummary(
  companyId: string,
  today: string,
  signal?: AbortSignal,
): Promise<DashboardSummary> {
  let request = supabase.rpc('dashboard_summary', { p_company_id: companyId, p_today: today });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const s = summarySchema.parse(data);
  return {
    receivableCents: s.receivable_total,
    payableCents: s.payable_total,
    overdueCents: s.overdue_total,
    receivablePendingCount: s.receivable_pending_count,
    payablePendingCount: s.payable_pending_count,
    overdueCount: s.overdue_count,
  };
}

export function dashboardSummaryQuery(companyId: string, today: string) {
  return queryOptions({
    queryKey: entryKeys.summary(companyId, today),
    queryFn: ({ signal }) => getDashboardSummary(companyId, today, signal),
  });
}

/** The home totals A Receber, A Pagar, Em Atraso, computed in SQL for the browser's today. */
export function useDashboardSummary() {
  const { id } = useCurrentCompany();
  return useQuery(dashboardSummaryQuery(id, todayLocal()));
}
