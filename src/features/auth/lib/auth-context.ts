import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export interface AuthState {
  session: Session | null;
  user: User | null;
  /** True until supabase-js has read the stored session (and refreshed it if needed). */
  loading: boolean;
  /** True when the session ended in this tab (signed out), not when there never was one. */
  signedOut: boolean;
  /**
   * True when it ended without "Sair" (revoked from another device, refresh refused): /auth says
   * so, and signing in again returns to the page, whose open form was kept as a draft.
   */
  sessionExpired?: boolean;
  /** The user whose session last ended in this tab: only they return to the page they were on. */
  endedUserId?: string | null;
  /**
   * Set while `loading` because the session code could not be fetched (offline at the first
   * visit): the gate says "Sem conexão" and this tries again.
   */
  retryLoad?: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() used outside <AuthProvider>');
  return auth;
}
