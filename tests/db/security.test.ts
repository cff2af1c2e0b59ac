// Attacks on the API as an authenticated user: writing what only the database writes, old Supabase
// default grants, null and foreign company ids, and two admins removing each other's rights at the
// same moment.
import { readdirSync, readFileSync } from 'node:fs';
import type { PostgrestError } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types';
import { adminDb, anonClient, createMember, createUser, type TestClient } from './helpers';
import { createBankAccount, createPayable, type Member } from './money-helpers';

const MIGRATIONS = new URL('../../supabase/migrations/', import.meta.url);
/**
 * The latest complete privileges reset (`<timestamp>_reset_privileges_<name>.sql`, the last by file
 * name): an earlier one may name signatures a later migration dropped, so only the latest is applied
 * again. "it restores exactly the privileges the migrations granted" below proves it is complete.
 */
const PRIVILEGES_MIGRATION = new URL(
  readdirSync(MIGRATIONS)
    .filter((name) => /^\d+_reset_privileges_\w+\.sql$/.test(name))
    .sort()
    .at(-1) ?? 'no reset migration',
  MIGRATIONS,
);

/**
 * Every privilege of the API roles and PUBLIC on our objects, one line each: tables and views,
 * their columns, functions, the private schema, and the default privileges for later objects.
 */
const PRIVILEGES_SQL = `
  with objects as (
    select 'table ' || c.oid::regclass::text as object, c.relacl as acl
    from pg_class c where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
      and c.relkind in ('r', 'v', 'm', 'S', 'p')
    union all
    select 'column ' || c.oid::regclass::text || '.' || a.attname, a.attacl
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
      and a.attnum > 0 and not a.attisdropped and a.attacl is not null
    union all
    select 'function ' || p.oid::regprocedure::text, p.proacl
    from pg_proc p where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
    union all
    select 'schema ' || n.nspname, n.nspacl from pg_namespace n where n.nspname = 'private'
    union all
    select 'default ' || d.defaclobjtype::text || ' in ' || coalesce(d.defaclnamespace::regnamespace::text, '*'),
           d.defaclacl
    from pg_default_acl d
  )
  select o.object || ' ' || coalesce(nullif(a.grantee, 0)::regrole::text, 'PUBLIC') || ' '
         || a.privilege_type as line
  from objects o, aclexplode(o.acl) a
  where a.grantee = 0 or a.grantee in ('anon'::regrole, 'authenticated'::regrole)
  order by 1`;

let db: pg.Pool;
let owner: Member;
let other: Member;

beforeAll(async () => {
  db = adminDb(4);
  [owner, other] = await Promise.all([
    createMember('Construtora Segura'),
    createMember('Construtora Vizinha'),
  ]);
});
afterAll(async () => {
  await db.end();
});

type LooseRpc = (
  fn: string,
  args?: Record<string, unknown>,
) => PromiseLike<{ data: unknown; error: PostgrestError | null }>;

/** An RPC with arguments the generated types would not allow (null ids, absurd values). */
function rpc(client: TestClient, fn: string, args: Record<string, unknown>) {
  return (client.rpc as unknown as LooseRpc).call(client, fn, args);
}

describe('writing what only the database writes', () => {
  it('authenticated cannot update bank_accounts.current_balance', async () => {
    const account = await createBankAccount(owner, 100);
    const { error } = await owner.client
      .from('bank_accounts')
      .update({ current_balance: 1000000 } as never)
      .eq('id', account.id);
    expect(error?.code).toBe('42501');
    const { rows } = await db.query<{ b: string }>(
      'select current_balance as b from public.bank_accounts where id = $1',
      [account.id],
    );
    expect(rows[0]?.b).toBe('100.00');
  });

  it('authenticated cannot insert a payable already paid', async () => {
    const account = await createBankAccount(owner, 100);
    const { error } = await owner.client.from('accounts_payable').insert({
      company_id: owner.company.id,
      description: 'Já paga',
      amount: 50,
      due_date: '2026-11-20',
      bank_account_id: account.id,
      status: 'paid',
      payment_date: '2026-11-20',
    } as never);
    expect(error?.code).toBe('42501');
  });

  it('authenticated cannot mark a pending payable paid by update', async () => {
    const payable = await createPayable(owner, 10);
    const { error } = await owner.client
      .from('accounts_payable')
      .update({ status: 'paid', payment_date: '2026-11-20' } as never)
      .eq('id', payable.id);
    expect(error?.code).toBe('42501');
  });

  it('the private schema is not reachable through the API', async () => {
    const { error } = await rpc(owner.client, 'user_company_ids', {});
    expect(error?.code).toBe('PGRST202');
    const viaSchema = await (owner.client.schema as unknown as (s: string) => TestClient)
      .call(owner.client, 'private')
      .rpc('user_company_ids' as never);
    expect(viaSchema.error?.code).toBe('PGRST106');
  });
});

