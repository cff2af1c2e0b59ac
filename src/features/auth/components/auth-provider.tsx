import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from '@/features/auth/lib/auth-context';
import { deviceOffline } from '@/lib/errors';
import { afterFirstScreen } from '@/lib/first-screen';
import { applySessionChange, type SessionEnd } from '@/lib/session-end';
import {
  isStoredHere,
  loadAuth,
  readStoredSession,
  sessionToStartWith,
  type Auth,
} from '@/lib/supabase';

/**
 * The session of SPEC §3 (user, session, loading), kept by supabase-js in browser storage with
 * automatic refresh. Cached data and drafts never outlive the user they belong to: see
 * src/lib/session-end.ts.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A stored session whose access token is still good opens the signed-in screens before auth-js
  // has loaded (src/lib/supabase.ts); auth-js then loads after the first screen. Opened with no
  // network, auth-js retries refreshing an expired token for up to 30 s before it reports
  // anything: the stored session lets the gate open the cached screens at once.
  const [start] = useState(
    () => sessionToStartWith() ?? (deviceOffline() ? readStoredSession() : null),
  );
  const [session, setSession] = useState<Session | null>(start);
  const [loading, setLoading] = useState(start === null);
  const [ended, setEnded] = useState<SessionEnd | null>(null);
  const [endedUserId, setEndedUserId] = useState<string | null>(null);
  // Bumped to load auth-js again after its code could not be fetched.
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const userIdRef = useRef<string | null>(start?.user.id ?? null);

  useEffect(() => {
    const onChange = (event: AuthChangeEvent, reported: Session | null) => {
      // Only synchronous work here: calling supabase.auth inside this callback would dead-lock it.
      // An expired access token that could not be refreshed (no network) is reported as no
      // session but stays stored: keep the user in, on the cached data, until the network
      // returns (auth-js then refreshes it, or ends it with SIGNED_OUT when the server refuses).
      // Another tab's session, announced to this one but not stored here: not this tab's user.
      if (reported && !isStoredHere(reported)) return;
      const next = reported ?? (event === 'INITIAL_SESSION' ? readStoredSession() : null);
      const nextUserId = next?.user.id ?? null;
      const previousUserId = userIdRef.current;
      const end = applySessionChange(queryClient, event, previousUserId, nextUserId);
      if (end && previousUserId) setEndedUserId(previousUserId);
      userIdRef.current = nextUserId;
      // A new session renders a whole screen: as a transition, React yields to the browser while
      // it does (docs/performance.md) instead of holding a phone's main thread.
      startTransition(() => {
        setSession(next);
        if (nextUserId) setEnded(null);
        else if (end) setEnded(end);
        setLoading(false);
      });
    };
    let active = true;
    let unsubscribe: (() => void) | undefined;
    const listen = (auth: Auth) => {
      if (!active) return;
      const { data } = auth.onAuthStateChange(onChange);
      unsubscribe = () => data.subscription.unsubscribe();
    };
    // Without a session to start with, auth-js decides now (signed out, a token to refresh, a
    // sign-in link); with one, it is not needed before the first screen is up.
    // Without it the gate could only say "Carregando..." for ever: it says "Sem conexão" instead.
    const failed = () => {
      if (active) setLoadFailed(true);
    };
    let cancel: () => void = () => undefined;
    if (start) cancel = afterFirstScreen(() => void loadAuth().then(listen, failed));
    else void loadAuth().then(listen, failed);
    return () => {
      active = false;
      cancel();
      unsubscribe?.();
    };
  }, [queryClient, start, loadAttempt]);

  // A session revoked elsewhere ("sign out everywhere", a password change on another device) keeps
  // a valid access token here until it expires. Asking the server once the first screen is up and
  // whenever the tab comes back ends it: supabase-js signs out when the server answers
  // session_not_found.
  const userId = session?.user.id;
  useEffect(() => {
    if (!userId) return;
    const check = () => {
      if (document.visibilityState === 'visible') void loadAuth().then((auth) => auth.getUser());
    };
    const cancel = afterFirstScreen(check);
    document.addEventListener('visibilitychange', check);
    return () => {
      cancel();
      document.removeEventListener('visibilitychange', check);
    };
  }, [userId]);

  const value = useMemo<AuthState>(
    () => ({
      session,
      user: session?.user ?? null,
      loading,
      signedOut: ended !== null,
      sessionExpired: ended === 'expired',
      endedUserId,
      retryLoad:
        loading && loadFailed
          ? () => {
              setLoadFailed(false);
              setLoadAttempt((attempt) => attempt + 1);
            }
          : undefined,
    }),
    [session, loading, ended, endedUserId, loadFailed],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
