// The local stack's HTTP gateway, in the role of the Supabase API gateway: one port serving
// `/rest/v1` (streamed to PostgREST), `/auth/v1` (our auth handler), `/storage/v1` (our storage
// handler) and `/functions/v1/<name>` (streamed to that Edge Function's Deno process), API keys
// and CORS as
// Supabase answers them, and request body limits (413 past them; docs/local-stack.md).
// Development and test stand-in only.
import http from 'node:http';
import type { AuthHandler } from './auth/handler';
import type { StorageHandler } from './storage/handler';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from './config';
import { checkJwt } from './jwt';

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-expose-headers':
    'Content-Range, Content-Profile, Content-Location, Range-Unit, Preference-Applied, Location, X-Supabase-Api-Version',
  'access-control-max-age': '3600',
};
const DEFAULT_ALLOWED_HEADERS =
  'authorization, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-client-info, x-supabase-api-version, accept';

// Connection-level headers a proxy must not forward (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** The body limit of every /rest/v1 and /auth/v1 request, unless BODY_LIMIT_BY_PATH says more. */
export const BODY_LIMIT = 1024 * 1024; // 1 MB
/**
 * Paths that need more, and why. import_bank_statement takes up to 5,000 statement lines; a line
 * with a 255-character FITID and a 255-character memo of 3-byte UTF-8 characters is about 1.1 kB
 * of JSON, so the largest legitimate import is about 5.6 MB (a realistic 5,000-line export —
 * 17-digit FITIDs, 55-character memos — measured 0.8 MB).
 */
export const BODY_LIMIT_BY_PATH: Readonly<Record<string, number>> = {
  '/rest/v1/rpc/import_bank_statement': 6 * 1024 * 1024, // 6 MB
  // Importar planilha (issue 34): up to 5,000 rows in one call. A payable row with a 100-character
  // description, a 200-character note and four ids is about 0.6 kB of JSON (3 MB for 5,000); the
  // same 6 MB as the statements (a 5,000-row sheet of plain payables measured 0.9 MB).
  '/rest/v1/rpc/import_rows': 6 * 1024 * 1024, // 6 MB
  '/rest/v1/rpc/import_duplicates': 6 * 1024 * 1024, // 6 MB
};

export function bodyLimitFor(pathname: string): number {
  return BODY_LIMIT_BY_PATH[pathname.replace(/\/+$/, '')] ?? BODY_LIMIT;
}

/**
 * The 413 answer, shaped like the error of the service behind the path so that its client reads a
 * code: PostgREST's `{code, message, details, hint}` with `PGRST413` for /rest/v1 (PostgREST has
 * no code of its own for this; ours, documented), GoTrue's `{code, error_code, msg}` with
 * `request_too_large` for /auth/v1. The connection stays open while drainThenClose drops the rest
 * of the body: closing it at once would reset a client still sending, which then sees a broken
 * pipe instead of the 413.
 */
function sendTooLarge(res: http.ServerResponse, service: string, limit: number): void {
  const limitText = `${Math.round(limit / (1024 * 1024))} MB`;
  const body =
    service === 'auth'
      ? {
          code: 413,
          error_code: 'request_too_large',
          msg: `Request body too large (limit ${limitText})`,
        }
      : {
          code: 'PGRST413',
          message: 'Payload Too Large',
          details: `The request body is larger than the limit of ${limitText} for this path`,
          hint: null,
        };
  const text = JSON.stringify(body);
  res.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * After a 413 the client may still be sending: read and drop what comes (so it sees the answer
 * rather than a reset), but never more than this, nor for longer than DRAIN_MS.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;
function drainThenClose(req: http.IncomingMessage): void {
  let dropped = 0;
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) req.socket.destroy();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Where each Edge Function listens (functions.ts). */
export interface FunctionPorts {
  port(name: string): number | undefined;
}

/**
 * `/functions/v1/<name>/…` → the function's process as `/<name>/…`, like hosted (verify_jwt on,
 * the default): a valid JWT of this project in `Authorization` (the anon key, the service role
 * key or a user's access token) or 401; no such function → 404. Bodies and answers are streamed.
 */
function proxyFunction(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  functions: FunctionPorts | undefined,
  name: string,
  rest: string,
  log: (l: string) => void,
): void {
  const port = functions?.port(name);
  if (port === undefined) {
    sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    return;
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer) {
    sendJson(res, 401, { code: 401, message: 'Missing authorization header' });
    return;
  }
  if ('problem' in checkJwt(bearer, JWT_SECRET)) {
    sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
    return;
  }
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
  }
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path: `/${name}${rest}`, headers },
    (upRes) => {
      const outHeaders: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(upRes.headers)) {
        if (!HOP_BY_HOP.has(k) && !k.startsWith('access-control-') && v !== undefined)
          outHeaders[k] = v;
      }
      res.writeHead(upRes.statusCode ?? 502, outHeaders);
      upRes.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    log(`[gateway] function ${name} request failed: ${err.message}`);
    if (!res.headersSent) sendJson(res, 502, { code: 'BOOT_ERROR', message: err.message });
    else res.destroy();
  });
  req.on('aborted', () => upstream.destroy());
  req.pipe(upstream);
}

