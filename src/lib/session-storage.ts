// Where the signed-in session is kept on the device. No imports: the build reads these too
// (scripts/vite/early-memberships.ts writes an inline script that finds the session before the
// JavaScript has loaded).

/**
 * "Lembrar de mim": when the flag is 'false' the session lives in sessionStorage and ends with
 * the tab; otherwise (the default, SPEC §9) in localStorage. The flag itself is kept in
 * localStorage so the choice survives until the next sign-in.
 */
export const REMEMBER_ME_KEY = 'auth-remember';

/** supabase-js's storage key for a project's session (kept, so existing sessions stay valid). */
export function sessionStorageKey(apiUrl: string): string {
  return `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * A stored access token with less than this left is not used as it is: auth-js refreshes it first
 * (ms). Before auth-js has loaded, the app and the HTML's early request use one with more.
 */
export const MIN_TOKEN_LIFE_MS = 60_000;
