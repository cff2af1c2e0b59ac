// One delivery run: plan_mornings in pages of companies until the database says the morning is
// planned, plan_deliveries (the notices no run has planned yet), then claim_deliveries / send /
// finish_delivery until nothing is left. The database decides what is due, to whom, once (unique
// keys, `for update skip locked`), and what a failure becomes (backoff, then failed); this module
// only renders, sends and reports back. Pure (the RPC call and the senders are passed in): Vitest
// tests it.
import { renderDigestEmail, type RenderedEmail } from './digest-email.ts';
import { renderNoticeEmail } from './notice-email.ts';
import { pushPayload } from './push-payload.ts';
import type { ClaimedDelivery, PushSubscriptionRow } from './types.ts';

export type Rpc = (fn: string, args: Record<string, unknown>) => Promise<unknown>;

export interface Senders {
  /** Resolves when the SMTP server accepted the message; rejects otherwise. */
  sendMail(to: string, email: RenderedEmail): Promise<void>;
  /** The push service's HTTP status (2xx accepted, 404/410 subscription gone, else a failure). */
  sendPush(subscription: PushSubscriptionRow, payload: string): Promise<number>;
}

export interface RunResult {
  planned: number;
  sent: number;
  /** Given up: attempts exhausted, subscription gone, nowhere to send. */
  failed: number;
  /** Failed this time, pending again with backoff. */
  retry: number;
}

export interface RunOptions {
  rpc: Rpc;
  senders: Senders;
  appUrl: string;
  /** An ISO timestamp standing for now (tests); omitted, the database's now(). */
  now?: string;
  /** Deliveries claimed per round. */
  batchSize?: number;
  /** Companies whose morning one plan_mornings call plans (1..500). */
  planPageSize?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

/** finish_delivery turns a failure into a retry while attempts < MAX_ATTEMPTS (docs/contracts.md). */
export const MAX_ATTEMPTS = 5;
/** A run never loops forever: at most this many full batches (the next run picks up the rest). */
const MAX_ROUNDS = 20;
/**
 * At most this many morning pages a run (50 companies each by default: 2 000 companies); the next
 * run continues where this one stopped (the database keeps which companies are planned).
 */
export const MAX_PLAN_PAGES = 40;

/** What one plan_mornings call answers (docs/contracts.md, "notice_deliveries"). */
interface MorningPage {
  planned: number;
  /** Companies this call planned. */
  companies: number;
  /** Companies this call listed for the day (its first call: nothing planned yet). */
  listed: number;
  /** A company is still to plan (perhaps held by another run at this moment). */
  more: boolean;
}

type Outcome = { ok: true } | { ok: false; error: string; gone?: boolean };

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

async function deliver(d: ClaimedDelivery, o: RunOptions): Promise<Outcome> {
  if (d.channel === 'email') {
    if (!d.email) return { ok: false, error: 'no_email_address' };
    const email = d.digest
      ? renderDigestEmail(d.digest, o.appUrl)
      : d.notice
        ? renderNoticeEmail(d.notice, d.company_name, o.appUrl)
        : undefined;
    if (!email) return { ok: false, error: 'nothing_to_send' };
    await o.senders.sendMail(d.email, email);
    return { ok: true };
  }
  if (!d.subscription) return { ok: false, error: 'no_subscription' };
  const status = await o.senders.sendPush(d.subscription, JSON.stringify(pushPayload(d)));
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 404 || status === 410)
    return { ok: false, error: `push_gone_${status}`, gone: true };
  return { ok: false, error: `push_status_${status}` };
}

/** Runs `fn` over `items`, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

export async function runDeliveries(o: RunOptions): Promise<RunResult> {
  const log = o.log ?? (() => undefined);
  const batchSize = o.batchSize ?? 50;
  const nowArg = o.now ? { p_now: o.now } : {};
  let planned = 0;
  for (let page = 0; page < MAX_PLAN_PAGES; page++) {
    const answer = (await o.rpc('plan_mornings', {
      p_limit: o.planPageSize ?? 50,
      ...nowArg,
    })) as MorningPage | null;
    planned += Number(answer?.planned) || 0;
    // Nothing left, or nothing this run could take (the rest is held by another run, which plans
    // it, or, if it fails, the next run).
    if (!answer?.more || (!answer.companies && !answer.listed)) break;
  }
  planned += Number(await o.rpc('plan_deliveries', nowArg)) || 0;
  const result: RunResult = { planned, sent: 0, failed: 0, retry: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = (await o.rpc('claim_deliveries', { p_limit: batchSize, ...nowArg })) as
      ClaimedDelivery[] | null;
    const batch = claimed ?? [];
    await eachLimited(batch, o.concurrency ?? 4, async (d) => {
      let outcome: Outcome;
      try {
        outcome = await deliver(d, o);
      } catch (err) {
        outcome = { ok: false, error: errorText(err) };
      }
      if (outcome.ok) {
        await o.rpc('finish_delivery', { p_id: d.id, p_ok: true });
        result.sent++;
        return;
      }
      await o.rpc('finish_delivery', {
        p_id: d.id,
        p_ok: false,
        p_error: outcome.error,
        p_gone: outcome.gone ?? false,
      });
      if (outcome.gone || d.attempts >= MAX_ATTEMPTS) result.failed++;
      else result.retry++;
      log(`[notify] ${d.channel} ${d.kind} ${d.id} attempt ${d.attempts}: ${outcome.error}`);
    });
    if (batch.length < batchSize) break;
  }
  return result;
}
