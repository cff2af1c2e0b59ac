import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { todayLocal } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

export type ReconcileInput =
  | { lineId: string; action: 'match'; transactionId: string }
  | { lineId: string; action: 'settle'; entryId: string }
  | {
      lineId: string;
      action: 'create';
      /** Client-generated: a retry of the same creation never makes a second entry. */
      newEntryId: string;
      description: string;
      categoryId: string | null;
    }
  | { lineId: string; action: 'ignore'; reason: string };

/** One line, one transaction in the database (reconcile_statement_line). */
export async function reconcileLine(input: ReconcileInput): Promise<void> {
  const base = { p_line_id: input.lineId, p_action: input.action, p_today: todayLocal() };
  const args =
    input.action === 'match'
      ? { ...base, p_target_id: input.transactionId }
      : input.action === 'settle'
        ? { ...base, p_target_id: input.entryId }
        : input.action === 'create'
          ? {
              ...base,
              p_entry_id: input.newEntryId,
              p_description: input.description,
              p_category_id: input.categoryId ?? undefined,
            }
          : { ...base, p_reason: input.reason };
  const { error } = await supabase.rpc('reconcile_statement_line', args);
  if (error) throw error;
}

export async function undoLine(lineId: string): Promise<void> {
  const { error } = await supabase.rpc('undo_statement_line', { p_line_id: lineId });
  if (error) throw error;
}

/** Reconciling moves money (Dar Baixa, new entries): everything money-related is refreshed. */
function useInvalidateMoney() {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return () => invalidateMoney(queryClient, companyId);
}

export function useReconcileLine() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: reconcileLine, onSettled: invalidate });
}

export function useUndoLine() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: undoLine, onSettled: invalidate });
}
