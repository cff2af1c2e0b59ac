// A small GoTrue-compatible auth server for the local embedded stack: the router of
// `/auth/v1/*`. Each group of routes has its own module beside this one.
//
// DEVELOPMENT AND TEST STAND-IN — NEVER A PRODUCTION SERVER. It speaks the part of the GoTrue
// (supabase/auth) HTTP API that supabase-js (auth-js v2) uses, with GoTrue's status codes, error
// codes and messages, and keeps its data in GoTrue's own tables (auth.users, auth.identities,
// auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims — see bootstrap.sql). Recovery and
// e-mail-change links go by e-mail through `mailer` (the stack's mail catcher), or are printed
// through `log` when there is none. No captcha, no MFA, no
// PKCE, no phone, no OAuth providers. Behaviour as with `mailer_autoconfirm = true`.
//
// Mounted by the gateway (scripts/local-stack/gateway.ts) under /auth/v1; CORS is the gateway's job.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackAddress } from '../loopback';
import { assertNotSupabasePlatform } from '../platform-guard';
import { createAuthContext, type AuthHandlerOptions } from './context';
import {
  API_VERSION_HEADER,
  HttpError,
  OAuthError,
  requestedApiVersion,
  sendError,
  sendJson,
} from './errors';
import { logout } from './logout';
import { signup } from './signup';
import { passwordGrant, refreshGrant } from './token';
import { getUser, updateUser } from './user';
import { recover, verifyGet, verifyPost } from './verify';

export type { AuthHandlerOptions } from './context';

export type AuthHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => Promise<void>;

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

export function createAuthHandler(options: AuthHandlerOptions): AuthHandler {
  const ctx = createAuthContext(options);
  // Checked once, as soon as the handler exists; every request waits for the answer.
  let refusal: Error | undefined;
  const platformChecked = assertNotSupabasePlatform(options.pool).catch((err: unknown) => {
    refusal = err instanceof Error ? err : new Error(String(err));
    ctx.log(`[auth] ${refusal.message}`);
  });
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
      await platformChecked;
      if (refusal) throw refusal;
      if (!isLoopbackAddress(req.socket.localAddress ?? '')) {
        throw new HttpError(
          403,
          'request_not_allowed',
          'The local auth stand-in serves loopback only',
        );
      }
      const route = `${method} ${path}`;
      switch (route) {
        case 'POST /signup':
          return await signup(ctx, req, res);
        case 'POST /token': {
          const grant = query.get('grant_type') ?? '';
          if (grant === 'password') return await passwordGrant(ctx, req, res);
          if (grant === 'refresh_token') return await refreshGrant(ctx, req, res);
          throw new OAuthError('unsupported_grant_type', '');
        }
        case 'POST /logout':
          return await logout(ctx, req, res, query);
        case 'GET /user':
          return await getUser(ctx, req, res);
        case 'PUT /user':
          return await updateUser(ctx, req, res, query);
        case 'POST /recover':
          return await recover(ctx, req, res, query);
        case 'GET /verify':
          return await verifyGet(ctx, req, res, query);
        case 'POST /verify':
          return await verifyPost(ctx, req, res);
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
        ctx.log(`[auth] error after response started: ${String(err)}`);
        res.end();
        return;
      }
      sendError(req, res, err, ctx.log);
    }
  };
}
