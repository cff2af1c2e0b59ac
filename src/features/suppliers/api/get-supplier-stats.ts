import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { cents, count, orNull } from '@/lib/api/response-schemas';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/**
 * The detail cards, as supplier_stats defines them (see its `comment on function`): orders are the
 * non-cancelled supplier_orders; average ticket = their total / their count; total spent = the
 * supplier's paid payables. Money in centavos.
 */
export interface SupplierStats {
  orderCount: number;
  ordersTotal: number;
  averageTicket: number;
  totalSpent: number;
  lastOrderOn: string | null;
}

const EMPTY_STATS: SupplierStats = {
  orderCount: 0,
  ordersTotal: 0,
  averageTicket: 0,
  totalSpent: 0,
  lastOrderOn: null,
};

const statsRows = z.array(
  z.object({
    order_count: count,
    orders_total: cents,
    average_ticket: cents,
    total_spent: cents,
    // The generated type says string, but the column is null for a supplier without orders.
    last_order_on: orNull(z.string()),
  }),
);

export async function getSupplierStats(
  companyId: string,
  supplierId: string,
  signal?: AbortSignal,
): Promise<SupplierStats> {
  let call = supabase.rpc('supplier_stats', {
    p_company_id: companyId,
    p_supplier_id: supplierId,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  const row = statsRows.parse(data)[0];
  if (!row) return EMPTY_STATS;
  return {
    orderCount: row.order_count,
    ordersTotal: row.orders_total,
    averageTicket: row.average_ticket,
    totalSpent: row.total_spent,
    lastOrderOn: row.order_count > 0 ? row.last_order_on : null,
  };
}

export function supplierStatsQuery(companyId: string, supplierId: string) {
  return queryOptions({
    queryKey: supplierKeys.stats(companyId, supplierId),
    queryFn: ({ signal }) => getSupplierStats(companyId, supplierId, signal),
  });
}

export function useSupplierStats(
  supplierId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { id } = useCurrentCompany();
  return useQuery({ ...supplierStatsQuery(id, supplierId), enabled: enabled && !!id });
}
