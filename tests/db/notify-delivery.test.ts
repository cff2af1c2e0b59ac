// Deliveries outside the app (issue 32): what the notify Edge Function sends, planned, claimed and
// finished through the service role's RPCs: once per recipient, kind, event and device, even when
// runs overlap; retried with backoff, then failed (shown to the recipient, never dropped); nothing
// to a deactivated member, to a member of another company, or to a device that is gone. And the
// daily e-mail's content: per role, its totals equal to what the app's lists show.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createUser,
  noExecute,
  serviceClient,
  stackEnv,
  type TestClient,
} from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let service: TestClient;
let admin: Member;
let other: Member;
type Person = { client: TestClient; id: string; name: string; email: string };
const m = {} as Record<'financeiro' | 'obra' | 'obraOther' | 'leitura', Person>;
let projectId: string;
let projectB: string;

type Args = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };
function rpc(client: TestClient, fn: string, args: Args = {}) {
  return (client.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>).call(
    client,
    fn,
    args,
  );
}

interface Totals {
  count: number;
  total_cents: number;
}
interface Item {
  entry_kind: 'expense' | 'income';
  id: string;
  description: string;
  due_date: string;
  amount_cents: number;
  project_name: string | null;
  link: string;
}
interface Section {
  key: 'today' | 'soon' | 'overdue' | 'approvals';
  pagar: Totals;
  receber: Totals;
  items: Item[];
}
interface Digest {
  day: string;
  company_name: string;
  recipient_name: string;
  sections: Section[];
}
interface Claimed {
  id: string;
  channel: 'email' | 'push';
  kind: string;
  attempts: number;
  email: string | null;
  subscription: { endpoint: string; p256dh: string; auth: string } | null;
  company_name: string;
  notice: { title: string; body: string | null; link: string } | null;
  digest: Digest | null;
}
interface Row {
  id: string;
  user_id: string;
  company_id: string;
  channel: string;
  kind: string;
  event_key: string;
  notice_id: string | null;
  subscription_id: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
}

// Notice deliveries are planned at a time ahead of the real clock, so that a scheduler running on
// the stack (which claims with now()) never takes this file's rows.
const AHEAD = new Date(Date.now() + 36 * 3600_000).toISOString();

interface MorningPage {
  planned: number;
  companies: number;
  listed: number;
  more: boolean;
}

/** One page of the morning (public.plan_mornings), as the notify function calls it. */
async function planPage(at: string, limit = 500): Promise<MorningPage> {
  const { data, error } = await rpc(service, 'plan_mornings', { p_now: at, p_limit: limit });
  if (error) throw new Error(error.message);
  return data as MorningPage;
}

/** A run's planning as the notify function does it: the morning's pages, then the notices. */
async function plan(at = AHEAD, limit = 500): Promise<number> {
  let planned = 0;
  for (let page = 0; page < 100; page++) {
    const answer = await planPage(at, limit);
    planned += answer.planned;
    if (!answer.more || (!answer.companies && !answer.listed)) break;
  }
  const { data, error } = await rpc(service, 'plan_deliveries', { p_now: at });
  if (error) throw new Error(error.message);
  return planned + (data as number);
}

/** Claims what is due at `at` (other files' rows included); returns this file's companies' rows. */
async function claim(at = AHEAD, limit = 500): Promise<Claimed[]> {
  const { data, error } = await rpc(service, 'claim_deliveries', { p_limit: limit, p_now: at });
  if (error) throw new Error(error.message);
  const claimed = data as Claimed[];
  if (claimed.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `select id::text from public.notice_deliveries where id = any($1::uuid[]) and company_id = any($2::uuid[])`,
    [claimed.map((d) => d.id), [admin.company.id, other.company.id]],
  );
  const mine = new Set(rows.map((r) => r.id));
  return claimed.filter((d) => mine.has(d.id));
}

async function finish(id: string, ok: boolean, error: string | null = null, gone = false) {
  const answer = await rpc(service, 'finish_delivery', {
    p_id: id,
    p_ok: ok,
    p_error: error,
    p_gone: gone,
  });
  if (answer.error) throw new Error(answer.error.message);
}

async function row(id: string): Promise<Row> {
  const { rows } = await db.query<Row>(
    `select id::text, user_id::text, company_id::text, channel, kind, event_key, notice_id::text,
            subscription_id::text, status, attempts, last_error
     from public.notice_deliveries where id = $1`,
    [id],
  );
  return rows[0]!;
}

/** The deliveries of a notice event (or of a day's e-mail), as the superuser sees them. */
async function deliveriesOf(eventKey: string, kind?: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select id::text, user_id::text, company_id::text, channel, kind, event_key, notice_id::text,
            subscription_id::text, status, attempts, last_error
     from public.notice_deliveries
     where company_id = any($1::uuid[]) and (event_key = $2 or event_key like $2 || '@%')
       and ($3::text is null or kind = $3)
     order by user_id, channel, subscription_id`,
    [[admin.company.id, other.company.id], eventKey, kind ?? null],
  );
  return rows;
}

async function memberWithRole(company: Member, role: string, name: string): Promise<Person> {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, company.company.id, user.email, name, role],
  );
  return { client: user.client, id: user.user.id, name, email: user.email };
}

const P256DH = 'B' + 'A'.repeat(86); // 87 base64url characters: a 65-byte key
const AUTH = 'A'.repeat(22); // 16 bytes

async function subscribe(client: TestClient, tag: string): Promise<string> {
  const { data, error } = await rpc(client, 'save_push_subscription', {
    p_endpoint: `https://push.example.test/${tag}-${crypto.randomUUID()}`,
    p_p256dh: P256DH,
    p_auth: AUTH,
    p_user_agent: 'Teste',
  });
  if (error) throw new Error(error.message);
  return data as string;
}

