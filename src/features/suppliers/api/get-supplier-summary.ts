import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

const summarySchema = z.object({
  active_count: count,
  inactive_count: count,
  total_spent: cents,
});

export interface SupplierSummary {
  activeCount: number;
  inactiveCount: number;
  /** Centavos: the company's paid payables that point at a supplier (supplier_summary). */
  totalSpent: number;
}

export async function getSupplierSummary(
  companyId: string,
  signal?: AbortSignal,
): Promise<SupplierSummary> {
  let call = supabase.rpc('supplier_summary', { p_company_id: companyId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  const parsed = summarySchema.parse(data);
  return {
    activeCount: parsed.active_count,
    inactiveCount: parsed.inactive_count,
    totalSpent: parsed.total_spent,
  };
}

export function supplierSummaryQuery(companyId: string) {
  return queryOptions({
    queryKey: supplierKeys.summary(companyId),
    queryFn: ({ signal }) => getSupplierSummary(companyId, signal),
  });
}

export function useSupplierSummary({ enabled = true }: { enabled?: boolean } = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...supplierSummaryQuery(id), enabled: enabled && !!id });
}
