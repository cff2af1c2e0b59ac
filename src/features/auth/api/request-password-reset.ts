import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** Path the recovery e-mail link returns to; /login then asks for the new password. */
export const RECOVERY_PATH = '/login?redefinir=1';

export async function requestPasswordReset(email: string) {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${RECOVERY_PATH}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { silentNetworkError: true } });
}
