// Vitest globalSetup of the `db` project: one embedded local stack (a development and test
// stand-in, never a production server) in a fresh temporary folder on free ports, with the seed.
// Tests reach it through `inject('stack')` (see helpers.ts) and create their own users.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { getFreePort, startStack, TEST_AUTH_RATE_LIMITS } from '../../scripts/local-stack/stack';

export interface StackEnv {
  apiUrl: string;
  /** As `postgres`, the project's non-superuser role (as on hosted Supabase). */
  dbUrl: string;
  /** As `supabase_admin`, the cluster's superuser: only for test-only tricks that need one. */
  adminDbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackEnv;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-db-test-'));
  chmodSync(tmp, 0o755); // Postgres runs as the `postgres` user when tests run as root
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  let stack;
  try {
    stack = await startStack({
      dataDir: path.join(tmp, 'db'),
      persistent: false,
      apiPort: await getFreePort(),
      dbPort: await getFreePort(),
      seed: true,
      // Every test signs in from 127.0.0.1: per-IP limits out of the way, per-address ones kept.
      authRateLimits: TEST_AUTH_RATE_LIMITS,
      // The Edge Functions and the mail catcher have their own project (tests/functions): this
      // stack starts without them (the auth stand-in prints its links instead of mailing them).
      functions: false,
      mail: false,
      log: (line) => {
        if (/\b(FATAL|PANIC|failed)\b/.test(line)) console.error(line);
      },
    });
  } catch (err) {
    removeTmp();
    throw err;
  }
  const { apiUrl, dbUrl, adminDbUrl, anonKey, serviceRoleKey } = stack;
  project.provide('stack', { apiUrl, dbUrl, adminDbUrl, anonKey, serviceRoleKey });
  return async () => {
    try {
      await stack.stop();
    } finally {
      removeTmp();
    }
  };
}
