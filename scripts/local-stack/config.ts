// Fixed facts of the embedded local stack: where the repository is, the developer stack's folder
// and ports, and the Supabase CLI's well-known demo secret and keys.
//
// DEVELOPMENT AND TEST STAND-IN ONLY — never a production server: the secret and keys below are
// public knowledge.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signJwt } from './jwt';
import { canEnter, findPostgresIds, isRoot, ROOT_DATA_ROOT } from './postgres-install';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

/**
 * The developer's persistent stack (`npm run stack`, `npm run dev`), on the Supabase CLI's ports.
 * Its data lives in `.local/db`, unless we are root and the postgres user cannot enter the
 * checkout (e.g. /root/app, mode 700): then under /var/lib/app-financas, keyed by the checkout.
 */
export const DEV_DATA_DIR = devDataDir();
export const DEV_API_PORT = 54321;
export const DEV_DB_PORT = 54322;
/** The dev stack's mail catcher (the Supabase CLI's local inbox uses 54324 for its web page). */
export const DEV_MAIL_WEB_PORT = 54324;
export const DEV_MAIL_SMTP_PORT = 54325;
/**
 * Deno's cache (the functions' npm packages), beside the dev data folder and shared by every stack
 * of this checkout (test stacks included), so that only the first start downloads; it survives
 * `npm run db:reset`.
 */
export const DEV_DENO_DIR = path.join(path.dirname(DEV_DATA_DIR), 'deno');

function devDataDir(): string {
  const inCheckout = path.join(REPO_ROOT, '.local', 'db');
  if (!isRoot() || canEnter(path.dirname(inCheckout), findPostgresIds())) return inCheckout;
  const key = createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12);
  return path.join(ROOT_DATA_ROOT, `${path.basename(REPO_ROOT)}-${key}`, 'db');
}

export const BOOTSTRAP_SQL = path.join(REPO_ROOT, 'scripts/local-stack/bootstrap.sql');
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase/migrations');
export const SEED_SQL = path.join(REPO_ROOT, 'supabase/seed.sql');
