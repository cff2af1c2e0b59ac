// Estorno of ONE payment of an entry (e.g. the last partial one): the entry is pending again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

export interface ReversePaymentInput {
  /** entry_payments.id (the payment's ledger row). */
  paymentId: string;
  /** Date of the reversing ledger row; defaults to the browser's local today. */
  on?: string;
}

export async function reversePayment({ paymentId, on = todayLocal() }: ReversePaymentInput) {
  const { error } = await supabase.rpc('reverse_payment', {
    p_payment_id: paymentId,
    p_reversed_on: on,
  });
  if (error) throw error;
}

/** Balances, lists, the entry's detail, payments and history all change (moneyKeys covers them). */
export function useReversePayment({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reversePayment,
    meta: { silentNetworkError: true },
    onSuccess: () => onSuccess?.(),
    onError: (error) => onError?.(error),
    onSettled: () => invalidateMoney(queryClient, companyId),
  });
}
