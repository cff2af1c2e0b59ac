// Helpers of the `functions` project: calling the notify function as the schedule does, the mail
// catcher's inbox (maildev's REST API), and a local https push service the functions trust.
import { inject, vi } from 'vitest';
import { startPushService, type PushService } from '../support/push-service';
import { stackEnv } from '../db/helpers';
import type { FunctionsEnv } from './global-setup';

export function functionsEnv(): FunctionsEnv {
  return inject('functions');
}

export interface RunAnswer {
  planned: number;
  sent: number;
  failed: number;
  retry: number;
}

/** POST /functions/v1/notify as the schedule does (service role key), optionally at `now`. */
export async function runNotify(
  now?: string,
  url = `${functionsEnv().functionsUrl}/notify`,
): Promise<RunAnswer> {
  const key = stackEnv().serviceRoleKey;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(now ? { now } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`notify answered ${res.status}: ${text}`);
  return JSON.parse(text) as RunAnswer;
}

export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
  text: string;
  html: string;
  time: string;
}

/** Every mail the catcher holds for `address` (case-insensitive), oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${functionsEnv().mailUrl}/api/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** Waits (the test's timeout bounds it) until `address` has a mail `match` accepts. */
export async function waitForMail(
  address: string,
  match: (m: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  return vi.waitFor(
    async () => {
      const found = (await mailsTo(address)).find(match);
      if (!found) throw new Error(`no mail to ${address} yet`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The local push service over https, with the certificate the functions trust. */
export async function startTrustedPushService(): Promise<PushService> {
  const { readFile } = await import('node:fs/promises');
  const { tls } = functionsEnv();
  return startPushService({
    cert: await readFile(tls.cert, 'utf8'),
    key: await readFile(tls.key, 'utf8'),
  });
}
