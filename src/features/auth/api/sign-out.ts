import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function signOut() {
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}

/** The AuthProvider clears the cached data when the session ends. */
export function useSignOut() {
  return useMutation({ mutationFn: signOut, meta: { silentNetworkError: true } });
}
