// Vitest globalSetup of the `functions` project: its own embedded local stack (a development and
// test stand-in, never a production server) with the Edge Functions under Deno and the mail
// catcher, on free ports in a fresh temporary folder. Its own, not the db project's: the notify
// function claims every due delivery of the database, so its tests must not share a queue with
// tests that claim deliveries themselves (tests/db/notify-delivery.test.ts); its files run one at a
// time. It also makes a throwaway certificate authority so that the tests' local push service can
// speak https (subscriptions are https URLs) to a Deno that trusts it (DENO_CERT).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { getFreePort, startStack, TEST_AUTH_RATE_LIMITS } from '../../scripts/local-stack/stack';
import type { StackEnv } from '../db/global-setup';

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

/** A CA and a certificate it signed for 127.0.0.1, with openssl (files in `dir`). */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const f = (name: string) => path.join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', f('ca.key')]);
  run([
    'req',
    '-x509',
    '-new',
    '-key',
    f('ca.key'),
    '-days',
    '2',
    '-subj',
    '/CN=App Financas test CA',
    '-out',
    f('ca.pem'),
  ]);
  run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', f('push.key')]);
  run(['req', '-new', '-key', f('push.key'), '-subj', '/CN=127.0.0.1', '-out', f('push.csr')]);
  writeFileSync(
    f('push.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n',
  );
  run([
    'x509',
    '-req',
    '-in',
    f('push.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    f('push.ext'),
    '-out',
    f('push.pem'),
  ]);
  return { ca: f('ca.pem'), cert: f('push.pem'), key: f('push.key') };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-fn-test-'));
  chmodSync(tmp, 0o755); // Postgres runs as the `postgres` user when tests run as root
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  let stack;
  try {
    const certs = makeCertificates(tmp);
    // DENO_CERT replaces what the stack would pass (NODE_EXTRA_CA_CERTS, for a proxy that
    // inspects TLS): keep both.
    const extra = process.env.NODE_EXTRA_CA_CERTS;
    const trusted = path.join(tmp, 'deno-ca.pem');
    writeFileSync(
      trusted,
      readFileSync(certs.ca, 'utf8') +
        (extra && existsSync(extra) ? `\n${readFileSync(extra, 'utf8')}` : ''),
    );
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
      functionsEnv: { DENO_CERT: trusted },
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
