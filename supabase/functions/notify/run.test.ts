// The notify function's run loop (deliver.ts) and routes (handler.ts), with the database's RPCs
// and the senders replaced by fakes. The real thing end to end: tests/db/notify-function.test.ts.
import { describe, expect, it } from 'vitest';
import { MAX_PLAN_PAGES, runDeliveries, type Rpc, type Senders } from './deliver';
import { createHandler, routeOf } from './handler';
import type { ClaimedDelivery } from './types';

function delivery(id: string, over: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  return {
    id,
    channel: 'email',
    kind: 'approval_pending',
    event_key: `e-${id}`,
    attempts: 1,
    email: `${id}@example.com`,
    subscription: null,
    company_name: 'Construtora Alfa',
    notice: { title: `Aviso ${id}`, body: null, link: '/avisos' },
    digest: null,
    ...over,
  };
}

type Page = { planned: number; companies: number; listed: number; more: boolean };

function fakeDb(
  batches: ClaimedDelivery[][],
  planned = 3,
  pages: Page[] = [{ planned: 0, companies: 0, listed: 0, more: false }],
) {
  const calls: { fn: string; args: Record<string, unknown> }[] = [];
  const rpc: Rpc = async (fn, args) => {
    calls.push({ fn, args });
    if (fn === 'plan_mornings')
      return pages.shift() ?? { planned: 0, companies: 0, listed: 0, more: false };
    if (fn === 'plan_deliveries') return planned;
    if (fn === 'claim_deliveries') return batches.shift() ?? [];
    return null;
  };
  return {
    rpc,
    calls,
    finishes: () => calls.filter((c) => c.fn === 'finish_delivery').map((c) => c.args),
  };
}

describe('runDeliveries', () => {
  it('plans, then claims and sends until a batch comes back short, reporting each outcome', async () => {
    const db = fakeDb([
      [delivery('a'), delivery('b', { email: 'fail@example.com' })],
      [
        delivery('c', {
          channel: 'push',
          email: null,
          subscription: { endpoint: 'https://p/gone', p256dh: 'k', auth: 'x' },
        }),
        delivery('d', {
          channel: 'push',
          email: null,
          subscription: { endpoint: 'https://p/ok', p256dh: 'k', auth: 'x' },
        }),
      ],
      [delivery('e', { attempts: 5, email: 'fail@example.com' })],
    ]);
    const mails: string[] = [];
    const pushes: string[] = [];
    const senders: Senders = {
      async sendMail(to, email) {
        if (to.startsWith('fail')) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
        mails.push(`${to}: ${email.subject}`);
      },
      async sendPush(sub, payload) {
        pushes.push(payload);
        return sub.endpoint.endsWith('gone') ? 410 : 201;
      },
    };
    const result = await runDeliveries({
      rpc: db.rpc,
      senders,
      appUrl: 'http://app',
      now: '2026-12-04T10:05:00.000Z',
      batchSize: 2,
    });
    expect(result).toEqual({ planned: 3, sent: 2, failed: 2, retry: 1 });
    expect(db.calls.slice(0, 2)).toEqual([
      { fn: 'plan_mornings', args: { p_limit: 50, p_now: '2026-12-04T10:05:00.000Z' } },
      { fn: 'plan_deliveries', args: { p_now: '2026-12-04T10:05:00.000Z' } },
    ]);
    expect(db.calls.filter((c) => c.fn === 'claim_deliveries').map((c) => c.args)).toEqual([
      { p_limit: 2, p_now: '2026-12-04T10:05:00.000Z' },
      { p_limit: 2, p_now: '2026-12-04T10:05:00.000Z' },
      { p_limit: 2, p_now: '2026-12-04T10:05:00.000Z' },
    ]);
    expect(db.finishes()).toEqual(
      expect.arrayContaining([
        { p_id: 'a', p_ok: true },
        { p_id: 'b', p_ok: false, p_error: 'connect ECONNREFUSED 127.0.0.1:1', p_gone: false },
        { p_id: 'c', p_ok: false, p_error: 'push_gone_410', p_gone: true },
        { p_id: 'd', p_ok: true },
        { p_id: 'e', p_ok: false, p_error: 'connect ECONNREFUSED 127.0.0.1:1', p_gone: false },
      ]),
    );
    expect(db.finishes()).toHaveLength(5);
    expect(mails).toEqual(['a@example.com: Aviso a']);
    expect(JSON.parse(pushes[1]!)).toEqual({
      title: 'Aviso d',
      body: 'Construtora Alfa',
      link: '/avisos',
      tag: 'approval_pending:e-d',
    });
  });

  it('without a time given, the database’s now(): no p_now at all', async () => {
    const db = fakeDb([]);
    const senders: Senders = { sendMail: async () => undefined, sendPush: async () => 201 };
    expect(await runDeliveries({ rpc: db.rpc, senders, appUrl: 'http://app' })).toEqual({
      planned: 3,
      sent: 0,
      failed: 0,
      retry: 0,
    });
    expect(db.calls).toEqual([
      { fn: 'plan_mornings', args: { p_limit: 50 } },
      { fn: 'plan_deliveries', args: {} },
      { fn: 'claim_deliveries', args: { p_limit: 50 } },
    ]);
  });

  it('plans the morning page after page until the database says no more, then the notices, then claims', async () => {
    const db = fakeDb([], 2, [
      // The day's list written: nothing planned yet, more to come.
      { planned: 0, companies: 0, listed: 7, more: true },
      { planned: 7, companies: 3, listed: 0, more: true },
      { planned: 4, companies: 3, listed: 0, more: true },
      { planned: 1, companies: 1, listed: 0, more: false },
      { planned: 99, companies: 3, listed: 0, more: true }, // never asked for
    ]);
    const senders: Senders = { sendMail: async () => undefined, sendPush: async () => 201 };
    const result = await runDeliveries({
      rpc: db.rpc,
      senders,
      appUrl: 'http://app',
      now: '2026-12-04T10:05:00.000Z',
      planPageSize: 3,
    });
    expect(result.planned).toBe(7 + 4 + 1 + 2);
    const page = { fn: 'plan_mornings', args: { p_limit: 3, p_now: '2026-12-04T10:05:00.000Z' } };
    expect(db.calls).toEqual([
      page,
      page,
      page,
      page,
      { fn: 'plan_deliveries', args: { p_now: '2026-12-04T10:05:00.000Z' } },
      { fn: 'claim_deliveries', args: { p_limit: 50, p_now: '2026-12-04T10:05:00.000Z' } },
    ]);
  });

  it('stops paging when the rest of the morning is held by another run (took nothing, listed nothing)', async () => {
    const db = fakeDb([], 0, [
      { planned: 5, companies: 2, listed: 0, more: true },
      { planned: 0, companies: 0, listed: 0, more: true },
      { planned: 9, companies: 2, listed: 0, more: true }, // never asked for
    ]);
    const senders: Senders = { sendMail: async () => undefined, sendPush: async () => 201 };
    const result = await runDeliveries({ rpc: db.rpc, senders, appUrl: 'http://app' });
    expect(result.planned).toBe(5);
    expect(db.calls.map((c) => c.fn)).toEqual([
      'plan_mornings',
      'plan_mornings',
      'plan_deliveries',
      'claim_deliveries',
    ]);
  });

  it('a morning larger than a run: at most MAX_PLAN_PAGES pages, then the notices and the claims (the next run continues)', async () => {
    const endless = Array.from({ length: MAX_PLAN_PAGES + 5 }, () => ({
      planned: 1,
      companies: 50,
      listed: 0,
      more: true,
    }));
    const db = fakeDb([], 0, endless);
    const senders: Senders = { sendMail: async () => undefined, sendPush: async () => 201 };
    const result = await runDeliveries({ rpc: db.rpc, senders, appUrl: 'http://app' });
    expect(result.planned).toBe(MAX_PLAN_PAGES);
    expect(db.calls.filter((c) => c.fn === 'plan_mornings')).toHaveLength(MAX_PLAN_PAGES);
    expect(db.calls.slice(MAX_PLAN_PAGES).map((c) => c.fn)).toEqual([
      'plan_deliveries',
      'claim_deliveries',
    ]);
  });

  it('a failing database fails the run (the caller gets a 500, nothing is marked)', async () => {
    const rpc: Rpc = async () => {
      throw new Error('plan_mornings: HTTP 401');
    };
    const senders: Senders = { sendMail: async () => undefined, sendPush: async () => 201 };
    await expect(runDeliveries({ rpc, senders, appUrl: 'http://app' })).rejects.toThrow('HTTP 401');
  });
});

