// Reading and checking what a client sent to the auth stand-in, as GoTrue checks it.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './errors';

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 72;
// Close to the checkmail format check GoTrue uses.
const EMAIL_RE =
  /^(?:[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-])+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

// The gateway's limit for /auth/v1 (gateway.ts), enforced here too for a body without a
// Content-Length (chunked), which the gateway cannot refuse before the handler reads it.
const MAX_BODY = 1024 * 1024;

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY) {
      throw new HttpError(413, 'request_too_large', 'Request body too large (limit 1 MB)');
    }
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Record<string, unknown>;
}

export function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: field "${key}" must be a string`,
    );
  }
  return v;
}

export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const v = body[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: field "${key}" must be an object`,
    );
  }
  return v as Record<string, unknown>;
}

export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

export function checkPasswordStrength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
}

/** GoTrue's token hash: hex(sha224(emailOrPhone + otp)). */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

/** The caller's IP as the socket sees it (forwarding headers are not trusted). */
export function clientIp(req: IncomingMessage): string {
  return normalizeIp(req.socket.remoteAddress) ?? 'unknown';
}

export function normalizeIp(addr: string | undefined): string | null {
  if (!addr) return null;
  return addr.startsWith('::ffff:') ? addr.slice(7) : addr;
}
