// `npm run stack:check`: proves that the embedded local stack (a development stand-in, never a
// production server) starts from this checkout the way `npm run dev` starts it — the developer's
// persistent folder, seeded on first start — but on free ports, so it never collides with a
// running dev stack's 54321/54322. It signs the demo user in through the API, reads the demo
// company through PostgREST with that session, stores, reads back and removes a small file in the
// company's folder of the `documentos` bucket through the Storage stand-in, and stops. A data folder this run created is
// deleted again. CI runs it as root from a clone inside a folder only root may enter.
import { randomUUID } from 'node:crypto';
import { existsSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEV_DATA_DIR, getFreePort, startStack, type RunningStack } from './local-stack/stack';

const DEMO_EMAIL = 'demo@appfinancas.com.br';
const DEMO_PASSWORD = 'demo123456';
const DEMO_COMPANY = 'Construtora Horizonte Ltda';

async function signInDemo(apiUrl: string, anonKey: string): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) {
    throw new Error(`demo sign-in answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

async function demoCompanies(
  apiUrl: string,
  anonKey: string,
  token: string,
): Promise<{ id: string; name: string }[]> {
  const res = await fetch(`${apiUrl}/rest/v1/companies?select=id,name`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`companies answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; name: string }[];
}

/** Upload, download and remove one small PDF as the demo user; nothing is left behind. */
async function storageRoundTrip(
  apiUrl: string,
  anonKey: string,
  token: string,
  companyId: string,
): Promise<void> {
  const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
  const name = `${companyId}/stack-check/${randomUUID()}.pdf`;
  const file = Buffer.from('%PDF-1.7\n%%EOF\n');
  const url = `${apiUrl}/storage/v1/object/documentos/${name}`;
  const up = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/pdf' },
    body: file,
  });
  if (up.status !== 200)
    throw new Error(`storage upload answered ${up.status}: ${await up.text()}`);
  try {
    const down = await fetch(url, { headers });
    const got = Buffer.from(await down.arrayBuffer());
    if (down.status !== 200 || !got.equals(file)) {
      throw new Error(`storage download answered ${down.status} with ${got.length} bytes`);
    }
  } finally {
    const removed = await fetch(`${apiUrl}/storage/v1/object/documentos`, {
      method: 'DELETE',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: [name] }),
    });
    if (removed.status !== 200) {
      // eslint-disable-next-line no-unsafe-finally
      throw new Error(`storage remove answered ${removed.status}: ${await removed.text()}`);
    }
  }
}

/**
 * The notify function answers through the gateway (its VAPID key, Deno and its npm packages
 * loaded), and a password-recovery mail for the demo user lands in the mail catcher.
 */
async function functionsAndMail(stack: RunningStack): Promise<void> {
  const res = await fetch(`${stack.functionsUrl}/notify/vapid-public-key`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
  });
  const body = (await res.json().catch(() => ({}))) as { key?: string };
  if (res.status !== 200 || body.key !== stack.vapidPublicKey) {
    throw new Error(`the notify function answered ${res.status}: ${JSON.stringify(body)}`);
  }
  const recover = await fetch(`${stack.apiUrl}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL }),
  });
  if (recover.status !== 200) throw new Error(`recover answered ${recover.status}`);
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`${stack.mailUrl}/api/email`)).json()) as {
      to: { address: string }[];
    }[];
    if (mails.some((m) => m.to.some((t) => t.address === DEMO_EMAIL))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no recovery e-mail for ${DEMO_EMAIL} in ${stack.mailUrl}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const createdHere = !existsSync(DEV_DATA_DIR);
  const stack = await startStack({
    dataDir: DEV_DATA_DIR,
    persistent: true,
    apiPort: await getFreePort(),
    dbPort: await getFreePort(),
    seed: true,
    functions: true,
    mail: 'free',
    log: (line) => {
      if (/\b(FATAL|PANIC|failed)\b/.test(line)) console.error(line);
    },
  });
  try {
    const token = await signInDemo(stack.apiUrl, stack.anonKey);
    const companies = await demoCompanies(stack.apiUrl, stack.anonKey, token);
    const demo = companies.find((c) => c.name === DEMO_COMPANY);
    if (!demo) {
      throw new Error(
        `the demo user sees ${JSON.stringify(companies.map((c) => c.name))}, not ${DEMO_COMPANY}`,
      );
    }
    await storageRoundTrip(stack.apiUrl, stack.anonKey, token, demo.id);
    await functionsAndMail(stack);
  } finally {
    await stack.stop();
    if (createdHere) {
      rmSync(DEV_DATA_DIR, { recursive: true, force: true });
      try {
        rmdirSync(path.dirname(DEV_DATA_DIR)); // only when nothing else is left in it
      } catch {
        /* not empty: keep it */
      }
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `stack check: ok — data in ${DEV_DATA_DIR}, demo user signed in, a document stored and removed, the notify function answered, a recovery e-mail caught (${seconds} s)`,
  );
}

main().catch((err: unknown) => {
  console.error(`stack check failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
