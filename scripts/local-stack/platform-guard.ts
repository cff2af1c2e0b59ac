// The local stack's SQL (bootstrap.sql) and its auth stand-in write roles, schemas and users the
// way a stand-in needs them. On a real Supabase database (hosted, or the CLI's Docker one) that
// would damage the platform's own objects, so both refuse to touch a database that carries the
// platform's marks. bootstrap.sql repeats this check in SQL (keep the two lists equal).
//
// `supabase_auth_admin` and `supabase_storage_admin` alone are not marks: bootstrap.sql creates them
// (they own schemas `auth` and `storage`, as on Supabase). `supabase_admin` is the platform's own superuser and exists on every Supabase
// database; the local cluster has one too (it is shaped like hosted), told apart by a role comment
// that only a superuser can set and that the stack sets right after initdb (LOCAL_SUPERUSER_MARK).
// `auth.schema_migrations` is where a real GoTrue records its migrations, `storage.migrations` where
// a real Storage API records its own.
import type pg from 'pg';

export const SUPABASE_PLATFORM_ROLES = [
  'supabase_admin',
  'supabase_realtime_admin',
  'supabase_replication_admin',
  'supabase_read_only_user',
  'supabase_functions_admin',
  'dashboard_user',
];

/** The comment on the local cluster's `supabase_admin`; bootstrap.sql repeats it (keep equal). */
export const LOCAL_SUPERUSER_MARK =
  'app-financas local stack superuser (development stand-in, never Supabase)';

/** What marks `db` as a Supabase platform database, or null when nothing does. */
export async function findSupabasePlatformMarks(
  db: pg.Pool | pg.PoolClient | pg.Client,
): Promise<string | null> {
  const { rows } = await db.query<{ marks: string | null }>(
    `select nullif(concat_ws(', ',
              (select 'role ' || string_agg(rolname, ', role ' order by rolname)
                 from pg_roles where rolname = any($1::text[])
                  and not (rolname = 'supabase_admin'
                           and shobj_description(oid, 'pg_authid') is not distinct from $2)),
              case when to_regclass('auth.schema_migrations') is not null
                   then 'table auth.schema_migrations' end,
              case when to_regclass('storage.migrations') is not null
                   then 'table storage.migrations' end), '') as marks`,
    [SUPABASE_PLATFORM_ROLES, LOCAL_SUPERUSER_MARK],
  );
  return rows[0]?.marks ?? null;
}

export async function assertNotSupabasePlatform(
  db: pg.Pool | pg.PoolClient | pg.Client,
): Promise<void> {
  const marks = await findSupabasePlatformMarks(db);
  if (marks) {
    throw new Error(
      `Refusing to run the local stand-in on this database: it is a Supabase platform database ` +
        `(${marks}). The local stack only ever works on its own embedded Postgres.`,
    );
  }
}
