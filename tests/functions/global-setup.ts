// Vitest globalSetup of the `functions` project: its own embedded local stack (a development and
// test stand-in, never a production server) with the Edge Functions under Deno and the mail
// catcher, on free ports in a fresh temporary folder. Its own, not the db project's: the notify
// function claims every due delivery of the database, so its tests must not share a queue with
// tests that claim deliveries themselves (tests/db/notify-delivery.test.ts); its files run one at a
// time. It also makes a throwaway certificate authority so that the tests' local push service can
// speak https (subscriptions are https URLs) to a Deno that trusts it (DENO_CERT).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { getFreePort, startStack, TEST_AUTH_RATE_LIMITS } from '../../scripts/local-stack/stack';
import type { StackEnv } from '../db/global-setup';
import { makeTestCertificates } from '../support/test-certificates';

export interface FunctionsEnv {
  functionsUrl: string;
  mailUrl: string;
  vapidPublicKey: string;
  appUrl: string;
  /** A certificate for 127.0.0.1 the functions trust (PEM files). */
  tls: { cert: string; key: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    functions: FunctionsEnv;
  }
}

export const TEST_APP_URL = 'https://app.teste.local';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-fn-test-'));
  chmodSync(tmp, 0o755); // Postgres runs as the `postgres` user when tests run as root
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  let stack;
  try {
    const certs = makeTestCertificates(tmp);
    stack = await startStack({
      dataDir: path.join(tmp, 'db'),
      persistent: false,
      apiPort: await getFreePort(),
      dbPort: await getFreePort(),
      seed: false,
      authRateLimits: TEST_AUTH_RATE_LIMITS,
      appUrl: TEST_APP_URL,
      functions: true,
      mail: 'free',
      functionsEnv: { DENO_CERT: certs.trusted },
      log: (line) => {
        if (/\b(FATAL|PANIC)\b|exited/.test(line)) console.error(line);
      },
    });
    const { apiUrl, dbUrl, adminDbUrl, anonKey, serviceRoleKey } = stack;
    project.provide('stack', {
      apiUrl,
      dbUrl,
      adminDbUrl,
      anonKey,
      serviceRoleKey,
    } satisfies StackEnv);
    project.provide('functions', {
      functionsUrl: stack.functionsUrl,
      mailUrl: stack.mailUrl!,
      vapidPublicKey: stack.vapidPublicKey!,
      appUrl: TEST_APP_URL,
      tls: { cert: certs.cert, key: certs.key },
    });
  } catch (err) {
    await stack?.stop();
    removeTmp();
    throw err;
  }
  return async () => {
    try {
      await stack.stop();
    } finally {
      removeTmp();
    }
  };
}