/** An 'obra' member's request above the alçada (waits for approval): notices to the deciders. */
async function requestApproval(description: string, amount = 480, due = '2027-12-10') {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.accounts_payable (company_id, description, amount, due_date, project_id, created_by, approval_status)
     values ($1, $2, $3, $4, $5, $6, 'pending') returning id::text`,
    [admin.company.id, description, amount, due, projectId, m.obra.id],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 4 });
  service = serviceClient();
  admin = await createMember('Construtora Entregas');
  other = await createMember('Construtora Vizinha Entregas');
  m.financeiro = await memberWithRole(admin, 'financeiro', 'Fernanda Entregas');
  m.obra = await memberWithRole(admin, 'obra', 'Otávio Entregas');
  m.obraOther = await memberWithRole(admin, 'obra', 'Olga Entregas');
  m.leitura = await memberWithRole(admin, 'leitura', 'Lia Entregas');
  const projects = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra Entregas'), ($1, 'Obra Sul Entregas')
     returning id::text`,
    [admin.company.id],
  );
  projectId = projects.rows[0]!.id;
  projectB = projects.rows[1]!.id;
  await db.query(
    `insert into public.project_access (company_id, user_id, project_id) values ($1, $2, $3), ($1, $4, $5)`,
    [admin.company.id, m.obra.id, projectId, m.obraOther.id, projectB],
  );
});
afterAll(async () => {
  await db.end();
});

describe('only the service role', () => {
  it('plans, claims and finishes: every API role is refused (42501)', async () => {
    for (const client of [admin.client, m.financeiro.client, m.leitura.client]) {
      expect((await rpc(client, 'plan_deliveries', { p_now: AHEAD })).error).toMatchObject(
        noExecute('plan_deliveries'),
      );
      expect((await rpc(client, 'plan_mornings', { p_now: AHEAD })).error).toMatchObject(
        noExecute('plan_mornings'),
      );
      expect((await rpc(client, 'claim_deliveries', { p_limit: 1 })).error).toMatchObject(
        noExecute('claim_deliveries'),
      );
      expect(
        (await rpc(client, 'finish_delivery', { p_id: crypto.randomUUID(), p_ok: true })).error,
      ).toMatchObject(noExecute('finish_delivery'));
    }
  });

  it('nobody else writes a delivery; the recipient reads their own only', async () => {
    const inserted = await admin.client.from('notice_deliveries').insert({
      company_id: admin.company.id,
      user_id: admin.user.id,
      channel: 'email',
      kind: 'due_summary',
      event_key: '2027-01-04',
    } as never);
    expect(inserted.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table notice_deliveries',
    });
  });

  it('refuses a bad limit and an unknown delivery with their keys', async () => {
    expect((await rpc(service, 'claim_deliveries', { p_limit: 0 })).error).toMatchObject({
      code: 'P0001',
      message: 'invalid_limit',
    });
    for (const limit of [0, 501, null]) {
      expect(
        (await rpc(service, 'plan_mornings', { p_now: AHEAD, p_limit: limit })).error,
      ).toMatchObject({ code: 'P0001', message: 'invalid_limit' });
    }
    expect(
      (await rpc(service, 'finish_delivery', { p_id: crypto.randomUUID(), p_ok: true })).error,
    ).toMatchObject({ code: 'P0001', message: 'delivery_not_found' });
  });
});