describe('the notify routes', () => {
  const KEY = 'service-role-key';
  const runs: (string | undefined)[] = [];
  const handler = createHandler({
    serviceRoleKey: KEY,
    vapidPublicKey: 'BPublicKey',
    run: async (now) => {
      runs.push(now);
      return { planned: 1, sent: 1, failed: 0, retry: 0 };
    },
  });
  const post = (auth: string | undefined, body?: string) =>
    handler(
      new Request('http://x/notify', {
        method: 'POST',
        headers: auth ? { authorization: auth } : {},
        body,
      }),
    );

  it('maps paths as the platform passes them', () => {
    expect(routeOf('/notify')).toBe('/');
    expect(routeOf('/notify/')).toBe('/');
    expect(routeOf('/functions/v1/notify/vapid-public-key')).toBe('/vapid-public-key');
  });

  it('refuses a run without the service role key', async () => {
    for (const auth of [undefined, 'Bearer anon-key', `Bearer ${KEY}x`, KEY]) {
      const res = await post(auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized' });
    }
    expect(runs).toEqual([]);
  });

  it('runs with the key; `now` only as an ISO time', async () => {
    expect(await (await post(`Bearer ${KEY}`)).json()).toEqual({
      planned: 1,
      sent: 1,
      failed: 0,
      retry: 0,
    });
    expect((await post(`Bearer ${KEY}`, '{"now":"2026-12-04T10:05:00Z"}')).status).toBe(200);
    expect(runs).toEqual([undefined, '2026-12-04T10:05:00.000Z']);
    const bad = await post(`Bearer ${KEY}`, '{"now":"amanhã"}');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_now' });
    expect((await post(`Bearer ${KEY}`, 'not json')).status).toBe(400);
  });

  it('gives the VAPID public key to anyone, with CORS', async () => {
    const res = await handler(new Request('http://x/notify/vapid-public-key'));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ key: 'BPublicKey' });
    expect((await handler(new Request('http://x/notify', { method: 'OPTIONS' }))).status).toBe(204);
    expect((await handler(new Request('http://x/notify/other'))).status).toBe(404);
  });
});
