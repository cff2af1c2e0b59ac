import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier } from '@/lib/api/lookups';
import { entryKeys, supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import type { SupplierPayload } from '@/features/suppliers/lib/supplier-form';

export async function updateSupplier(
  companyId: string,
  supplierId: string,
  payload: SupplierPayload,
): Promise<Supplier> {
  const { data, error } = await supabase
    .from('suppliers')
    .update(payload)
    .eq('company_id', companyId)
    .eq('id', supplierId)
    .select()
    .single();
  if (error) throw error;
  return data;
}

/** Saves the edit dialog. A rename also changes the supplier name shown on entries. */
export function useUpdateSupplier(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SupplierPayload) => updateSupplier(companyId, supplierId, payload),
    onSuccess: (supplier) => {
      queryClient.setQueryData(supplierKeys.detail(companyId, supplierId), supplier);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: supplierKeys.list(companyId, { activeOnly: true }),
        }),
        queryClient.invalidateQueries({
          queryKey: supplierKeys.list(companyId, { activeOnly: false }),
        }),
        queryClient.invalidateQueries({ queryKey: entryKeys.all(companyId) }),
      ]);
    },
  });
}
