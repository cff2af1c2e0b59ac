// A small GoTrue-compatible auth server for the local embedded stack.
//
// DEVELOPMENT AND TEST STAND-IN — NEVER A PRODUCTION SERVER. It speaks the part of the GoTrue
// (supabase/auth) HTTP API that supabase-js (auth-js v2) uses, with GoTrue's status codes, error
// codes and messages, and keeps its data in GoTrue's own tables (auth.users, auth.identities,
// auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims — see bootstrap.sql). It sends no
// e-mail: recovery and e-mail-change links are printed through `log`. No rate limits, no captcha,
// no MFA, no PKCE, no phone, no OAuth providers. Behaviour as with `mailer_autoconfirm = true`.
//
// Mounted by the gateway (scripts/local-stack/stack.ts) under /auth/v1; CORS is the gateway's job.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool, PoolClient } from 'pg';
import { signJwt, verifyJwt, type JwtPayload } from './jwt.ts';

export interface AuthHandlerOptions {
  /** A pg Pool connected as the postgres superuser. */
  pool: Pool;
  /** HS256 secret, the same PostgREST checks. */
  jwtSecret: string;
  /** Where recovery links and similar notices go (the "mailbox" of the local stack). */
  log?: (line: string) => void;
  /** Access token lifetime in seconds (GoTrue JWT_EXP). Default 3600. */
  jwtExpiry?: number;
  /**
   * Seconds during which a revoked refresh token may still be exchanged (GoTrue
   * REFRESH_TOKEN_REUSE_INTERVAL). Default 0: strictly single use, apart from GoTrue's rule that
   * the direct parent of the session's active token returns that active token.
   */
  refreshTokenReuseInterval?: number;
  /** Default redirect target of e-mail links (GoTrue SITE_URL). Default http://127.0.0.1:5173. */
  siteUrl?: string;
  /** Public URL of the auth API (`.../auth/v1`); default derived from the request's Host header. */
  externalUrl?: string;
  /** Lifetime of e-mailed links/codes in seconds (GoTrue MAILER_OTP_EXP). Default 3600. */
  otpExpiry?: number;
}

export type AuthHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => Promise<void>;

// ---------------------------------------------------------------------------------------------
// Errors, shaped as GoTrue shapes them.
// ---------------------------------------------------------------------------------------------

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** GoTrue's OAuth-style errors (`{error, error_description}`, always 400). */
class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const badRequest = (code: string, msg: string) => new HttpError(400, code, msg);
const unprocessable = (code: string, msg: string) => new HttpError(422, code, msg);
const forbidden = (code: string, msg: string) => new HttpError(403, code, msg);

