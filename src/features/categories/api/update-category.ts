import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { bankAccountKeys, categoryKeys, entryKeys, reportKeys } from '@/lib/api/query-keys';
import { useCurrentCompany } from '@/lib/current-company';
import { invalidateKeys } from '@/lib/api/invalidate-money';
import { supabase } from '@/lib/supabase';
import { categoryFields } from '@/features/categories/api/create-category';
import type { Category } from '@/features/categories/api/get-category';

export const updateCategoryInput = z.object({
  id: z.uuid(),
  ...categoryFields,
});
export type UpdateCategoryInput = z.input<typeof updateCategoryInput>;

export async function updateCategory(
  companyId: string,
  input: UpdateCategoryInput,
): Promise<Category> {
  const { id, ...values } = updateCategoryInput.parse(input);
  const { data, error } = await supabase
    .from('categories')
    .update(values)
    .eq('company_id', companyId)
    .eq('id', id)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useUpdateCategory(
  options: Omit<UseMutationOptions<Category, Error, UpdateCategoryInput>, 'mutationFn'> = {},
) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // The screens show their own "Erro inesperado" text for a dead network.
    meta: { silentNetworkError: true },
    ...options,
    mutationFn: (input: UpdateCategoryInput) => updateCategory(companyId, input),
    onSuccess: async (data, variables, onMutateResult, context) => {
      // The name and colour are shown wherever an entry or a ledger row names its category.
      await invalidateKeys(queryClient, [
        categoryKeys.all(companyId),
        entryKeys.all(companyId),
        bankAccountKeys.all(companyId),
        reportKeys.all(companyId),
      ]);
      await options.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
