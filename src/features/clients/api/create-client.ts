import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@/lib/api/lookups';
import { clientKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import type { ClientPayload } from '@/features/clients/lib/client-form';

export async function createClient(companyId: string, payload: ClientPayload): Promise<Client> {
  const { data, error } = await supabase
    .from('clients')
    .insert({ ...payload, company_id: companyId, is_active: true })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useCreateClient() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ClientPayload) => createClient(companyId, payload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.list(companyId, { activeOnly: true }) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.list(companyId, { activeOnly: false }) }),
      ]),
  });
}
