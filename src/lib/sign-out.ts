import { useMutation } from '@tanstack/react-query';
import { markSignOut, unmarkSignOut } from '@/lib/session-end';
import { loadAuth } from '@/lib/supabase';

/**
 * "Sair". The SIGNED_OUT event that follows (in this tab and the others) clears the cached data
 * and the user's drafts (src/lib/session-end.ts); the gate then goes to /auth.
 */
export async function signOut(): Promise<void> {
  const auth = await loadAuth();
  const userId = (await auth.getSession()).data.session?.user.id;
  if (userId) markSignOut(userId);
  const { error } = await auth.signOut();
  if (error) {
    // Still signed in (e.g. no network): a later revocation must not pass for a sign-out.
    unmarkSignOut();
    throw error;
  }
}

/** Success callbacks belong here, not in mutate(): the page that asked unmounts as the session ends. */
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
