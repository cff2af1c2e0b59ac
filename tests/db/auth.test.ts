// The local auth server (scripts/local-stack/auth/) driven through the real supabase-js,
// as the app uses it, against the embedded stack started by the db project's global setup.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { noExecute, stackEnv } from './helpers';

const stack = stackEnv();

function client(accessToken?: string): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}

function uniqueEmail(): string {
  return `auth-${randomUUID()}@example.com`;
}

function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function signUp(email = uniqueEmail(), password = 'segredo123', fullName = 'Maria Teste') {
  const supabase = client();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { supabase, email, password, session: data.session!, user: data.user! };
}

async function rawAuth(path: string, init: RequestInit & { apiVersion?: boolean } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.apiVersion !== false) headers.set('X-Supabase-Api-Version', '2024-01-01');
  return fetch(`${stack.apiUrl}/auth/v1${path}`, { ...init, headers, redirect: 'manual' });
}

const db = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
afterAll(async () => {
  await db.end();
});

describe('sign-up', () => {
  it('returns a session with user_metadata and stores the user like GoTrue', async () => {
    const email = uniqueEmail();
    const { session, user } = await signUp(email.toUpperCase());

    expect(user.email).toBe(email); // lower-cased as GoTrue does
    expect(user.user_metadata.full_name).toBe('Maria Teste');
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]!.provider).toBe('email');
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toBeTruthy();

    const row = await db.query(
      `select u.encrypted_password like '$2%' as bcrypt, u.confirmed_at is not null as confirmed,
              i.provider_id, i.email as identity_email
         from auth.users u join auth.identities i on i.user_id = u.id where u.id = $1`,
      [user.id],
    );
    expect(row.rows).toEqual([
      { bcrypt: true, confirmed: true, provider_id: user.id, identity_email: email },
    ]);
  });

  it('issues an access token with the claims PostgREST and auth-js read', async () => {
    const { session, user } = await signUp();
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Maria Teste' },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.exp).toBe(session.expires_at);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it('refuses a registered e-mail with user_already_exists', async () => {
    const { email } = await signUp();
    const { data, error } = await client().auth.signUp({ email, password: 'outrasenha1' });
    expect(error?.message).toBe('User already registered');
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
    expect(data.session).toBeNull();
  });

  it('refuses a short password with weak_password', async () => {
    const { error } = await client().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
    expect(error?.message).toBe('Password should be at least 6 characters.');
    expect((error as unknown as { reasons?: string[] }).reasons).toEqual(['length']);
  });

  it('refuses an invalid e-mail with validation_failed', async () => {
    const { error } = await client().auth.signUp({ email: 'not-an-email', password: 'segredo123' });
    expect(error?.code).toBe('validation_failed');
    expect(error?.status).toBe(400);
  });
});

describe('sign-in with password', () => {
  it('signs in and rejects a wrong password or unknown e-mail alike', async () => {
    const { email, password, user } = await signUp();
    const ok = await client().auth.signInWithPassword({ email, password });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.id).toBe(user.id);
    expect(ok.data.user?.last_sign_in_at).toBeTruthy();

    for (const attempt of [
      { email, password: 'senha-errada' },
      { email: uniqueEmail(), password },
    ]) {
      const { data, error } = await client().auth.signInWithPassword(attempt);
      expect(error?.message).toBe('Invalid login credentials');
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.status).toBe(400);
      expect(data.session).toBeNull();
    }
  });

  it('accepts a user inserted the way supabase/seed.sql does', async () => {
    const id = randomUUID();
    const email = uniqueEmail();
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                               confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
               extensions.crypt('demo123456', extensions.gen_salt('bf')), now(),
               '{"provider": "email", "providers": ["email"]}', '{"full_name": "Seed"}', now(), now(), '', '', '', '')`,
      [id, email],
    );
    await db.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values (gen_random_uuid(), $1::text, $1::uuid, json_build_object('sub', $1::text, 'email', $2::text)::jsonb,
               'email', now(), now(), now())`,
      [id, email],
    );
    const { data, error } = await client().auth.signInWithPassword({
      email,
      password: 'demo123456',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.user?.user_metadata.full_name).toBe('Seed');
  });
});

