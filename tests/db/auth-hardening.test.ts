// The local auth stand-in attacked the obvious ways: brute force on a 6-digit code and on a
// password, a forged token without `exp`, an open redirect, and the stack pointed at a real
// Supabase database or at a network interface. Through supabase-js and HTTP against the db
// project's stack (whose per-IP limits are raised, per-address ones kept: TEST_AUTH_RATE_LIMITS),
// and against a handler of our own where a test needs small limits.
import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { createAuthHandler } from '../../scripts/local-stack/auth/handler';
import { globToRegExp, isRedirectAllowed } from '../../scripts/local-stack/auth/redirect';
import { BOOTSTRAP_SQL, JWT_SECRET } from '../../scripts/local-stack/config';
import { signJwt } from '../../scripts/local-stack/jwt';
import { assertLoopbackHost } from '../../scripts/local-stack/loopback';
import { assertNotSupabasePlatform } from '../../scripts/local-stack/platform-guard';
import { startStack } from '../../scripts/local-stack/stack';
import { createUser, stackEnv, uniqueEmail } from './helpers';

const stack = stackEnv();
const db = new pg.Pool({ connectionString: stack.dbUrl, max: 3 });
afterAll(async () => {
  await db.end();
});

function client() {
  return createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

async function rawAuth(
  urlPath: string,
  init: RequestInit = {},
  apiUrl = `${stack.apiUrl}/auth/v1`,
) {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  headers.set('X-Supabase-Api-Version', '2024-01-01');
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${apiUrl}${urlPath}`, { ...init, headers, redirect: 'manual' });
}

/**
 * Asks for a recovery code through the API, then replaces it with one the test knows, stored
 * exactly as POST /recover stores it (GoTrue's hex(sha224(email + code))): the real code is only
 * printed to the stack's log, which a test worker cannot read.
 */
async function recoveryCode(email: string): Promise<string> {
  const { error } = await client().auth.resetPasswordForEmail(email);
  expect(error).toBeNull();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = createHash('sha224')
    .update(email + code)
    .digest('hex');
  const { rowCount } = await db.query(
    'update auth.users set recovery_token = $2 where email = $1 and recovery_token <> $3',
    [email, hash, ''],
  );
  expect(rowCount).toBe(1);
  return code;
}

describe('brute force on a 6-digit recovery code', () => {
  it('is stopped with 429 before the code is found; then even the right code is refused', async () => {
    const { email } = await createUser();
    const code = await recoveryCode(email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    const statuses: number[] = [];
    let limited: { code?: string; message: string; status?: number } | null = null;
    for (let i = 0; i < 50 && !limited; i++) {
      const { error } = await client().auth.verifyOtp({ email, token: wrong(i), type: 'recovery' });
      if (error?.status === 429) limited = error;
      else {
        expect(error?.code).toBe('otp_expired');
        statuses.push(error?.status ?? 0);
      }
    }
    // Five wrong guesses per address and 5 minutes (DEFAULT_RATE_LIMITS.verifyPerEmail).
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    expect(limited).toMatchObject({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
      status: 429,
    });

    const right = await client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.error?.code).toBe('over_request_rate_limit');
    expect(right.data.session).toBeNull();
  });

  it('limits per address: another account, from the same IP, verifies its own code', async () => {
    const attacked = await createUser();
    expect((await client().auth.resetPasswordForEmail(attacked.email)).error).toBeNull();
    for (let i = 0; i < 6; i++) {
      await client().auth.verifyOtp({ email: attacked.email, token: '000000', type: 'recovery' });
    }
    const other = await createUser();
    const code = await recoveryCode(other.email);
    const { data, error } = await client().auth.verifyOtp({
      email: other.email,
      token: code,
      type: 'recovery',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(other.user.id);
  });
});

describe('wrong-password flood', () => {
  it('gets 429 over_request_rate_limit after 10 failures, and then the right password too', async () => {
    const { email, password } = await createUser();
    for (let i = 0; i < 10; i++) {
      const { error } = await client().auth.signInWithPassword({ email, password: `errada-${i}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const flooded = await rawAuth('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'errada-final' }),
    });
    expect(flooded.status).toBe(429);
    expect(await flooded.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const right = await client().auth.signInWithPassword({ email, password });
    expect(right.error?.code).toBe('over_request_rate_limit');
    expect(right.error?.status).toBe(429);
  });
});