describe('a database that still has Supabase’s older default grants', () => {
  // Applies the privileges migration again on top of ALL granted to anon and authenticated (as
  // projects created before Supabase changed its defaults have), inside a transaction that is
  // rolled back: nobody else ever sees the wide grants.
  async function withOldDefaults<T>(check: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await db.connect();
    try {
      await c.query('begin');
      await c.query(`
        grant all on all tables in schema public to anon, authenticated;
        grant all on all functions in schema public to public, anon, authenticated;
        grant all on all functions in schema private to public, anon, authenticated;
        alter default privileges in schema public grant all on tables to anon, authenticated;
        alter default privileges in schema public grant all on functions to anon, authenticated;`);
      // The holes are really open before the migration runs (the test can fail).
      const before = await c.query<{ ok: boolean }>(
        `select has_table_privilege('authenticated', 'public.bank_accounts', 'UPDATE') as ok`,
      );
      expect(before.rows[0]?.ok).toBe(true);
      await c.query(readFileSync(PRIVILEGES_MIGRATION, 'utf8'));
      return await check(c);
    } finally {
      await c.query('rollback');
      c.release();
    }
  }

  it('it restores exactly the privileges the migrations granted (the reset is complete)', async () => {
    // Applied on the migrated database as it is (no old defaults): a grant that a migration after
    // the reset made and the reset does not repeat (a table, a column list, a private body) shows
    // as lost — that migration must write the next complete reset. (Checked by hand when
    // 20261124011900 was written: on the database migrated up to it, without it, it changes
    // nothing either.)
    const c = await db.connect();
    try {
      await c.query('begin');
      const before = (await c.query<{ line: string }>(PRIVILEGES_SQL)).rows.map((r) => r.line);
      await c.query(readFileSync(PRIVILEGES_MIGRATION, 'utf8'));
      const after = (await c.query<{ line: string }>(PRIVILEGES_SQL)).rows.map((r) => r.line);
      expect(before.length).toBeGreaterThan(100);
      expect({
        lost: before.filter((line) => !after.includes(line)),
        gained: after.filter((line) => !before.includes(line)),
      }).toEqual({ lost: [], gained: [] });
    } finally {
      await c.query('rollback');
      c.release();
    }
  });

  it('ends with no table-wide write grant where column lists are meant, and nothing for anon', async () => {
    const result = await withOldDefaults(async (c) => {
      const { rows } = await c.query<{ t: string; role: string; p: string }>(
        `select t, role, p
         from unnest(array['companies', 'user_profiles', 'company_invitations', 'bank_accounts',
                           'accounts_payable', 'accounts_receivable', 'transactions',
                           'bank_statements', 'bank_statement_lines', 'audit_log']) t,
              unnest(array['anon', 'authenticated']) role,
              unnest(array['INSERT', 'UPDATE', 'TRUNCATE']) p
         where has_table_privilege(role, 'public.' || t, p)`,
      );
      const anon = await c.query(
        `select table_name from information_schema.role_table_grants
         where grantee = 'anon' and table_schema = 'public'`,
      );
      const functions = await c.query(
        `select p.oid::regprocedure::text
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname in ('public', 'private')
           and (has_function_privilege('anon', p.oid, 'EXECUTE')
                or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0))`,
      );
      return { wide: rows, anon: anon.rows, functions: functions.rows };
    });
    expect(result).toEqual({ wide: [], anon: [], functions: [] });
  });

  it('refuses the two attacks of the issue as a signed-in member', async () => {
    const account = await createBankAccount(owner, 100);
    const codes = await withOldDefaults(async (c) => {
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: owner.user.id, role: 'authenticated' }),
      ]);
      await c.query('set local role authenticated');
      const attempt = async (sql: string, params: unknown[]) => {
        await c.query('savepoint attack');
        try {
          await c.query(sql, params);
          return 'succeeded';
        } catch (err) {
          return (err as { code?: string }).code;
        } finally {
          await c.query('rollback to savepoint attack');
        }
      };
      return [
        await attempt('update public.bank_accounts set current_balance = 1e6 where id = $1', [
          account.id,
        ]),
        await attempt(
          `insert into public.accounts_payable (company_id, description, amount, due_date,
             bank_account_id, status, payment_date)
           values ($1, 'Já paga', 50, '2026-11-20', $2, 'paid', '2026-11-20')`,
          [owner.company.id, account.id],
        ),
        // What stays allowed: the column lists.
        await attempt(`update public.bank_accounts set name = 'Renomeada' where id = $1`, [
          account.id,
        ]),
      ];
    });
    expect(codes).toEqual(['42501', '42501', 'succeeded']);
  });

  it('gives objects created afterwards no privileges for anon, authenticated or PUBLIC', async () => {
    const result = await withOldDefaults(async (c) => {
      await c.query(`create function public.zz_probe() returns int language sql as 'select 1'`);
      await c.query(`create function private.zz_probe() returns int language sql as 'select 1'`);
      await c.query(`create table public.zz_probe_table (id int)`);
      const { rows } = await c.query<Record<string, boolean>>(
        `select has_function_privilege('anon', 'public.zz_probe()', 'EXECUTE') as anon_fn,
                has_function_privilege('authenticated', 'public.zz_probe()', 'EXECUTE') as auth_fn,
                has_function_privilege('authenticated', 'private.zz_probe()', 'EXECUTE') as auth_private_fn,
                has_table_privilege('anon', 'public.zz_probe_table', 'SELECT') as anon_table,
                has_table_privilege('authenticated', 'public.zz_probe_table', 'INSERT') as auth_table`,
      );
      return rows[0];
    });
    expect(result).toEqual({
      anon_fn: false,
      auth_fn: false,
      auth_private_fn: false,
      anon_table: false,
      auth_table: false,
    });
  });
});

