import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';
import { reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import {
  toReportArgs,
  type ReportArgs,
  type ReportFilters,
} from '@/features/reports/lib/report-period';

const percentage = z.coerce.number();

const slice = z.object({
  id: z.nullable(z.string()),
  name: z.nullable(z.string()),
  color: z.optional(z.nullable(z.string())),
  total: cents,
  count,
  percentage,
});

const summarySchema = z.object({
  revenue_total: cents,
  expense_total: cents,
  revenue_count: count,
  expense_count: count,
  top_receipts: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      amount: cents,
      received_date: z.string(),
      client_name: z.nullable(z.string()),
      category_name: z.nullable(z.string()),
      project_name: z.nullable(z.string()),
    }),
  ),
  revenue_by_category: z.array(slice),
  expense_by_category: z.array(slice),
  revenue_by_project: z.array(slice),
  expense_by_project: z.array(slice),
});

export interface ReportSlice {
  /** null: "Sem categoria" / "Geral". */
  id: string | null;
  name: string | null;
  color: string | null;
  cents: number;
  count: number;
  /** Of the kind's total, 1 decimal (computed in SQL). */
  percentage: number;
}

export interface TopReceipt {
  id: string;
  description: string;
  cents: number;
  receivedDate: string;
  clientName: string | null;
  categoryName: string | null;
  projectName: string | null;
}

export interface ReportSummary {
  revenueCents: number;
  expenseCents: number;
  revenueCount: number;
  expenseCount: number;
  topReceipts: TopReceipt[];
  revenueByCategory: ReportSlice[];
  expenseByCategory: ReportSlice[];
  revenueByProject: ReportSlice[];
  expenseByProject: ReportSlice[];
}

const toSlice = (s: z.infer<typeof slice>): ReportSlice => ({
  id: s.id,
  name: s.name,
  color: s.color ?? null,
  cents: s.total,
  count: s.count,
  percentage: s.percentage,
});

export async function getReportSummary(
  args: ReportArgs,
  signal?: AbortSignal,
): Promise<ReportSummary> {
  let request = supabase.rpc('report_summary', args);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  const s = summarySchema.parse(data);
  return {
    revenueCents: s.revenue_total,
    expenseCents: s.expense_total,
    revenueCount: s.revenue_count,
    expenseCount: s.expense_count,
    topReceipts: s.top_receipts.map((r) => ({
      id: r.id,
      description: r.description,
      cents: r.amount,
      receivedDate: r.received_date,
      clientName: r.client_name,
      categoryName: r.category_name,
      projectName: r.project_name,
    })),
    revenueByCategory: s.revenue_by_category.map(toSlice),
    expenseByCategory: s.expense_by_category.map(toSlice),
    revenueByProject: s.revenue_by_project.map(toSlice),
    expenseByProject: s.expense_by_project.map(toSlice),
  };
}

export function reportSummaryQuery(companyId: string, filters: ReportFilters, today: string) {
  const args = toReportArgs(companyId, filters, today);
  return queryOptions({
    queryKey: reportKeys.summary(companyId, { ...args }),
    queryFn: ({ signal }) => getReportSummary(args, signal),
  });
}

/** Revenue and expense of the period (paid entries by payment/receipt date), computed in SQL. */
export function useReportSummary(filters: ReportFilters) {
  const { id } = useCurrentCompany();
  return useQuery({
    ...reportSummaryQuery(id, filters, todayLocal()),
    placeholderData: keepPreviousData,
  });
}
