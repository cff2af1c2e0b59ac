import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { categoryKeys } from '@/lib/api/query-keys';
import { COLOR_TOKENS } from '@/lib/colors';
import { dreGroupsFor } from '@/lib/dre-groups';
import { useCurrentCompany } from '@/lib/current-company';
import { supabase } from '@/lib/supabase';
import type { Category } from '@/features/categories/api/get-category';

export const NAME_REQUIRED_MESSAGE = 'Nome da categoria é obrigatório';

/** Name and description as the forms and the database take them (SPEC §5). */
export const categoryFields = {
  name: z.string().trim().min(1, NAME_REQUIRED_MESSAGE).max(100),
  // Trimmed; an empty description is stored as null.
  description: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .transform((text) => (text === '' ? null : text)),
  color: z.enum(COLOR_TOKENS),
  /** Line of the DRE gerencial (the database checks it fits the type). */
  dre_group: z.enum(['receita', 'custo_obra', 'despesa_administrativa', 'outras']),
};

export const createCategoryInput = z
  .object({
    ...categoryFields,
    type: z.enum(['income', 'expense']),
  })
  .refine((c) => dreGroupsFor(c.type).includes(c.dre_group), {
    path: ['dre_group'],
    message: 'Escolha um grupo do DRE que combine com o tipo da categoria.',
  });
export type CreateCategoryInput = z.input<typeof createCategoryInput>;

export async function createCategory(
  companyId: string,
  input: CreateCategoryInput,
): Promise<Category> {
  const values = createCategoryInput.parse(input);
  const { data, error } = await supabase
    .from('categories')
    .insert({ company_id: companyId, ...values })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export function useCreateCategory(
  options: Omit<UseMutationOptions<Category, Error, CreateCategoryInput>, 'mutationFn'> = {},
) {
  const { id: companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    // The screens show their own "Erro inesperado" text for a dead network.
    meta: { silentNetworkError: true },
    ...options,
    mutationFn: (input: CreateCategoryInput) => createCategory(companyId, input),
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all(companyId) });
      await options.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
