// A new company with the caller as its admin: Configurar Empresa (the first one) and Nova empresa
// (from the company switcher) send the same fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionKeys } from '@/lib/api/query-keys';
import { companyFieldsArgs, companyFieldsShape } from '@/lib/company-fields';
import { supabase } from '@/lib/supabase';

/** SPEC §5: every text is trimmed, the optional ones may be empty. */
export const createCompanyInput = z.object({
  fullName: z.string().trim().min(1, 'Informe seu nome completo'),
  ...companyFieldsShape,
});
export type CreateCompanyInput = z.input<typeof createCompanyInput>;

/** The company and the caller's admin membership, in one database transaction. */
export async function createCompany(input: CreateCompanyInput) {
  const values = createCompanyInput.parse(input);
  const { data, error } = await supabase.rpc('create_company', {
    ...companyFieldsArgs(values),
    p_full_name: values.fullName,
  });
  if (error) throw error;
  return data;
}

export type CreatedCompany = Awaited<ReturnType<typeof createCompany>>;

/**
 * Nova empresa (from the company switcher): once created, the memberships are read again so that
 * the new company is there to switch to.
 */
export function useCreateAnotherCompany(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silentNetworkError: true },
    mutationFn: createCompany,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.memberships(userId) });
    },
  });
}
