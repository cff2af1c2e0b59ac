import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { emailField } from '@/features/auth/api/sign-in';
import { loadAuth, setRememberMe } from '@/lib/supabase';

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';
export const PASSWORD_MISMATCH = 'As senhas não coincidem';

/** A new password and its confirmation (sign-up and the new-password form). */
export const newPasswordFields = {
  password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
  confirmPassword: z.string(),
};

export function passwordsMatch(values: { password: string; confirmPassword: string }) {
  return values.password === values.confirmPassword;
}

/** SPEC §5: the sign-up form. */
export const signUpInput = z
  .object({
    fullName: z.string().trim().min(1, 'Informe seu nome completo'),
    email: emailField('Informe seu email', 'Informe um email válido'),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type SignUpValues = z.input<typeof signUpInput>;

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  /**
   * Where the e-mail confirmation link returns (a path of this site, e.g. the invitation link the
   * person came from); the site root when absent.
   */
  redirectPath?: string;
}

/** SPEC §7: email, password, redirect to the site origin and user data full_name. */
export async function signUp({ fullName, email, password, redirectPath }: SignUpInput) {
  setRememberMe(true);
  const { data, error } = await (
    await loadAuth()
  ).signUp({
    email: email.trim(),
    password,
    options: {
      emailRedirectTo:
        redirectPath && redirectPath !== '/'
          ? `${window.location.origin}${redirectPath}`
          : window.location.origin,
      data: { full_name: fullName.trim() },
    },
  });
  if (error) throw error;
  return data;
}

export function useSignUp(redirectPath?: string) {
  return useMutation({
    mutationFn: (input: Omit<SignUpInput, 'redirectPath'>) => signUp({ ...input, redirectPath }),
    meta: { silentNetworkError: true },
  });
}
