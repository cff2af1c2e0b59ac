// HS256 JSON Web Tokens for the local embedded stack (auth server, anon/service keys).
// Development and test stand-in only — never a production token service.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtPayload = Record<string, unknown>;

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** Signs `payload` with HS256. The caller sets `exp`/`iat` if it wants them. */
export function signJwt(payload: object, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(payload))}`;
  return `${body}.${sign(body, secret)}`;
}

/**
 * Checks an HS256 token: structure, `alg`, signature, then a numeric `exp` in the future
 * (required: a token without one would never expire) and, when present, `nbf` (seconds since the
 * epoch), in that order. Says what is wrong in the words golang-jwt (GoTrue's parser) uses.
 */
export function checkJwt(
  token: string,
  secret: string,
): { claims: JwtPayload } | { problem: string } {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) {
    return { problem: 'token is malformed: token contains an invalid number of segments' };
  }
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: unknown };
  let payload: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: unknown };
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as unknown;
  } catch {
    return { problem: 'token is malformed: could not JSON decode token' };
  }
  if (header.alg !== 'HS256') {
    return { problem: 'token is unverifiable: signing method (alg) is unavailable' };
  }
  const expected = Buffer.from(sign(`${h}.${p}`, secret));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { problem: 'token signature is invalid: signature is invalid' };
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return { problem: 'token is malformed: could not JSON decode claim' };
  }
  const claims = payload as JwtPayload;
  const now = Math.floor(Date.now() / 1000);
  if (claims.exp === undefined) {
    return {
      problem: 'token has invalid claims: token is missing required claim: exp claim is required',
    };
  }
  if (typeof claims.exp !== 'number') {
    return { problem: 'token has invalid claims: token contains an invalid number' };
  }
  if (now >= claims.exp) return { problem: 'token has invalid claims: token is expired' };
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || now < claims.nbf)) {
    return { problem: 'token has invalid claims: token is not valid yet' };
  }
  return { claims };
}

/** The claims of a token that passes checkJwt, or null. */
export function verifyJwt(token: string, secret: string): JwtPayload | null {
  const checked = checkJwt(token, secret);
  return 'claims' in checked ? checked.claims : null;
}
