// Preferências → Notificações in the database (issue 32): each user's choices per kind, with the
// defaults decided in one place (leitura gets no due-bills summary unless they turn it on), saved
// and read only by that user; notices follow "enabled" whoever writes them; a browser's push
// subscription belongs to whoever saved it last, and only they read or remove it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, stackEnv, type TestClient } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
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

interface Setting {
  kind: string;
  enabled: boolean;
  email: boolean;
  push: boolean;
}

async function settings(client: TestClient, companyId = admin.company.id): Promise<Setting[]> {
  const { data, error } = await rpc(client, 'notice_settings_for', { p_company_id: companyId });
  if (error) throw new Error(error.message);
  return data as Setting[];
}

async function save(
  client: TestClient,
  kind: string,
  enabled: boolean,
  email: boolean,
  push: boolean,
) {
  return rpc(client, 'save_notice_setting', {
    p_company_id: admin.company.id,
    p_kind: kind,
    p_enabled: enabled,
    p_email: email,
    p_push: push,
  });
}

async function memberWithRole(role: string, name: string) {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, admin.company.id, user.email, name, role],
  );
  return { client: user.client, id: user.user.id, name };
}

const KINDS = [
  'approval_pending',
  'approval_decided',
  'due_summary',
  'invitation_accepted',
  'imports',
];
const P256DH = 'B' + 'A'.repeat(86);
const AUTH = 'A'.repeat(22);

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 3 });
  admin = await createMember('Construtora Preferências');
  other = await createMember('Construtora Outra Preferências');
  m.financeiro = await memberWithRole('financeiro', 'Fernanda Preferências');
  m.obra = await memberWithRole('obra', 'Otávio Preferências');
  m.leitura = await memberWithRole('leitura', 'Lia Preferências');
  const { rows } = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra Preferências') returning id::text`,
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

describe('notice settings', () => {
  it('defaults: every kind in the app and on the phone, e-mail for the due-bills summary only; leitura without the summary', async () => {
    const everyone = KINDS.map((kind) => ({
      kind,
      enabled: true,
      email: kind === 'due_summary',
      push: true,
    }));
    expect(await settings(admin.client)).toEqual(everyone);
    expect(await settings(m.obra.client)).toEqual(everyone);
    expect(await settings(m.leitura.client)).toEqual(
      everyone.map((s) => (s.kind === 'due_summary' ? { ...s, enabled: false } : s)),
    );
  });

  it('a user saves their own choice (upsert) and reads it back; nobody else sees it', async () => {
    expect((await save(m.financeiro.client, 'imports', false, false, false)).error).toBeNull();
    expect((await save(m.financeiro.client, 'imports', true, true, false)).error).toBeNull();
    const mine = await settings(m.financeiro.client);
    expect(mine.find((s) => s.kind === 'imports')).toEqual({
      kind: 'imports',
      enabled: true,
      email: true,
      push: false,
    });
    // The admin's own settings are untouched, and the table shows the admin none of hers.
    expect((await settings(admin.client)).find((s) => s.kind === 'imports')).toMatchObject({
      email: false,
      push: true,
    });
    const seen = await admin.client
      .from('notice_settings')
      .select('user_id')
      .eq('company_id', admin.company.id);
    expect(seen.data).toEqual([]);
    const own = await m.financeiro.client
      .from('notice_settings')
      .select('kind, enabled, email, push');
    expect(own.data).toEqual([{ kind: 'imports', enabled: true, email: true, push: false }]);
  });

  it('refuses an unknown kind, a missing flag and a company the caller is not in, each with its key', async () => {
    expect((await save(admin.client, 'approval_approved', true, true, true)).error).toMatchObject({
      code: 'P0001',
      message: 'unknown_notice_kind',
    });
    expect(
      (
        await rpc(admin.client, 'save_notice_setting', {
          p_company_id: admin.company.id,
          p_kind: 'imports',
          p_enabled: true,
          p_email: null,
          p_push: true,
        })
      ).error,
    ).toMatchObject({ code: 'P0001', message: 'invalid_notice_setting' });
    expect((await save(other.client, 'imports', true, true, true)).error).toMatchObject({
      code: 'P0001',
      message: 'not_a_member',
    });
    expect(
      (await rpc(other.client, 'notice_settings_for', { p_company_id: admin.company.id })).error,
    ).toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });

  it('"enabled" off: the notices of that kind are not written to that user, whoever writes them', async () => {
    expect(
      (await save(m.financeiro.client, 'approval_pending', false, false, true)).error,
    ).toBeNull();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, project_id, created_by, approval_status)
       values ($1, 'Brita', 700, '2026-12-10', $2, $3, 'pending') returning id::text`,
      [admin.company.id, projectId, m.obra.id],
    );
    const notices = await db.query<{ user_id: string }>(
      `select user_id::text from public.notices where entry_id = $1 and kind = 'approval_pending'`,
      [rows[0]!.id],
    );
    expect(notices.rows.map((r) => r.user_id)).toEqual([admin.user.id]);
    await save(m.financeiro.client, 'approval_pending', true, false, true);
  });

  it('leitura gets the due-bills summary (the whole company) only after turning it on', async () => {
    const DAY = '2021-03-10'; // a Wednesday, before every other entry of the company
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date)
       values ($1, 'Aluguel de andaime', 320, $2)`,
      [admin.company.id, DAY],
    );
    const written = async () =>
      (
        await db.query<{ user_id: string }>(
          `select user_id::text from public.notices
           where company_id = $1 and kind = 'due_summary' and event_key = $2`,
          [admin.company.id, DAY],
        )
      ).rows.map((r) => r.user_id);
    await db.query(`select private.write_due_notices($1)`, [DAY]);
    expect(await written()).not.toContain(m.leitura.id);
    expect(await written()).toContain(admin.user.id);

    expect((await save(m.leitura.client, 'due_summary', true, true, true)).error).toBeNull();
    await db.query(`select private.write_due_notices($1)`, [DAY]);
    expect(await written()).toContain(m.leitura.id);
    const { rows } = await db.query<{ body: string }>(
      `select body from public.notices where user_id = $1 and kind = 'due_summary' and event_key = $2`,
      [m.leitura.id, DAY],
    );
    expect(rows[0]!.body).toBe('A pagar: 1 hoje (R$ 320,00)');
  });
});

