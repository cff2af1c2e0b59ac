// The local cluster is shaped like hosted Supabase's (docs/local-stack.md): `supabase_admin` is the
// superuser, `postgres` a non-superuser with exactly hosted's attributes that applied the
// migrations (it owns what they created), and `anon`/`authenticated` have hosted's statement
// timeouts, which PostgREST applies to the role it switches to.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../scripts/local-stack/jwt';
import { getFreePort, startStack } from '../../scripts/local-stack/stack';
import { getErrorMessage } from '../../src/lib/errors';
import { adminDb, superuserDb } from './helpers';

let db: pg.Pool;
let su: pg.Pool;

beforeAll(() => {
  db = adminDb();
  su = superuserDb();
});
afterAll(async () => {
  await Promise.all([db.end(), su.end()]);
});

describe('roles as on hosted Supabase', () => {
  it('postgres is not a superuser and has exactly the attributes hosted gives it', async () => {
    const { rows } = await db.query(
      `select rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication,
              rolbypassrls
         from pg_roles where rolname = 'postgres'`,
    );
    expect(rows).toEqual([
      {
        rolsuper: false,
        rolinherit: true,
        rolcreaterole: true,
        rolcreatedb: true,
        rolcanlogin: true,
        rolreplication: true,
        rolbypassrls: true,
      },
    ]);
    const { rows: me } = await db.query(
      `select current_user as name, current_setting('is_superuser') as is_superuser`,
    );
    expect(me).toEqual([{ name: 'postgres', is_superuser: 'off' }]);
  });

  it('supabase_admin is the one superuser of the cluster', async () => {
    const { rows } = await su.query<{ rolname: string }>(
      `select rolname from pg_roles where rolsuper order by rolname`,
    );
    expect(rows.map((r) => r.rolname)).toEqual(['supabase_admin']);
    const { rows: me } = await su.query(`select current_setting('is_superuser') as s`);
    expect(me).toEqual([{ s: 'on' }]);
  });

  it('postgres is a member of the API roles and owns the database, as on hosted', async () => {
    const { rows } = await db.query(
      `select pg_has_role('postgres', 'anon', 'member') as anon,
              pg_has_role('postgres', 'authenticated', 'member') as authenticated,
              pg_has_role('postgres', 'service_role', 'member') as service_role,
              (select pg_get_userbyid(datdba) from pg_database where datname = current_database())
                as database_owner,
              has_schema_privilege('postgres', 'auth', 'usage') as auth_usage,
              has_table_privilege('postgres', 'auth.users', 'references') as references_users`,
    );
    expect(rows).toEqual([
      {
        anon: true,
        authenticated: true,
        service_role: true,
        database_owner: 'postgres',
        auth_usage: true,
        references_users: true,
      },
    ]);
  });

  it('the migrations were applied by postgres: it owns everything they created', async () => {
    const { rows } = await db.query<{ kind: string; name: string; owner: string }>(
      `select 'relation' as kind, c.oid::regclass::text as name, pg_get_userbyid(c.relowner) as owner
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'private', 'supabase_migrations')
          and c.relowner <> 'postgres'::regrole
       union all
       select 'function', p.oid::regprocedure::text, pg_get_userbyid(p.proowner)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.proowner <> 'postgres'::regrole
       union all
       select 'schema', n.nspname, pg_get_userbyid(n.nspowner)
         from pg_namespace n
        where n.nspname in ('private', 'supabase_migrations') and n.nspowner <> 'postgres'::regrole`,
    );
    expect(rows).toEqual([]);
    const { rows: counts } = await db.query<{ relations: number; migrations: number }>(
      `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind = 'r') as relations,
              (select count(*)::int from supabase_migrations.schema_migrations) as migrations`,
    );
    expect(counts[0]?.relations).toBeGreaterThan(10);
    expect(counts[0]?.migrations).toBeGreaterThan(10);
  });
});

describe('statement timeouts as on hosted Supabase', () => {
  it('are role settings: anon 3s, authenticated 8s', async () => {
    const { rows } = await db.query<{ role: string; config: string[] }>(
      `select r.rolname as role, s.setconfig as config
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where s.setdatabase = 0 and r.rolname in ('anon', 'authenticated')
        order by r.rolname`,
    );
    expect(rows).toEqual([
      { role: 'anon', config: ['statement_timeout=3s'] },
      { role: 'authenticated', config: ['statement_timeout=8s'] },
    ]);
  });

  it('hold through the API: an anonymous 10 s query is cancelled at 3 s (57014), in Portuguese', async () => {
    // A stack of its own: the probe functions below must not appear in the shared stack's public
    // schema, where other test files read the catalogue.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-timeout-'));
    chmodSync(tmp, 0o755);
    try {
      const stack = await startStack({
        dataDir: path.join(tmp, 'db'),
        persistent: false,
        apiPort: await getFreePort(),
        dbPort: await getFreePort(),
        seed: false,
      });
      try {
        const own = new pg.Client({ connectionString: stack.dbUrl });
        await own.connect();
        await own.query(`
          create function public.timeout_probe_sleep(p_seconds float8) returns text
            language sql as $$ select pg_sleep(p_seconds)::text $$;
          create function public.timeout_probe_setting() returns text
            language sql stable as $$ select current_setting('statement_timeout') $$;
          revoke all on function public.timeout_probe_sleep(float8) from public;
          revoke all on function public.timeout_probe_setting() from public;
          grant execute on function public.timeout_probe_sleep(float8) to anon;
          grant execute on function public.timeout_probe_setting() to anon, authenticated;
          notify pgrst, 'reload schema';
        `);
        await own.end();
        const call = async (fn: string, key: string, body: object) => {
          // The schema cache reloads asynchronously: retry while the function is not known yet.
          for (let i = 0; ; i++) {
            const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/${fn}`, {
              method: 'POST',
              headers: {
                apikey: stack.anonKey,
                authorization: `Bearer ${key}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify(body),
            });
            const json = (await res.json()) as unknown;
            if (res.status !== 404 || i > 100) return { status: res.status, json };
            await new Promise((r) => setTimeout(r, 50));
          }
        };
        const authenticatedKey = signJwt(
          {
            sub: randomUUID(),
            role: 'authenticated',
            aud: 'authenticated',
            exp: Math.floor(Date.now() / 1000) + 600,
          },
          stack.jwtSecret,
        );
        expect(await call('timeout_probe_setting', stack.anonKey, {})).toEqual({
          status: 200,
          json: '3s',
        });
        expect(await call('timeout_probe_setting', authenticatedKey, {})).toEqual({
          status: 200,
          json: '8s',
        });
        const started = Date.now();
        const slow = await call('timeout_probe_sleep', stack.anonKey, { p_seconds: 10 });
        expect(Date.now() - started).toBeLessThan(9000);
        expect(slow.json).toMatchObject({
          code: '57014',
          message: 'canceling statement due to statement timeout',
        });
        expect(getErrorMessage(slow.json)).toBe('A operação demorou demais. Tente novamente.');
      } finally {
        await stack.stop();
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});
