// The notify function's HTTP side, as web-standard Request → Response (no Deno API, no npm
// import; index.ts wires it to Deno.serve): routes, the service-key check, CORS.
//   POST /notify  (Authorization: Bearer <service role key>) → one delivery run
//                 body (optional) { "now": "<ISO timestamp>" }: stands for now (tests, catch-up)
//   GET  /notify/vapid-public-key → { "key": "<base64url>" } (the app subscribes with it)
import type { RunResult } from './deliver.ts';

export interface HandlerOptions {
  serviceRoleKey: string;
  vapidPublicKey: string | undefined;
  run(now: string | undefined): Promise<RunResult>;
  log?: (line: string) => void;
}

const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS, 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Compares without leaking, through timing, how much of a guess was right. */
export function sameSecret(a: string, b: string): boolean {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  let diff = ea.length ^ eb.length;
  for (let i = 0; i < Math.max(ea.length, eb.length); i++) diff |= (ea[i] ?? 0) ^ (eb[i] ?? 0);
  return diff === 0;
}

/** The route under the function's name: "/notify/vapid-public-key" → "/vapid-public-key". */
export function routeOf(pathname: string): string {
  const m = /(?:^|\/)notify(\/.*)?$/.exec(pathname.replace(/\/+$/, ''));
  return m ? (m[1] ?? '/') : pathname;
}

export function createHandler(options: HandlerOptions): (req: Request) => Promise<Response> {
  const log = options.log ?? (() => undefined);
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    const route = routeOf(new URL(req.url).pathname);

    if (route === '/vapid-public-key') {
      if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' });
      if (!options.vapidPublicKey) return json(503, { error: 'push_not_configured' });
      return json(200, { key: options.vapidPublicKey });
    }
    if (route !== '/') return json(404, { error: 'not_found' });
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });

    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!options.serviceRoleKey || !sameSecret(bearer, options.serviceRoleKey))
      return json(401, { error: 'unauthorized' });

    let now: string | undefined;
    const text = await req.text();
    if (text.trim() !== '') {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return json(400, { error: 'invalid_body' });
      }
      const value = (body as { now?: unknown } | null)?.now;
      if (value !== undefined) {
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
          return json(400, { error: 'invalid_now' });
        now = new Date(value).toISOString();
      }
    }
    try {
      return json(200, await options.run(now));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log(`[notify] run failed: ${message}`);
      return json(500, { error: 'run_failed', message });
    }
  };
}