describe('plan, claim, finish', () => {
  let adminDevice: string;
  let adminPhone: string;
  let otherDevice: string;

  beforeAll(async () => {
    adminDevice = await subscribe(admin.client, 'admin-notebook');
    adminPhone = await subscribe(admin.client, 'admin-celular');
    otherDevice = await subscribe(other.client, 'vizinha');
    await subscribe(m.obra.client, 'obra');
    // The financeiro also wants approval requests by e-mail.
    await rpc(m.financeiro.client, 'save_notice_setting', {
      p_company_id: admin.company.id,
      p_kind: 'approval_pending',
      p_enabled: true,
      p_email: true,
      p_push: true,
    });
  });

  it('a request → a push per device of the admin, an e-mail to the financeiro who chose it; the shapes', async () => {
    const payable = await requestApproval('Areia média');
    await plan();
    const planned = await deliveriesOf(payable, 'approval_pending');
    expect(planned.map((d) => [d.user_id, d.channel, d.subscription_id, d.status]).sort()).toEqual(
      [
        [admin.user.id, 'push', adminDevice, 'pending'],
        [admin.user.id, 'push', adminPhone, 'pending'],
        [m.financeiro.id, 'email', null, 'pending'],
      ].sort(),
    );
    const claimed = (await claim()).filter((d) => planned.some((p) => p.id === d.id));
    expect(claimed).toHaveLength(3);
    const push = claimed.find((d) => d.channel === 'push')!;
    expect(push).toEqual({
      id: expect.any(String),
      channel: 'push',
      kind: 'approval_pending',
      attempts: 1,
      email: null,
      subscription: {
        endpoint: expect.stringMatching(/^https:\/\/push\.example\.test\/admin-/),
        p256dh: P256DH,
        auth: AUTH,
      },
      company_name: 'Construtora Entregas',
      notice: {
        title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Entregas',
        body: 'Lançado por Otávio Entregas',
        link: `/lancamentos/expense/${payable}`,
      },
      digest: null,
    });
    expect(claimed.find((d) => d.channel === 'email')).toMatchObject({
      email: m.financeiro.email,
      subscription: null,
      notice: { title: 'Aprovação pendente: Areia média — R$ 480,00 — Obra Entregas' },
    });
    for (const d of claimed) await finish(d.id, true);
    const after = await deliveriesOf(payable, 'approval_pending');
    expect(after.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    const { rows } = await db.query(
      `select count(*)::int as n from public.push_subscriptions where id = any($1::uuid[]) and last_success_at is not null`,
      [[adminDevice, adminPhone]],
    );
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('a refusal → a push to its author with the reason; nothing to anyone of another company', async () => {
    const payable = await requestApproval('Brita 1');
    const version = await db.query<{ updated_at: string }>(
      `select updated_at::text from public.accounts_payable where id = $1`,
      [payable],
    );
    const { error } = await rpc(admin.client, 'refuse_payable', {
      p_payable_id: payable,
      p_amount: 480,
      p_updated_at: version.rows[0]!.updated_at,
      p_reason: 'Preço acima da cotação',
    });
    expect(error).toBeNull();
    await plan();
    const decided = await deliveriesOf(payable, 'approval_refused');
    expect(decided.map((d) => [d.user_id, d.channel])).toEqual([[m.obra.id, 'push']]);
    // The request was decided before anything was sent: it waits for nobody any more.
    expect(await deliveriesOf(payable, 'approval_pending')).toEqual([]);
    const claimed = (await claim()).find((d) => d.id === decided[0]!.id)!;
    expect(claimed.notice).toEqual({
      title: 'Despesa recusada: Brita 1 — R$ 480,00 — Obra Entregas',
      body: 'Motivo: Preço acima da cotação',
      link: `/lancamentos/expense/${payable}`,
    });
    await finish(claimed.id, true);
    const { rows } = await db.query(
      `select count(*)::int as n from public.notice_deliveries where user_id = $1 or subscription_id = $2`,
      [other.user.id, otherDevice],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('a notice read in the app before the run: its e-mail still goes, no phone notification', async () => {
    const { rows } = await db.query<{ event_key: string }>(
      `insert into public.notices (company_id, user_id, kind, event_key, link, title, read_at)
       values ($1, $2, 'approval_approved', gen_random_uuid()::text, '/lancamentos', 'Despesa aprovada: lida', now())
       returning event_key`,
      [admin.company.id, m.financeiro.id],
    );
    // The financeiro wants decisions by e-mail too (and has a device, for this test only).
    const device = await subscribe(m.financeiro.client, 'financeiro');
    await rpc(m.financeiro.client, 'save_notice_setting', {
      p_company_id: admin.company.id,
      p_kind: 'approval_decided',
      p_enabled: true,
      p_email: true,
      p_push: true,
    });
    await plan();
    expect((await deliveriesOf(rows[0]!.event_key)).map((d) => d.channel)).toEqual(['email']);
    for (const d of (await claim()).filter((c) => c.kind === 'approval_approved')) {
      await finish(d.id, true);
    }
    await db.query(`delete from public.push_subscriptions where id = $1`, [device]);
  });

  it('planned twice, or by runs at the same time, planned once', async () => {
    const payable = await requestApproval('Cimento CP II');
    await Promise.all([plan(), plan(), plan()]);
    const first = await deliveriesOf(payable, 'approval_pending');
    expect(first).toHaveLength(3);
    await plan();
    expect(await deliveriesOf(payable, 'approval_pending')).toEqual(first);
    // Sent, then planned again: still the one row, still sent.
    for (const d of (await claim()).filter((c) => first.some((f) => f.id === c.id))) {
      await finish(d.id, true);
    }
    await plan();
    const again = await deliveriesOf(payable, 'approval_pending');
    expect(again.map((d) => [d.id, d.status])).toEqual(first.map((d) => [d.id, 'sent']));
  });

  it('each notice is planned once, by the first run after it: a device added since gets none of it', async () => {
    // Issue 35: a run used to read every notice of the last 2 days of every company (427 ms at
    // 1 000 companies, to plan nothing new) and plan again what a later device or setting allowed.
    const payable = await requestApproval('Brita 1');
    await plan();
    const first = await deliveriesOf(payable, 'approval_pending');
    expect(first).toHaveLength(3);
    const queued = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from private.notices_to_plan q
           join public.notices n on n.id = q.notice_id where n.company_id = any($1::uuid[])`,
          [[admin.company.id, other.company.id]],
        )
      ).rows[0]!.n;
    expect(await queued()).toBe(0);
    const tablet = await subscribe(admin.client, 'admin-tablet');
    try {
      await plan();
      expect(await deliveriesOf(payable, 'approval_pending')).toEqual(first);
    } finally {
      await db.query(`delete from public.push_subscriptions where id = $1`, [tablet]);
    }
    for (const d of (await claim()).filter((c) => first.some((f) => f.id === c.id))) {
      await finish(d.id, true);
    }
  });

  it('two claims at the same time never return the same delivery', async () => {
    const payables = [];
    for (let i = 0; i < 12; i++) payables.push(await requestApproval(`Tijolo lote ${i}`));
    await plan();
    const planned = (
      await Promise.all(payables.map((p) => deliveriesOf(p, 'approval_pending')))
    ).flat();
    expect(planned).toHaveLength(36);
    const seen: string[] = [];
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all([claim(AHEAD, 5), claim(AHEAD, 5), claim(AHEAD, 5)]);
      for (const answer of answers) seen.push(...answer.map((d) => d.id));
    }
    seen.push(...(await claim()).map((d) => d.id));
    const wanted = new Set(planned.map((d) => d.id));
    const mine = seen.filter((id) => wanted.has(id));
    expect(new Set(mine).size).toBe(mine.length);
    expect(new Set(mine)).toEqual(wanted);
    for (const id of mine) await finish(id, true);
  });

  it('a claimed delivery is leased for 5 minutes: not claimed again before, claimed again after', async () => {
    const payable = await requestApproval('Vergalhão');
    await plan();
    const [one] = (await deliveriesOf(payable, 'approval_pending')).filter(
      (d) => d.channel === 'email',
    );
    expect((await claim()).map((d) => d.id)).toContain(one!.id);
    const later = new Date(Date.parse(AHEAD) + 4 * 60_000).toISOString();
    expect((await claim(later)).map((d) => d.id)).not.toContain(one!.id);
    const expired = new Date(Date.parse(AHEAD) + 5 * 60_000).toISOString();
    const again = (await claim(expired)).find((d) => d.id === one!.id);
    expect(again).toMatchObject({ attempts: 2 });
    await finish(one!.id, true);
  });

  it('a failed send is retried after 2, 4, 8, 16 minutes, then failed for good — and the recipient sees it', async () => {
    const payable = await requestApproval('Telhas');
    await plan();
    const [email] = (await deliveriesOf(payable, 'approval_pending')).filter(
      (d) => d.channel === 'email',
    );
    let at = AHEAD;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const claimed = (await claim(at)).find((d) => d.id === email!.id);
      expect(claimed, `attempt ${attempt}`).toMatchObject({ attempts: attempt });
      await finish(email!.id, false, `SMTP 451 tentativa ${attempt}`);
      const { rows } = await db.query<{ status: string; wait: number; next: string }>(
        `select status, round(extract(epoch from next_attempt_at - now()) / 60)::int as wait,
                next_attempt_at::text as next
         from public.notice_deliveries where id = $1`,
        [email!.id],
      );
      if (attempt < 5) {
        expect(rows[0]).toMatchObject({ status: 'pending', wait: 2 ** attempt });
        // Microseconds in the database, milliseconds here: the next millisecond is due.
        at = new Date(Date.parse(rows[0]!.next) + 1).toISOString();
        // Not before its time.
        const early = new Date(Date.parse(at) - 2000).toISOString();
        expect((await claim(early)).map((d) => d.id)).not.toContain(email!.id);
      } else {
        expect(rows[0]!.status).toBe('failed');
      }
    }
    expect(await row(email!.id)).toMatchObject({
      status: 'failed',
      attempts: 5,
      last_error: 'SMTP 451 tentativa 5',
    });
    // Failed stays failed: a late report changes nothing, a later claim does not take it.
    await finish(email!.id, true);
    expect((await row(email!.id)).status).toBe('failed');
    // The recipient reads it (the app shows it); the admin does not.
    const own = await m.financeiro.client
      .from('notice_deliveries')
      .select('status, last_error')
      .eq('id', email!.id);
    expect(own.data).toEqual([{ status: 'failed', last_error: 'SMTP 451 tentativa 5' }]);
    const theirs = await admin.client.from('notice_deliveries').select('id').eq('id', email!.id);
    expect(theirs.data).toEqual([]);
  });

  it('410 Gone: the device is removed and its deliveries fail (subscription_gone), never sent again', async () => {
    const device = await subscribe(admin.client, 'admin-tablet');
    const first = await requestApproval('Argamassa');
    const second = await requestApproval('Rejunte');
    await plan();
    const toDevice = async (payable: string) =>
      (await deliveriesOf(payable, 'approval_pending')).find((d) => d.subscription_id === device)!;
    const a = await toDevice(first);
    const b = await toDevice(second);
    const claimedA = (await claim(AHEAD, 500)).filter((d) => d.id === a.id || d.id === b.id);
    const gone = claimedA.find((d) => d.id === a.id)!;
    expect(gone.subscription?.endpoint).toMatch(/admin-tablet/);
    await finish(gone.id, false, '410 Gone', true);
    expect(await row(a.id)).toMatchObject({ status: 'failed', last_error: 'subscription_gone' });
    const { rows } = await db.query(
      `select count(*)::int as n from public.push_subscriptions where id = $1`,
      [device],
    );
    expect(rows[0]).toEqual({ n: 0 });
    // b was claimed in the same batch: its run reports; or, if still waiting, the next claim fails it.
    if (!claimedA.some((d) => d.id === b.id)) {
      expect((await claim()).map((d) => d.id)).not.toContain(b.id);
      expect(await row(b.id)).toMatchObject({ status: 'failed', last_error: 'subscription_gone' });
    }
    // A new notice plans nothing for the removed device.
    const third = await requestApproval('Cal hidratada');
    await plan();
    expect(
      (await deliveriesOf(third, 'approval_pending')).map((d) => d.subscription_id),
    ).not.toContain(device);
  });

  it('a deactivated member gets nothing: what was planned fails (member_inactive), nothing new is planned', async () => {
    const before = await requestApproval('Madeira');
    await plan();
    const planned = (await deliveriesOf(before, 'approval_pending')).find(
      (d) => d.user_id === m.financeiro.id,
    )!;
    await db.query(
      `update public.user_profiles set is_active = false where company_id = $1 and user_id = $2`,
      [admin.company.id, m.financeiro.id],
    );
    try {
      expect((await claim()).map((d) => d.id)).not.toContain(planned.id);
      expect(await row(planned.id)).toMatchObject({
        status: 'failed',
        last_error: 'member_inactive',
      });
      // A notice written while they were active, planned after: nothing for them.
      const { rows } = await db.query<{ id: string }>(
        `insert into public.notices (company_id, user_id, kind, event_key, link, title)
         values ($1, $2, 'invitation_accepted', gen_random_uuid()::text, '/preferencias', 'Convite aceito: teste')
         returning event_key`,
        [admin.company.id, m.financeiro.id],
      );
      await plan();
      expect(await deliveriesOf((rows[0] as unknown as { event_key: string }).event_key)).toEqual(
        [],
      );
    } finally {
      await db.query(
        `update public.user_profiles set is_active = true where company_id = $1 and user_id = $2`,
        [admin.company.id, m.financeiro.id],
      );
    }
  });

  it('a member who left the company since (another company now) gets nothing of it', async () => {
    const payable = await requestApproval('Areia fina');
    await plan();
    const toFinanceiro = (await deliveriesOf(payable, 'approval_pending')).find(
      (d) => d.user_id === m.financeiro.id,
    )!;
    const { rows } = await db.query<{ id: string }>(
      `delete from public.user_profiles where company_id = $1 and user_id = $2 returning id::text`,
      [admin.company.id, m.financeiro.id],
    );
    try {
      expect((await claim()).map((d) => d.id)).not.toContain(toFinanceiro.id);
      expect(await row(toFinanceiro.id)).toMatchObject({
        status: 'failed',
        last_error: 'member_inactive',
      });
    } finally {
      await db.query(
        `insert into public.user_profiles (id, user_id, company_id, email, full_name, role, is_active)
         values ($1, $2, $3, $4, $5, 'financeiro', true)`,
        [rows[0]!.id, m.financeiro.id, admin.company.id, m.financeiro.email, m.financeiro.name],
      );
    }
  });
});

describe('the daily e-mail', () => {
  // Wednesday 2027-06-09: "hoje" = due the 9th; "próximos dias" = the 10th to Monday the 14th (the
  // 3rd business day after); overdue = before the 9th.
  const DAY = '2027-06-09';
  const NEXT = '2027-06-10';
  const SOON_END = '2027-06-14';
  const MORNING = '2027-06-09T07:05:00-03:00';

  beforeAll(async () => {
    const pay = (description: string, amount: number, due: string, project: string | null) =>
      db.query(
        `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
         values ($1, $2, $3, $4, $5)`,
        [admin.company.id, description, amount, due, project],
      );
    // Twelve due today (more than the 10 items a section lists), of both obras and "Geral".
    for (let i = 1; i <= 12; i++) {
      await pay(
        `Hoje ${String(i).padStart(2, '0')}`,
        100 + i * 10.55,
        DAY,
        [projectId, projectB, null][i % 3]!,
      );
    }
    await pay('Sábado da obra', 230.1, '2027-06-12', projectId);
    await pay('Segunda geral', 75, SOON_END, null);
    await pay('Terça fora', 999, '2027-06-15', projectId);
    await pay('Vencida da obra', 310.4, '2027-06-02', projectId);
    await pay('Vencida sul', 44.44, '2027-05-31', projectB);
    // Partly paid: what is still open counts (as in the lists).
    const account = await createBankAccount(admin, 10000);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
       values ($1, 'Parcial da obra', 1000, $2, $3) returning id::text`,
      [admin.company.id, DAY, projectId],
    );
    const settled = await rpc(admin.client, 'settle_payable', {
      p_payable_id: rows[0]!.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-11-20',
      p_amount_paid: 400,
    });
    if (settled.error) throw new Error(settled.error.message);
    await db.query(
      `insert into public.accounts_receivable (company_id, description, amount, due_date, project_id)
       values ($1, 'Medição hoje', 5000, $2, $3), ($1, 'Medição próxima', 2500.5, $4, null),
              ($1, 'Medição vencida', 1200, '2027-06-01', $3)`,
      [admin.company.id, DAY, projectId, NEXT],
    );
    // Waiting for approval (the admin and financeiro decide).
    await requestApproval('Aguardando cimento', 880, '2027-06-20');
    // Another company's bill due the same day: never in this company's e-mails.
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date)
       values ($1, 'Conta da vizinha', 123, $2)`,
      [other.company.id, DAY],
    );
  });

  async function digestOf(userId: string, companyId = admin.company.id): Promise<Digest | null> {
    const { rows } = await db.query<{ d: Digest | null }>(
      `select private.daily_digest($1, $2, $3) as d`,
      [companyId, userId, DAY],
    );
    return rows[0]!.d;
  }

  /** What the app's lists show for a window, through the API as the member (the lists' filter). */
  async function listed(
    client: TestClient,
    kind: 'expense' | 'income',
    window: { gte?: string; lt?: string; lte?: string },
  ): Promise<Totals> {
    let query = client
      .from('entries')
      .select('open_amount')
      .eq('company_id', admin.company.id)
      .eq('kind', kind)
      .eq('status', 'pending')
      .eq('approval_status', 'approved');
    if (window.gte) query = query.gte('due_date', window.gte);
    if (window.lt) query = query.lt('due_date', window.lt);
    if (window.lte) query = query.lte('due_date', window.lte);
    const { data, error } = await query;
    if (error) throw new Error(error.message);
    return {
      count: data.length,
      total_cents: data.reduce((sum, r) => sum + Math.round(Number(r.open_amount) * 100), 0),
    };
  }

  /** Aprovações' list (get-approvals.ts): payables waiting for approval. */
  async function awaiting(client: TestClient): Promise<Totals> {
    const { data, error } = await client
      .from('entries')
      .select('amount')
      .eq('company_id', admin.company.id)
      .eq('kind', 'expense')
      .eq('approval_status', 'pending');
    if (error) throw new Error(error.message);
    return {
      count: data.length,
      total_cents: data.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0),
    };
  }

  async function expectedSections(client: TestClient, approvals: boolean) {
    const windows = {
      today: { gte: DAY, lt: NEXT },
      soon: { gte: NEXT, lte: SOON_END },
      overdue: { lt: DAY },
    };
    const sections: { key: string; pagar: Totals; receber: Totals }[] = [];
    for (const [key, window] of Object.entries(windows)) {
      const pagar = await listed(client, 'expense', window);
      const receber = await listed(client, 'income', window);
      if (pagar.count + receber.count > 0) sections.push({ key, pagar, receber });
    }
    if (approvals) {
      const pagar = await awaiting(client);
      if (pagar.count > 0)
        sections.push({ key: 'approvals', pagar, receber: { count: 0, total_cents: 0 } });
    }
    return sections;
  }

  const totals = (d: Digest | null) =>
    (d?.sections ?? []).map(({ key, pagar, receber }) => ({ key, pagar, receber }));

  it('admin and financeiro: the whole company; each total equals the list\u2019s for the same filter', async () => {
    for (const person of [
      { id: admin.user.id, client: admin.client },
      { id: m.financeiro.id, client: m.financeiro.client },
    ]) {
      const d = await digestOf(person.id);
      const expected = await expectedSections(person.client, true);
      expect(expected.map((s) => s.key)).toEqual(['today', 'soon', 'overdue', 'approvals']);
      expect(totals(d)).toEqual(expected);
    }
    const d = (await digestOf(admin.user.id))!;
    expect(d).toMatchObject({
      day: DAY,
      company_name: 'Construtora Entregas',
      recipient_name: 'Admin Construtora Entregas',
    });
    const today = d.sections.find((s) => s.key === 'today')!;
    // 12 + the partly paid one (600,00 open) due today; 10 listed, earliest due first.
    expect(today.pagar.count).toBe(13);
    expect(today.items).toHaveLength(10);
    const soon = d.sections.find((s) => s.key === 'soon')!;
    expect(
      soon.items.map((i) => [i.description, i.due_date, i.amount_cents, i.project_name]),
    ).toEqual([
      ['Medição próxima', NEXT, 250050, null],
      ['Sábado da obra', '2027-06-12', 23010, 'Obra Entregas'],
      ['Segunda geral', SOON_END, 7500, null],
    ]);
    expect(soon.items[0]).toMatchObject({
      entry_kind: 'income',
      link: `/lancamentos/income/${soon.items[0]!.id}`,
    });
    expect(soon.items[1]!.link).toBe(`/lancamentos/expense/${soon.items[1]!.id}`);
    const everything = JSON.stringify(d);
    expect(everything).not.toContain('Conta da vizinha');
    expect(everything).not.toContain('Terça fora');
  });

  it('obra: only the payables of their obras (no receivable, nothing "Geral", no approvals); equal to their list', async () => {
    for (const person of [m.obra, m.obraOther]) {
      const d = await digestOf(person.id);
      expect(totals(d)).toEqual(await expectedSections(person.client, false));
      for (const section of d!.sections) {
        expect(section.receber).toEqual({ count: 0, total_cents: 0 });
        for (const item of section.items) expect(item.entry_kind).toBe('expense');
      }
      expect(d!.sections.map((s) => s.key)).not.toContain('approvals');
    }
    const mine = (await digestOf(m.obra.id))!;
    expect(mine.sections.flatMap((s) => s.items.map((i) => i.project_name))).toEqual(
      expect.arrayContaining(['Obra Entregas']),
    );
    expect(mine.sections.flatMap((s) => s.items.map((i) => i.project_name))).not.toContain(
      'Obra Sul Entregas',
    );
    expect(mine.sections.flatMap((s) => s.items.map((i) => i.project_name))).not.toContain(null);
  });

  it('leitura: none until they turn it on; then the whole company, no approvals', async () => {
    expect(await digestOf(m.leitura.id)).toBeNull();
    await rpc(m.leitura.client, 'save_notice_setting', {
      p_company_id: admin.company.id,
      p_kind: 'due_summary',
      p_enabled: true,
      p_email: true,
      p_push: false,
    });
    const d = await digestOf(m.leitura.id);
    expect(totals(d)).toEqual(await expectedSections(m.leitura.client, false));
    expect(totals(d).map((s) => s.key)).toEqual(['today', 'soon', 'overdue']);
  });

  it('another company\u2019s admin: only their own bill', async () => {
    const d = (await digestOf(other.user.id, other.company.id))!;
    expect(d.sections.map((s) => [s.key, s.items.map((i) => i.description)])).toEqual([
      ['today', ['Conta da vizinha']],
    ]);
    // And not the admin's digest of a company they are not in.
    expect(await digestOf(other.user.id)).toBeNull();
  });

  it('planned at 07:00 for each member with it on (e-mail by default), claimed with its digest, once', async () => {
    await plan(MORNING);
    await plan(MORNING);
    const planned = await deliveriesOf(DAY, 'due_summary');
    const emails = planned.filter((d) => d.channel === 'email' && d.notice_id === null);
    expect(emails.map((d) => d.user_id).sort()).toEqual(
      [
        admin.user.id,
        m.financeiro.id,
        m.obra.id,
        m.obraOther.id,
        m.leitura.id,
        other.user.id,
      ].sort(),
    );
    const claimed = (await claim(MORNING)).filter((d) => emails.some((e) => e.id === d.id));
    expect(claimed).toHaveLength(6);
    const adminEmail = claimed.find((d) => d.email === admin.email)!;
    expect(adminEmail).toMatchObject({
      channel: 'email',
      kind: 'due_summary',
      notice: null,
      company_name: 'Construtora Entregas',
    });
    expect(adminEmail.digest).toEqual(await digestOf(admin.user.id));
    const vizinha = claimed.find((d) => d.email === other.email)!;
    expect(vizinha.company_name).toBe('Construtora Vizinha Entregas');
    expect(JSON.stringify(vizinha.digest)).not.toContain('Hoje 01');
    for (const d of claimed) await finish(d.id, true);
    // The day's in-app summaries (written now) go out as pushes to the devices when a run plans
    // the last 2 days' notices; never as a second e-mail (the digest is their e-mail).
    await plan();
    const after = await deliveriesOf(DAY, 'due_summary');
    const pushes = after.filter((d) => d.channel === 'push');
    expect([...new Set(pushes.map((d) => d.user_id))].sort()).toEqual(
      // The neighbour's own summary to their own device (their own bill).
      [admin.user.id, m.obra.id, other.user.id].sort(),
    );
    for (const d of pushes) expect(d.notice_id).not.toBeNull();
    expect(
      after
        .filter((d) => d.channel === 'email')
        .map((d) => d.id)
        .sort(),
    ).toEqual(emails.map((d) => d.id).sort());
  });

  it('an e-mail turned off, or the summary turned off: no daily e-mail', async () => {
    const LATER = '2027-06-10';
    await rpc(m.financeiro.client, 'save_notice_setting', {
      p_company_id: admin.company.id,
      p_kind: 'due_summary',
      p_enabled: true,
      p_email: false,
      p_push: true,
    });
    await rpc(m.obra.client, 'save_notice_setting', {
      p_company_id: admin.company.id,
      p_kind: 'due_summary',
      p_enabled: false,
      p_email: true,
      p_push: true,
    });
    await plan('2027-06-10T07:00:00-03:00');
    const emails = (await deliveriesOf(LATER, 'due_summary')).filter((d) => d.channel === 'email');
    expect(emails.map((d) => d.user_id)).not.toContain(m.financeiro.id);
    expect(emails.map((d) => d.user_id)).not.toContain(m.obra.id);
    expect(emails.map((d) => d.user_id)).toContain(admin.user.id);
    const { rows } = await db.query(
      `select count(*)::int as n from public.notices where user_id = $1 and kind = 'due_summary' and event_key = $2`,
      [m.obra.id, LATER],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('the morning in pages of companies (issue 35)', () => {
  // Days no other file plans. Each test writes the day's list itself (private.notify_mornings, as
  // the first call of a day does for every company of the moment): this file's three companies
  // only, so that a page of 1 is one of them and the whole morning is theirs.
  let third: Member;
  let mine: string[];
  const at = (day: string) => `${day}T07:30:00-03:00`;

  beforeAll(async () => {
    third = await createMember('Construtora Terceira Entregas');
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date)
       values ($1, 'Conta da terceira', 77, '2027-07-01')`,
      [third.company.id],
    );
    mine = [admin.company.id, other.company.id, third.company.id].sort();
  });

  async function listDay(day: string) {
    await db.query(
      `insert into private.notify_mornings (day, company_id) select $1, unnest($2::uuid[])`,
      [day, mine],
    );
  }

  /** The day's in-app summaries and daily e-mails of this file's companies. */
  async function morningOf(day: string, q: pg.Pool | pg.Client = db) {
    const notices = await q.query(
      `select company_id::text, user_id::text, title, body, link from public.notices
       where kind = 'due_summary' and event_key = $1 and company_id = any($2::uuid[])
       order by 1, 2`,
      [day, mine],
    );
    const emails = await q.query(
      `select company_id::text, user_id::text from public.notice_deliveries
       where kind = 'due_summary' and channel = 'email' and notice_id is null and event_key = $1
         and company_id = any($2::uuid[])
       order by 1, 2`,
      [day, mine],
    );
    return { notices: notices.rows, emails: emails.rows };
  }

  async function plannedCompanies(day: string, q: pg.Pool | pg.Client = db) {
    const { rows } = await q.query<{ company_id: string }>(
      `select company_id::text from private.notify_mornings
       where day = $1 and planned_at is not null order by 1`,
      [day],
    );
    return rows.map((r) => r.company_id);
  }

  /** A connection of its own, a transaction held open as a slow call holds it. */
  async function session(role: 'service_role' | 'postgres') {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    if (role === 'service_role') await client.query('set role service_role');
    return client;
  }

  async function pageIn(client: pg.Client, when: string, limit: number): Promise<MorningPage> {
    const { rows } = await client.query<{ r: MorningPage }>(
      `select public.plan_mornings(p_now => $1, p_limit => $2) as r`,
      [when, limit],
    );
    return rows[0]!.r;
  }

  /** What ONE call for the day's three companies plans (in a transaction rolled back). */
  async function referenceOf(day: string) {
    const ref = await session('postgres');
    try {
      await ref.query('begin');
      const one = await pageIn(ref, at(day), 500);
      expect(one).toMatchObject({ companies: 3, more: false });
      const morning = await morningOf(day, ref);
      await ref.query('rollback');
      return { planned: one.planned, ...morning };
    } finally {
      await ref.end();
    }
  }

  it('in pages of one company it plans exactly what one call plans; a second run plans nothing', async () => {
    const DAY = '2027-07-07';
    await listDay(DAY);
    const reference = await referenceOf(DAY);
    expect(reference.notices.length).toBeGreaterThan(3);
    expect(reference.emails.length).toBeGreaterThan(2);
    expect(reference.planned).toBe(reference.emails.length);

    const pages: MorningPage[] = [];
    for (let i = 0; i < 10; i++) {
      const page = await planPage(at(DAY), 1);
      pages.push(page);
      if (!page.more) break;
    }
    expect(pages.map((p) => [p.companies, p.more])).toEqual([
      [1, true],
      [1, true],
      [1, false],
    ]);
    expect(pages.reduce((sum, p) => sum + p.planned, 0)).toBe(reference.planned);
    expect(await morningOf(DAY)).toEqual({ notices: reference.notices, emails: reference.emails });
    expect(await plannedCompanies(DAY)).toEqual(mine);

    // The next run the same morning (the schedule, every few minutes): nothing more.
    const nothing = { planned: 0, companies: 0, listed: 0, more: false };
    expect(await planPage(at(DAY), 1)).toEqual(nothing);
    expect(await planPage(at(DAY), 500)).toEqual(nothing);
    expect(await morningOf(DAY)).toEqual({ notices: reference.notices, emails: reference.emails });
  });

  it('a run that failed in a page, or stopped after one, is continued by the next: nothing lost, nothing doubled', async () => {
    const DAY = '2027-07-08';
    await listDay(DAY);
    const reference = await referenceOf(DAY);

    // A page whose call failed (timeout, crash): its transaction rolled back, nothing marked.
    const crashed = await session('service_role');
    try {
      await crashed.query('begin');
      expect(await pageIn(crashed, at(DAY), 1)).toMatchObject({ companies: 1, more: true });
      await crashed.query('rollback');
    } finally {
      await crashed.end();
    }
    expect(await plannedCompanies(DAY)).toEqual([]);
    expect(await morningOf(DAY)).toEqual({ notices: [], emails: [] });

    // A run that stopped after one page (its time was up).
    expect(await planPage(at(DAY), 1)).toMatchObject({ companies: 1, more: true });
    expect(await plannedCompanies(DAY)).toEqual([mine[0]]);

    // The next run plans the rest, each company once.
    await plan(at(DAY), 1);
    expect(await plannedCompanies(DAY)).toEqual(mine);
    expect(await morningOf(DAY)).toEqual({ notices: reference.notices, emails: reference.emails });
  });

  it('two runs at the same moment never plan the same company: each takes its own page, neither waits', async () => {
    const DAY = '2027-07-13';
    await listDay(DAY);
    const reference = await referenceOf(DAY);
    const a = await session('service_role');
    const b = await session('service_role');
    try {
      // Waiting for the other run's page would fail here (55P03) instead of hanging.
      await b.query(`set lock_timeout = '2s'`);
      await a.query('begin');
      await b.query('begin');
      expect(await pageIn(a, at(DAY), 2)).toMatchObject({ companies: 2, more: true });
      // The third company only: the first two are a's until it ends (still to plan, as b sees
      // them: more, though b can take none of them now).
      expect(await pageIn(b, at(DAY), 2)).toMatchObject({ companies: 1, more: true });
      expect(await pageIn(b, at(DAY), 2)).toEqual({
        planned: 0,
        companies: 0,
        listed: 0,
        more: true,
      });
      await a.query('reset role');
      await b.query('reset role');
      const byA = await plannedCompanies(DAY, a);
      const byB = await plannedCompanies(DAY, b);
      expect(byA).toHaveLength(2);
      expect(byB).toHaveLength(1);
      expect([...byA, ...byB].sort()).toEqual(mine);
      await a.query('commit');
      await b.query('commit');
    } finally {
      await a.end();
      await b.end();
    }
    expect(await plannedCompanies(DAY)).toEqual(mine);
    expect(await morningOf(DAY)).toEqual({ notices: reference.notices, emails: reference.emails });
  });

  it('the first calls of a day at the same moment: one lists the companies, the other waits only for that list', async () => {
    const DAY = '2027-07-14';
    const a = await session('service_role');
    const b = await session('service_role');
    try {
      await b.query(`set lock_timeout = '5s'`);
      await a.query('begin');
      // The first call of the day only writes the list (a short transaction of its own).
      const list = await pageIn(a, at(DAY), 1);
      expect(list).toMatchObject({ planned: 0, companies: 0, more: true });
      expect(list.listed).toBeGreaterThanOrEqual(3);
      await b.query('begin');
      const second = pageIn(b, at(DAY), 1);
      await a.query('commit');
      // b waited for a's list, then took a page of it (or, when another file created a company
      // in between, listed that one: either way, no error and more to do).
      const page = await second;
      expect(page.companies === 1 || page.listed > 0).toBe(true);
      // Leave the other files' companies unplanned this day.
      await b.query('rollback');
    } finally {
      await a.end();
      await b.end();
    }
    const { rows } = await db.query<{ listed: number; companies: number }>(
      `select (select count(*)::int from private.notify_mornings where day = $1) as listed,
              (select count(*)::int from public.companies c
               where exists (select 1 from private.notify_mornings m where m.day = $1 and m.company_id = c.id)) as companies`,
      [DAY],
    );
    expect(rows[0]!.listed).toBe(rows[0]!.companies);
    expect(rows[0]!.listed).toBeGreaterThanOrEqual(3);
    await db.query(`delete from private.notify_mornings where day = $1`, [DAY]);
  });
});

describe('waking the notify function', () => {
  it('notices written → pg_notify(notice_written) for the local stack', async () => {
    const listener = new pg.Client({ connectionString: stackEnv().dbUrl });
    await listener.connect();
    try {
      await listener.query('listen notice_written');
      const heard = new Promise<string>((resolve) => {
        listener.on('notification', (n) => {
          if (n.channel === 'notice_written') resolve(n.channel);
        });
      });
      await requestApproval('Acorda a função');
      expect(await heard).toBe('notice_written');
    } finally {
      await listener.end();
    }
  });

  it('where pg_net and the Vault secrets exist, posts to <project_url>/functions/v1/notify with the service key', async () => {
    const client = await db.connect();
    try {
      await client.query('begin');
      // Stand-ins for hosted's pg_net and Vault, inside a transaction nobody else sees.
      await client.query(`create schema net`);
      await client.query(`create table net.calls (url text, body jsonb, headers jsonb)`);
      await client.query(
        `create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
                                       headers jsonb default '{}', timeout_milliseconds integer default 5000)
         returns bigint language sql as $$ insert into net.calls values (url, body, headers) returning 1::bigint $$`,
      );
      await client.query(`create schema vault`);
      await client.query(
        `create view vault.decrypted_secrets as
         select * from (values ('project_url', 'https://abc.supabase.co/'), ('service_role_key', 'chave-servico'))
           as s(name, decrypted_secret)`,
      );
      await client.query(
        `insert into public.notices (company_id, user_id, kind, event_key, link, title)
         values ($1, $2, 'invitation_accepted', gen_random_uuid()::text, '/preferencias', 'Convite aceito: acordar')`,
        [admin.company.id, admin.user.id],
      );
      const { rows } = await client.query(`select url, body, headers from net.calls`);
      expect(rows).toEqual([
        {
          url: 'https://abc.supabase.co/functions/v1/notify',
          body: {},
          headers: { Authorization: 'Bearer chave-servico', 'Content-Type': 'application/json' },
        },
      ]);
      // An insert that writes nothing (the same event again) wakes nobody.
      await client.query(
        `insert into public.notices (company_id, user_id, kind, event_key, link, title)
         select company_id, user_id, kind, event_key, link, title from public.notices
         where title = 'Convite aceito: acordar'
         on conflict do nothing`,
      );
      expect((await client.query(`select count(*)::int as n from net.calls`)).rows[0]).toEqual({
        n: 1,
      });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('without pg_net (here) waking does nothing and never fails', async () => {
    const { rows } = await db.query(`select to_regnamespace('net') is null as no_net`);
    expect(rows[0]).toEqual({ no_net: true });
    await expect(db.query(`select private.wake_notify()`)).resolves.toMatchObject({ rowCount: 1 });
  });

  it('the schedule migration applies, doing nothing, where pg_cron and pg_net are absent, as postgres (no superuser)', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync('supabase/migrations/20261201010400_notify_wakeup.sql', 'utf8');
    const block = /do \$do\$[\s\S]*?\$do\$;/.exec(text)?.[0];
    expect(block).toBeDefined();
    const client = await db.connect();
    try {
      const who = await client.query(
        `select current_user as role, rolsuper as superuser from pg_roles where rolname = current_user`,
      );
      expect(who.rows[0]).toEqual({ role: 'postgres', superuser: false });
      await client.query(block!);
      const { rows } = await client.query(
        `select to_regnamespace('cron') is null as no_cron,
                not exists (select 1 from pg_extension where extname in ('pg_cron', 'pg_net')) as no_extensions`,
      );
      expect(rows[0]).toEqual({ no_cron: true, no_extensions: true });
    } finally {
      client.release();
    }
  });
});
