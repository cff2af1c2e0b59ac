// Errors of the auth stand-in, shaped as GoTrue (supabase/auth) shapes them, and the JSON answers.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** GoTrue's OAuth-style errors (`{error, error_description}`, always 400). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, msg: string) => new HttpError(400, code, msg);
export const unprocessable = (code: string, msg: string) => new HttpError(422, code, msg);
export const forbidden = (code: string, msg: string) => new HttpError(403, code, msg);

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** The API version the request asked for: '2024-01-01' or null (GoTrue's initial version). */
export function requestedApiVersion(req: IncomingMessage): string | null {
  const raw = req.headers['x-supabase-api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return null;
  return value.trim() >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  log: (l: string) => void,
): void {
  const version = requestedApiVersion(req);
  if (version) res.setHeader(API_VERSION_HEADER, version);
  if (err instanceof OAuthError) {
    sendJson(res, 400, { error: err.error, error_description: err.description });
    return;
  }
  let e: HttpError;
  if (err instanceof HttpError) {
    e = err;
  } else {
    log(
      `[auth] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    e = new HttpError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    );
  }
  if (version) {
    sendJson(res, e.status, { code: e.errorCode, message: e.message, ...e.extra });
  } else {
    sendJson(res, e.status, {
      code: e.status,
      error_code: e.errorCode,
      msg: e.message,
      ...e.extra,
    });
  }
}
