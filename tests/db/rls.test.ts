// Tenant isolation, generated from the catalog: every table in `public` has RLS, and an outsider
// (a member of another company), an anonymous caller and a deactivated member can neither read nor
// change company A's rows through the API.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureRows, fixtureInserts, publicTables } from './fixtures';
import {
  anonClient,
  createMember,
  createUser,
  noPrivilege,
  rlsViolation,
  stackEnv,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

let db: pg.Pool;
let owner: Member;
let outsider: Member;
let ids: Record<string, string>;
/** Tables on which `authenticated` may insert at least one column. */
let insertable: Set<string>;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  owner = await createMember('Empresa A');
  outsider = await createMember('Empresa B');
  ids = await createFixtureRows(db, owner.company.id, owner.user.id);
  const { rows } = await db.query<{ table: string }>(
    `select c.relname as table from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and has_any_column_privilege('authenticated', c.oid, 'INSERT')`,
  );
  insertable = new Set(rows.map((r) => r.table));
});

afterAll(async () => {
  await db.end();
});

async function textValue(table: string, column: string, id: string): Promise<string | null> {
  const { rows } = await db.query<{ v: string | null }>(
    `select ${column}::text as v from public.${table} where id = $1`,
    [id],
  );
  return rows[0]?.v ?? null;
}

describe('the catalog', () => {
  it('has row-level security enabled on every table in public', async () => {
    const tables = await publicTables(db);
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((t) => !t.rls).map((t) => t.table)).toEqual([]);
  });

  it('has an isolation fixture for every table in public', async () => {
    const tables = (await publicTables(db)).map((t) => t.table);
    expect(tables.filter((t) => !(t in fixtureInserts))).toEqual([]);
  });

  it('grants nothing on public tables to anon', async () => {
    const { rows } = await db.query(
      `select table_name, privilege_type from information_schema.role_table_grants
       where grantee = 'anon' and table_schema = 'public'`,
    );
    expect(rows).toEqual([]);
  });
});

describe.each(Object.keys(fixtureInserts))('isolation of %s', (table) => {
  const fixture = fixtureInserts[table]!;

  it('the owner sees the row (the fixture is real)', async () => {
    const { data, error } = await owner.client
      .from(table as never)
      .select('id')
      .eq('id', ids[table]!);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('another company cannot select it', async () => {
    const { data } = await outsider.client
      .from(table as never)
      .select('*')
      .eq(fixture.companyColumn, owner.company.id);
    expect(data ?? []).toEqual([]);
  });

  it('another company cannot update it', async () => {
    const before = await textValue(table, fixture.textColumn, ids[table]!);
    await outsider.client
      .from(table as never)
      .update({ [fixture.textColumn]: 'alterado@invasor.com' } as never)
      .eq('id', ids[table]!);
    expect(await textValue(table, fixture.textColumn, ids[table]!)).toBe(before);
  });

  it('another company cannot delete it', async () => {
    await outsider.client
      .from(table as never)
      .delete()
      .eq('id', ids[table]!);
    expect(await textValue(table, 'id', ids[table]!)).toBe(ids[table]);
  });

  it('another company cannot insert rows into it', async () => {
    const payload = fixture.apiInsert(owner.company.id, ids, outsider.user.id);
    const { error } = await outsider.client.from(table as never).insert(payload as never);
    // Where members may insert, the policy refuses the foreign company; elsewhere nobody holds the
    // privilege. Either message proves the payload's columns exist and reached Postgres.
    expect(error).toMatchObject(insertable.has(table) ? rlsViolation(table) : noPrivilege(table));
  });

  it('an anonymous caller gets nothing', async () => {
    const { data } = await anonClient()
      .from(table as never)
      .select('*');
    expect(data ?? []).toEqual([]);
  });
});

describe('a deactivated member', () => {
  it('loses access to every table of the company', async () => {
    const member = await createUser();
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
       values ($1, $2, $3, 'Ex-membro', 'financeiro', true)`,
      [member.user.id, owner.company.id, member.email],
    );
    const visible = await member.client
      .from('bank_accounts')
      .select('id')
      .eq('company_id', owner.company.id);
    expect(visible.data?.length).toBeGreaterThan(0);

    await db.query(`update public.user_profiles set is_active = false where user_id = $1`, [
      member.user.id,
    ]);
    for (const table of Object.keys(fixtureInserts)) {
      const column = fixtureInserts[table]!.companyColumn;
      const { data } = await member.client
        .from(table as never)
        .select('*')
        .eq(column, owner.company.id);
      const rows = (data ?? []) as { user_id?: string }[];
      // The only row left is their own (inactive) membership, so the app can tell them why.
      expect(
        rows.filter((r) => r.user_id !== member.user.id),
        table,
      ).toEqual([]);
    }
  });
});
