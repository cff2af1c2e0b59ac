import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface NewSupplierOrder {
  description: string;
  /** Centavos, > 0. */
  amount: number;
  projectId: string;
  /** The browser's today (yyyy-MM-dd): the database's current_date is UTC. */
  orderDate: string;
  deliveryDate: string | null;
  notes: string | null;
}

export async function createSupplierOrder(
  companyId: string,
  supplierId: string,
  order: NewSupplierOrder,
): Promise<void> {
  const { error } = await supabase.from('supplier_orders').insert({
    company_id: companyId,
    supplier_id: supplierId,
    project_id: order.projectId,
    description: order.description,
    amount: Number(fromCents(order.amount)),
    order_date: order.orderDate,
    delivery_date: order.deliveryDate,
    notes: order.notes,
    status: 'pending',
  });
  if (error) throw error;
}

export function useCreateSupplierOrder(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewSupplierOrder) => createSupplierOrder(companyId, supplierId, order),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supplierKeys.orders(companyId, supplierId) }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.stats(companyId, supplierId) }),
      ]),
  });
}
