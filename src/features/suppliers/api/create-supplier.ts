import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier } from '@/lib/api/lookups';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import type { SupplierPayload } from '@/features/suppliers/lib/supplier-form';

export async function createSupplier(
  companyId: string,
  payload: SupplierPayload,
): Promise<Supplier> {
  const { data, error } = await supabase
    .from('suppliers')
    .insert({ ...payload, company_id: companyId, is_active: true })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useCreateSupplier() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SupplierPayload) => createSupplier(companyId, payload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: supplierKeys.list(companyId, { activeOnly: true }),
        }),
        queryClient.invalidateQueries({
          queryKey: supplierKeys.list(companyId, { activeOnly: false }),
        }),
        queryClient.invalidateQueries({ queryKey: supplierKeys.summary(companyId) }),
      ]),
  });
}