export function createGateway(
  postgrestPort: number,
  auth: AuthHandler,
  storage: StorageHandler,
  log: (l: string) => void,
  functions?: FunctionPorts,
): http.RequestListener {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const validKeys = new Set([ANON_KEY, SERVICE_ROLE_KEY]);

  return (req, res) => {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    const url = new URL(req.url ?? '/', 'http://gateway');
    const { pathname } = url;

    if (req.method === 'OPTIONS') {
      res.setHeader(
        'access-control-allow-headers',
        req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
      );
      res.writeHead(204, { 'content-length': '0' });
      res.end();
      return;
    }
    if (pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, {
        status: 'ok',
        service: 'app-financas local stack (development stand-in)',
      });
      return;
    }

    const fn = /^\/functions\/v1\/([A-Za-z0-9_-]+)(\/.*)?$/.exec(pathname);
    if (fn?.[1]) {
      proxyFunction(req, res, functions, fn[1], (fn[2] ?? '') + url.search, log);
      return;
    }

    const service = /^\/(rest|auth|storage)\/v1(\/.*)?$/.exec(pathname);
    if (!service) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }

    // Like the Supabase API gateway: an API key is required (header or `apikey` query parameter).
    const headerKey = req.headers.apikey;
    const apikey =
      (Array.isArray(headerKey) ? headerKey[0] : headerKey) ??
      url.searchParams.get('apikey') ??
      undefined;
    const authorization = req.headers.authorization;
    // Supabase's gateway has open auth routes: an e-mail link (recovery) is opened by a browser
    // with no key.
    // So has Storage: a signed URL (its token is the permission) and a public bucket's object are
    // opened by a browser with no key.
    const openRoute =
      (service[1] === 'auth' && req.method === 'GET' && service[2] === '/verify') ||
      (service[1] === 'storage' &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        /^\/object\/(sign|public)\//.test(service[2] ?? ''));
    if (apikey === undefined && authorization === undefined && !openRoute) {
      sendJson(res, 401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
      return;
    }
    if (apikey !== undefined && !validKeys.has(apikey)) {
      sendJson(res, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
      return;
    }
    url.searchParams.delete('apikey');
    const rest = service[2] ?? '/';

    // Storage has its own limits (the bucket's file_size_limit, hosted's global 50 MB), enforced
    // by its handler with Storage's error shape.
    if (service[1] === 'storage') {
      // The path as sent, not as URL parsing resolves it: `a/../b` must reach the handler as
      // written so that it refuses it (URL parsing would quietly turn it into `b`).
      const raw = (req.url ?? '/').replace(/^\/storage\/v1/, '') || '/';
      storage(req, res, raw).catch((err: unknown) => {
        log(`[gateway] storage handler failed: ${String(err)}`);
        if (!res.headersSent)
          sendJson(res, 500, {
            statusCode: '500',
            error: 'internal',
            message: 'Internal Server Error',
          });
        else res.destroy();
      });
      return;
    }

    // Body limit, first on the announced length (refused before a byte is read), then on the
    // bytes that actually arrive (chunked bodies, or a Content-Length that lies).
    const limit = bodyLimitFor(pathname);
    const announced = Number(req.headers['content-length'] ?? 0);
    if (Number.isFinite(announced) && announced > limit) {
      sendTooLarge(res, service[1] ?? 'rest', limit);
      drainThenClose(req);
      return;
    }

    if (service[1] === 'auth') {
      auth(req, res, rest).catch((err: unknown) => {
        log(`[gateway] auth handler failed: ${String(err)}`);
        if (!res.headersSent)
          sendJson(res, 500, { code: 'unexpected_failure', message: 'Unexpected failure' });
        else res.destroy();
      });
      return;
    }

    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    }
    // The key alone acts as the bearer token (anon or service_role), as on Supabase.
    if (authorization === undefined && apikey !== undefined)
      headers.authorization = `Bearer ${apikey}`;
    let refused = false; // the body went past the limit: the 413 is the answer
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: postgrestPort,
        method: req.method,
        path: rest + url.search,
        headers,
        agent,
      },
      (upRes) => {
        const outHeaders: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(upRes.headers)) {
          // PostgREST answers CORS itself when it sees an Origin; the gateway's headers win.
          if (!HOP_BY_HOP.has(k) && !k.startsWith('access-control-') && v !== undefined) {
            outHeaders[k] = v;
          }
        }
        res.writeHead(upRes.statusCode ?? 502, outHeaders);
        upRes.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (refused) return;
      log(`[gateway] PostgREST request failed: ${err.message}`);
      if (!res.headersSent)
        sendJson(res, 502, {
          message: 'An invalid response was received from the upstream server',
        });
      else res.destroy();
    });
    req.on('aborted', () => upstream.destroy());
    // Streamed to PostgREST while counting: past the limit the upstream request is destroyed
    // (PostgREST never gets a whole body, so nothing runs, nothing is written) and the client gets
    // the 413.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      received += chunk.length;
      if (received > limit) {
        refused = true;
        req.unpipe(upstream);
        upstream.destroy();
        if (!res.headersSent) sendTooLarge(res, 'rest', limit);
        drainThenClose(req);
      }
    });
    req.pipe(upstream);
  };
}

export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
