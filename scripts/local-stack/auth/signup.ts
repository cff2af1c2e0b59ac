// POST /signup: e-mail sign-up with autoconfirm (a session at once), as GoTrue answers it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext } from './context';
import { badRequest, sendJson, unprocessable } from './errors';
import { checkPasswordStrength, obj, readJson, str, validateEmail } from './request';
import { issueSession } from './session';
import { DEFAULT_AUD, findUserByEmail, NIL_UUID } from './users';

export async function signup(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
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

  const response = await ctx.tx(async (c) => {
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
        [NIL_UUID, id, DEFAULT_AUD, email, password, JSON.stringify(appMeta), JSON.stringify(data)],
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
    return issueSession(ctx, c, id, 'password', req);
  });
  sendJson(res, 200, response);
}
