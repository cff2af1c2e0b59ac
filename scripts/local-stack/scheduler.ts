// The local stack's schedule, in the role of hosted's pg_cron + pg_net: POST <api>/functions/v1/
// notify with the service role key every minute, and soon after each `notify notice_written` (the
// trigger on public.notices; debounced, so a burst of notices is one run). One run at a time: a
// wake-up during a run asks for one more run after it. Development stand-in only.
import pg from 'pg';

export interface SchedulerOptions {
  /** The function's URL through the gateway (…/functions/v1/notify). */
  url: string;
  serviceRoleKey: string;
  /** As postgres, to LISTEN. */
  dbUrl: string;
  log: (line: string) => void;
  everyMs?: number;
  debounceMs?: number;
}

export interface Scheduler {
  /** Asks for a run (debounced). */
  wake(): void;
  /** Resolves once it listens for notice_written (and its first run is done). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export const NOTICE_CHANNEL = 'notice_written';

export function startScheduler(o: SchedulerOptions): Scheduler {
  const everyMs = o.everyMs ?? 60_000;
  const debounceMs = o.debounceMs ?? 500;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let debounce: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  const abort = new AbortController();

  const runOnce = async () => {
    try {
      const res = await fetch(o.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${o.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: '{}',
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(120_000)]),
      });
      const text = await res.text();
      if (!res.ok) o.log(`[scheduler] notify answered ${res.status}: ${text.slice(0, 300)}`);
      else {
        const r = JSON.parse(text) as { sent?: number; failed?: number; retry?: number };
        if (r.sent || r.failed || r.retry)
          o.log(
            `[scheduler] notify: ${r.sent ?? 0} sent, ${r.retry ?? 0} to retry, ${r.failed ?? 0} failed`,
          );
      }
    } catch (err) {
      if (!stopped) o.log(`[scheduler] notify failed: ${(err as Error).message}`);
    }
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        run();
      }
    });
  };
  const wake = () => {
    if (stopped) return;
    clearTimeout(debounce);
    debounce = setTimeout(run, debounceMs);
  };

  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: o.dbUrl });
    client.on('notification', wake);
    client.on('error', (err) => {
      if (stopped) return;
      o.log(`[scheduler] LISTEN connection lost: ${err.message}; reconnecting`);
      void client.end().catch(() => undefined);
      reconnect = setTimeout(() => void listen(), 5000);
    });
    try {
      await client.connect();
      await client.query(`listen ${NOTICE_CHANNEL}`);
      listener = client;
      if (stopped) await client.end();
    } catch (err) {
      await client.end().catch(() => undefined);
      if (!stopped) {
        o.log(`[scheduler] LISTEN failed: ${(err as Error).message}; retrying`);
        reconnect = setTimeout(() => void listen(), 5000);
      }
    }
  };

  const listening = listen();
  const timer = setInterval(run, everyMs);
  run(); // catch up at start (what was planned while the stack was down)

  return {
    wake,
    ready: listening.then(() => running),
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(debounce);
      clearTimeout(reconnect);
      abort.abort();
      await listener?.end().catch(() => undefined);
      await running;
    },
  };
}
