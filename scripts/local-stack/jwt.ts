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
 * Verifies an HS256 token: structure, `alg`, signature and, when present, `exp` and `nbf`
 * (seconds since the epoch). Returns the payload, or null when anything is wrong.
 */
export function verifyJwt(token: string, secret: string): JwtPayload | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return null;
    const expected = Buffer.from(sign(`${h}.${p}`, secret));
    const given = Buffer.from(s);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as unknown;
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const claims = payload as JwtPayload;
    const now = Math.floor(Date.now() / 1000);
    if (claims.exp !== undefined && (typeof claims.exp !== 'number' || now >= claims.exp))
      return null;
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || now < claims.nbf))
      return null;
    return claims;
  } catch {
    return null;
  }
}
