import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountPayload } from '@/features/bank-accounts/lib/account-form';
import { bankAccountKeys, reportKeys } from '@/lib/api/query-keys';
import { supabase } from '@/lib/supabase';

export interface CreateBankAccountVars {
  companyId: string;
  account: AccountPayload;
}

/** The database sets current_balance = initial_balance on insert (a trigger). */
export async function createBankAccount({ companyId, account }: CreateBankAccountVars) {
  const { data, error } = await supabase
    .from('bank_accounts')
    .insert({ ...account, company_id: companyId })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useCreateBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each caller shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: createBankAccount,
    onSuccess: async (_data, { companyId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bankAccountKeys.all(companyId) }),
        queryClient.invalidateQueries({ queryKey: reportKeys.all(companyId) }),
      ]);
    },
  });
}
