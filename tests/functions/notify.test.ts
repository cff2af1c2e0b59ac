// The notify Edge Function end to end, as it runs on hosted: Deno serving
// supabase/functions/notify behind the gateway, the database planning and claiming deliveries,
// e-mail over SMTP to the mail catcher (read through maildev's REST API), Web Push encrypted for a
// local push service that decrypts it (RFC 8291) and can answer 410.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_DENO_DIR } from '../../scripts/local-stack/config';
import { startFunctions } from '../../scripts/local-stack/functions';
import { getFreePort } from '../../scripts/local-stack/processes';
import { startScheduler } from '../../scripts/local-stack/scheduler';
import type { PushService, PushSubscriptionKeys } from '../support/push-service';
import { anonClient, createMember, createUser, stackEnv, type TestClient } from '../db/helpers';
import type { Member } from '../db/money-helpers';
import { functionsEnv, mailsTo, runNotify, startTrustedPushService, waitForMail } from './helpers';

let db: pg.Pool;
let push: PushService;

type Args = Record<string, unknown>;
async function rpc(client: TestClient, fn: string, args: Args): Promise<unknown> {
  const call = client.rpc as unknown as (
    f: string,
    a: Args,
  ) => PromiseLike<{ data: unknown; error: { message: string } | null }>;
  const { data, error } = await call.call(client, fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data;
}

/** A device of the member's, subscribed on the local push service and saved as the app saves it. */
async function subscribe(member: {
  client: TestClient;
}): Promise<PushSubscriptionKeys & { id: string }> {
  const keys = push.subscribe();
  const id = (await rpc(member.client, 'save_push_subscription', {
    p_endpoint: keys.endpoint,
    p_p256dh: keys.p256dh,
    p_auth: keys.auth,
    p_user_agent: 'Teste',
  })) as string;
  return { ...keys, id };
}

async function emailOn(member: Member, kind: string) {
  await rpc(member.client, 'save_notice_setting', {
    p_company_id: member.company.id,
    p_kind: kind,
    p_enabled: true,
    p_email: true,
    p_push: true,
  });
}

/** An 'obra' member of the company with access to a new obra; returns the obra's id too. */
async function obraMember(company: Member, name: string) {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, 'obra', true)`,
    [user.user.id, company.company.id, user.email, name],
  );
  const { rows } = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, $2) returning id::text`,
    [company.company.id, `Obra ${name}`],
  );
  const projectId = rows[0]!.id;
  await db.query(
    `insert into public.project_access (company_id, user_id, project_id) values ($1, $2, $3)`,
    [company.company.id, user.user.id, projectId],
  );
  return { id: user.user.id, projectId };
}

