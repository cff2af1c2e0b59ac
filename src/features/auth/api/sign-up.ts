import { useMutation } from '@tanstack/react-query';
import { setRememberMe, supabase } from '@/lib/supabase';

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
  const { data, error } = await supabase.auth.signUp({
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
