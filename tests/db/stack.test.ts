// The embedded local stack itself: the gateway behaves like the Supabase API gateway for what the
// app relies on, a persistent data folder survives a restart, and the committed database types
// match the schema.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../../scripts/local-stack/gen-types-lib';
import { getFreePort, startStack } from '../../scripts/local-stack/stack';
import { anonClient, serviceClient, stackEnv } from './helpers';

describe('gateway', () => {
  it('answers its health check', async () => {
    const res = await fetch(`${stackEnv().apiUrl}/`);
    expect(res.status).toBe(200);
  });

  it('refuses API requests without an API key', async () => {
    for (const p of ['/rest/v1/companies', '/auth/v1/user']) {
      const res = await fetch(`${stackEnv().apiUrl}${p}`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(
        'No API key found in request',
      );
    }
  });

  it('lets a recovery link opened in a browser (no key) reach the auth server', async () => {
    const res = await fetch(
      `${stackEnv().apiUrl}/auth/v1/verify?token=nope&type=recovery&redirect_to=http://127.0.0.1:5173/`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('refuses an unknown API key', async () => {
    const res = await fetch(`${stackEnv().apiUrl}/rest/v1/companies`, {
      headers: { apikey: 'not-a-key' },
    });
    expect(res.status).toBe(401);
  });

  it('accepts the key as a query parameter without passing it to PostgREST as a filter', async () => {
    const { apiUrl, serviceRoleKey } = stackEnv();
    const res = await fetch(`${apiUrl}/rest/v1/companies?select=id&apikey=${serviceRoleKey}`);
    expect(res.status).toBe(200);
  });

  it('answers a browser CORS preflight and exposes the headers supabase-js reads', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const preflight = await fetch(`${apiUrl}/rest/v1/companies`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,apikey,content-type,prefer,x-client-info',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer');

    const res = await fetch(`${apiUrl}/rest/v1/companies?select=id`, {
      headers: { Origin: 'http://127.0.0.1:5173', apikey: anonKey, Prefer: 'count=exact' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Content-Range/i);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
  });

  it('proxies PostgREST with the headers it needs (Prefer, Range → Content-Range)', async () => {
    const { count, error } = await serviceClient()
      .from('companies')
      .select('id', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBeGreaterThanOrEqual(1); // the seed's demo company
  });

  it('serves anonymous callers as the anon role, which sees no company', async () => {
    const { data } = await anonClient().from('companies').select('id');
    expect(data ?? []).toEqual([]);
  });
});

describe('persistent data folder', () => {
  it('keeps data across a stop and a new start', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'app-financas-restart-'));
    chmodSync(tmp, 0o755);
    const dataDir = path.join(tmp, 'db');
    const ports = async () => ({ apiPort: await getFreePort(), dbPort: await getFreePort() });
    try {
      const first = await startStack({
        dataDir,
        persistent: true,
        seed: false,
        ...(await ports()),
      });
      try {
        const db = new pg.Client({ connectionString: first.dbUrl });
        await db.connect();
        await db.query(`create schema restart_check; create table restart_check.kept (v text)`);
        await db.query(`insert into restart_check.kept values ('Persistente Ltda')`);
        await db.end();
      } finally {
        await first.stop();
        await first.stop(); // a second stop is harmless
      }

      const second = await startStack({
        dataDir,
        persistent: true,
        seed: false,
        ...(await ports()),
      });
      try {
        const db = new pg.Client({ connectionString: second.dbUrl });
        await db.connect();
        const kept = await db.query<{ v: string }>(`select v from restart_check.kept`);
        const migrations = await db.query<{ n: number }>(
          `select count(*)::int as n from supabase_migrations.schema_migrations`,
        );
        await db.end();
        expect(kept.rows).toEqual([{ v: 'Persistente Ltda' }]);
        expect(migrations.rows[0]?.n).toBeGreaterThan(0);
        // seed: false — no demo company; the API is up on the reused cluster.
        const res = await fetch(`${second.apiUrl}/rest/v1/companies?select=name`, {
          headers: { apikey: second.serviceRoleKey },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('generated database types', () => {
  it('src/lib/database.types.ts matches the schema (run `npm run db:types` when this fails)', async () => {
    const generated = await generateTypes(stackEnv().dbUrl);
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
    // postgres-meta starts a Node server and reads the whole catalog while the other db files run
    // in parallel: 10 s on a quiet machine, over 60 s on a loaded 2-core one.
  }, 180_000);
});
