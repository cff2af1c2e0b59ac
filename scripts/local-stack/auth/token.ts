// POST /token: the password grant (sign-in) and the refresh_token grant (rotation, reuse detection).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext } from './context';
import { badRequest, OAuthError, sendJson, unprocessable } from './errors';
import { rateLimited } from './rate-limit';
import { clientIp, MIN_PASSWORD_LENGTH, newRefreshToken, readJson, str } from './request';
import { issueSession, tokenResponse } from './session';
import {
  authenticate,
  DEFAULT_AUD,
  findUserByEmail,
  findUserById,
  isBanned,
  NIL_UUID,
  UUID_RE,
} from './users';

const INVALID_LOGIN = 'Invalid login credentials';

export async function passwordGrant(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
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

  const address = email.toLowerCase();
  if (!ctx.limits.signInPerIp.take(clientIp(req))) throw rateLimited();
  if (ctx.limits.signInPerEmail.isLimited(address)) throw rateLimited();
  const refuse = () => {
    ctx.limits.signInPerEmail.record(address);
    return badRequest('invalid_credentials', INVALID_LOGIN);
  };
  const user = await findUserByEmail(ctx.pool, email, DEFAULT_AUD);
  if (!user || !user.encrypted_password) throw refuse();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await authenticate(ctx.pool, user.id, password))) throw refuse();
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const response = await ctx.tx((c) => issueSession(ctx, c, user.id, 'password', req));
  // GoTrue reports (without refusing) a password that no longer meets the strength rules.
  if (password.length < MIN_PASSWORD_LENGTH) {
    response.weak_password = {
      message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      reasons: ['length'],
    };
  }
  sendJson(res, 200, response);
}

export async function refreshGrant(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readJson(req);
  const refreshToken = str(body, 'refresh_token');
  if (refreshToken === '') throw new OAuthError('invalid_request', 'refresh_token required');

  const response = await ctx.tx(async (c) => {
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
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    const user = await findUserById(c, token.user_id);
    if (!user)
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const session = token.session_id
      ? (await c.query('select id from auth.sessions where id = $1 for update', [token.session_id]))
          .rows[0]
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
        const reuseUntil = (token.updated_at?.getTime() ?? 0) + ctx.reuseInterval * 1000;
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
    return { ok: await tokenResponse(ctx, c, user, sessionId, issued, req) };
  });
  if ('commitError' in response) throw response.commitError;
  sendJson(res, 200, response.ok);
}
