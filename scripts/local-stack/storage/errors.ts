// Errors of the Storage stand-in, shaped as Supabase Storage (storage-api) renders them:
// `{ statusCode, code, error, message }` with the status code as a string in the body. Like storage-api,
// the HTTP status of most refusals is 400 and the body's statusCode says what it is (403 for a
// row-level-security refusal, 404 for a missing object…); storage-js reads both.
import type { ServerResponse } from 'node:http';

export class StorageError extends Error {
  constructor(
    /** The statusCode of the body ('403', '404', '409', '413', '415', '400'). */
    readonly statusCode: string,
    readonly error: string,
    message: string,
    /** storage-api's error code (storage-js reads it: `exists()` looks for NoSuchKey). */
    readonly code: string,
    /** The HTTP status of the answer. */
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

export const ERRORS = {
  noSuchBucket: () =>
    new StorageError('404', 'Bucket not found', 'Bucket not found', 'NoSuchBucket'),
  noSuchKey: () => new StorageError('404', 'not_found', 'Object not found', 'NoSuchKey'),
  invalidKey: (name: string) =>
    new StorageError('400', 'InvalidKey', `Invalid key: ${name}`, 'InvalidKey'),
  /** A policy said no; a policy that raised 42501 with its own message (a key) keeps it. */
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError('403', 'Unauthorized', message, 'AccessDenied'),
  duplicate: () =>
    new StorageError('409', 'Duplicate', 'The resource already exists', 'KeyAlreadyExists'),
  entityTooLarge: () =>
    new StorageError(
      '413',
      'Payload too large',
      'The object exceeded the maximum allowed size',
      'EntityTooLarge',
    ),
  invalidMimeType: (mime: string) =>
    new StorageError(
      '415',
      'invalid_mime_type',
      `mime type ${mime} is not supported`,
      'InvalidMimeType',
    ),
  contentMismatch: (mime: string) =>
    new StorageError(
      '415',
      'invalid_mime_type',
      `mime type ${mime} does not match the content of the file`,
      'InvalidMimeType',
    ),
  invalidJwt: (message: string) => new StorageError('400', 'InvalidJWT', message, 'InvalidJWT'),
  unauthorized: (message: string) => new StorageError('403', 'Unauthorized', message, 'InvalidJWT'),
  invalidRequest: (message: string) =>
    new StorageError('400', 'InvalidRequest', message, 'InvalidRequest'),
  notFoundRoute: (route: string) =>
    new StorageError('404', 'not_found', `Route ${route} not found`, 'NotFound', 404),
} as const;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, e: StorageError): void {
  sendJson(res, e.httpStatus, {
    statusCode: e.statusCode,
    code: e.code,
    error: e.error,
    message: e.message,
  });
}
