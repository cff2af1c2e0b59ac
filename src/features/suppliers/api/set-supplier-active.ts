import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier } from '@/lib/api/lookups';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supplierSaved, updateSupplier } from '@/features/suppliers/api/update-supplier';

export function setSupplierActive(
  companyId: string,
  supplierId: string,
  isActive: boolean,
): Promise<Supplier> {
  return updateSupplier(companyId, supplierId, { is_active: isActive });
}

/** Activate / deactivate: an inactive supplier leaves the pickers but keeps its history. */
export function useSetSupplierActive(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isActive: boolean) => setSupplierActive(companyId, supplierId, isActive),
    // The summary counts active and inactive suppliers.
    onSuccess: (supplier) =>
      supplierSaved(queryClient, companyId, supplier, [supplierKeys.summary(companyId)]),
  });
}
