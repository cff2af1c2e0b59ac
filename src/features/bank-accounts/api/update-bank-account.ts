import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bankAccountInput,
  type AccountPayload,
} from '@/features/bank-accounts/api/create-bank-account';
import { bankAccountKeys, reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import { invalidateKeys } from '@/lib/api/invalidate-money';

/** The edit dialog takes the same fields and rules as the new-account form. */
export const updateBankAccountInput = bankAccountInput;

export interface UpdateBankAccountVars {
  id: string;
  /** The output of `updateBankAccountInput`. */
  account: AccountPayload;
}

/**
 * Saves the edit dialog. A changed initial balance moves the current balance by the difference
 * (a trigger), so the balance keeps equal to initial + Σ ledger.
 */
export async function updateBankAccount(companyId: string, { id, account }: UpdateBankAccountVars) {
  const { data, error } = await supabase
    .from('bank_accounts')
    .update(account)
    .eq('company_id', companyId)
    .eq('id', id)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useUpdateBankAccount() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // Each caller shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: (vars: UpdateBankAccountVars) => updateBankAccount(companyId, vars),
    onSuccess: async () => {
      await invalidateKeys(queryClient, [
        bankAccountKeys.all(companyId),
        reportKeys.all(companyId),
      ]);
    },
  });
}
