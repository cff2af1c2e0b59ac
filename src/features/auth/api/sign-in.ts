import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@/lib/email';
import { loadAuth, setRememberMe } from '@/lib/supabase';

/** SPEC §5: an e-mail is required and must look like one (trimmed). */
export function emailField(required: string, invalid: string) {
  return z.string().trim().min(1, required).regex(EMAIL_PATTERN, invalid);
}

export const signInInput = z.object({
  email: emailField('Informe seu email', 'Informe um email válido'),
  password: z.string().min(1, 'Informe sua senha'),
});
export type SignInValues = z.input<typeof signInInput>;

export interface SignInInput extends z.output<typeof signInInput> {
  /** "Lembrar de mim": false keeps the session only for this tab. */
  remember: boolean;
}

export async function signIn({ email, password, remember }: SignInInput) {
  // Decides where supabase-js writes the new session (localStorage or sessionStorage).
  setRememberMe(remember);
  const { data, error } = await (
    await loadAuth()
  ).signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  return data;
}

/** The AuthProvider picks the new session up; the page then redirects. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { silentNetworkError: true } });
}
