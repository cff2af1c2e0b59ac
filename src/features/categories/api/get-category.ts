import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryKeys } from '@/lib/api/query-keys';
import { recordById } from '@/lib/api/record-by-id';
import { useCurrentCompany } from '@/lib/current-company';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type Category = Database['public']['Tables']['categories']['Row'];

/** One category of the company, archived ones included (old links keep working); null if absent. */
export async function getCategory(
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<Category | null> {
  return recordById(id, () => {
    let query = supabase.from('categories').select('*').eq('company_id', companyId).eq('id', id);
    if (signal) query = query.abortSignal(signal);
    return query.maybeSingle();
  });
}

export function categoryQuery(companyId: string, id: string) {
  return queryOptions({
    queryKey: categoryKeys.detail(companyId, id),
    queryFn: ({ signal }) => getCategory(companyId, id, signal),
  });
}

export function useCategory(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { id: companyId } = useCurrentCompany();
  return useQuery({ ...categoryQuery(companyId, id), enabled: enabled && !!companyId && !!id });
}
