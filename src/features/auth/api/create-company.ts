import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '@/lib/api/query-keys';
import type { CompanyValues } from '@/features/auth/lib/validation';
import { supabase } from '@/lib/supabase';

/** The company and the caller's admin membership, in one database transaction. */
export async function createCompany(values: CompanyValues) {
  const { data, error } = await supabase.rpc('create_company', {
    p_name: values.name.trim(),
    p_full_name: values.fullName.trim(),
    p_document: values.document.trim(),
    p_email: values.email.trim(),
    p_phone: values.phone.trim(),
    p_address: values.address.trim(),
    p_city: values.city.trim(),
    p_state: values.state.trim(),
    p_zip_code: values.zipCode.trim(),
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
