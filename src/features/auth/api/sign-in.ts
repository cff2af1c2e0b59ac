import { useMutation } from '@tanstack/react-query';
import { setRememberMe, supabase } from '@/lib/supabase';

export interface SignInInput {
  email: string;
  password: string;
  /** "Lembrar de mim": false keeps the session only for this tab. */
  remember: boolean;
}

export async function signIn({ email, password, remember }: SignInInput) {
  // Decides where supabase-js writes the new session (localStorage or sessionStorage).
  setRememberMe(remember);
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  return data;
}

/** The AuthProvider picks the new session up; the page then redirects. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { silentNetworkError: true } });
}
