import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

// Parsed by hand rather than with zod: this is the home's one read with a JSON shape, and zod
// would otherwise ship in the first load (DESIGN §8; the forms load it with their routes).
function field(row: Record<string, unknown>, name: string): unknown {
  if (!(name in row)) throw new Error(`dashboard_summary: missing ${name}`);
  return row[name];
}

function amount(row: Record<string, unknown>, name: string): number {
  const value = field(row, name);
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new Error(`dashboard_summary: ${name} is not an amount`);
  }
  return toCents(value);
}

function count(row: Record<string, unknown>, name: string): number {
  const value = Number(field(row, name));
  if (!Number.isInteger(value)) throw new Error(`dashboard_summary: ${name} is not a count`);
  return value;
}

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
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('dashboard_summary: not an object');
  }
  // dashboard_summary's json is in reais; the app counts centavos.
  const row = data as Record<string, unknown>;
  return {
    receivableCents: amount(row, 'receivable_total'),
    payableCents: amount(row, 'payable_total'),
    overdueCents: amount(row, 'overdue_total'),
    receivablePendingCount: count(row, 'receivable_pending_count'),
    payablePendingCount: count(row, 'payable_pending_count'),
    overdueCount: count(row, 'overdue_count'),
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
