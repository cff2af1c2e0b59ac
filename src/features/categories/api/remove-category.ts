import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { removeOutcome } from '@/lib/api/response-schemas';
import { categoryKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';

/** 'deleted' when nothing used the category, 'archived' when entries or ledger rows do. */
export type RemoveCategoryResult = 'deleted' | 'archived';

export async function removeCategory(categoryId: string): Promise<RemoveCategoryResult> {
  const { data, error } = await supabase.rpc('remove_category', { p_category_id: categoryId });
  if (error) throw error;
  return removeOutcome.parse(data);
}

export function useRemoveCategory(
  options: Omit<UseMutationOptions<RemoveCategoryResult, Error, string>, 'mutationFn'> = {},
) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // The screens show their own "Erro inesperado" text for a dead network.
    meta: { silentNetworkError: true },
    ...options,
    mutationFn: removeCategory,
    onSuccess: async (data, categoryId, onMutateResult, context) => {
      // A deleted row's detail (and its stats) would refetch as "not found" under the page that is
      // about to leave it: drop it instead. Archiving changes no name shown elsewhere; only the
      // category lists, pickers and the archived row's detail change.
      if (data === 'deleted') {
        queryClient.removeQueries({ queryKey: categoryKeys.detail(companyId, categoryId) });
      }
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all(companyId) });
      await options.onSuccess?.(data, categoryId, onMutateResult, context);
    },
  });
}
