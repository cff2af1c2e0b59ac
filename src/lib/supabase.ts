// supabase-js' createClient also builds the realtime, storage and functions clients, which this app
// never uses and which weigh ~27 kB gzip in the first load (docs/performance.md). The client below
// is made of the same two packages supabase-js uses for what we do use, at the same versions.
import type * as AuthJs from '@supabase/auth-js';
import type * as StorageJs from '@supabase/storage-js';
import type { Session, SupportedStorage } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database.types';
import { MIN_TOKEN_LIFE_MS, REMEMBER_ME_KEY, sessionStorageKey } from '@/lib/session-storage';

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function getRememberMe(): boolean {
  return safeStorage('localStorage')?.getItem(REMEMBER_ME_KEY) !== 'false';
}

/** Call before signInWithPassword, so the new session is written to the chosen storage. */
export function setRememberMe(remember: boolean): void {
  safeStorage('localStorage')?.setItem(REMEMBER_ME_KEY, String(remember));
}

function activeAndOther(): [Storage | null, Storage | null] {
  const local = safeStorage('localStorage');
  const session = safeStorage('sessionStorage');
  return getRememberMe() ? [local, session] : [session, local];
}

export const authStorage: SupportedStorage = {
  getItem(key) {
    return activeAndOther()[0]?.getItem(key) ?? null;
  },
  setItem(key, value) {
    const [active, other] = activeAndOther();
    active?.setItem(key, value);
    other?.removeItem(key);
  },
  removeItem(key) {
    const [active, other] = activeAndOther();
    active?.removeItem(key);
    other?.removeItem(key);
  },
};

const url = import.meta.env.VITE_SUPABASE_URL;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;

if (!url || !anonKey) {
  throw new Error(
    'VITE_SUPABASE_URL e VITE_SUPABASE_ANON_KEY não estão definidos. Use `npm run dev` (stack local) ou preencha o .env (veja .env.example).',
  );
}

/** PostgREST's answer to an access token past its `exp` (PGRST301 in v12, PGRST303 from v13). */
function isExpiredTokenAnswer(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('code' in body)) return false;
  return body.code === 'PGRST301' || body.code === 'PGRST303';
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * auth-js refreshes the access token before any request once its stored `expires_at` is near, so
 * PostgREST only sees an expired token when this device's clock is behind the server's. Then the
 * token is refreshed and the request sent once more, instead of failing the screen.
 */
async function fetchRefreshingExpiredToken(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status !== 401 || !requestUrl(input).startsWith(`${url}/rest/v1/`)) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!isExpiredTokenAnswer(body)) return response;
  const { data } = await (await loadAuth()).refreshSession();
  if (!data.session) return response;
  const headers = new Headers(init?.headers);
  headers.set('Authorization', `Bearer ${data.session.access_token}`);
  return fetch(input, { ...init, headers });
}

const SESSION_STORAGE_KEY = sessionStorageKey(url);

export type Auth = InstanceType<typeof AuthJs.AuthClient>;

let authClient: Auth | undefined;
let authLoading: Promise<Auth> | undefined;

/**
 * auth-js' client, loaded and made on first need: it is a quarter of what the first load would
 * otherwise download (~24 kB gzip), and a signed-in screen does not need it while the stored
 * access token is good (sessionToStartWith). Its constructor reads and checks the stored session,
 * refreshes it when near its end and reports it to onAuthStateChange (INITIAL_SESSION).
 */
export function loadAuth(): Promise<Auth> {
  authLoading ??= import('@supabase/auth-js').then(({ AuthClient }) => {
    authClient = new AuthClient({
      url: `${url}/auth/v1`,
      headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
      storageKey: SESSION_STORAGE_KEY,
      storage: authStorage,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    });
    return authClient;
  });
  // Its code could not be fetched (offline, no service worker yet): the next call tries again.
  authLoading.catch(() => {
    authLoading = undefined;
  });
  return authLoading;
}

