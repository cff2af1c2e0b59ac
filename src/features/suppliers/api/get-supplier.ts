import { queryOptions, useQuery } from '@tanstack/react-query';
import { flattenSupplier, SUPPLIER_SELECT, type Supplier } from '@/lib/api/lookups';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { recordById } from '@/lib/api/record-by-id';
import { supabase } from '@/lib/supabase';

/** One supplier of the company, or null when there is none with that id (or the id is malformed). */
export async function getSupplier(
  companyId: string,
  supplierId: string,
  signal?: AbortSignal,
): Promise<Supplier | null> {
  const row = await recordById(supplierId, () => {
    let query = supabase
      .from('suppliers')
      .select(SUPPLIER_SELECT)
      .eq('company_id', companyId)
      .eq('id', supplierId);
    if (signal) query = query.abortSignal(signal);
    return query.maybeSingle();
  });
  return row ? flattenSupplier(row) : null;
}

export function supplierQuery(companyId: string, supplierId: string) {
  return queryOptions({
    queryKey: supplierKeys.detail(companyId, supplierId),
    queryFn: ({ signal }) => getSupplier(companyId, supplierId, signal),
  });
}

export function useSupplier(supplierId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { id } = useCurrentCompany();
  return useQuery({ ...supplierQuery(id, supplierId), enabled: enabled && !!id });
}
