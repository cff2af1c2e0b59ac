import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import type { SupplierOrderStatus } from '@/features/suppliers/api/get-supplier-orders';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export async function updateSupplierOrderStatus(
  companyId: string,
  orderId: string,
  status: SupplierOrderStatus,
): Promise<void> {
  const { error } = await supabase
    .from('supplier_orders')
    .update({ status })
    .eq('company_id', companyId)
    .eq('id', orderId);
  if (error) throw error;
}

/** Pendente / Entregue / Cancelado; a cancelled order leaves the supplier's totals. */
export function useUpdateSupplierOrderStatus(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: SupplierOrderStatus }) =>
      updateSupplierOrderStatus(companyId, orderId, status),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        supplierKeys.orders(companyId, supplierId),
        supplierKeys.stats(companyId, supplierId),
      ]),
  });
}
