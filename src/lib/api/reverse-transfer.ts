// Estorno of a transfer, shared by Movimentações and the bank account history (two features): the
// opposite pair is written in one database transaction, both balances move back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnedId } from '@/lib/api/response-schemas';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal, type IsoDate } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

export async function reverseTransfer(
  transferGroupId: string,
  reversedOn: IsoDate = todayLocal(),
): Promise<string> {
  const { data, error } = await supabase.rpc('reverse_transfer', {
    p_transfer_group_id: transferGroupId,
    p_reversed_on: reversedOn,
  });
  if (error) throw error;
  return returnedId.parse(data);
}

export function useReverseTransfer() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: (transferGroupId: string) => reverseTransfer(transferGroupId),
    onSettled: async () => {
      // Also after transfer_already_reversed: someone else reversed it, the screen must show it.
      await invalidateMoney(queryClient, companyId);
    },
  });
}
