import { queryOptions, useQuery } from '@tanstack/react-query';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export type SupplierOrderStatus = 'pending' | 'delivered' | 'cancelled';

export interface SupplierOrder {
  id: string;
  description: string;
  /** Centavos. */
  amount: number;
  orderDate: string;
  deliveryDate: string | null;
  status: SupplierOrderStatus;
  notes: string | null;
  projectName: string | null;
}

type OrderRow = Database['public']['Tables']['supplier_orders']['Row'] & {
  projects: { name: string } | null;
};

function isStatus(value: string): value is SupplierOrderStatus {
  return value === 'pending' || value === 'delivered' || value === 'cancelled';
}

function toOrder(row: OrderRow): SupplierOrder {
  return {
    id: row.id,
    description: row.description,
    amount: toCents(row.amount),
    orderDate: row.order_date,
    deliveryDate: row.delivery_date,
    status: isStatus(row.status) ? row.status : 'pending',
    notes: row.notes,
    projectName: row.projects?.name ?? null,
  };
}

/** The supplier's order history, newest first. */
export async function getSupplierOrders(
  companyId: string,
  supplierId: string,
  signal?: AbortSignal,
): Promise<SupplierOrder[]> {
  let query = supabase
    .from('supplier_orders')
    .select('*, projects(name)')
    .eq('company_id', companyId)
    .eq('supplier_id', supplierId)
    .order('order_date', { ascending: false })
    .order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return (data as OrderRow[]).map(toOrder);
}

export function supplierOrdersQuery(companyId: string, supplierId: string) {
  return queryOptions({
    queryKey: supplierKeys.orders(companyId, supplierId),
    queryFn: ({ signal }) => getSupplierOrders(companyId, supplierId, signal),
  });
}

export function useSupplierOrders(
  supplierId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { id } = useCurrentCompany();
  return useQuery({ ...supplierOrdersQuery(id, supplierId), enabled: enabled && !!id });
}