describe('per-IP limit (sliding window)', () => {
  it('refuses the 4th sign-in from one IP within the window and admits it once the window slid', async () => {
    const pool = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
    const handler = createAuthHandler({
      pool,
      jwtSecret: JWT_SECRET,
      log: () => undefined,
      rateLimits: { signInPerIp: { max: 3, windowSeconds: 1 } },
    });
    const server = http.createServer((req, res) => void handler(req, res, req.url ?? '/'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signIn = async () =>
      (
        await rawAuth(
          '/token?grant_type=password',
          { method: 'POST', body: JSON.stringify({ email: uniqueEmail(), password: 'x-123456' }) },
          base,
        )
      ).status;
    try {
      expect([await signIn(), await signIn(), await signIn(), await signIn()]).toEqual([
        400, 400, 400, 429,
      ]);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await signIn()).toBe(400);
    } finally {
      server.close();
      await pool.end();
    }
  });
});

describe('access tokens', () => {
  async function realSession() {
    const { email, password } = await createUser();
    const { data } = await client().auth.signInWithPassword({ email, password });
    const claims = JSON.parse(
      Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    return claims;
  }

  it('refuses a validly signed token without exp (it would never expire)', async () => {
    const claims = await realSession();
    delete claims.exp;
    const res = await rawAuth('/user', {
      headers: { Authorization: `Bearer ${signJwt(claims, JWT_SECRET)}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'bad_jwt',
      message:
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is missing required claim: exp claim is required',
    });
  });

  it('refuses an expired token', async () => {
    const claims = await realSession();
    const res = await rawAuth('/user', {
      headers: {
        Authorization: `Bearer ${signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, JWT_SECRET)}`,
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'bad_jwt',
      message: expect.stringContaining('token is expired') as string,
    });
  });
});

describe('redirect_to', () => {
  it('a link naming another host sends the user to the site URL instead', async () => {
    const res = await rawAuth(
      `/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith('http://127.0.0.1:5173/#')).toBe(true);
    expect(location).toContain('error_code=otp_expired');
  });

  it('keeps a return address on the site host, a loopback IP or the allow-list', async () => {
    for (const target of ['http://127.0.0.1:4173/auth', 'http://localhost:5173/login']) {
      const res = await rawAuth(
        `/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(target)}`,
      );
      expect(res.headers.get('location')?.startsWith(`${target}#`)).toBe(true);
    }
  });

  it.each([
    ['https://evil.example/', false],
    ['http://127.0.0.1.evil.example/', false],
    ['http://3232235521/', false], // 192.168.0.1 written as one decimal number
    ['\thttp://evil.example/', false],
    ['javascript:alert(1)', false],
    ['http://127.0.0.1:5173/login', true],
    ['http://127.0.0.1:9999/x', true], // any port on a loopback site host
    ['https://127.0.0.1:5173/', true], // a loopback IP
    ['http://localhost:5173/auth#x', true], // allow-list, fragment ignored
    ['http://localhost.evil.example:5173/', false],
  ])('%s allowed: %s', (url, allowed) => {
    const allowList = ['http://localhost:*', 'http://localhost:*/**'].map(globToRegExp);
    expect(isRedirectAllowed('http://127.0.0.1:5173', allowList, url)).toBe(allowed);
  });
});

describe('never on a real Supabase database', () => {
  it('bootstrap.sql and the stack refuse a database with a supabase_admin that is not ours', async () => {
    // The local cluster has a supabase_admin too (shaped like hosted), marked by a role comment
    // only a superuser can set. Without that mark it is hosted's: both checks refuse.
    const su = new pg.Client({ connectionString: stackEnv().adminDbUrl });
    await su.connect();
    try {
      // Inside a transaction that is rolled back: no other test ever sees the change.
      await su.query('begin');
      await su.query('comment on role supabase_admin is null');
      await expect(assertNotSupabasePlatform(su)).rejects.toThrow(
        /Supabase platform database \(role supabase_admin\)/,
      );
      await su.query('savepoint before_bootstrap');
      await expect(su.query(readFileSync(BOOTSTRAP_SQL, 'utf8'))).rejects.toThrow(
        'local stack bootstrap refused: this is a Supabase platform database (role supabase_admin)',
      );
      await su.query('rollback to savepoint before_bootstrap');
    } finally {
      await su.query('rollback');
      await su.end();
    }
    // With the mark the same checks pass (the stack's own database).
    await expect(assertNotSupabasePlatform(db)).resolves.toBeUndefined();
  });

  it('refuses a database with another platform role, and postgres cannot forge the mark', async () => {
    const conn = await db.connect();
    try {
      await conn.query('begin');
      await conn.query('create role supabase_realtime_admin');
      await expect(assertNotSupabasePlatform(conn)).rejects.toThrow(
        /Supabase platform database \(role supabase_realtime_admin\)/,
      );
      await conn.query('rollback');
      // As on hosted, `postgres` may not comment on the superuser: the mark cannot be forged.
      await expect(
        conn.query(`comment on role supabase_admin is 'app-financas local stack superuser'`),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await conn.query('rollback');
      conn.release();
    }
  });
});

describe('loopback only', () => {
  it('refuses to bind the gateway to anything but loopback', async () => {
    expect(() => assertLoopbackHost('0.0.0.0')).toThrow(/loopback/);
    expect(() => assertLoopbackHost('192.168.0.10')).toThrow(/loopback/);
    expect(() => assertLoopbackHost('::')).toThrow(/loopback/);
    expect(() => assertLoopbackHost('127.0.0.1')).not.toThrow();
    await expect(
      startStack({
        dataDir: path.join(os.tmpdir(), 'app-financas-never-created'),
        persistent: false,
        apiPort: 1,
        dbPort: 2,
        seed: false,
        host: '0.0.0.0',
      }),
    ).rejects.toThrow(/binds only to loopback addresses/);
  });
});
