// `npm run db:reset`: deletes the local stack's database (.local/db) so that the next
// `npm run dev` / `npm run stack` creates it again from the migrations and supabase/seed.sql.
// Only the embedded development stand-in's data; never touches a hosted project.
import { existsSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEV_DATA_DIR } from './local-stack/stack';

function runningPostgresPid(): number | undefined {
  const pidFile = path.join(DEV_DATA_DIR, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  try {
    // A live pid that is not a postgres on this directory is a stale file whose pid was reused.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.includes(DEV_DATA_DIR) ? pid : undefined;
  } catch {
    return pid;
  }
}

const pid = runningPostgresPid();
if (pid !== undefined) {
  console.error(
    `A local stack is running on ${DEV_DATA_DIR} (Postgres pid ${pid}). Stop it (Ctrl-C in the ` +
      'terminal running `npm run dev` / `npm run stack`) and run `npm run db:reset` again.',
  );
  process.exit(1);
}
if (!existsSync(DEV_DATA_DIR)) {
  console.log(`${DEV_DATA_DIR} does not exist; nothing to reset.`);
} else {
  rmSync(DEV_DATA_DIR, { recursive: true, force: true });
  // As root with a private checkout the folder is /var/lib/app-financas/<checkout>-<hash>/db:
  // leave no empty <checkout>-<hash> behind (rmdir refuses a folder that is not empty).
  try {
    rmdirSync(path.dirname(DEV_DATA_DIR));
  } catch {
    /* not empty (e.g. .local holding other things): keep it */
  }
  console.log(
    `Deleted ${DEV_DATA_DIR}. The next \`npm run dev\` or \`npm run stack\` recreates it with the seed.`,
  );
}
