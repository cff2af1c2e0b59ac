import type { Session } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import {
  authStorage,
  getRememberMe,
  isStoredHere,
  loadAuth,
  sessionToStartWith,
  setRememberMe,
} from '@/lib/supabase';

describe('authStorage ("Lembrar de mim")', () => {
  it('keeps the session in localStorage by default', async () => {
    expect(getRememberMe()).toBe(true);
    await authStorage.setItem('sb-token', 'abc');
    expect(localStorage.getItem('sb-token')).toBe('abc');
    expect(sessionStorage.getItem('sb-token')).toBeNull();
    expect(await authStorage.getItem('sb-token')).toBe('abc');
  });

  it('keeps it only for the tab when remember me is off', async () => {
    setRememberMe(false);
    await authStorage.setItem('sb-token', 'abc');
    expect(sessionStorage.getItem('sb-token')).toBe('abc');
    expect(localStorage.getItem('sb-token')).toBeNull();
    expect(localStorage.getItem('auth-remember')).toBe('false');
  });

  it('does not resurrect a session from the other storage after switching', async () => {
    await authStorage.setItem('sb-token', 'old');
    setRememberMe(false);
    expect(await authStorage.getItem('sb-token')).toBeNull();
    await authStorage.setItem('sb-token', 'new');
    expect(localStorage.getItem('sb-token')).toBeNull();
    await authStorage.removeItem('sb-token');
    expect(sessionStorage.getItem('sb-token')).toBeNull();
  });
});

describe('sessionToStartWith (a signed-in screen before auth-js has loaded)', () => {
  const USER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';

  /** A session as auth-js stores it, for http://localhost:54321, with this much time left. */
  function storeSession(secondsLeft: number) {
    const expiresAt = Math.floor(Date.now() / 1000) + secondsLeft;
    localStorage.setItem(
      'sb-localhost-auth-token',
      JSON.stringify({
        access_token: `token-${secondsLeft}`,
        refresh_token: 'r',
        token_type: 'bearer',
        expires_in: secondsLeft,
        expires_at: expiresAt,
        user: { id: USER_ID, aud: 'authenticated', app_metadata: {}, user_metadata: {} },
      }),
    );
  }

  it('is the stored session while its access token has more than a minute left', () => {
    storeSession(3600);
    expect(sessionToStartWith()?.access_token).toBe('token-3600');
    expect(sessionToStartWith()?.user.id).toBe(USER_ID);
  });

  it('is null when auth-js must decide: nothing stored, or a token about to expire', () => {
    expect(sessionToStartWith()).toBeNull();
    storeSession(50);
    expect(sessionToStartWith()).toBeNull();
  });

  it('is null on a link that signs in (the password-recovery e-mail)', () => {
    storeSession(3600);
    const before = window.location.href;
    window.history.replaceState(null, '', '/login?redefinir=1#access_token=x&type=recovery');
    try {
      expect(sessionToStartWith()).toBeNull();
    } finally {
      window.history.replaceState(null, '', before);
    }
    expect(sessionToStartWith()).not.toBeNull();
  });

  it('is null once auth-js has loaded: it keeps the session from then on', async () => {
    await loadAuth();
    storeSession(3600);
    expect(sessionToStartWith()).toBeNull();
  });
});

describe("isStoredHere (another tab's session announced to this one)", () => {
  const session = (id: string) =>
    ({
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: { id, aud: 'authenticated', app_metadata: {}, user_metadata: {} },
    }) as unknown as Session;
  const KEY = 'sb-localhost-auth-token';

  it('is true for the session this tab stored, remembered or for the tab only', async () => {
    await authStorage.setItem(KEY, JSON.stringify(session('u1')));
    expect(isStoredHere(session('u1'))).toBe(true);
    setRememberMe(false);
    await authStorage.setItem(KEY, JSON.stringify(session('u1')));
    expect(isStoredHere(session('u1'))).toBe(true);
  });

  it("is false for a tab-only session of another tab (this tab's sessionStorage is empty)", () => {
    setRememberMe(false);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(isStoredHere(session('u1'))).toBe(false);
  });

  it('is false for another user than the one stored here', async () => {
    await authStorage.setItem(KEY, JSON.stringify(session('u2')));
    expect(isStoredHere(session('u1'))).toBe(false);
  });
});
