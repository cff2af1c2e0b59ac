// `npm run dev`: Vite against the Supabase API named in the environment or .env; when none is
// configured, against the embedded local stack (.local/db on ports 54321/54322, seeded on first
// start), which this script starts and stops. The local stack is a development stand-in, never a
// production server. Ctrl-C stops Vite and the stack.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEV_API_PORT,
  DEV_DATA_DIR,
  DEV_DB_PORT,
  DEV_MAIL_SMTP_PORT,
  DEV_MAIL_WEB_PORT,
  REPO_ROOT,
  startStack,
  type RunningStack,
} from './local-stack/stack';

const DEMO_EMAIL = 'demo@appfinancas.com.br';
const DEMO_PASSWORD = 'demo123456';
const APP_URL = 'http://127.0.0.1:5173';

/** KEY=value lines, `#` comments, optional quotes; enough for .env files. */
function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!m?.[1]) continue;
    let value = m[2] ?? '';
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    vars[m[1]] = value;
  }
  return vars;
}

/** What Vite would see in development mode (process env wins over the files, as in Vite). */
function configuredSupabaseUrl(): string | undefined {
  const files = ['.env', '.env.local', '.env.development', '.env.development.local'];
  const fromFiles = Object.assign(
    {},
    ...files.map((f) => readEnvFile(path.join(REPO_ROOT, f))),
  ) as Record<string, string>;
  const url = process.env.VITE_SUPABASE_URL ?? fromFiles.VITE_SUPABASE_URL;
  return url?.trim() ? url.trim() : undefined;
}

function runVite(env: NodeJS.ProcessEnv): ChildProcess {
  const vite = path.join(REPO_ROOT, 'node_modules', '.bin', 'vite');
  return spawn(vite, process.argv.slice(2), { cwd: REPO_ROOT, env, stdio: 'inherit' });
}

async function main(): Promise<void> {
  const configured = configuredSupabaseUrl();
  if (configured) {
    console.log(`Using the Supabase API at ${configured} (VITE_SUPABASE_URL).`);
    const vite = runVite(process.env);
    vite.on('exit', (code) => process.exit(code ?? 0));
    return;
  }

  console.log('No VITE_SUPABASE_URL configured: starting the embedded local stack…');
  let stack: RunningStack;
  try {
    stack = await startStack({
      dataDir: DEV_DATA_DIR,
      persistent: true,
      apiPort: DEV_API_PORT,
      dbPort: DEV_DB_PORT,
      seed: true,
      mail: { smtpPort: DEV_MAIL_SMTP_PORT, webPort: DEV_MAIL_WEB_PORT },
      functions: true,
      schedule: true,
      appUrl: APP_URL,
      log: (line) => console.log(line),
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  console.log(`
Local Supabase stand-in: API ${stack.apiUrl}   DB ${stack.dbUrl}
Data folder:  ${DEV_DATA_DIR} (npm run db:reset starts over)
App:          ${APP_URL}
Demo login:   ${DEMO_EMAIL} / ${DEMO_PASSWORD}
E-mail inbox: ${stack.mailUrl} (every e-mail the app sends lands here; SMTP 127.0.0.1:${stack.smtpPort})
Functions:    ${stack.functionsUrl}/notify (runs every minute and on each new notice)
`);
  const vite = runVite({
    ...process.env,
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
  });

  let exiting = false;
  const shutdown = (code: number) => {
    if (exiting) return;
    exiting = true;
    if (vite.exitCode === null && vite.signalCode === null) vite.kill('SIGTERM');
    void stack.stop().finally(() => process.exit(code));
  };
  vite.on('exit', (code) => shutdown(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.log(`\n${signal}: stopping Vite and the local stack…`);
      shutdown(0);
    });
  }
}

void main();