describe('push subscriptions', () => {
  const endpoint = () => `https://push.example.test/${crypto.randomUUID()}`;
  const saveDevice = (client: TestClient, url: string, extra: Args = {}) =>
    rpc(client, 'save_push_subscription', {
      p_endpoint: url,
      p_p256dh: P256DH,
      p_auth: AUTH,
      p_user_agent: 'Mozilla/5.0 (Linux; Android 14)',
      ...extra,
    });

  it('saves the device for the caller; saving it again keeps one row; only its owner reads it', async () => {
    const url = endpoint();
    const first = await saveDevice(admin.client, url);
    expect(first.error).toBeNull();
    const again = await saveDevice(admin.client, url);
    expect(again.data).toBe(first.data);
    const mine = await admin.client.from('push_subscriptions').select('id, endpoint, user_agent');
    expect(mine.data).toContainEqual({
      id: first.data,
      endpoint: url,
      user_agent: 'Mozilla/5.0 (Linux; Android 14)',
    });
    const theirs = await m.financeiro.client
      .from('push_subscriptions')
      .select('id')
      .eq('endpoint', url);
    expect(theirs.data).toEqual([]);
  });

  it('the same browser signed in by someone else moves to them', async () => {
    const url = endpoint();
    await saveDevice(admin.client, url);
    const moved = await saveDevice(other.client, url);
    expect(moved.error).toBeNull();
    expect(
      (await admin.client.from('push_subscriptions').select('id').eq('endpoint', url)).data,
    ).toEqual([]);
    expect(
      (await other.client.from('push_subscriptions').select('id').eq('endpoint', url)).data,
    ).toEqual([{ id: moved.data }]);
    const { rows } = await db.query(
      `select count(*)::int as n from public.push_subscriptions where endpoint = $1`,
      [url],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses what is not a push subscription: http, an overlong endpoint, keys of the wrong size', async () => {
    const bad: Args[] = [
      { p_endpoint: 'http://push.example.test/x' },
      { p_endpoint: `https://push.example.test/${'a'.repeat(1000)}` },
      { p_p256dh: 'B'.repeat(40) },
      { p_p256dh: `${'A'.repeat(86)}!` },
      { p_auth: 'A'.repeat(30) },
      { p_auth: null },
    ];
    for (const change of bad) {
      const { error } = await saveDevice(admin.client, endpoint(), change);
      expect(error, JSON.stringify(change)).toMatchObject({
        code: 'P0001',
        message: 'invalid_push_subscription',
      });
    }
  });

  it('a user removes their own device; another user\u2019s endpoint stays', async () => {
    const url = endpoint();
    await saveDevice(admin.client, url);
    expect(
      (await rpc(m.financeiro.client, 'delete_push_subscription', { p_endpoint: url })).error,
    ).toBeNull();
    const count = async () =>
      (
        await db.query(
          `select count(*)::int as n from public.push_subscriptions where endpoint = $1`,
          [url],
        )
      ).rows[0];
    expect(await count()).toEqual({ n: 1 });
    expect(
      (await rpc(admin.client, 'delete_push_subscription', { p_endpoint: url })).error,
    ).toBeNull();
    expect(await count()).toEqual({ n: 0 });
  });

  it('nobody inserts or edits a subscription directly', async () => {
    const inserted = await admin.client
      .from('push_subscriptions')
      .insert({ endpoint: endpoint(), p256dh: P256DH, auth: AUTH } as never);
    expect(inserted.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table push_subscriptions',
    });
  });
});
