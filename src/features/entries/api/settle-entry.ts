// Dar Baixa: settling goes through the database functions, which write the ledger and move the
// balance in one transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import type { EntryKind } from '@/lib/entries';
import { moneyKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { invalidateAll } from '@/features/entries/api/invalidate';

export interface SettleEntryInput {
  kind: EntryKind;
  id: string;
  bankAccountId: string;
  /** yyyy-MM-dd; defaults to the browser's local today. */
  on?: string;
}

/** Settling needs an account: Dar Baixa's, and Lançar's "Já pago / recebido". */
export const SETTLE_ACCOUNT_MESSAGE = 'Selecione uma conta bancária para dar baixa.';

/** Dar Baixa's one choice: the account the money leaves or enters ('' until one is picked). */
export const settleAccountSchema = z.object({
  bankAccountId: z.string().min(1, SETTLE_ACCOUNT_MESSAGE),
});
export type SettleAccountInput = z.infer<typeof settleAccountSchema>;

export async function settleEntry({
  kind,
  id,
  bankAccountId,
  on = todayLocal(),
}: SettleEntryInput) {
  const { error } =
    kind === 'expense'
      ? await supabase.rpc('settle_payable', {
          p_payable_id: id,
          p_bank_account_id: bankAccountId,
          p_paid_on: on,
        })
      : await supabase.rpc('settle_receivable', {
          p_receivable_id: id,
          p_bank_account_id: bankAccountId,
          p_received_on: on,
        });
  if (error) throw error;
}

/**
 * Settles an entry. Whatever the outcome, what it may have changed is refetched: on success the
 * entry leaves the pending lists and the balances move; on "already settled" (another phone got
 * there first) the lists catch up with the database.
 */
export function useSettleEntry() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleEntry,
    meta: { silentNetworkError: true },
    onSettled: () => invalidateAll(queryClient, moneyKeys(companyId)),
  });
}
