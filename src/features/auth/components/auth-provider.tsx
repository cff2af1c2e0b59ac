import type { Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from '@/features/auth/lib/auth-context';
import { supabase } from '@/lib/supabase';

/**
 * The session of SPEC §3 (user, session, loading), kept by supabase-js in browser storage with
 * automatic refresh. Cached data never outlives the user it was read for: signing out or signing
 * in as someone else clears the query cache.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [signedOut, setSignedOut] = useState(false);
  const userIdRef = useRef<string | null>(null);

  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((event, next) => {
      // Only state updates here: calling supabase.auth inside this callback would dead-lock it.
      const nextUserId = next?.user.id ?? null;
      if (event === 'SIGNED_OUT' || (userIdRef.current && userIdRef.current !== nextUserId)) {
        queryClient.clear();
      }
      userIdRef.current = nextUserId;
      setSession(next);
      setSignedOut(event === 'SIGNED_OUT');
      setLoading(false);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({ session, user: session?.user ?? null, loading, signedOut }),
    [session, loading, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
