import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import type { IsoDate } from '@/lib/dates';
import { fromCents } from '@/lib/money';
import { supabase } from '@/lib/supabase';

export interface TransferVars {
  fromAccountId: string;
  toAccountId: string;
  cents: number;
  date: IsoDate;
  description: string;
}

/** Two ledger rows in one database transaction: both balances move, or neither does. */
export async function transferBetweenAccounts(vars: TransferVars): Promise<string> {
  const { data, error } = await supabase.rpc('transfer_between_accounts', {
    p_from_account_id: vars.fromAccountId,
    p_to_account_id: vars.toAccountId,
    p_amount: Number(fromCents(vars.cents)),
    p_transfer_date: vars.date,
    p_description: vars.description.trim() === '' ? undefined : vars.description.trim(),
  });
  if (error) throw error;
  return data;
}

export function useTransferBetweenAccounts() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // Each caller shows its own failure toast, network failures included.
    meta: { silentNetworkError: true },
    mutationFn: transferBetweenAccounts,
    onSuccess: async () => {
      await Promise.all(
        moneyKeys(companyId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
