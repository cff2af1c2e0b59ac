// Sessions as GoTrue issues them (auth.sessions, rotating refresh tokens, HS256 access tokens) and
// the check of a Bearer access token.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { PoolClient } from 'pg';
import { checkJwt, signJwt, type JwtPayload } from '../jwt';
import type { AuthContext } from './context';
import { badRequest, forbidden, HttpError } from './errors';
import { newRefreshToken, normalizeIp } from './request';
import {
  DEFAULT_AUD,
  findUserById,
  loadIdentities,
  NIL_UUID,
  userJson,
  UUID_RE,
  type UserRow,
} from './users';

export async function accessToken(
  ctx: AuthContext,
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
  const exp = iat + ctx.jwtExpiry;
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
  return { token: signJwt(claims, ctx.jwtSecret), expiresAt: exp };
}

/** GoTrue's issueRefreshToken: new session, first refresh token, amr claim, access token. */
export async function issueSession(
  ctx: AuthContext,
  c: PoolClient,
  userId: string,
  method: 'password' | 'otp',
  req: IncomingMessage,
): Promise<Record<string, unknown>> {
  const sessionId = randomUUID();
  const ua = req.headers['user-agent'] ?? null;
  await c.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
    userId,
  ]);
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
  return tokenResponse(ctx, c, user, sessionId, refresh, req);
}

export async function tokenResponse(
  ctx: AuthContext,
  c: PoolClient,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  req: IncomingMessage,
): Promise<Record<string, unknown>> {
  const { token, expiresAt } = await accessToken(ctx, c, user, sessionId, ctx.externalUrl(req));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await loadIdentities(c, user.id)),
  };
}

/** GoTrue's requireAuthentication: Bearer JWT, user from `sub`, session from `session_id`. */
export async function requireAuth(
  ctx: AuthContext,
  req: IncomingMessage,
): Promise<{ user: UserRow; sessionId: string | null }> {
  const header = req.headers.authorization ?? '';
  const m = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new HttpError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  const token = m[1]!;
  const checked = checkJwt(token, ctx.jwtSecret);
  if ('problem' in checked) {
    throw forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${checked.problem}`,
    );
  }
  const { claims } = checked;
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.pool, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid !== '' && sid !== NIL_UUID) {
    if (!UUID_RE.test(sid))
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const s = await ctx.pool.query('select 1 from auth.sessions where id = $1', [sid]);
    if (s.rowCount === 0) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, sessionId: sid };
  }
  return { user, sessionId: null };
}
