import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';

/** The Supabase URL the unit project runs with (vitest.config.ts `env`). */
export const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL;

/** `${SUPABASE_URL}/rest/v1/<table>`, for msw handlers: `http.get(restUrl('bank_accounts'), ...)`. */
export function restUrl(table: string): string {
  return `${SUPABASE_URL}/rest/v1/${table}`;
}

/** `${SUPABASE_URL}/rest/v1/rpc/<fn>`. */
export function rpcUrl(fn: string): string {
  return `${SUPABASE_URL}/rest/v1/rpc/${fn}`;
}

/** `${SUPABASE_URL}/auth/v1/<path>`, e.g. authUrl('token'). */
export function authUrl(path: string): string {
  return `${SUPABASE_URL}/auth/v1/${path.replace(/^\//, '')}`;
}

/** No default handlers: each test declares what the API answers with `server.use(...)`. */
export const server = setupServer();

/**
 * Records every request the app sends from now until the end of the current test, handled or not
 * (`onUnhandledRequest: 'error'` only makes an unhandled request reject, which the app may catch).
 * A test that says "sends nothing" asserts `expect(requests).toEqual([])`.
 */
export function trackRequests(): string[] {
  const requests: string[] = [];
  const listener = ({ request }: { request: Request }): void => {
    requests.push(`${request.method} ${request.url}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return requests;
}