/** A link that signs in (the password-recovery e-mail's): auth-js must read it before anything. */
function urlCarriesSession(): boolean {
  if (typeof window === 'undefined') return false;
  const { hash, search } = window.location;
  return /[#&](access_token|error_description)=/.test(hash) || /[?&]code=/.test(search);
}

/**
 * The session to start with while auth-js has not loaded: the stored one, when its access token
 * has more than MIN_TOKEN_LIFE_MS left (the HTML's early memberships request uses the same rule).
 * Null once auth-js has loaded (it keeps the session from then on), and when it must decide: no
 * session stored, a token to refresh, a sign-in link.
 */
export function sessionToStartWith(): Session | null {
  if (authClient || urlCarriesSession()) return null;
  const session = readStoredSession();
  if (!session?.expires_at || session.expires_at * 1000 - Date.now() <= MIN_TOKEN_LIFE_MS) {
    return null;
  }
  return session;
}

/** The current session: the one to start with, or auth-js' (loaded for it). */
export async function getSession(): Promise<Session | null> {
  const stored = sessionToStartWith();
  if (stored) return stored;
  const { data } = await (await loadAuth()).getSession();
  return data.session;
}

/**
 * Whether the API answers at all (any HTTP answer will do): what the app asks while it is offline
 * because a read could not reach the API (src/lib/online.ts).
 */
export function apiAnswers(): Promise<Response> {
  return fetch(`${url}/rest/v1/`, {
    method: 'HEAD',
    headers: { apikey: anonKey },
    cache: 'no-store',
  });
}

/** As supabase-js does: the API key, and the user's access token (the API key when signed out). */
async function fetchWithSession(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', anonKey);
  if (!headers.has('Authorization')) {
    const session = await getSession();
    headers.set('Authorization', `Bearer ${session?.access_token ?? anonKey}`);
  }
  return fetchRefreshingExpiredToken(input, { ...init, headers });
}

const rest = new PostgrestClient<Database>(`${url}/rest/v1`, { fetch: fetchWithSession });

/** The app's API client: supabase-js' `from` and `rpc`, and nothing else (auth: loadAuth). */
export const supabase = {
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
};

export type SupabaseClient = typeof supabase;

/** Storage's endpoint, for the one request storage-js cannot make: an upload with progress. */
/**
 * The most rows hosted PostgREST answers one request (supabase/config.toml max_rows; the local
 * stack's PGRST_DB_MAX_ROWS): the rest are cut off without an error.
 */
export const MAX_ROWS = 1000;

export const STORAGE_API_URL = `${url}/storage/v1`;

/** The Edge Functions' endpoint (supabase/functions): the notify function's VAPID key. */
export const FUNCTIONS_API_URL = `${url}/functions/v1`;

/** The headers every API request carries: the API key and the user's access token. */
export async function apiHeaders(): Promise<Record<string, string>> {
  const session = await getSession();
  return { apikey: anonKey, Authorization: `Bearer ${session?.access_token ?? anonKey}` };
}

export type StorageApi = InstanceType<typeof StorageJs.StorageClient>;

let storageLoading: Promise<StorageApi> | undefined;

/**
 * storage-js' client (documents: upload, signed URLs, remove), loaded on first need so the first
 * load carries none of it; requests carry the user's session as the API's do.
 */
export function loadStorage(): Promise<StorageApi> {
  storageLoading ??= import('@supabase/storage-js').then(
    ({ StorageClient }) =>
      new StorageClient(STORAGE_API_URL, { apikey: anonKey }, fetchWithSession),
  );
  return storageLoading;
}

/**
 * The session auth-js keeps in storage. With an expired access token and no network, auth-js
 * cannot refresh it and reports no session (INITIAL_SESSION null), yet keeps it for when the
 * network returns: the app then opens read-only on the cached data instead of signing the user out.
 */
/**
 * Whether a session auth-js reports is stored where this tab reads it. Another tab's sign-in or
 * token refresh reaches every tab through auth-js' BroadcastChannel, but a session kept for its own
 * tab ("Lembrar de mim" off: sessionStorage) is not this tab's: taken anyway, a new tab opened
 * while the first refreshed its token showed signed-in screens whose requests went without a token
 * ("Erro inesperado": 42501) instead of /auth. auth-js stores its own sign-ins and refreshes before
 * it reports them.
 */
export function isStoredHere(session: Session): boolean {
  return readStoredSession()?.user.id === session.user.id;
}

export function readStoredSession(): Session | null {
  try {
    const raw = authStorage.getItem(SESSION_STORAGE_KEY);
    if (typeof raw !== 'string') return null;
    const session = JSON.parse(raw) as Partial<Session> | null;
    if (!session?.access_token || !session.refresh_token || !session.user?.id) return null;
    return session as Session;
  } catch {
    return null;
  }
}
