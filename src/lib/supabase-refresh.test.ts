import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { supabase } from '@/lib/supabase';
import { authUrl, restUrl, server } from '@/test/msw-server';

const USER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

function jwt(claims: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2ln`;
}

function sessionWith(accessToken: string, refreshToken: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: 3600,
    // The device's clock says the token is good for another hour.
    expires_at: now + 3600,
    user: {
      id: USER_ID,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: {},
      created_at: '',
    },
  };
}

describe('the client with a token the server finds expired', () => {
  it('refreshes the session and sends the request once more', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = jwt({ sub: USER_ID, aud: 'authenticated', exp: now - 60 });
    const fresh = jwt({ sub: USER_ID, aud: 'authenticated', exp: now + 3600 });
    localStorage.setItem('sb-localhost-auth-token', JSON.stringify(sessionWith(stale, 'r1')));
    const sent: string[] = [];
    const refreshedWith: unknown[] = [];
    server.use(
      http.get(restUrl('bank_accounts'), ({ request }) => {
        const token = request.headers.get('Authorization') ?? '';
        sent.push(token);
        if (token !== `Bearer ${fresh}`) {
          return HttpResponse.json(
            { code: 'PGRST301', message: 'JWT expired', details: null, hint: null },
            { status: 401 },
          );
        }
        return HttpResponse.json([{ id: 'b1', name: 'Conta Obra' }]);
      }),
      http.post(authUrl('token'), async ({ request }) => {
        refreshedWith.push(await request.json());
        return HttpResponse.json(sessionWith(fresh, 'r2'));
      }),
    );

    const { data, error } = await supabase.from('bank_accounts').select('id, name');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'b1', name: 'Conta Obra' }]);
    expect(sent).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
    expect(refreshedWith).toEqual([{ refresh_token: 'r1' }]);
  });

  it('does not retry other refusals', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = jwt({ sub: USER_ID, aud: 'authenticated', exp: now + 3600 });
    localStorage.setItem('sb-localhost-auth-token', JSON.stringify(sessionWith(token, 'r1')));
    let calls = 0;
    server.use(
      http.get(restUrl('bank_accounts'), () => {
        calls += 1;
        return HttpResponse.json(
          { code: '42501', message: 'permission denied', details: null, hint: null },
          { status: 401 },
        );
      }),
    );
    const { error } = await supabase.from('bank_accounts').select('id');
    expect(error?.code).toBe('42501');
    expect(calls).toBe(1);
  });
});
