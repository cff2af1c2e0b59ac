import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { newPasswordFields, PASSWORD_MISMATCH, passwordsMatch } from '@/features/auth/api/sign-up';
import { loadAuth } from '@/lib/supabase';

/** The new-password form: the same password rules as sign-up. */
export const updatePasswordInput = z
  .object(newPasswordFields)
  .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] });
export type UpdatePasswordValues = z.input<typeof updatePasswordInput>;

/** Sets a new password for the signed-in user (after following a recovery link). */
export async function updatePassword(password: string) {
  const { data, error } = await (await loadAuth()).updateUser({ password });
  if (error) throw error;
  return data;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword, meta: { silentNetworkError: true } });
}
