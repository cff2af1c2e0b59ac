import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankAccountKeys } from '@/lib/api/query-keys';
import { recordById } from '@/lib/api/record-by-id';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** One account of the company, or null when there is none with that id (also a malformed id). */
export function getBankAccount(companyId: string, id: string, signal?: AbortSignal) {
  return recordById(id, () => {
    let query = supabase.from('bank_accounts').select('*').eq('company_id', companyId).eq('id', id);
    if (signal) query = query.abortSignal(signal);
    return query.maybeSingle();
  });
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
