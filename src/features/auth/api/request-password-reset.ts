import { useMutation } from '@tanstack/react-query';
import { loadAuth } from '@/lib/supabase';
import { emailField } from '@/features/auth/api/sign-in';

/** "Esqueci minha senha" needs the e-mail typed in the sign-in form. */
export const passwordResetEmail = emailField(
  'Informe seu email para recuperar a senha',
  'Informe um email válido para recuperar a senha',
);

/** Path the recovery e-mail link returns to; /login then asks for the new password. */
export const RECOVERY_PATH = '/login?redefinir=1';

export async function requestPasswordReset(email: string) {
  const { error } = await (
    await loadAuth()
  ).resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${RECOVERY_PATH}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { silentNetworkError: true } });
}
