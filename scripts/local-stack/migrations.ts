// What the local stack runs in its database: bootstrap.sql (what the Supabase platform provides),
// then supabase/migrations recorded like the Supabase CLI records them, then supabase/seed.sql.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BOOTSTRAP_SQL, MIGRATIONS_DIR, SEED_SQL } from './config';
import { assertNotSupabasePlatform } from './platform-guard';

export async function applySql(
  dbUrl: string,
  options: { seed: boolean; log: (l: string) => void },
) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await assertNotSupabasePlatform(client);
    await client.query(readFileSync(BOOTSTRAP_SQL, 'utf8'));
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
