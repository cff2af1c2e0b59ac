import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { applySessionChange } from '@/lib/session-end';
import { signOut } from '@/lib/sign-out';
import { loadAuth } from '@/lib/supabase';
import { authUrl, server } from '@/test/msw-server';
import { userStorageKey } from '@/lib/user-storage';

const USER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/** A stored, unexpired session of USER_ID, as supabase-js keeps it. */
function storeSession() {
  const now = Math.floor(Date.now() / 1000);
  const payload = btoa(JSON.stringify({ sub: USER_ID, exp: now + 3600, aud: 'authenticated' }));
  const session = {
    access_token: `e30.${payload}.sig`,
    refresh_token: 'r',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: {
      id: USER_ID,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: '',
    },
  };
  // The storage key supabase-js derives from the project URL (http://localhost:54321).
  localStorage.setItem('sb-localhost-auth-token', JSON.stringify(session));
}

describe('signOut', () => {
  it('makes the SIGNED_OUT that follows a sign-out: the user drafts go', async () => {
    storeSession();
    let loggedOut = false;
    server.use(
      http.post(authUrl('logout'), () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const draft = userStorageKey(USER_ID, 'lancar-draft:alfa:payable');
    localStorage.setItem(draft, '{"description":"Areia"}');

    await signOut();
    expect(loggedOut).toBe(true);
    expect((await (await loadAuth()).getSession()).data.session).toBeNull();
    expect(applySessionChange(new QueryClient(), 'SIGNED_OUT', USER_ID, null)).toBe('signed-out');
    expect(localStorage.getItem(draft)).toBeNull();
  });

  it('fails without a network and leaves the session as it was: a later end is not a sign-out', async () => {
    storeSession();
    server.use(http.post(authUrl('logout'), () => HttpResponse.error()));

    await expect(signOut()).rejects.toThrow();
    expect((await (await loadAuth()).getSession()).data.session?.user.id).toBe(USER_ID);
    expect(applySessionChange(new QueryClient(), 'SIGNED_OUT', USER_ID, null)).toBe('expired');
  });
});
