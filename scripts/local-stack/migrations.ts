// What the local stack runs in its database: bootstrap.sql (what the Supabase platform provides) as
// the cluster's superuser `supabase_admin`, then supabase/migrations recorded like the Supabase
// CLI records them and supabase/seed.sql, both as the non-superuser `postgres` — as on hosted
// Supabase, where `supabase db push` connects as `postgres`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BOOTSTRAP_SQL, MIGRATIONS_DIR, SEED_SQL } from './config';
import { assertNotSupabasePlatform, LOCAL_SUPERUSER_MARK } from './platform-guard';

/**
 * A cluster this stack has just created (initdb): marks its `supabase_admin` as the local
 * stand-in's own, which the platform guard then tells apart from a real Supabase database's.
 */
export async function markNewCluster(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`comment on role supabase_admin is '${LOCAL_SUPERUSER_MARK}'`);
  } finally {
    await admin.end();
  }
}

async function connectAdmin(adminUrl: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    // 28P01/28000: no role supabase_admin — a cluster created before the stack was shaped like
    // hosted, whose superuser is `postgres`. Postgres refuses to demote the bootstrap superuser, so
    // it cannot be reshaped in place.
    const code = (err as { code?: string }).code;
    if (code === '28P01' || code === '28000') {
      throw new Error(
        'This local database was created by an older version of the local stack (its superuser ' +
          'is `postgres`; now the superuser is `supabase_admin` and `postgres` is not one, as on ' +
          'hosted Supabase). Run `npm run db:reset` (deletes the local data) and start again.',
        { cause: err },
      );
    }
    throw err;
  }
  return admin;
}

export async function applySql(
  adminUrl: string,
  dbUrl: string,
  options: { seed: boolean; log: (l: string) => void },
) {
  const admin = await connectAdmin(adminUrl);
  try {
    await assertNotSupabasePlatform(admin);
    await admin.query(readFileSync(BOOTSTRAP_SQL, 'utf8'));
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // The Supabase CLI's history table (supabase/cli pkg/migration/history.go).
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
      alter table supabase_migrations.schema_migrations add column if not exists statements text[];
      alter table supabase_migrations.schema_migrations add column if not exists name text;
    `);
    const applied = new Set(
      (
        await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        )
      ).rows.map((r) => r.version),
    );
    const files = existsSync(MIGRATIONS_DIR)
      ? readdirSync(MIGRATIONS_DIR)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    for (const file of files) {
      // Same file name rule as the Supabase CLI: <digits>_<name>.sql.
      const match = /^([0-9]+)_(.*)\.sql$/.exec(file);
      if (!match) {
        options.log(`[stack] skipping ${file}: migration files are named <timestamp>_<name>.sql`);
        continue;
      }
      const [, version = '', name = ''] = match;
      if (applied.has(version)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      options.log(`[stack] applied migration ${file}`);
    }
    if (options.seed && existsSync(SEED_SQL)) {
      try {
        await client.query('begin');
        await client.query(readFileSync(SEED_SQL, 'utf8'));
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`supabase/seed.sql failed: ${(err as Error).message}`, { cause: err });
      }
      options.log('[stack] applied supabase/seed.sql');
    }
  } finally {
    await client.end();
  }
}
