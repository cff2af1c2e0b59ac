import { setupServer } from 'msw/node';

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
