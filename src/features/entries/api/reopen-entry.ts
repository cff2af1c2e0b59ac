// Estorno of a settled entry: the database writes the reversing ledger row and moves the balance.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { EntryKind } from '@/lib/entries';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';

export interface ReopenEntryInput {
  kind: EntryKind;
  id: string;
  /** Date of the reversing ledger row; defaults to the browser's local today. */
  on?: string;
}

export async function reopenEntry({ kind, id, on = todayLocal() }: ReopenEntryInput) {
  const { error } =
    kind === 'expense'
      ? await supabase.rpc('reopen_payable', { p_payable_id: id, p_reopened_on: on })
      : await supabase.rpc('reopen_receivable', { p_receivable_id: id, p_reopened_on: on });
  if (error) throw error;
}

/**
 * The caller's callbacks are given to the hook, not to `mutate()`: the estorno moves the row to
 * the other tab, so the button that started it unmounts while the lists refetch, and React Query
 * drops `mutate()` callbacks of an unmounted observer (the toast would never show).
 */
export function useReopenEntry({
  onSuccess,
  onError,
}: { onSuccess?: (input: ReopenEntryInput) => void; onError?: (error: Error) => void } = {}) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenEntry,
    meta: { silentNetworkError: true },
    onSuccess: (_data, input) => onSuccess?.(input),
    onError: (error) => onError?.(error),
    onSettled: () => invalidateMoney(queryClient, companyId),
  });
}
