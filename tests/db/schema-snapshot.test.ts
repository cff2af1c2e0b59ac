// supabase/schema/ (the current definition of every object of ours, one file per domain) matches
// what the migrations build, and the generator refuses an object it cannot place or print instead
// of leaving it out of the snapshot.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSchema,
  readCommittedSchema,
  SCHEMA_HEADER,
} from '../../scripts/local-stack/gen-schema-lib';
import { adminDb, stackEnv } from './helpers';

let db: pg.Pool;

beforeAll(() => {
  db = adminDb();
});
afterAll(async () => {
  await db.end();
});

/** The generator run inside a transaction that is rolled back: nobody else sees `ddl`. */
async function generateAfter(ddl: string): Promise<Map<string, string>> {
  const c = await db.connect();
  try {
    await c.query('begin');
    await c.query(ddl);
    return await generateSchema(c);
  } finally {
    await c.query('rollback');
    c.release();
  }
}

describe('current-schema snapshot (supabase/schema/)', () => {
  it('matches the migrated database (run `npm run db:schema` when this fails)', async () => {
    const generated = await generateSchema(stackEnv().dbUrl);
    const committed = readCommittedSchema();
    expect([...committed.keys()]).toEqual([...generated.keys()]);
    for (const [name, text] of generated) {
      expect(committed.get(name), `supabase/schema/${name}`).toBe(text);
    }
  });

  it('holds one file per domain, each saying it is generated', async () => {
    const generated = await generateSchema(stackEnv().dbUrl);
    expect([...generated.keys()]).toEqual([
      'audit.sql',
      'documents.sql',
      'entries-payments.sql',
      'imports.sql',
      'invitations.sql',
      'ledger-transfers.sql',
      'notices.sql',
      'planning.sql',
      'reconciliation.sql',
      'registers.sql',
      'tenancy.sql',
    ]);
    for (const text of generated.values()) expect(text.startsWith(`${SCHEMA_HEADER}\n`)).toBe(true);
    // A definition that only a later migration holds is the one printed (not the first one).
    expect(generated.get('reconciliation.sql')).toContain(
      'CREATE OR REPLACE FUNCTION private.import_bank_statement(',
    );
  });

  it('fails naming a new table or function that no domain places', async () => {
    await expect(
      generateAfter(`create table public.zz_unplaced (id int);
                     create function private.zz_unplaced_fn(p int) returns int
                       language sql as 'select p';`),
    ).rejects.toThrow(
      'table public.zz_unplaced is in no domain; function private.zz_unplaced_fn(p integer) is in no domain',
    );
  });

  it('fails naming an object it cannot print', async () => {
    await expect(generateAfter(`create type public.zz_kind as enum ('a', 'b')`)).rejects.toThrow(
      'type public.zz_kind',
    );
  });

  it('puts a new policy, trigger and grant with its table', async () => {
    const files = await generateAfter(`
      create policy zz_probe on public.clients for select to authenticated using (false);
      create trigger zz_probe before update on public.clients
        for each row execute function private.set_updated_at();
      grant references on public.clients to authenticated;`);
    const registers = files.get('registers.sql') ?? '';
    expect(registers).toContain('create policy zz_probe on public.clients');
    expect(registers).toContain('CREATE TRIGGER zz_probe BEFORE UPDATE ON public.clients');
    expect(registers).toMatch(
      /grant [a-z, ]*references[a-z, ]* on table public\.clients to authenticated;/,
    );
  });
});
