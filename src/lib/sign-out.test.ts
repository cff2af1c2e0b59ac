import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySessionChange } from '@/lib/session-end';
import { signOut } from '@/lib/sign-out';
import { loadAuth } from '@/lib/supabase';
import { authUrl, rpcUrl, server } from '@/test/msw-server';
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

  it('clears the installed app’s badge: the icon shows no count of whoever signed out', async () => {
    storeSession();
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
    server.use(http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })));
    try {
      await signOut();
    } finally {
      Reflect.deleteProperty(navigator, 'clearAppBadge');
    }
    expect(clearAppBadge).toHaveBeenCalled();
  });

  describe('on a device with phone notifications', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    });

    function deviceWithPush() {
      const unsubscribe = vi.fn(() => Promise.resolve(true));
      const subscription = { endpoint: 'https://push.example.com/send/x', unsubscribe };
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: {
          getRegistration: () =>
            Promise.resolve({
              pushManager: { getSubscription: () => Promise.resolve(subscription) },
            }),
        },
      });
      return unsubscribe;
    }

    it('the next person on a shared phone gets none of theirs: the server forgets it, the browser drops it', async () => {
      storeSession();
      const unsubscribe = deviceWithPush();
      const deleted: unknown[] = [];
      server.use(
        http.post(rpcUrl('delete_push_subscription'), async ({ request }) => {
          deleted.push(await request.json());
          return new HttpResponse(null, { status: 204 });
        }),
        http.post(authUrl('logout'), () => new HttpResponse(null, { status: 204 })),
      );
      await signOut();
      expect(deleted).toEqual([{ p_endpoint: 'https://push.example.com/send/x' }]);
      expect(unsubscribe).toHaveBeenCalled();
    });

    it('the server unreachable: the browser still drops it and the sign-out goes on', async () => {
      storeSession();
      const unsubscribe = deviceWithPush();
      let loggedOut = false;
      server.use(
        http.post(rpcUrl('delete_push_subscription'), () => HttpResponse.error()),
        http.post(authUrl('logout'), () => {
          loggedOut = true;
          return new HttpResponse(null, { status: 204 });
        }),
      );
      await signOut();
      expect(loggedOut).toBe(true);
      expect(unsubscribe).toHaveBeenCalled();
    });
  });
});