describe('null and foreign company ids', () => {
  const today = '2026-11-23';
  const calls: [fn: string, args: Record<string, unknown>][] = [
    ['dashboard_summary', { p_today: today }],
    ['entry_list_summary', { p_kind: 'expense', p_today: today }],
    ['supplier_stats', {}],
    ['supplier_summary', {}],
    ['project_financials', {}],
    ['search_movements', { p_today: today }],
    ['movement_summary', { p_today: today }],
    ['report_summary', {}],
    ['balance_history', {}],
    [
      'create_project',
      {
        p_name: 'Obra',
        p_address: 'Rua A',
        p_client_name: 'Cliente',
        p_budget: 1000,
        p_start_date: '2026-01-01',
        p_end_date: '2026-12-31',
        p_stages: ['Fundação'],
      },
    ],
  ];

  it.each(calls)('%s refuses a null company with not_a_member', async (fn, args) => {
    const { error } = await rpc(owner.client, fn, { p_company_id: null, ...args });
    expect(error?.message).toBe('not_a_member');
    expect(error?.code).toBe('P0001');
  });

  it.each(calls)('%s refuses another company with not_a_member', async (fn, args) => {
    const { error } = await rpc(owner.client, fn, { p_company_id: other.company.id, ...args });
    expect(error?.message).toBe('not_a_member');
    expect(error?.code).toBe('P0001');
  });

  it.each(calls)('%s answers for the caller’s own company', async (fn, args) => {
    const { error } = await rpc(owner.client, fn, { p_company_id: owner.company.id, ...args });
    expect(error).toBeNull();
  });
});

