import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeOutcome } from '@/lib/api/response-schemas';
import { bankAccountKeys, reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

export type RemoveOutcome = 'deleted' | 'archived';

/** Deletes an account without history; archives (deactivates) one with history. */
export async function removeBankAccount(id: string): Promise<RemoveOutcome> {
  const { data, error } = await supabase.rpc('remove_bank_account', { p_bank_account_id: id });
  if (error) throw error;
  return removeOutcome.parse(data);
}

export function useRemoveBankAccount() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // Each caller shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: removeBankAccount,
    onSuccess: async (outcome, id) => {
      if (outcome === 'deleted') {
        queryClient.removeQueries({ queryKey: bankAccountKeys.detail(companyId, id) });
        queryClient.removeQueries({ queryKey: bankAccountKeys.ledger(companyId, id) });
      }
      await invalidateKeys(queryClient, [
        bankAccountKeys.all(companyId),
        reportKeys.all(companyId),
      ]);
    },
  });
}