/** A payable waiting for approval, as an 'obra' member's request above the alçada is. */
async function requestApproval(
  company: Member,
  obra: { id: string; projectId: string },
  description: string,
  amount = 480,
  dueDate = '2026-12-20',
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.accounts_payable (company_id, description, amount, due_date, project_id, created_by, approval_status)
     values ($1, $2, $3, $4, $5, $6, 'pending') returning id::text`,
    [company.company.id, description, amount, dueDate, obra.projectId, obra.id],
  );
  return rows[0]!.id;
}

async function deliveriesOf(companyId: string) {
  const { rows } = await db.query<{
    id: string;
    channel: string;
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    subscription_id: string | null;
  }>(
    `select id::text, channel, kind, status, attempts, last_error, subscription_id::text
     from public.notice_deliveries where company_id = $1 order by created_at, id`,
    [companyId],
  );
  return rows;
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 4 });
  push = await startTrustedPushService();
});
afterAll(async () => {
  await push?.close();
  await db?.end();
});

describe('the notify function', () => {
  it('runs only with the service role key; gives the VAPID key to the app', async () => {
    const { functionsUrl, vapidPublicKey } = functionsEnv();
    const { anonKey } = stackEnv();
    const user = await createUser();
    const { data } = await user.client.auth.getSession();
    const attempts: [Record<string, string>, number, unknown][] = [
      [{}, 401, { code: 401, message: 'Missing authorization header' }],
      [{ authorization: 'Bearer not-a-jwt' }, 401, { code: 401, message: 'Invalid JWT' }],
      [{ authorization: `Bearer ${anonKey}`, apikey: anonKey }, 401, { error: 'unauthorized' }],
      [
        { authorization: `Bearer ${data.session!.access_token}`, apikey: anonKey },
        401,
        { error: 'unauthorized' },
      ],
    ];
    for (const [headers, status, body] of attempts) {
      const res = await fetch(`${functionsUrl}/notify`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ now: '2026-12-04T10:05:00Z' }),
      });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(body);
    }

    const key = await fetch(`${functionsUrl}/notify/vapid-public-key`, {
      headers: { authorization: `Bearer ${anonKey}`, apikey: anonKey },
    });
    expect(key.status).toBe(200);
    expect(await key.json()).toEqual({ key: vapidPublicKey });
    expect(Buffer.from(vapidPublicKey, 'base64url')).toHaveLength(65);
  });

  it('an approval request reaches the admin by e-mail and on their phone (decrypted: title, body, link)', async () => {
    const admin = await createMember('Construtora Aviso Pendente');
    const obra = await obraMember(admin, 'Otávio Pendente');
    await emailOn(admin, 'approval_pending');
    const device = await subscribe(admin);
    const payable = await requestApproval(admin, obra, 'Areia <média>');

    const answer = await runNotify();
    expect(answer.sent).toBeGreaterThanOrEqual(2);

    const title = 'Aprovação pendente: Areia <média> — R$ 480,00 — Obra Otávio Pendente';
    const mail = await waitForMail(admin.email, (m) => m.subject === title);
    const link = `${functionsEnv().appUrl}/lancamentos/expense/${payable}`;
    expect(mail.text).toContain(`Abrir no App Finanças: ${link}`);
    expect(mail.text).toContain('Lançado por Otávio Pendente');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Areia &lt;média&gt;');
    expect(mail.html).not.toContain('<média>');

    const [received] = await push.waitFor(device.endpoint);
    expect(JSON.parse(received!.text)).toEqual({
      title,
      body: 'Lançado por Otávio Pendente',
      link: `/lancamentos/expense/${payable}`,
      tag: expect.stringMatching(/^approval_pending:/),
    });
    expect(received!.vapid.publicKey).toBe(functionsEnv().vapidPublicKey);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(push.errors).toEqual([]);

    expect((await deliveriesOf(admin.company.id)).map((d) => [d.channel, d.status])).toEqual(
      expect.arrayContaining([
        ['email', 'sent'],
        ['push', 'sent'],
      ]),
    );
    // Once: another run sends nothing more to them.
    await runNotify();
    expect((await mailsTo(admin.email)).filter((m) => m.subject === title)).toHaveLength(1);
    expect(push.received(device.endpoint)).toHaveLength(1);
  });

  it('a device the push service says is gone (410) is removed; the others still get it', async () => {
    const admin = await createMember('Construtora Aparelho Perdido');
    const obra = await obraMember(admin, 'Olga Perdido');
    const gone = await subscribe(admin);
    const kept = await subscribe(admin);
    push.answer(gone.endpoint, 410);
    await requestApproval(admin, obra, 'Cimento CP-II');

    await runNotify();

    await push.waitFor(kept.endpoint);
    expect(push.received(gone.endpoint)).toEqual([]);
    const { rows } = await db.query(`select id from public.push_subscriptions where id = $1`, [
      gone.id,
    ]);
    expect(rows).toEqual([]);
    const byDevice = Object.fromEntries(
      (await deliveriesOf(admin.company.id)).map((d) => [
        d.subscription_id,
        [d.status, d.last_error],
      ]),
    );
    expect(byDevice[gone.id]).toEqual(['failed', 'subscription_gone']);
    expect(byDevice[kept.id]).toEqual(['sent', null]);
  });

  it('an e-mail the SMTP server did not take is retried later, not lost', async () => {
    const admin = await createMember('Construtora SMTP Fora');
    const obra = await obraMember(admin, 'Oscar SMTP');
    await emailOn(admin, 'approval_pending');
    await requestApproval(admin, obra, 'Brita 1');

    // The same function, its SMTP server down (nothing listens on the port).
    const { apiUrl, serviceRoleKey, anonKey } = stackEnv();
    const broken = await startFunctions({
      denoDir: DEV_DENO_DIR,
      log: () => undefined,
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SUPABASE_ANON_KEY: anonKey,
        APP_URL: functionsEnv().appUrl,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(await getFreePort()),
      },
    });
    try {
      const failed = await runNotify(undefined, `http://127.0.0.1:${broken.port('notify')}/notify`);
      expect(failed.retry).toBeGreaterThanOrEqual(1);
    } finally {
      await broken.stop();
    }
    const [email] = (await deliveriesOf(admin.company.id)).filter((d) => d.channel === 'email');
    expect(email).toMatchObject({ status: 'pending', attempts: 1 });
    expect(email!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await mailsTo(admin.email)).toEqual([]);

    // Not before its backoff (2 minutes): a run now leaves it waiting…
    await runNotify();
    expect((await deliveriesOf(admin.company.id)).find((d) => d.id === email!.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
    // …a run after it sends it, once.
    await runNotify(new Date(Date.now() + 3 * 60_000).toISOString());
    await waitForMail(admin.email, (m) => m.subject.startsWith('Aprovação pendente: Brita 1'));
    expect((await deliveriesOf(admin.company.id)).find((d) => d.id === email!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  it('two runs at once send each delivery once', async () => {
    const admin = await createMember('Construtora Corrida');
    const obra = await obraMember(admin, 'Otto Corrida');
    await emailOn(admin, 'approval_pending');
    const devices = [await subscribe(admin), await subscribe(admin), await subscribe(admin)];
    for (let i = 1; i <= 3; i++) await requestApproval(admin, obra, `Pedido ${i}`, 100 * i);

    const answers = await Promise.all([runNotify(), runNotify()]);

    const mine = await deliveriesOf(admin.company.id);
    expect(mine).toHaveLength(12); // 3 requests × (e-mail + 3 devices)
    expect(mine.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    expect(answers.reduce((n, a) => n + a.sent, 0)).toBeGreaterThanOrEqual(12);
    for (const device of devices) {
      const got = await push.waitFor(device.endpoint, 3);
      expect(got.map((p) => (JSON.parse(p.text) as { title: string }).title).sort()).toEqual([
        'Aprovação pendente: Pedido 1 — R$ 100,00 — Obra Otto Corrida',
        'Aprovação pendente: Pedido 2 — R$ 200,00 — Obra Otto Corrida',
        'Aprovação pendente: Pedido 3 — R$ 300,00 — Obra Otto Corrida',
      ]);
    }
    const subjects = (await mailsTo(admin.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Aprovação pendente: Pedido 1 — R$ 100,00 — Obra Otto Corrida',
      'Aprovação pendente: Pedido 2 — R$ 200,00 — Obra Otto Corrida',
      'Aprovação pendente: Pedido 3 — R$ 300,00 — Obra Otto Corrida',
    ]);
  });
});

describe('the local schedule', () => {
  it('a new notice wakes it (LISTEN notice_written): the e-mail goes out with nobody calling', async () => {
    const admin = await createMember('Construtora Acordada');
    const obra = await obraMember(admin, 'Odete Acordada');
    await emailOn(admin, 'approval_pending');
    const lines: string[] = [];
    const scheduler = startScheduler({
      url: `${functionsEnv().functionsUrl}/notify`,
      serviceRoleKey: stackEnv().serviceRoleKey,
      dbUrl: stackEnv().dbUrl,
      log: (line) => lines.push(line),
      everyMs: 3_600_000, // only the wake-up can send it within this test
      debounceMs: 20,
    });
    try {
      await scheduler.ready;
      await requestApproval(admin, obra, 'Vergalhão');
      await waitForMail(admin.email, (m) => m.subject.startsWith('Aprovação pendente: Vergalhão'));
    } finally {
      await scheduler.stop();
    }
    expect(lines.filter((l) => /notify failed|answered|LISTEN/.test(l))).toEqual([]);
  });
});

describe('the morning e-mail', () => {
  it('at 07:05 of a business day: the sections, counts, R$ totals and links, nothing of another company', async () => {
    // A business day well ahead of the real clock (what other tests plan stays out of it).
    const { rows: days } = await db.query<{
      day: string;
      soon: string;
      late: string;
      ahead: string;
    }>(
      `select d::date::text as day, private.next_business_day(d::date)::text as soon,
              (d::date - 5)::text as late, (d::date + 10)::text as ahead
       from generate_series(current_date + 40, current_date + 70, interval '1 day') d
       where private.is_business_day(d::date) order by d limit 1`,
    );
    const { day, soon, late, ahead } = days[0]!;
    const dayMonth = `${day.slice(8, 10)}/${day.slice(5, 7)}`;

    const admin = await createMember(`Construtora Manhã <${randomUUID().slice(0, 4)}>`);
    const other = await createMember('Construtora Vizinha Manhã');
    const obra = await obraMember(admin, 'Olavo Manhã');
    const payable = async (m: Member, description: string, amount: number, due: string) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.accounts_payable (company_id, description, amount, due_date, created_by)
         values ($1, $2, $3, $4, $5) returning id::text`,
        [m.company.id, description, amount, due, m.user.id],
      );
      return rows[0]!.id;
    };
    const cimento = await payable(admin, 'Cimento do dia', 1234.56, day);
    await payable(admin, 'Areia do dia', 100, day);
    const brita = await payable(admin, 'Brita próxima', 300, soon);
    const tijolo = await payable(admin, 'Tijolo vencido', 50, late);
    const { rows: inc } = await db.query<{ id: string }>(
      `insert into public.accounts_receivable (company_id, description, amount, due_date, created_by)
       values ($1, 'Medição do dia', 500, $2, $3) returning id::text`,
      [admin.company.id, day, admin.user.id],
    );
    const telha = await requestApproval(admin, obra, 'Telha aguardando', 700, ahead);
    await payable(other, 'SEGREDO DA VIZINHA', 999, day);

    const answer = await runNotify(`${day}T10:05:00Z`);
    expect(answer.planned).toBeGreaterThanOrEqual(2);

    const subject = `Contas do dia — ${admin.company.name} — ${dayMonth}`;
    const mail = await waitForMail(admin.email, (m) => m.subject === subject);
    const app = functionsEnv().appUrl;
    const t = mail.text;
    expect(t).toContain(
      'VENCEM HOJE\nA pagar: 2 contas — R$\u00a01.334,56\nA receber: 1 conta — R$\u00a0500,00',
    );
    expect(t).toContain(
      `Cimento do dia (a pagar, vence hoje): R$\u00a01.234,56\n  ${app}/lancamentos/expense/${cimento}`,
    );
    expect(t).toContain(`${app}/lancamentos/income/${inc[0]!.id}`);
    expect(t).toContain('NOS PRÓXIMOS DIAS\nA pagar: 1 conta — R$\u00a0300,00');
    expect(t).toContain(`${app}/lancamentos/expense/${brita}`);
    expect(t).toContain('VENCIDAS\nA pagar: 1 conta — R$\u00a050,00');
    expect(t).toContain(`${app}/lancamentos/expense/${tijolo}`);
    expect(t).toContain('AGUARDANDO SUA APROVAÇÃO\nA pagar: 1 conta — R$\u00a0700,00');
    expect(t).toContain(`${app}/lancamentos/expense/${telha}`);
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain(`href="${app}/lancamentos/expense/${cimento}"`);
    expect(mail.html).toContain(admin.company.name.replace('<', '&lt;').replace('>', '&gt;'));
    expect(mail.html).not.toContain(admin.company.name);
    for (const part of [t, mail.html]) {
      expect(part).not.toContain('SEGREDO');
      expect(part).not.toContain('Vizinha');
    }
    // The other company's admin gets theirs, with nothing of the first.
    const theirs = await waitForMail(other.email, (m) => m.subject.startsWith('Contas do dia'));
    expect(theirs.text).toContain('SEGREDO DA VIZINHA');
    expect(theirs.text).not.toContain('Cimento do dia');
    // Run again that morning: nothing twice.
    await runNotify(`${day}T10:20:00Z`);
    expect((await mailsTo(admin.email)).filter((m) => m.subject === subject)).toHaveLength(1);
  });
});

describe('the auth stand-in mails through the catcher', () => {
  it('password recovery: the e-mail carries the link, and the link signs the user in', async () => {
    const user = await createUser();
    const { error } = await anonClient().auth.resetPasswordForEmail(user.email, {
      redirectTo: 'http://127.0.0.1:5173/login',
    });
    expect(error).toBeNull();
    const mail = await waitForMail(user.email, (m) => m.subject === 'Redefinir sua senha');
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)?.[1];
    expect(link).toContain('type=recovery');
    expect(mail.text).toMatch(/Ou digite o código: \d{6}/);
    const res = await fetch(link!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/login#access_token=/);
  });

  it('an e-mail change: the confirmation goes to the new address', async () => {
    const user = await createUser();
    const next = `novo-${randomUUID()}@example.com`;
    const { error } = await user.client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    const mail = await waitForMail(next, (m) => m.subject === 'Confirmar seu novo e-mail');
    expect(mail.text).toContain('type=email_change');
    expect(await mailsTo(user.email)).toEqual([]);
  });
});
