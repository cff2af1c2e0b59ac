// The local stack's HTTP gateway, in the role of the Supabase API gateway: one port serving
// `/rest/v1` (streamed to PostgREST) and `/auth/v1` (our auth handler), API keys and CORS as
// Supabase answers them. Development and test stand-in only.
import http from 'node:http';
import type { AuthHandler } from './auth/handler';
import { ANON_KEY, SERVICE_ROLE_KEY } from './config';

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

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function createGateway(
  postgrestPort: number,
  auth: AuthHandler,
  log: (l: string) => void,
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

    const service = /^\/(rest|auth)\/v1(\/.*)?$/.exec(pathname);
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
    const openRoute = service[1] === 'auth' && req.method === 'GET' && service[2] === '/verify';
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
      log(`[gateway] PostgREST request failed: ${err.message}`);
      if (!res.headersSent)
        sendJson(res, 502, {
          message: 'An invalid response was received from the upstream server',
        });
      else res.destroy();
    });
    req.on('aborted', () => upstream.destroy());
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
