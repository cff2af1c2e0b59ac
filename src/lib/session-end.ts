// What happens to the data of the browser when the session changes (phones are shared, so one
// user must never see what another left behind):
// - an explicit sign-out (this tab or another) drops the cached queries and everything stored for
//   that user (drafts, remembered company);
// - a session that ended without "Sair" (revoked from another device, refresh refused) drops the
//   cached queries but first saves the open forms as drafts of that user, for when they sign in
//   again;
// - a session of another user drops the cached queries and every other user's stored data.
// Called from supabase-js's onAuthStateChange, so it must stay synchronous and never call
// supabase.auth itself (that would dead-lock the client).
import type { AuthChangeEvent } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearOtherUsersStorage, clearUserStorage } from '@/lib/user-storage';

/**
 * Set by signOut() before it asks the server, so every tab that then sees the SIGNED_OUT knows
 * the user chose to leave (the event itself looks the same as a revoked session's).
 */
const SIGN_OUT_KEY = 'auth-signed-out';

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function markSignOut(userId: string): void {
  localStore()?.setItem(SIGN_OUT_KEY, userId);
}

export function unmarkSignOut(): void {
  localStore()?.removeItem(SIGN_OUT_KEY);
}

function signedOutOnPurpose(userId: string): boolean {
  return localStore()?.getItem(SIGN_OUT_KEY) === userId;
}

const draftSavers = new Set<() => void>();

/**
 * Registers `save` to run when the session ends without the user signing out, just before the
 * gate sends them to /auth: the form writes what is typed so far as the user's draft.
 */
export function useSaveDraftOnSessionEnd(save: () => void): void {
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    const run = () => latest.current();
    draftSavers.add(run);
    return () => {
      draftSavers.delete(run);
    };
  }, []);
}

function saveOpenDrafts(): void {
  for (const save of draftSavers) {
    try {
      save();
    } catch {
      // A draft that cannot be written (storage full or disabled) must not stop the sign-out.
    }
  }
}

/** How a session ended: by "Sair" (here or in another tab), or on its own (revoked, expired). */
export type SessionEnd = 'signed-out' | 'expired';

/**
 * Where the service worker keeps what was shared into the app (public/share-target.js, same name):
 * a boleto or a photo of the company's bills, which the next person to sign in on a shared phone
 * must not find in their Lançar.
 */
export const SHARE_CACHE = 'compartilhado-v1';

/**
 * Applies one auth event. `previousUserId` is the user of the session before the event.
 * Returns how the session ended when it did, otherwise null.
 */
export function applySessionChange(
  queryClient: QueryClient,
  event: AuthChangeEvent,
  previousUserId: string | null,
  nextUserId: string | null,
): SessionEnd | null {
  if (!nextUserId) {
    // Nobody was in: nothing ended. A second SIGNED_OUT for the same end (auth-js asks the server
    // again when the tab comes back, and each refusal signs out) must not turn "expired" into
    // "signed-out", which took "Sua sessão expirou" off the sign-in page.
    if (!previousUserId) return null;
    const expired = !signedOutOnPurpose(previousUserId);
    if (expired) saveOpenDrafts();
    // Removing the queries also aborts their requests in flight (they pass React Query's signal).
    queryClient.clear();
    if (!expired) {
      clearUserStorage(previousUserId);
      // No Cache Storage outside a secure context (and in jsdom).
      if ('caches' in globalThis) void caches.delete(SHARE_CACHE);
    }
    return expired ? 'expired' : 'signed-out';
  }
  if (previousUserId && previousUserId !== nextUserId) queryClient.clear();
  if (event === 'SIGNED_IN' || event === 'INITIAL_SESSION') {
    clearOtherUsersStorage(nextUserId);
    unmarkSignOut();
  }
  return null;
}
