import { useMutation } from '@tanstack/react-query';
import { setRememberMe, supabase } from '@/lib/supabase';

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
}

/** SPEC §7: email, password, redirect to the site origin and user data full_name. */
export async function signUp({ fullName, email, password }: SignUpInput) {
  setRememberMe(true);
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: {
      emailRedirectTo: window.location.origin,
      data: { full_name: fullName.trim() },
    },
  });
  if (error) throw error;
  return data;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { silentNetworkError: true } });
}
