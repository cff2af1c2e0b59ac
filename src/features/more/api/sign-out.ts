import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function signOut() {
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}

/** The session's end clears the cached data (AuthProvider) and the gate goes to /auth. */
export function useSignOut({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: signOut,
    meta: { silentNetworkError: true },
    onSuccess,
    onError,
  });
}
