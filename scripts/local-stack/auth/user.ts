// GET /user and PUT /user (metadata, password, e-mail change by link).
import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext, AuthMail } from './context';
import { badRequest, forbidden, sendJson, unprocessable } from './errors';
import { linkMail } from './verify';
import { checkPasswordStrength, obj, readJson, str, tokenHash, validateEmail } from './request';
import { requireAuth } from './session';
import {
  authenticate,
  DEFAULT_AUD,
  findUserByEmail,
  findUserById,
  loadIdentities,
  userJson,
} from './users';

export async function getUser(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { user } = await requireAuth(ctx, req);
  sendJson(res, 200, userJson(user, await loadIdentities(ctx.pool, user.id)));
}

export async function updateUser(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const body = await readJson(req);
  const { user, sessionId } = await requireAuth(ctx, req);
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
    const dup = await findUserByEmail(ctx.pool, email, user.aud || DEFAULT_AUD);
    if (dup && dup.id !== user.id) {
      throw unprocessable(
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
  }
  if (password !== null && password !== '' && (await authenticate(ctx.pool, user.id, password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }

  let changeMail: { mail: AuthMail; printed: string } | undefined;
  await ctx.tx(async (c) => {
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
      const link = `${ctx.externalUrl(req)}/verify?token=${hash}&type=email_change&redirect_to=${encodeURIComponent(
        ctx.referrer(req, query, body),
      )}`;
      changeMail = {
        mail: linkMail(
          email,
          'Confirmar seu novo e-mail',
          'Para confirmar este endereço como o seu novo e-mail no App Finanças, abra o link:',
          link,
          otp,
        ),
        printed: `[auth] e-mail change for ${user.email ?? user.id} -> ${email}: open ${link} (code ${otp})`,
      };
    }
  });
  // After the commit, as GoTrue sends it: the link works once the mail arrives.
  if (changeMail) await ctx.send(changeMail.mail, changeMail.printed, 'email change');
  const fresh = (await findUserById(ctx.pool, user.id))!;
  sendJson(res, 200, userJson(fresh, await loadIdentities(ctx.pool, user.id)));
}
