// The local stack's Edge Functions, served as `supabase functions serve` serves them: every folder
// of supabase/functions with an index.ts (not `_shared`-style folders starting with `_` or `.`) runs
// in its own Deno process (the `deno` devDependency) on a free port of 127.0.0.1; the gateway
// forwards /functions/v1/<name>/… to it as /<name>/…. Each gets the env hosted gives a function
// (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL) plus ours (SMTP_*,
// VAPID_*, APP_URL). Development and test stand-in only.
import { type ChildProcess } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './config';
import { getFreePort, killTree, LogTail, sleep, spawnTied, waitForExit } from './processes';

export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'supabase', 'functions');
const DENO_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'deno');

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (what PushManager.subscribe takes). */
  publicKey: string;
  /** The private scalar, base64url (web-push's format). */
  privateKey: string;
}

/**
 * The stack's VAPID key pair, made once and kept in `file` (beside the cluster's own files, so it
 * lives and goes with the data folder: a browser's subscription stays valid across restarts).
 */
export async function vapidKeys(file: string): Promise<VapidKeys> {
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (saved.publicKey && saved.privateKey) return saved as VapidKeys;
  } catch {
    /* none yet */
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
  await fs.writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** The function folders `supabase functions serve` would serve. */
export function functionNames(dir = FUNCTIONS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !/^[._]/.test(e.name))
    .filter((e) => existsSync(path.join(dir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();
}

export interface RunningFunctions {
  /** The port serving `name`, or undefined when there is no such function. */
  port(name: string): number | undefined;
  names: string[];
  stop(): Promise<void>;
  /** Last resort on exit: SIGKILL, synchronously. */
  killNow(): void;
}

export interface FunctionsOptions {
  /** Variables every function gets (SUPABASE_URL, keys, SMTP_*, VAPID_*, APP_URL). */
  env: Record<string, string>;
  /** Deno's cache (npm packages); shared by the stacks of a checkout. */
  denoDir: string;
  log: (line: string) => void;
  dir?: string;
}

/**
 * What Deno needs from our environment to download the functions' npm packages (proxy, extra CA
 * certificates: NODE_EXTRA_CA_CERTS serves as DENO_CERT), and nothing else of it: a function sees
 * only the variables hosted would give it.
 */
function downloadEnv(): Record<string, string> {
  const pass = [
    'PATH',
    'HOME',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'http_proxy',
    'https_proxy',
    'no_proxy',
    'DENO_CERT',
    'DENO_TLS_CA_STORE',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
  ];
  const env: Record<string, string> = { PATH: '/usr/bin:/bin' };
  for (const name of pass) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  if (!env.DENO_CERT && process.env.NODE_EXTRA_CA_CERTS)
    env.DENO_CERT = process.env.NODE_EXTRA_CA_CERTS;
  return env;
}

async function startOne(
  name: string,
  o: FunctionsOptions,
  dir: string,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await getFreePort();
  const tail = new LogTail(`fn:${name}`, o.log, () => true);
  const child = spawnTied(
    DENO_BIN,
    [
      'run',
      // What an Edge Function may do on hosted: network, env, read its files; no subprocess, no
      // writes, no FFI. `sys` for nodemailer (os.hostname for its EHLO).
      '--allow-net',
      '--allow-env',
      '--allow-sys',
      `--allow-read=${dir}`,
      '--no-prompt',
      path.join(dir, name, 'index.ts'),
    ],
    'TERM',
    {
      cwd: path.join(dir, name),
      env: {
        ...downloadEnv(),
        ...o.env,
        DENO_DIR: o.denoDir,
        // The repository's package.json is the app's, not the function's: without this Deno
        // would resolve every npm: import through node_modules (and its dependency list).
        DENO_NO_PACKAGE_JSON: '1',
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const quiet = /^Listening on |^Download |^Initialize /;
  child.stdout?.on('data', (c: Buffer) => tail.push(c));
  child.stderr?.on('data', (c: Buffer) =>
    String(c)
      .split('\n')
      .filter((l) => l.trim() && !quiet.test(l))
      .forEach((l) => tail.push(l)),
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  // The first start downloads the npm packages into DENO_DIR; later ones start in well under a second.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`function ${name} exited during start:\n${tail.text()}`);
    const answered = await fetch(`http://127.0.0.1:${port}/${name}/__ready`, {
      signal: AbortSignal.timeout(2000),
    })
      .then(() => true)
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) {
      killTree(child, 'SIGKILL');
      throw new Error(`function ${name} did not start on port ${port}:\n${tail.text()}`);
    }
    await sleep(50);
  }
  return { child, port };
}

export async function startFunctions(o: FunctionsOptions): Promise<RunningFunctions> {
  const dir = o.dir ?? FUNCTIONS_DIR;
  const names = functionNames(dir);
  if (names.length && !existsSync(DENO_BIN)) {
    throw new Error(`Deno not found at ${DENO_BIN} (the deno devDependency; run npm install)`);
  }
  await fs.mkdir(o.denoDir, { recursive: true });
  const started = new Map<string, { child: ChildProcess; port: number }>();
  const stop = async () => {
    const children = [...started.values()].map((s) => s.child);
    for (const c of children) killTree(c, 'SIGTERM');
    await Promise.all(
      children.map(async (c) => {
        if (!(await waitForExit(c, 5000))) {
          killTree(c, 'SIGKILL');
          await waitForExit(c, 2000);
        }
      }),
    );
  };
  const results = await Promise.allSettled(
    names.map(async (name) => started.set(name, await startOne(name, o, dir))),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return {
    names,
    port: (name) => started.get(name)?.port,
    stop,
    killNow: () => {
      for (const s of started.values()) killTree(s.child, 'SIGKILL');
    },
  };
}
