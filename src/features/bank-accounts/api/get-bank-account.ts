import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankAccountKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** One account of the company, or null when there is none with that id (also a malformed id). */
export async function getBankAccount(companyId: string, id: string, signal?: AbortSignal) {
  let query = supabase.from('bank_accounts').select('*').eq('company_id', companyId).eq('id', id);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  // 22P02: the id in the address is not a uuid; for the user it is simply not found.
  if (error?.code === '22P02') return null;
  if (error) throw error;
  return data;
}

export function bankAccountQuery(companyId: string, id: string) {
  return queryOptions({
    queryKey: bankAccountKeys.detail(companyId, id),
    queryFn: ({ signal }) => getBankAccount(companyId, id, signal),
  });
}

export function useBankAccount(id: string) {
  const { id: companyId } = useCurrentCompany();
  return useQuery(bankAccountQuery(companyId, id));
}