describe('the public wrappers of the security definer bodies', () => {
  it('are security invoker and still do their work', async () => {
    const { rows } = await db.query<{ f: string; definer: boolean }>(
      `select p.proname as f, p.prosecdef as definer from pg_proc p
       where p.pronamespace = 'public'::regnamespace
         and p.proname in ('create_company', 'settle_payable', 'settle_receivable', 'reopen_payable',
                           'reopen_receivable', 'transfer_between_accounts')
       order by 1`,
    );
    expect(rows.map((r) => [r.f, r.definer])).toEqual([
      ['create_company', false],
      ['reopen_payable', false],
      ['reopen_receivable', false],
      ['settle_payable', false],
      ['settle_receivable', false],
      ['transfer_between_accounts', false],
    ]);
    // create_company ran through its wrapper in createMember(); settle and reopen through theirs.
    const account = await createBankAccount(owner, 100);
    const payable = await createPayable(owner, 40);
    const settled = await owner.client.rpc('settle_payable', {
      p_payable_id: payable.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-11-21',
    });
    expect(settled.error).toBeNull();
    expect(settled.data).toMatchObject({
      id: payable.id,
      status: 'paid',
      payment_date: '2026-11-21',
    });
    const reopened = await owner.client.rpc('reopen_payable', {
      p_payable_id: payable.id,
      p_reopened_on: '2026-11-22',
    });
    expect(reopened.data).toMatchObject({ id: payable.id, status: 'pending', payment_date: null });
  });

  it('still refuse another company’s entry', async () => {
    const account = await createBankAccount(other, 100);
    const payable = await createPayable(other, 40);
    const { error } = await owner.client.rpc('settle_payable', {
      p_payable_id: payable.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-11-21',
    });
    expect(error?.message).toBe('entry_not_found');
  });

  it('are not executable without a session', async () => {
    const { error } = await anonClient().rpc('create_company', { p_name: 'X', p_full_name: 'Y' });
    expect(error?.code).toBe('42501');
  });
});

describe('the last active admin, under concurrency', () => {
  /** A company with two active admins; B's membership is written as the superuser. */
  async function twoAdmins() {
    const a = await createMember('Construtora Dois Admins');
    const b = await createUser();
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role)
       values ($1, $2, $3, 'Admin B', 'admin')`,
      [b.user.id, a.company.id, b.email],
    );
    const { rows } = await db.query<{ id: string; user_id: string }>(
      'select id, user_id from public.user_profiles where company_id = $1',
      [a.company.id],
    );
    const profileOf = (userId: string) => rows.find((r) => r.user_id === userId)?.id ?? '';
    return {
      companyId: a.company.id,
      a: { client: a.client, profileId: profileOf(a.user.id) },
      b: { client: b.client, profileId: profileOf(b.user.id) },
    };
  }

  async function activeAdmins(companyId: string): Promise<number> {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from public.user_profiles
       where company_id = $1 and role = 'admin' and is_active`,
      [companyId],
    );
    return Number(rows[0]?.n);
  }

  type ProfileChange = Database['public']['Tables']['user_profiles']['Update'];

  function setProfile(client: TestClient, profileId: string, change: ProfileChange) {
    return client.from('user_profiles').update(change).eq('id', profileId).select('id').single();
  }

  it('two admins demoting or deactivating each other leave one admin, ten times', async () => {
    const pair = await twoAdmins();
    const changes: ProfileChange[] = [{ role: 'financeiro' }, { is_active: false }];
    for (let round = 0; round < 10; round++) {
      const change = changes[round % 2] ?? {};
      await db.query(
        `update public.user_profiles set role = 'admin', is_active = true where company_id = $1`,
        [pair.companyId],
      );
      const results = await Promise.all([
        setProfile(pair.a.client, pair.b.profileId, change),
        setProfile(pair.b.client, pair.a.profileId, change),
      ]);
      expect(await activeAdmins(pair.companyId)).toBe(1);
      const failures = results.filter((r) => r.error);
      expect(failures).toHaveLength(1);
      // The loser is no longer an admin: the guard says so (not_admin) when its update was already
      // running, or RLS no longer lets it see the other's row (no row: the UI's not_admin too).
      const loser = failures[0]?.error;
      expect(
        (loser?.code === 'P0001' && loser.message === 'not_admin') || loser?.code === 'PGRST116',
      ).toBe(true);
    }
  });

  it('two admins stepping down at the same moment: one stays, the other gets last_admin', async () => {
    const pair = await twoAdmins();
    const changes: ProfileChange[] = [{ role: 'financeiro' }, { is_active: false }];
    for (let round = 0; round < 10; round++) {
      const change = changes[round % 2] ?? {};
      await db.query(
        `update public.user_profiles set role = 'admin', is_active = true where company_id = $1`,
        [pair.companyId],
      );
      const results = await Promise.all([
        setProfile(pair.a.client, pair.a.profileId, change),
        setProfile(pair.b.client, pair.b.profileId, change),
      ]);
      expect(await activeAdmins(pair.companyId)).toBe(1);
      const errors = results.map((r) => r.error?.message ?? null);
      expect(errors.filter((e) => e === null)).toHaveLength(1);
      expect(errors.filter((e) => e !== null)).toEqual(['last_admin']);
    }
  });
});
