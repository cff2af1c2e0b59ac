// The notify Edge Function (Deno): sends what the database planned — notice e-mails and the daily
// e-mail over SMTP, phone notifications over Web Push — and records each delivery's outcome.
// Called by the schedule (pg_cron + pg_net on hosted, every 5 minutes; the local stack's
// scheduler every minute), on each new notice (pg_net / the local stack's LISTEN notice_written),
// and by tests. Routes and the service-key check: handler.ts; one run: deliver.ts; renderers:
// digest-email.ts, notice-email.ts, push-payload.ts (pure modules Vitest tests).
//
// Libraries (checked under Deno 2.9.6): nodemailer for SMTP; web-push for the aes128gcm
// encryption and the VAPID header (generateRequestDetails), the request itself sent with fetch
// (web-push's own sender uses node's https.request, https only, Node agent semantics).
//
// Env: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (given by the platform), APP_URL, SMTP_HOST,
// SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_FROM, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT.
import nodemailer from 'npm:nodemailer@10.6.1';
import webpush from 'npm:web-push@3.6.7';
import { runDeliveries, type Senders } from './deliver.ts';
import { createHandler } from './handler.ts';

const env = (name: string): string | undefined => Deno.env.get(name)?.trim() || undefined;

const supabaseUrl = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
const appUrl = env('APP_URL') ?? env('SITE_URL') ?? 'http://127.0.0.1:5173';
const smtpHost = env('SMTP_HOST');
const smtpPort = Number(env('SMTP_PORT') ?? 587);
const smtpUser = env('SMTP_USER');
const smtpFrom = env('SMTP_FROM') ?? 'App Finanças <nao-responda@appfinancas.com.br>';
const vapidPublicKey = env('VAPID_PUBLIC_KEY');
const vapidPrivateKey = env('VAPID_PRIVATE_KEY');
const vapidSubject = env('VAPID_SUBJECT') ?? 'mailto:nao-responda@appfinancas.com.br';

const log = (line: string) => console.log(line);

async function rpc(fn: string, args: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(`${supabaseUrl}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${fn}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

// One pooled SMTP transport per worker, reused across runs.
const transport = smtpHost
  ? nodemailer.createTransport({
      host: smtpHost,
      port: smtpPort,
      secure: smtpPort === 465,
      auth: smtpUser ? { user: smtpUser, pass: env('SMTP_PASS') ?? '' } : undefined,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
  : undefined;

const senders: Senders = {
  async sendMail(to, email) {
    if (!transport) throw new Error('smtp_not_configured');
    await transport.sendMail({
      from: smtpFrom,
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  },
  async sendPush(subscription, payload) {
    if (!vapidPublicKey || !vapidPrivateKey) throw new Error('push_not_configured');
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: {
          subject: vapidSubject,
          publicKey: vapidPublicKey,
          privateKey: vapidPrivateKey,
        },
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: new Uint8Array(details.body as Uint8Array),
      signal: AbortSignal.timeout(15_000),
    });
    await res.body?.cancel();
    return res.status;
  },
};

Deno.serve(
  createHandler({
    serviceRoleKey,
    vapidPublicKey,
    log,
    run: (now) => runDeliveries({ rpc, senders, appUrl, now, log }),
  }),
);
