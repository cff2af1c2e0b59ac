// Deliveries outside the app (issue 32): what the notify Edge Function sends, planned, claimed and
// finished through the service role's RPCs: once per recipient, kind, event and device, even when
// runs overlap; retried with backoff, then failed (shown, never dropped); nothing to a deactivated
// member, to a member of another company, or to a device that is gone.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, noExecute, serviceClient, type TestClient } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let service: TestClient;
let admin: Member;
let other: Member;
const m = {} as Record<
  'financeiro' | 'obra' | 'leitura',
  { client: TestClient; id: string; name: string }
>;
let projectId: string;

type Args = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };
function rpc(client: TestClient, fn: string, args: Args = {}) {
  return (client.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>).call(
    client,
    fn,
    args,
  );
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
  digest: Record<string, unknown> | null;
}

// Deliveries are planned at a time ahead of the real clock, so a scheduler running on the stack
// (which claims with now()) never takes this file's rows; and claimed at that time.
const AHEAD = new Date(Date.now() + 36 * 3600_000).toISOString();

async function plan(at = AHEAD): Promise<number> {
  const { data, error } = await rpc(service, 'plan_deliveries', { p_now: at });
  if (error) throw new Error(error.message);
  return data as number;
}

/** Claims everything due at `at`; returns the claimed deliveries of the given companies only. */
async function claim(
  at = AHEAD,
  companies = [admin.company.id, other.company.id],
): Promise<Claimed[]> {
  const { data, error } = await rpc(service, 'claim_deliveries', { p_limit: 500, p_now: at });
  if (error) throw new Error(error.message);
  const ids = (data as Claimed[]).map((d) => d.id);
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `select id::text from public.notice_deliveries where id = any($1::uuid[]) and company_id = any($2::uuid[])`,
    [ids, companies],
  );
  const mine = new Set(rows.map((r) => r.id));
  return (data as Claimed[]).filter((d) => mine.has(d.id));
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

async function memberWithRole(company: Member, role: string, name: string) {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, company.company.id, user.email, name, role],
  );
  return { client: user.client, id: user.user.id, name };
}

const P256DH = 'B' + 'A'.repeat(86); // 87 base64url characters: a 65-byte key
const AUTH = 'A'.repeat(22); // 16 bytes

async function subscribe(client: TestClient, tag: string) {
  const { data, error } = await rpc(client, 'save_push_subscription', {
    p_endpoint: `https://push.example.test/${tag}`,
    p_p256dh: P256DH,
    p_auth: AUTH,
    p_user_agent: 'Teste',
  });
  if (error) throw new Error(error.message);
  return data as string;
}

/** A payable of the company waiting for approval (an 'obra' member's request above the alçada). */
async function requestApproval(description: string) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.accounts_payable (company_id, description, amount, due_date, project_id, created_by, approval_status)
     values ($1, $2, 480, current_date + 10, $3, $4, 'pending') returning id::text`,
    [admin.company.id, description, projectId, m.obra.id],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: (await import('./helpers')).stackEnv().dbUrl, max: 4 });
  service = serviceClient();
  admin = await createMember('Construtora Entregas');
  other = await createMember('Construtora Vizinha Entregas');
  m.financeiro = await memberWithRole(admin, 'financeiro', 'Fernanda Entregas');
  m.obra = await memberWithRole(admin, 'obra', 'Otávio Entregas');
  m.leitura = await memberWithRole(admin, 'leitura', 'Lia Entregas');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra Entregas') returning id::text`,
    [admin.company.id],
  );
  projectId = rows[0]!.id;
  await db.query(
    `insert into public.project_access (company_id, user_id, project_id) values ($1, $2, $3)`,
    [admin.company.id, m.obra.id, projectId],
  );
});
afterAll(async () => {
  await db.end();
});

describe('plan, claim, finish', () => {
  it('an approval request → an e-mail? no (default off), a push per device of the admin and financeiro; the shapes', async () => {
    const adminDevice = await subscribe(admin.client, `admin-${Date.now()}`);
    const payable = await requestApproval('Areia média');
    expect(await plan()).toBeGreaterThan(0);
    const claimed = (await claim()).filter((d) => d.kind === 'approval_pending');
    expect(claimed).toHaveLength(1);
    const [d] = claimed;
    expect(d).toEqual({
      id: expect.any(String),
      channel: 'push',
      kind: 'approval_pending',
      attempts: 1,
      email: null,
      subscription: {
        endpoint: expect.stringContaining('https://push.example.test/admin-'),
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
    await finish(d!.id, true);
    const { rows } = await db.query(
      `select d.status, d.sent_at is not null as sent, s.last_success_at is not null as device_ok
       from public.notice_deliveries d join public.push_subscriptions s on s.id = d.subscription_id
       where d.id = $1`,
      [d!.id],
    );
    expect(rows[0]).toEqual({ status: 'sent', sent: true, device_ok: true });
    expect(adminDevice).toEqual(expect.any(String));
  });

  it('only the service role may plan, claim and finish', async () => {
    for (const client of [admin.client, m.financeiro.client]) {
      expect((await rpc(client, 'plan_deliveries', { p_now: AHEAD })).error).toMatchObject(
        noExecute('plan_deliveries'),
      );
      expect((await rpc(client, 'claim_deliveries', { p_limit: 1 })).error).toMatchObject(
        noExecute('claim_deliveries'),
      );
      expect(
        (await rpc(client, 'finish_delivery', { p_id: crypto.randomUUID(), p_ok: true })).error,
      ).toMatchObject(noExecute('finish_delivery'));
    }
  });
});