describe('refresh tokens', () => {
  it('rotates, and a token used once fails after its successor was used (family revoked)', async () => {
    const { supabase, session } = await signUp();
    const first = session.refresh_token;

    const r1 = await supabase.auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(r1.data.session!.access_token).toBeTruthy();

    // GoTrue: the direct parent of the active token returns that same active token.
    const again = await client().auth.refreshSession({ refresh_token: first });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(second);

    const r2 = await client().auth.refreshSession({ refresh_token: second });
    expect(r2.error).toBeNull();
    const third = r2.data.session!.refresh_token;

    const reused = await client().auth.refreshSession({ refresh_token: first });
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(reused.data.session).toBeNull();

    // Reuse revoked the whole family: the newest token is dead too.
    const afterAbuse = await client().auth.refreshSession({ refresh_token: third });
    expect(afterAbuse.error?.code).toBe('refresh_token_already_used');
  });

  it('does not know a made-up token', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'nao-existe' });
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('session and user', () => {
  it('getUser works with the access token and fails without a valid one', async () => {
    const { session, user } = await signUp();
    const { data, error } = await client().auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email).toBe(user.email);

    const missing = await rawAuth('/user');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' });
    expect(missing.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const forged = await client().auth.getUser(`${session.access_token.slice(0, -4)}AAAA`);
    expect(forged.error?.code).toBe('bad_jwt');
    expect(forged.error?.status).toBe(403);
  });

  it('sign-out revokes the session: refresh and getUser fail afterwards', async () => {
    const { supabase, session } = await signUp();
    await supabase.auth.setSession({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    });
    const out = await supabase.auth.signOut();
    expect(out.error).toBeNull();

    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');

    // GoTrue answers 403 session_not_found; auth-js turns that into AuthSessionMissingError.
    const user = await client().auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const raw = await rawAuth('/user', {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  it('logout answers 204 and scope=local keeps the other sessions', async () => {
    const { email, password, session } = await signUp();
    const other = await client().auth.signInWithPassword({ email, password });
    const res = await rawAuth('/logout?scope=local', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(204);
    expect(
      (await client().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code,
    ).toBe('refresh_token_not_found');
    expect((await client().auth.getUser(other.data.session!.access_token)).error).toBeNull();
  });

  it('updateUser changes metadata and password (old password then fails)', async () => {
    const { supabase, session, email, password } = await signUp();
    await supabase.auth.setSession({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    });

    const meta = await supabase.auth.updateUser({
      data: { full_name: 'Maria Nova', phone_hint: null },
    });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata.full_name).toBe('Maria Nova');

    const same = await supabase.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');

    const changed = await supabase.auth.updateUser({ password: 'nova-senha-456' });
    expect(changed.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await client().auth.signInWithPassword({ email, password: 'nova-senha-456' })).error,
    ).toBeNull();
  });
});

describe('password recovery', () => {
  it('answers ok for an unknown e-mail without revealing anything', async () => {
    const { data, error } = await client().auth.resetPasswordForEmail(uniqueEmail());
    expect(error).toBeNull();
    expect(data).toEqual({});
  });

  it('the recovery link signs the user in (tokens in the URL fragment) and works only once', async () => {
    const { email, user } = await signUp();
    const { error } = await client().auth.resetPasswordForEmail(email, {
      redirectTo: 'http://127.0.0.1:5173/login',
    });
    expect(error).toBeNull();
    const { rows } = await db.query<{ recovery_token: string }>(
      'select recovery_token from auth.users where id = $1',
      [user.id],
    );
    const token = rows[0]!.recovery_token;
    expect(token).toMatch(/^[0-9a-f]{56}$/);

    const res = await rawAuth(
      `/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent('http://127.0.0.1:5173/login')}`,
      { apiVersion: false },
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:5173/login');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    const recovered = await client().auth.getUser(fragment.get('access_token')!);
    expect(recovered.data.user?.id).toBe(user.id);
    expect(decodeJwt(fragment.get('access_token')!).amr).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);

    const second = await rawAuth(
      `/verify?token=${token}&type=recovery&redirect_to=http://127.0.0.1:5173/login`,
    );
    const failed = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
  });
});

describe('access token against PostgREST', () => {
  it('auth.uid() is the signed-up user: create_company makes them admin, RLS shows only their rows', async () => {
    const { session, user } = await signUp();
    const supabase = client(session.access_token);
    const { data: company, error } = await supabase.rpc('create_company', {
      p_name: 'Construtora Auth Teste',
      p_full_name: 'Maria Teste',
    });
    expect(error).toBeNull();
    expect((company as { created_by: string }).created_by).toBe(user.id);

    const { data: profiles, error: listError } = await supabase
      .from('user_profiles')
      .select('user_id, role');
    expect(listError).toBeNull();
    expect(profiles).toEqual([{ user_id: user.id, role: 'admin' }]);

    const anon = await client().rpc('create_company', { p_name: 'X', p_full_name: 'Y' });
    expect(anon.error).toMatchObject(noExecute('create_company'));
  });
});