const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';
const INVALID_LOGIN = 'Invalid login credentials';
const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 72;
const DEFAULT_AUD = 'authenticated';
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Close to the checkmail format check GoTrue uses.
const EMAIL_RE =
  /^(?:[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-])+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** The API version the request asked for: '2024-01-01' or null (GoTrue's initial version). */
function requestedApiVersion(req: IncomingMessage): string | null {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  return value.trim() >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  log: (l: string) => void,
): void {
  const version = requestedApiVersion(req);
  if (version) res.setHeader(API_VERSION_HEADER, version);
  if (err instanceof OAuthError) {
    sendJson(res, 400, { error: err.error, error_description: err.description });
    return;
  }
  let e: HttpError;
  if (err instanceof HttpError) {
    e = err;
  } else {
    log(
      `[auth] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    e = new HttpError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    );
  }
  if (version) {
    sendJson(res, e.status, { code: e.errorCode, message: e.message, ...e.extra });
  } else {
    sendJson(res, e.status, {
      code: e.status,
      error_code: e.errorCode,
      msg: e.message,
      ...e.extra,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Request helpers.
// ---------------------------------------------------------------------------------------------

const MAX_BODY = 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY) throw badRequest('bad_json', 'Request body too large');
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Record<string, unknown>;
}

function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: field "${key}" must be a string`,
    );
  }
  return v;
}

function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const v = body[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: field "${key}" must be an object`,
    );
  }
  return v as Record<string, unknown>;
}

function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

function checkPasswordStrength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
}

/** GoTrue's token hash: hex(sha224(emailOrPhone + otp)). */
function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Users as GoTrue serialises them.
// ---------------------------------------------------------------------------------------------

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  deleted_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  confirmed_at, banned_until, is_anonymous, deleted_at`;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

function isBanned(u: UserRow): boolean {
  return u.banned_until !== null && u.banned_until.getTime() > Date.now();
}

async function loadIdentities(db: Pool | PoolClient, userId: string): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at nulls first, id`,
    [userId],
  );
  return r.rows;
}

function userJson(u: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

// ---------------------------------------------------------------------------------------------
// The handler.
// ---------------------------------------------------------------------------------------------

export function createAuthHandler(options: AuthHandlerOptions): AuthHandler {
  const { pool, jwtSecret } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const jwtExpiry = options.jwtExpiry ?? 3600;
  const reuseInterval = options.refreshTokenReuseInterval ?? 0;
  const siteUrl = options.siteUrl ?? 'http://127.0.0.1:5173';
  const otpExpiry = options.otpExpiry ?? 3600;

  function externalUrl(req: IncomingMessage): string {
    if (options.externalUrl) return options.externalUrl.replace(/\/$/, '');
    const host = req.headers.host ?? '127.0.0.1:54321';
    return `http://${host}/auth/v1`;
  }

  /** GoTrue's GetReferrer, relaxed: any absolute http(s) URL is allowed locally. */
  function referrer(
    req: IncomingMessage,
    query: URLSearchParams,
    body?: Record<string, unknown>,
  ): string {
    const fromQuery = query.get('redirect_to');
    if (fromQuery && isHttpUrl(fromQuery)) return fromQuery;
    const fromBody = body && typeof body.redirect_to === 'string' ? body.redirect_to : '';
    if (fromBody && isHttpUrl(fromBody)) return fromBody;
    const ref = req.headers.referer;
    if (ref && isHttpUrl(ref)) return ref;
    return siteUrl;
  }

  async function tx<T>(fn: (c: PoolClient) => Promise<T>): Promise<T> {
    const c = await pool.connect();
    try {
      await c.query('begin');
      const out = await fn(c);
      await c.query('commit');
      return out;
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }

  async function findUserById(
    db: Pool | PoolClient,
    id: string,
    forUpdate = false,
  ): Promise<UserRow | null> {
    const r = await db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where id = $1${forUpdate ? ' for update' : ''}`,
      [id],
    );
    return r.rows[0] ?? null;
  }

  async function findUserByEmail(
    db: Pool | PoolClient,
    email: string,
    aud: string,
  ): Promise<UserRow | null> {
    // GoTrue also requires instance_id = nil UUID; seeds commonly leave it NULL, so accept both.
    const r = await db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users
        where lower(email) = lower($1) and coalesce(aud, $2) = $2 and is_sso_user = false
          and coalesce(instance_id, '${NIL_UUID}'::uuid) = '${NIL_UUID}'::uuid
        order by created_at nulls last limit 1`,
      [email, aud],
    );
    return r.rows[0] ?? null;
  }

  async function authenticate(
    db: Pool | PoolClient,
    userId: string,
    password: string,
  ): Promise<boolean> {
    const r = await db.query<{ ok: boolean }>(
      `select coalesce(encrypted_password like '$2%' and
                       encrypted_password = extensions.crypt($2, encrypted_password), false) as ok
         from auth.users where id = $1`,
      [userId, password],
    );
    return r.rows[0]?.ok === true;
  }

  async function accessToken(
    c: PoolClient,
    user: UserRow,
    sessionId: string,
    iss: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const amr = await c.query<{ method: string; ts: number }>(
      `select authentication_method as method, extract(epoch from updated_at)::bigint::int as ts
         from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
      [sessionId],
    );
    const session = await c.query<{ aal: string | null }>(
      'select aal from auth.sessions where id = $1',
      [sessionId],
    );
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + jwtExpiry;
    const claims: JwtPayload = {
      iss,
      sub: user.id,
      aud: user.aud || DEFAULT_AUD,
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal: session.rows[0]?.aal ?? 'aal1',
      amr: amr.rows.map((a) => ({ method: a.method, timestamp: a.ts })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    };
    return { token: signJwt(claims, jwtSecret), expiresAt: exp };
  }

  /** GoTrue's issueRefreshToken: new session, first refresh token, amr claim, access token. */
  async function issueSession(
    c: PoolClient,
    userId: string,
    method: 'password' | 'otp',
    req: IncomingMessage,
  ): Promise<Record<string, unknown>> {
    const sessionId = randomUUID();
    const ua = req.headers['user-agent'] ?? null;
    await c.query(
      `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`,
      [userId],
    );
    await c.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4)`,
      [sessionId, userId, ua, normalizeIp(req.socket.remoteAddress)],
    );
    await c.query(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       values ($1, now(), now(), $2, $3)`,
      [sessionId, method, randomUUID()],
    );
    const refresh = newRefreshToken();
    await c.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, $3, false, now(), now(), null, $4)`,
      [NIL_UUID, refresh, userId, sessionId],
    );
    const user = (await findUserById(c, userId))!;
    return tokenResponse(c, user, sessionId, refresh, req);
  }

  async function tokenResponse(
    c: PoolClient,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    req: IncomingMessage,
  ): Promise<Record<string, unknown>> {
    const { token, expiresAt } = await accessToken(c, user, sessionId, externalUrl(req));
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: jwtExpiry,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user, await loadIdentities(c, user.id)),
    };
  }

  /** GoTrue's requireAuthentication: Bearer JWT, user from `sub`, session from `session_id`. */
  async function requireAuth(
    req: IncomingMessage,
  ): Promise<{ user: UserRow; sessionId: string | null }> {
    const header = req.headers.authorization ?? '';
    const m = /^bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new HttpError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const token = m[1]!;
    const claims = verifyJwt(token, jwtSecret);
    if (!claims) {
      throw forbidden(
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${jwtProblem(token)}`,
      );
    }
    const sub = typeof claims.sub === 'string' ? claims.sub : '';
    if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_RE.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(pool, sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
    if (sid !== '' && sid !== NIL_UUID) {
      if (!UUID_RE.test(sid))
        throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const s = await pool.query('select 1 from auth.sessions where id = $1', [sid]);
      if (s.rowCount === 0) {
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      return { user, sessionId: sid };
    }
    return { user, sessionId: null };
  }

  // ------------------------------------------------------------------ endpoints

  async function signup(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    let email = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    const data = obj(body, 'data') ?? {};

    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password);
    if (email !== '' && phone !== '') {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    if (email === '' && phone !== '')
      throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (email === '')
      throw badRequest('validation_failed', 'Sign up only available with email provider');
    email = validateEmail(email);

    const response = await tx(async (c) => {
      const existing = await findUserByEmail(c, email, DEFAULT_AUD);
      if (existing) {
        // With autoconfirm GoTrue answers 422 for a confirmed user. (An unconfirmed one cannot
        // come from this server, which confirms on sign-up; it is refused the same way.)
        throw unprocessable('user_already_exists', 'User already registered');
      }
      const id = randomUUID();
      const appMeta = { provider: 'email', providers: ['email'] };
      try {
        await c.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
              confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
              raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
           values ($1, $2, $3, 'authenticated', $4, extensions.crypt($5, extensions.gen_salt('bf')), now(),
              '', '', '', '', $6, $7, null, now(), now(), false, false)`,
          [
            NIL_UUID,
            id,
            DEFAULT_AUD,
            email,
            password,
            JSON.stringify(appMeta),
            JSON.stringify(data),
          ],
        );
      } catch (e) {
        if ((e as { code?: string }).code === '23505') {
          throw unprocessable('user_already_exists', 'User already registered');
        }
        throw e;
      }
      const identityData: Record<string, unknown> = {
        sub: id,
        email,
        email_verified: false,
        phone_verified: false,
      };
      for (const [k, v] of Object.entries(data)) if (!(k in identityData)) identityData[k] = v;
      await c.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, id)
         values ($1, $2, $3, 'email', now(), now(), now(), $4)`,
        [id, id, JSON.stringify(identityData), randomUUID()],
      );
      return issueSession(c, id, 'password', req);
    });
    sendJson(res, 200, response);
  }

  async function passwordGrant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const email = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    if (email !== '' && phone !== '') {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on login.',
      );
    }
    if (email === '' && phone !== '')
      throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (email === '') throw badRequest('validation_failed', 'missing email or phone');

    const user = await findUserByEmail(pool, email, DEFAULT_AUD);
    if (!user || !user.encrypted_password) throw badRequest('invalid_credentials', INVALID_LOGIN);
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (!(await authenticate(pool, user.id, password)))
      throw badRequest('invalid_credentials', INVALID_LOGIN);
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

    const response = await tx((c) => issueSession(c, user.id, 'password', req));
    // GoTrue reports (without refusing) a password that no longer meets the strength rules.
    if (password.length < MIN_PASSWORD_LENGTH) {
      response.weak_password = {
        message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
        reasons: ['length'],
      };
    }
    sendJson(res, 200, response);
  }

  async function refreshGrant(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const refreshToken = str(body, 'refresh_token');
    if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required');

    const response = await tx(async (c) => {
      const tr = await c.query<{
        id: string;
        token: string;
        user_id: string;
        revoked: boolean | null;
        updated_at: Date | null;
        session_id: string | null;
      }>(
        `select id, token, user_id, revoked, updated_at, session_id
           from auth.refresh_tokens where token = $1 for update`,
        [refreshToken],
      );
      const token = tr.rows[0];
      if (!token || !UUID_RE.test(token.user_id)) {
        throw badRequest(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      }
      const user = await findUserById(c, token.user_id);
      if (!user)
        throw badRequest(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
      const session = token.session_id
        ? (
            await c.query('select id from auth.sessions where id = $1 for update', [
              token.session_id,
            ])
          ).rows[0]
        : undefined;
      if (!session) {
        await c.query('delete from auth.refresh_tokens where id = $1', [token.id]);
        return {
          commitError: badRequest(
            'session_not_found',
            'Invalid Refresh Token: No Valid Session Found',
          ),
        };
      }
      const sessionId = token.session_id!;

      let issued: string | null = null;
      if (token.revoked) {
        const active = await c.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens
            where session_id = $1 and revoked = false order by id desc limit 1`,
          [sessionId],
        );
        const current = active.rows[0];
        if (current && current.parent === token.token) {
          // The client lost the answer of its last refresh: hand back the active token.
          issued = current.token;
        } else {
          const reuseUntil = (token.updated_at?.getTime() ?? 0) + reuseInterval * 1000;
          if (Date.now() > reuseUntil) {
            // Reuse detected: revoke the whole family (rotation is on) and commit that.
            await c.query(
              'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
              [sessionId],
            );
            return {
              commitError: badRequest(
                'refresh_token_already_used',
                'Invalid Refresh Token: Already Used',
              ),
            };
          }
        }
      }
      if (issued === null) {
        await c.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
          [token.id],
        );
        issued = newRefreshToken();
        await c.query(
          `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
           values ($1, $2, $3, false, now(), now(), $4, $5)`,
          [NIL_UUID, issued, user.id, token.token, sessionId],
        );
      }
      await c.query(
        `update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now(), user_agent = $2 where id = $1`,
        [sessionId, req.headers['user-agent'] ?? null],
      );
      return { ok: await tokenResponse(c, user, sessionId, issued, req) };
    });
    if ('commitError' in response) throw response.commitError;
    sendJson(res, 200, response.ok);
  }

  async function logout(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const scopeParam = query.get('scope') ?? '';
    if (!['', 'global', 'local', 'others'].includes(scopeParam)) {
      throw badRequest('validation_failed', `Unsupported logout scope "${scopeParam}"`);
    }
    const scope = scopeParam === '' ? 'global' : scopeParam;
    const { user, sessionId } = await requireAuth(req);
    await tx(async (c) => {
      if (sessionId && scope === 'local') {
        await c.query('delete from auth.sessions where id = $1', [sessionId]);
      } else if (sessionId && scope === 'others') {
        await c.query('delete from auth.sessions where user_id = $1 and id <> $2', [
          user.id,
          sessionId,
        ]);
      } else {
        await c.query('delete from auth.sessions where user_id = $1', [user.id]);
        await c.query('delete from auth.refresh_tokens where user_id = $1', [user.id]);
      }
    });
    res.statusCode = 204;
    res.end();
  }

  async function getUser(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { user } = await requireAuth(req);
    sendJson(res, 200, userJson(user, await loadIdentities(pool, user.id)));
  }

  async function updateUser(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const body = await readJson(req);
    const { user, sessionId } = await requireAuth(req);
    let email = str(body, 'email');
    const phone = str(body, 'phone');
    const password =
      body.password === undefined || body.password === null ? null : str(body, 'password');
    const data = obj(body, 'data');
    if (body.app_metadata !== undefined && body.app_metadata !== null) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    if (email !== '') email = validateEmail(email);
    if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (password !== null) checkPasswordStrength(password);

    const emailChanges = email !== '' && email !== (user.email ?? '').toLowerCase();
    if (emailChanges) {
      const dup = await findUserByEmail(pool, email, user.aud || DEFAULT_AUD);
      if (dup && dup.id !== user.id) {
        throw unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
    }
    if (password !== null && password !== '' && (await authenticate(pool, user.id, password))) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }

    await tx(async (c) => {
      await findUserById(c, user.id, true);
      if (password !== null) {
        // Like GoTrue's UpdatePassword: clear pending tokens, sign out every other session.
        await c.query(
          `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')),
              confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
              email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
              reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
            where id = $1`,
          [user.id, password],
        );
        if (sessionId) {
          await c.query('delete from auth.sessions where user_id = $1 and id <> $2', [
            user.id,
            sessionId,
          ]);
        } else {
          await c.query('delete from auth.sessions where user_id = $1', [user.id]);
        }
      }
      if (data) {
        // GoTrue merges: keys with null values are removed, others set.
        await c.query(
          `update auth.users set updated_at = now(), raw_user_meta_data =
              (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb)
              - array(select key from jsonb_each($2::jsonb) where value = 'null'::jsonb)
            where id = $1`,
          [user.id, JSON.stringify(data)],
        );
      }
      if (emailChanges) {
        // Permanent users confirm a new address through a link (single confirmation here).
        const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const hash = tokenHash(email, otp);
        await c.query(
          `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = '',
              email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
            where id = $1`,
          [user.id, email, hash],
        );
        const link = `${externalUrl(req)}/verify?token=${hash}&type=email_change&redirect_to=${encodeURIComponent(
          referrer(req, query, body),
        )}`;
        log(
          `[auth] e-mail change for ${user.email ?? user.id} -> ${email}: open ${link} (code ${otp})`,
        );
      }
    });
    const fresh = (await findUserById(pool, user.id))!;
    sendJson(res, 200, userJson(fresh, await loadIdentities(pool, user.id)));
  }

  async function recover(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const body = await readJson(req);
    const email = validateEmail(str(body, 'email'));
    const user = await findUserByEmail(pool, email, DEFAULT_AUD);
    if (user) {
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const hash = tokenHash(user.email ?? email, otp);
      await pool.query(
        `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
        [user.id, hash],
      );
      const link = `${externalUrl(req)}/verify?token=${hash}&type=recovery&redirect_to=${encodeURIComponent(
        referrer(req, query, body),
      )}`;
      log(`[auth] password recovery for ${user.email}: open ${link} (code ${otp})`);
    }
    sendJson(res, 200, {});
  }

  /** Finds the user a token hash belongs to, for the given verification type. */
  async function userForTokenHash(
    c: PoolClient,
    type: string,
    hash: string,
  ): Promise<UserRow | null> {
    let column: string;
    let sentAt: string;
    switch (type) {
      case 'recovery':
      case 'magiclink':
        column = 'recovery_token';
        sentAt = 'recovery_sent_at';
        break;
      case 'signup':
      case 'invite':
      case 'email':
        column = 'confirmation_token';
        sentAt = 'confirmation_sent_at';
        break;
      case 'email_change':
        column = 'email_change_token_new';
        sentAt = 'email_change_sent_at';
        break;
      default:
        throw badRequest('validation_failed', 'Unsupported verification type');
    }
    if (hash === '') return null;
    const r = await c.query<{ id: string }>(
      `select id from auth.users where ${column} = $1 and ${sentAt} > now() - make_interval(secs => $2)
        for update`,
      [hash, otpExpiry],
    );
    const id = r.rows[0]?.id;
    return id ? findUserById(c, id) : null;
  }

  /** Applies a verified token (recovery/magic link/signup/email change) and opens a session. */
  async function applyVerification(
    c: PoolClient,
    type: string,
    user: UserRow,
    req: IncomingMessage,
  ): Promise<Record<string, unknown>> {
    if (type === 'email_change') {
      const newEmail = user.email_change ?? '';
      const clash = await findUserByEmail(c, newEmail, user.aud || DEFAULT_AUD);
      if (clash && clash.id !== user.id) {
        throw unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      await c.query(
        `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
            email_change_token_current = '', email_change_confirm_status = 0, email_change_sent_at = null,
            email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1`,
        [user.id],
      );
      await c.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
            updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [user.id, newEmail],
      );
    } else {
      await c.query(
        `update auth.users set recovery_token = '', recovery_sent_at = null, confirmation_token = '',
            email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1`,
        [user.id],
      );
    }
    return issueSession(c, user.id, 'otp', req);
  }

  async function verifyGet(
    req: IncomingMessage,
    res: ServerResponse,
    query: URLSearchParams,
  ): Promise<void> {
    const token = query.get('token') ?? '';
    const type = query.get('type') ?? '';
    if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
    if (token === '')
      throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    const redirectTo = referrer(req, query);
    let location: string;
    try {
      const session = await tx(async (c) => {
        const user = await userForTokenHash(c, type, token);
        if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
        return applyVerification(c, type, user, req);
      });
      const fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: String(session.token_type),
        type,
      });
      location = `${redirectTo.split('#')[0]}#${fragment.toString()}`;
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const u = new URL(redirectTo);
      const hq = new URLSearchParams();
      const oauth = {
        400: 'invalid_request',
        401: 'unauthorized_client',
        403: 'access_denied',
        500: 'server_error',
      }[e.status as 400 | 401 | 403 | 500];
      if (oauth) hq.set('error', oauth);
      hq.set('error_code', e.errorCode);
      hq.set('error_description', e.message);
      u.hash = hq.toString();
      location = u.toString();
    }
    res.statusCode = 303;
    res.setHeader('Location', location);
    res.end();
  }

  async function verifyPost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const type = str(body, 'type');
    const token = str(body, 'token');
    let hash = str(body, 'token_hash');
    let email = str(body, 'email');
    const phone = str(body, 'phone');
    if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
    if ((token === '' && hash === '') || (token !== '' && hash !== '')) {
      throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    }
    let viaOtp = false;
    if (token !== '') {
      if (phone !== '' || ['sms', 'phone_change'].includes(type)) {
        throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
      }
      try {
        email = validateEmail(email);
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format');
      }
      hash = tokenHash(email, token);
      viaOtp = true;
    } else if (
      email !== '' ||
      phone !== '' ||
      (typeof body.redirect_to === 'string' && body.redirect_to !== '')
    ) {
      throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
    }
    const session = await tx(async (c) => {
      const user = await userForTokenHash(c, type, hash);
      // The hash binds the code to the address it was sent to, so a match is the whole check.
      if (!user) {
        throw forbidden(
          'otp_expired',
          viaOtp ? 'Token has expired or is invalid' : 'Email link is invalid or has expired',
        );
      }
      return applyVerification(c, type, user, req);
    });
    sendJson(res, 200, session);
  }

  function settings(res: ServerResponse): void {
    sendJson(res, 200, {
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        fly: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        workos: false,
        twitch: false,
        twitter: false,
        email: true,
        phone: false,
        zoom: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  }

  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    rawPath: string,
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const qIndex = rawPath.indexOf('?');
    const path = (qIndex >= 0 ? rawPath.slice(0, qIndex) : rawPath).replace(/\/+$/, '') || '/';
    const query = qIndex >= 0 ? new URLSearchParams(rawPath.slice(qIndex + 1)) : url.searchParams;
    const method = (req.method ?? 'GET').toUpperCase();
    const version = requestedApiVersion(req);
    if (version) res.setHeader(API_VERSION_HEADER, version);

    try {
      const route = `${method} ${path}`;
      switch (route) {
        case 'POST /signup':
          return await signup(req, res);
        case 'POST /token': {
          const grant = query.get('grant_type') ?? '';
          if (grant === 'password') return await passwordGrant(req, res);
          if (grant === 'refresh_token') return await refreshGrant(req, res);
          throw new OAuthError('unsupported_grant_type', '');
        }
        case 'POST /logout':
          return await logout(req, res, query);
        case 'GET /user':
          return await getUser(req, res);
        case 'PUT /user':
          return await updateUser(req, res, query);
        case 'POST /recover':
          return await recover(req, res, query);
        case 'GET /verify':
          return await verifyGet(req, res, query);
        case 'POST /verify':
          return await verifyPost(req, res);
        case 'GET /settings':
          return settings(res);
        case 'GET /health':
          return sendJson(res, 200, {
            version: 'local-stand-in',
            name: 'GoTrue',
            description: 'GoTrue-compatible development stand-in of the local embedded stack',
          });
        default:
          throw new HttpError(
            404,
            'not_found',
            `${method} ${path} is not supported by the local auth server`,
          );
      }
    } catch (err) {
      if (res.headersSent) {
        log(`[auth] error after response started: ${String(err)}`);
        res.end();
        return;
      }
      sendError(req, res, err, log);
    }
  };
}

function normalizeIp(addr: string | undefined): string | null {
  if (!addr) return null;
  return addr.startsWith('::ffff:') ? addr.slice(7) : addr;
}

/** Why verifyJwt refused a token, in the words golang-jwt uses (for GoTrue-like messages). */
function jwtProblem(token: string): string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'token is malformed: token contains an invalid number of segments';
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    if (typeof payload.exp === 'number' && Math.floor(Date.now() / 1000) >= payload.exp) {
      return 'token has invalid claims: token is expired';
    }
  } catch {
    return 'token is malformed: could not JSON decode claim';
  }
  return 'token signature is invalid: signature is invalid';
}
