import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCompany, type CreatedCompany } from '@/lib/api/create-company';
import { sessionKeys } from '@/lib/api/query-keys';

/**
 * The caller's callbacks are given here, not to `mutate`: the new membership makes the setup page
 * redirect (and unmount) before `mutate`'s own callbacks would run.
 */
export function useCreateCompany(
  userId: string,
  {
    onSuccess,
    onError,
  }: { onSuccess?: (company: CreatedCompany) => void; onError?: (error: Error) => void } = {},
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
