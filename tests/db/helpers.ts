// Helpers for database/API tests: real supabase-js clients against the embedded local stack that
// global-setup.ts starts, acting as real users.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import pg from 'pg';
import { expect, inject } from 'vitest';
import ws from 'ws';
import type { Database } from '../../src/lib/database.types';
import { autoExplainHere } from '../../scripts/bench/auto-explain';
import type { StackEnv } from './global-setup';

export type TestClient = SupabaseClient<Database>;
export type Company = Database['public']['Tables']['companies']['Row'];

export function stackEnv(): StackEnv {
  return inject('stack');
}

function client(key: string): TestClient {
  return createClient<Database>(stackEnv().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js's realtime client needs one.
    realtime: { transport: ws as never },
  });
}

/** Not signed in: the `anon` role. */
export function anonClient(): TestClient {
  return client(stackEnv().anonKey);
}

/** The `service_role` key: bypasses RLS, like a server with the secret key. */
export function serviceClient(): TestClient {
  return client(stackEnv().serviceRoleKey);
}

/**
 * A connection as `postgres`, as the project's SQL editor or `supabase db push` would have it on
 * hosted Supabase: owns the schema's objects and bypasses RLS, but is NOT a superuser. The caller
 * ends it.
 */
export function adminDb(max = 2): pg.Pool {
  return new pg.Pool({ connectionString: stackEnv().dbUrl, max });
}

/**
 * Runs `fn` on one connection of `db` as the user, as PostgREST runs a call (role `authenticated`
 * and the JWT claims), inside a transaction rolled back afterwards: for calling what the API does
 * not expose (a private function) or reading more rows than its 1 000-row cap.
 */
export async function asMember<T>(
  db: pg.Pool,
  userId: string,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    await client.query('set local role authenticated');
    return await fn(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/**
 * A connection as `supabase_admin`, the cluster's superuser (the platform's role on hosted
 * Supabase, never the app's): only for a test-only trick that truly needs a superuser. The caller
 * ends it.
 */
export function superuserDb(max = 1): pg.Pool {
  return new pg.Pool({ connectionString: stackEnv().adminDbUrl, max });
}

/**
 * Runs `fn` as the user, as PostgREST runs a call, on the cluster's superuser (loading auto_explain
 * needs one) with auto_explain on: every statement's plan, nested ones inside functions too, is
 * collected into `plans` as it runs. `setup` runs first, as the superuser (e.g. statistics made to
 * look as they do at scale). All in one transaction, rolled back.
 */
export async function plansAsMember<T>(
  userId: string,
  fn: (client: pg.Client, plans: string[]) => Promise<T>,
  setup?: (client: pg.Client) => Promise<void>,
): Promise<T> {
  const client = new pg.Client({ connectionString: stackEnv().adminDbUrl });
  await client.connect();
  const plans: string[] = [];
  client.on('notice', (notice) => plans.push(notice.message ?? ''));
  try {
    await client.query('begin');
    await setup?.(client);
    await autoExplainHere(client);
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    await client.query('set local role authenticated');
    return await fn(client, plans);
  } finally {
    await client.query('rollback');
    await client.end();
  }
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID()}@example.com`;
}

/** Signs up a new user through the auth API; returns a client signed in as them. */
export async function createUser(
  email: string = uniqueEmail(),
  password = 'senha-segura-123',
  // Unique: two members of a company cannot share a name (user_profiles_company_name_key).
  fullName = `Usuário ${email.split('@')[0]}`,
): Promise<{ client: TestClient; user: User; email: string; password: string }> {
  const supabase = anonClient();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  if (error) throw error;
  if (!data.user || !data.session) throw new Error(`sign-up of ${email} returned no session`);
  return { client: supabase, user: data.user, email, password };
}

/** A new user who has created a company (and so is its admin). */
export async function createMember(
  companyName = `Construtora ${randomUUID().slice(0, 8)}`,
): Promise<{ client: TestClient; user: User; company: Company; email: string; password: string }> {
  const created = await createUser(undefined, undefined, `Admin ${companyName}`);
  const { data, error } = await created.client.rpc('create_company', {
    p_name: companyName,
    p_full_name: `Admin ${companyName}`,
  });
  if (error) throw error;
  return { ...created, company: data };
}

// The exact errors PostgREST relays for the denials our tests expect (a denial asserts its reason,
// never "some error"). Use with `expect(error).toMatchObject(...)`.

/** The caller's role has no EXECUTE on the function (anon on every function of ours). */
export function noExecute(fn: string) {
  return { code: '42501', message: `permission denied for function ${fn}` };
}

/** The caller's role lacks the table (or column) privilege for the command. */
export function noPrivilege(table: string) {
  return { code: '42501', message: `permission denied for table ${table}` };
}

/** An INSERT/UPDATE policy's WITH CHECK refused the row. */
export function rlsViolation(table: string) {
  return {
    code: '42501',
    message: `new row violates row-level security policy for table "${table}"`,
  };
}

/** A check constraint refused the row. */
export function checkViolation(constraint: string) {
  return { code: '23514', message: expect.stringContaining(`"${constraint}"`) as unknown };
}
