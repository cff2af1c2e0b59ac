import { useMutation } from '@tanstack/react-query';
import { markSignOut, unmarkSignOut } from '@/lib/session-end';
import { loadAuth, supabase } from '@/lib/supabase';

/**
 * A phone shared at the worksite: whoever signs in next must not receive the previous person's
 * notifications. The server forgets this browser's push subscription (while the session still
 * holds) and the browser drops it, so that even offline the push service refuses later sends (410:
 * the function removes it). Best effort: it never keeps anyone from signing out.
 */
async function forgetThisDevicePush(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await supabase.rpc('delete_push_subscription', { p_endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  } catch {
    // No worker, no network: the sign-out goes on.
  }
}

/**
 * "Sair". The SIGNED_OUT event that follows (in this tab and the others) clears the cached data
 * and the user's drafts (src/lib/session-end.ts); the gate then goes to /auth.
 */
export async function signOut(): Promise<void> {
  const auth = await loadAuth();
  const userId = (await auth.getSession()).data.session?.user.id;
  if (userId) markSignOut(userId);
  await forgetThisDevicePush();
  // The installed app's icon shows no count of whoever signed out (the bell sets it: notice-bell.tsx).
  if (typeof navigator !== 'undefined' && typeof navigator.clearAppBadge === 'function') {
    void navigator.clearAppBadge().catch(() => undefined);
  }
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
