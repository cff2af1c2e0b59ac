// The options of the auth stand-in, resolved once, and what every route needs from them.
import type { IncomingMessage } from 'node:http';
import type { Pool, PoolClient } from 'pg';
import { HttpError } from './errors';
import { createLimiters, type AuthLimiters, type AuthRateLimits } from './rate-limit';
import { globToRegExp, isRedirectAllowed } from './redirect';

export interface AuthHandlerOptions {
  /** A pg Pool connected as the postgres superuser. */
  pool: Pool;
  /** HS256 secret, the same PostgREST checks. */
  jwtSecret: string;
  /** Where the stand-in reports what it does (and recovery links when there is no mailer). */
  log?: (line: string) => void;
  /**
   * Sends the stand-in's e-mails (password recovery, e-mail change), as GoTrue sends them over
   * SMTP; the local stack passes its mail catcher's. Without one, the link is printed through
   * `log` instead.
   */
  mailer?: (mail: AuthMail) => Promise<void>;
  /** Access token lifetime in seconds (GoTrue JWT_EXP). Default 3600. */
  jwtExpiry?: number;
  /**
   * Seconds during which a revoked refresh token may still be exchanged (GoTrue
   * REFRESH_TOKEN_REUSE_INTERVAL). Default 0: strictly single use, apart from GoTrue's rule that
   * the direct parent of the session's active token returns that active token.
   */
  refreshTokenReuseInterval?: number;
  /**
   * Default redirect target of e-mail links (GoTrue SITE_URL), and the host a `redirect_to` may
   * name. Default http://127.0.0.1:5173.
   */
  siteUrl?: string;
  /** Further allowed `redirect_to` patterns (GoTrue URI_ALLOW_LIST globs). Default none. */
  uriAllowList?: string[];
  /**
   * Sign-in and verification limits (see rate-limit.ts); each one given replaces its default.
   * Tests that sign in many users from 127.0.0.1 raise the per-IP limits.
   */
  rateLimits?: Partial<AuthRateLimits>;
  /** Public URL of the auth API (`.../auth/v1`); default derived from the request's Host header. */
  externalUrl?: string;
  /** Lifetime of e-mailed links/codes in seconds (GoTrue MAILER_OTP_EXP). Default 3600. */
  otpExpiry?: number;
}

export interface AuthMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface AuthContext {
  pool: Pool;
  jwtSecret: string;
  log: (line: string) => void;
  jwtExpiry: number;
  reuseInterval: number;
  siteUrl: string;
  otpExpiry: number;
  limits: AuthLimiters;
  /** Public URL of the auth API as the caller reached it. */
  externalUrl(req: IncomingMessage): string;
  /**
   * Where an e-mail link sends the user back to (GoTrue's GetReferrer): `redirect_to` (query,
   * then body), then the Referer, each only when allowed; else the site URL.
   */
  referrer(req: IncomingMessage, query: URLSearchParams, body?: Record<string, unknown>): string;
  /** Runs `fn` in one transaction on a pooled connection. */
  tx<T>(fn: (c: PoolClient) => Promise<T>): Promise<T>;
  /**
   * Sends `mail` through the mailer (a failure is GoTrue's 500 "Error sending … email"), or, with
   * no mailer, prints `printed` through `log`.
   */
  send(mail: AuthMail, printed: string, what: string): Promise<void>;
}

export function createAuthContext(options: AuthHandlerOptions): AuthContext {
  const { pool } = options;
  const siteUrl = options.siteUrl ?? 'http://127.0.0.1:5173';
  const allowList = (options.uriAllowList ?? []).map(globToRegExp);
  const allowed = (url: string | undefined): url is string =>
    url !== undefined && isRedirectAllowed(siteUrl, allowList, url);
  return {
    pool,
    jwtSecret: options.jwtSecret,
    log: options.log ?? ((line: string) => console.log(line)),
    jwtExpiry: options.jwtExpiry ?? 3600,
    reuseInterval: options.refreshTokenReuseInterval ?? 0,
    siteUrl,
    otpExpiry: options.otpExpiry ?? 3600,
    limits: createLimiters(options.rateLimits),
    externalUrl(req) {
      if (options.externalUrl) return options.externalUrl.replace(/\/$/, '');
      const host = req.headers.host ?? '127.0.0.1:54321';
      return `http://${host}/auth/v1`;
    },
    referrer(req, query, body) {
      const fromQuery = query.get('redirect_to') ?? undefined;
      if (allowed(fromQuery)) return fromQuery;
      const fromBody = typeof body?.redirect_to === 'string' ? body.redirect_to : undefined;
      if (allowed(fromBody)) return fromBody;
      const ref = req.headers.referer;
      if (allowed(ref)) return ref;
      return siteUrl;
    },
    async send(mail, printed, what) {
      const log = options.log ?? ((line: string) => console.log(line));
      if (!options.mailer) {
        log(printed);
        return;
      }
      try {
        await options.mailer(mail);
      } catch (err) {
        log(`[auth] could not send the ${what} e-mail to ${mail.to}: ${String(err)}`);
        throw new HttpError(500, 'unexpected_failure', `Error sending ${what} email`);
      }
    },
    async tx(fn) {
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
    },
  };
}
