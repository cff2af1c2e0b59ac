// Reading what a client sent to the Storage stand-in: the object key from the URL, the caller's
// JWT, and the body within a limit.
import type { IncomingMessage } from 'node:http';
import { checkJwt, type JwtPayload } from '../jwt';
import { ERRORS, StorageError } from './errors';

/** Roles a token may name; anything else is refused (the SQL runs `set local role <role>`). */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtPayload;
}

/** The token of the request: `Authorization: Bearer`, else the API key (as the gateway does). */
export function tokenOf(req: IncomingMessage, url: URL): string {
  const bearer = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const key = req.headers.apikey;
  const token = bearer ?? (Array.isArray(key) ? key[0] : key) ?? url.searchParams.get('apikey');
  if (!token) throw ERRORS.unauthorized('headers must have required property authorization');
  return token;
}

export function callerFromToken(token: string, secret: string): Caller {
  const checked = checkJwt(token, secret);
  if ('problem' in checked) {
    throw ERRORS.unauthorized(
      checked.problem.includes('expired') ? 'jwt expired' : 'invalid signature',
    );
  }
  const role = checked.claims.role;
  if (typeof role !== 'string' || !API_ROLES.has(role)) {
    throw ERRORS.unauthorized(`role "${String(role)}" does not exist`);
  }
  return { role: role as Caller['role'], claims: checked.claims };
}

/**
 * The object name from the URL's segments after the bucket, decoded, or a refusal: empty, absolute,
 * a backslash, a NUL or other control character, `.`/`..` segments, empty segments. Files on disk
 * are named by the object's id, never by this name; the check keeps names as storage-api allows
 * them and refuses what a traversal attempt looks like.
 */
export function objectName(encodedSegments: string[]): string {
  let segments: string[];
  try {
    segments = encodedSegments.map((s) => decodeURIComponent(s));
  } catch {
    throw ERRORS.invalidKey(encodedSegments.join('/'));
  }
  const name = segments.join('/');
  assertValidName(name);
  return name;
}

export function assertValidName(name: string): void {
  const parts = name.split('/');
  const bad =
    name === '' ||
    name.length > 1024 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(name) ||
    parts.some((p) => p === '' || p === '.' || p === '..');
  if (bad) throw ERRORS.invalidKey(name);
}

/**
 * The body, at most `limit` bytes (past it: 413 EntityTooLarge; the rest is read and dropped so
 * that the client sees the answer).
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const announced = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(announced) && announced > limit) {
    req.resume();
    throw ERRORS.entityTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    if (tooLarge) continue;
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(buf);
  }
  if (tooLarge) throw ERRORS.entityTooLarge();
  return Buffer.concat(chunks);
}

export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const buf = await readBody(req, 1024 * 1024);
  if (buf.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(buf.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw ERRORS.invalidRequest('body must be a JSON object');
}

export function isStorageError(e: unknown): e is StorageError {
  return e instanceof StorageError;
}
