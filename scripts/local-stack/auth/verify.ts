// POST /recover and GET|POST /verify: e-mailed links and 6-digit codes (sent through the stack's
// mail catcher; printed when the handler has no mailer).
import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext } from './context';
import type { PoolClient } from 'pg';
import { badRequest, forbidden, HttpError, sendJson, unprocessable } from './errors';
import { rateLimited } from './rate-limit';
import { clientIp, readJson, str, tokenHash, validateEmail } from './request';
import { issueSession } from './session';
import { DEFAULT_AUD, findUserByEmail, findUserById, type UserRow } from './users';

export async function recover(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const body = await readJson(req);
  const email = validateEmail(str(body, 'email'));
  const user = await findUserByEmail(ctx.pool, email, DEFAULT_AUD);
  if (user) {
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const hash = tokenHash(user.email ?? email, otp);
    await ctx.pool.query(
      `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, hash],
    );
    const link = `${ctx.externalUrl(req)}/verify?token=${hash}&type=recovery&redirect_to=${encodeURIComponent(
      ctx.referrer(req, query, body),
    )}`;
    await ctx.send(
      recoveryMail(user.email ?? email, link, otp),
      `[auth] password recovery for ${user.email}: open ${link} (code ${otp})`,
      'recovery',
    );
  }
  sendJson(res, 200, {});
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The e-mail of a link and its code (pt-BR, like the app; GoTrue's templates are per project). */
export function linkMail(to: string, subject: string, intro: string, link: string, otp: string) {
  const text = `${intro}\n\n${link}\n\nOu digite o código: ${otp}\n\nO link e o código valem por 1 hora e funcionam uma vez. Se não foi você, ignore este e-mail.\n`;
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p>
<p>Ou digite o código: <strong>${otp}</strong></p>
<p style="color:#71717a;font-size:12px;">O link e o código valem por 1 hora e funcionam uma vez. Se não foi você, ignore este e-mail.</p>
</body></html>`;
  return { to, subject, text, html };
}

function recoveryMail(to: string, link: string, otp: string) {
  return linkMail(
    to,
    'Redefinir sua senha',
    'Para criar uma nova senha no App Finanças, abra o link:',
    link,
    otp,
  );
}

/** Finds the user a token hash belongs to, for the given verification type. */
async function userForTokenHash(
  ctx: AuthContext,
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
    [hash, ctx.otpExpiry],
  );
  const id = r.rows[0]?.id;
  return id ? findUserById(c, id) : null;
}

/** Applies a verified token (recovery/magic link/signup/email change) and opens a session. */
async function applyVerification(
  ctx: AuthContext,
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
  return issueSession(ctx, c, user.id, 'otp', req);
}

export async function verifyGet(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const token = query.get('token') ?? '';
  const type = query.get('type') ?? '';
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '')
    throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const redirectTo = ctx.referrer(req, query);
  if (!ctx.limits.verifyPerIp.take(clientIp(req))) throw rateLimited();
  let location: string;
  try {
    const session = await ctx.tx(async (c) => {
      const user = await userForTokenHash(ctx, c, type, token);
      if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
      return applyVerification(ctx, c, type, user, req);
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

export async function verifyPost(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
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
  if (!ctx.limits.verifyPerIp.take(clientIp(req))) throw rateLimited();
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
    if (ctx.limits.verifyPerEmail.isLimited(email)) throw rateLimited();
    hash = tokenHash(email, token);
    viaOtp = true;
  } else if (
    email !== '' ||
    phone !== '' ||
    (typeof body.redirect_to === 'string' && body.redirect_to !== '')
  ) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  const session = await ctx.tx(async (c) => {
    const user = await userForTokenHash(ctx, c, type, hash);
    // The hash binds the code to the address it was sent to, so a match is the whole check.
    if (!user) {
      if (viaOtp) ctx.limits.verifyPerEmail.record(email);
      throw forbidden(
        'otp_expired',
        viaOtp ? 'Token has expired or is invalid' : 'Email link is invalid or has expired',
      );
    }
    return applyVerification(ctx, c, type, user, req);
  });
  sendJson(res, 200, session);
}
