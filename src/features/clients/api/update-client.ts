import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Client } from '@/lib/api/lookups';
import { clientKeys, entryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import { clientInput } from '@/features/clients/api/create-client';
import { invalidateKeys } from '@/lib/api/invalidate-money';

/** The edit dialog sends every field of `clientInput`; the list only flips is_active. */
export const clientChanges = clientInput.partial().extend({ is_active: z.boolean().optional() });
export type ClientChanges = z.input<typeof clientChanges>;

export async function updateClient(
  companyId: string,
  clientId: string,
  changes: ClientChanges,
): Promise<Client> {
  const { data, error } = await supabase
    .from('clients')
    .update(clientChanges.parse(changes))
    .eq('company_id', companyId)
    .eq('id', clientId)
    .select()
    .single();
  if (error) throw error;
  return data;
}

/** Edit and activate/deactivate. A rename also changes the client name shown on entries. */
export function useUpdateClient() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ClientChanges }) =>
      updateClient(companyId, id, changes),
    onSuccess: (_client, { changes }) =>
      invalidateKeys(queryClient, [
        clientKeys.list(companyId, { activeOnly: true }),
        clientKeys.list(companyId, { activeOnly: false }),
        // A new name shows on its entries (the entries view).
        ...(changes.name !== undefined ? [entryKeys.all(companyId)] : []),
      ]),
  });
}
