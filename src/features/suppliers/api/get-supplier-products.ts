import { queryOptions, useQuery } from '@tanstack/react-query';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { toCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface SupplierProduct {
  id: string;
  name: string;
  /** Centavos. */
  price: number;
  unit: string;
  category: string;
  description: string | null;
  frequency: string;
}

/** The supplier's catalogue, by name. */
export async function getSupplierProducts(
  companyId: string,
  supplierId: string,
  signal?: AbortSignal,
): Promise<SupplierProduct[]> {
  let query = supabase
    .from('supplier_products')
    .select('id, name, price, unit, category, description, frequency')
    .eq('company_id', companyId)
    .eq('supplier_id', supplierId)
    .eq('is_active', true)
    .order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({ ...row, price: toCents(row.price) }));
}

export function supplierProductsQuery(companyId: string, supplierId: string) {
  return queryOptions({
    queryKey: supplierKeys.products(companyId, supplierId),
    queryFn: ({ signal }) => getSupplierProducts(companyId, supplierId, signal),
  });
}

export function useSupplierProducts(
  supplierId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { id } = useCurrentCompany();
  return useQuery({ ...supplierProductsQuery(id, supplierId), enabled: enabled && !!id });
}
