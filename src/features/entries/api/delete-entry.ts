// Excluir / cancelar: one pending entry, or it and the following ones / all pending of its series.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { count } from '@/lib/api/response-schemas';
import { removeStoredObjects } from '@/lib/document-removals';
import type { EntryKind } from '@/lib/entries';
import { entryKeys } from '@/lib/api/query-keys';
import { invalidateMoney } from '@/lib/api/invalidate-money';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** 'one' só esta; 'following' esta e as próximas; 'all_pending' todas as pendentes da série. */
export type DeleteScope = 'one' | 'following' | 'all_pending';

export interface DeleteEntryInput {
  kind: EntryKind;
  id: string;
  scope: DeleteScope;
}

const deleted = z.array(z.object({ deleted: count, storage_paths: z.array(z.string()) }));

/**
 * Returns how many entries were deleted (entries of the series with payments are kept). Their
 * documents' files are removed from Storage after the rows; a removal that fails waits on the
 * device and is tried again (src/lib/document-removals.ts).
 */
export async function deleteEntry(
  { kind, id, scope }: DeleteEntryInput,
  userId: string,
): Promise<number> {
  const { data, error } = await supabase.rpc('delete_entry', {
    p_kind: kind,
    p_id: id,
    p_scope: scope,
  });
  if (error) throw error;
  const [result] = deleted.parse(data);
  if (!result) return 0;
  await removeStoredObjects(userId, result.storage_paths);
  return result.deleted;
}

/**
 * The caller's `onSuccess` runs first (it navigates away from the deleted entry's detail), then
 * the deleted entry's queries are removed, not refetched, and every money list is invalidated.
 */
export function useDeleteEntry({
  onSuccess,
}: { onSuccess?: (deleted: number, input: DeleteEntryInput) => void } = {}) {
  const { id: companyId, userId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteEntryInput) => deleteEntry(input, userId),
    meta: { silentNetworkError: true },
    onSuccess: async (deleted, input) => {
      onSuccess?.(deleted, input);
      const detail = entryKeys.detail(companyId, input.kind, input.id);
      await queryClient.cancelQueries({ queryKey: detail });
      queryClient.removeQueries({ queryKey: detail });
      await invalidateMoney(queryClient, companyId);
    },
  });
}
