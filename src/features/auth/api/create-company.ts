import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { optionalEmailField } from '@/features/auth/api/sign-in';
import { sessionKeys } from '@/lib/api/query-keys';
import { supabase } from '@/lib/supabase';

/** SPEC §5: the company setup form; every text is trimmed, the optional ones may be empty. */
export const createCompanyInput = z.object({
  fullName: z.string().trim().min(1, 'Informe seu nome completo'),
  name: z.string().trim().min(1, 'Informe o nome da empresa'),
  document: z.string().trim(),
  email: optionalEmailField,
  phone: z.string().trim(),
  address: z.string().trim(),
  city: z.string().trim(),
  state: z.string().trim(),
  zipCode: z.string().trim(),
});
export type CreateCompanyInput = z.input<typeof createCompanyInput>;

/** The company and the caller's admin membership, in one database transaction. */
export async function createCompany(input: CreateCompanyInput) {
  const values = createCompanyInput.parse(input);
  const { data, error } = await supabase.rpc('create_company', {
    p_name: values.name,
    p_full_name: values.fullName,
    p_document: values.document,
    p_email: values.email,
    p_phone: values.phone,
    p_address: values.address,
    p_city: values.city,
    p_state: values.state,
    p_zip_code: values.zipCode,
  });
  if (error) throw error;
  return data;
}

type Company = Awaited<ReturnType<typeof createCompany>>;

/**
 * The caller's callbacks are given here, not to `mutate`: the new membership makes the setup page
 * redirect (and unmount) before `mutate`'s own callbacks would run.
 */
export function useCreateCompany(
  userId: string,
  {
    onSuccess,
    onError,
  }: { onSuccess?: (company: Company) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    meta: { silentNetworkError: true },
    onSuccess: async (company) => {
      onSuccess?.(company);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(userId) });
    },
    onError,
  });
}
