import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Supplier } from '@/lib/api/lookups';
import { supplierKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One supplier of the company, or null when there is none with that id (or the id is malformed). */
export async function getSupplier(
  companyId: string,
  supplierId: string,
  signal?: AbortSignal,
): Promise<Supplier | null> {
  if (!UUID_RE.test(supplierId)) return null;
  let query = supabase
    .from('suppliers')
    .select('*')
    .eq('company_id', companyId)
    .eq('id', supplierId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  return data;
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
