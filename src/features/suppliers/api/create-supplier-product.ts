import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface NewSupplierProduct {
  name: string;
  /** Centavos, > 0. */
  price: number;
  unit: string;
  category: string;
  description: string | null;
  frequency: string;
}

export async function createSupplierProduct(
  companyId: string,
  supplierId: string,
  product: NewSupplierProduct,
): Promise<void> {
  const { error } = await supabase.from('supplier_products').insert({
    company_id: companyId,
    supplier_id: supplierId,
    name: product.name,
    price: Number(fromCents(product.price)),
    unit: product.unit,
    category: product.category,
    description: product.description,
    frequency: product.frequency,
  });
  if (error) throw error;
}

export function useCreateSupplierProduct(supplierId: string) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: NewSupplierProduct) =>
      createSupplierProduct(companyId, supplierId, product),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: supplierKeys.products(companyId, supplierId) }),
  });
}
