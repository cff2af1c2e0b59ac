import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** Sets a new password for the signed-in user (after following a recovery link). */
export async function updatePassword(password: string) {
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  return data;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, meta: { silentNetworkError: true } });
}
