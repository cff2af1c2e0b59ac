import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier } from '@/lib/api/lookups';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

export async function setSupplierActive(
  companyId: string,
  supplierId: string,
  isActive: boolean,
): Promise<Supplier> {
  const { data, error } = await supabase
    .from('suppliers')
    .update({ is_active: isActive })
    .eq('company_id', companyId)
    .eq('id', supplierId)
    .select()
    .single();
  if (error) throw error;
  return data;
}

/** Activate / deactivate: an inactive supplier leaves the pickers but keeps its history. */
export function useSetSupplierActive(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) => setSupplierActive(companyId, supplierId, isActive),
    onSuccess: (supplier) => {
      queryClient.setQueryData(supplierKeys.detail(companyId, supplierId), supplier);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: supplierKeys.list(companyId, { activeOnly: true }),
        }),
        queryClient.invalidateQueries({
          queryKey: supplierKeys.list(companyId, { activeOnly: false }),
        }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.summary(companyId) }),
      ]);
    },
  });
}
