// Starts the embedded stack on free ports in a fresh temporary folder, builds the app against it,
// serves the build with `vite preview`, and stops everything when the run ends (even on failure).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  getFreePort,
  REPO_ROOT,
  startStack,
  TEST_AUTH_RATE_LIMITS,
} from '../../scripts/local-stack/stack';
import { makeTestCertificates } from '../support/test-certificates';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-e2e-'));
  // A journey's own local push service speaks https with this certificate, which the functions
  // trust (tests/e2e/notices-journey.spec.ts: the admin's phone gets the approval request).
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-financas-e2e-certs-'));
  const certs = makeTestCertificates(certDir);
  // The app's address, known before the stack starts: the functions' e-mails link into it.
  const port = await getFreePort();
  const stack = await startStack({
    dataDir,
    persistent: false,
    apiPort: await getFreePort(),
    dbPort: await getFreePort(),
    seed: false,
    // Every journey signs in from 127.0.0.1: per-IP limits out of the way, per-address ones kept.
    authRateLimits: TEST_AUTH_RATE_LIMITS,
    // The Edge Functions (Deno) and the mail catcher, as `npm run dev` has them: the journeys
    // subscribe with the functions' VAPID key and read the morning e-mail from the inbox.
    functions: true,
    mail: 'free',
    functionsEnv: { DENO_CERT: certs.trusted },
    appUrl: `http://127.0.0.1:${port}`,
  });
  let preview: ChildProcess | undefined;
  const stop = async () => {
    if (preview && preview.exitCode === null) {
      preview.kill('SIGTERM');
      await new Promise((r) => preview!.once('exit', r));
    }
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(certDir, { recursive: true, force: true });
  };
  try {
    const env = {
      ...process.env,
      VITE_SUPABASE_URL: stack.apiUrl,
      VITE_SUPABASE_ANON_KEY: stack.anonKey,
    };
    const outDir = path.join(dataDir, 'dist');
    await run(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        // Only warnings: the list of chunks buries the test output.
        '--logLevel',
        'warn',
      ],
      env,
    );
    preview = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'preview',
        '--outDir',
        outDir,
        '--port',
        String(port),
        '--strictPort',
        '--host',
        '127.0.0.1',
      ],
      { cwd: REPO_ROOT, env, stdio: 'ignore' },
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(baseUrl, 30_000);
    process.env.E2E_BASE_URL = baseUrl;
    // The served folder: vite preview reads it on every request, so pwa.spec.ts can publish a
    // "new version" of sw.js by changing the file.
    process.env.E2E_DIST_DIR = outDir;
    process.env.E2E_API_URL = stack.apiUrl;
    process.env.E2E_ANON_KEY = stack.anonKey;
    process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey;
    // The mail catcher's web inbox (REST API: GET /api/email) and the functions' base URL.
    process.env.E2E_MAIL_URL = stack.mailUrl;
    process.env.E2E_FUNCTIONS_URL = stack.functionsUrl;
    process.env.E2E_PUSH_TLS_CERT = certs.cert;
    process.env.E2E_PUSH_TLS_KEY = certs.key;
    // As `postgres` (not a superuser, as on hosted); the superuser's, only for test-only tricks.
    process.env.E2E_DB_URL = stack.dbUrl;
    process.env.E2E_ADMIN_DB_URL = stack.adminDbUrl;
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
