// The ids the database makes are time-ordered (issue 35, 20261210010000_time_ordered_ids.sql):
// private.uuid_v7() is every id column's default, so that a company's new rows go to the right
// edge of the indexes all companies share (the primary keys, audit_log_row_idx) instead of one
// random leaf each. Measured among 1 000 companies in docs/performance.md, "Stop 46".
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let member: Member;
let accountId: string;

beforeAll(async () => {
  db = adminDb();
  member = await createMember('Construtora Ids no Tempo');
  accountId = (await createBankAccount(member, 0)).id;
});
afterAll(async () => {
  await db.end();
});

/** The Unix milliseconds in a version 7 id's first 48 bits. */
function millisOf(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}

describe('private.uuid_v7', () => {
  it('is a version 7 id of the RFC 9562 variant whose first 48 bits are the clock in ms', async () => {
    const before = Date.now();
    const { rows } = await db.query<{ id: string }>(
      'select private.uuid_v7()::text as id from generate_series(1, 50)',
    );
    const after = Date.now();
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The database's clock and this process's are the same machine's (1 s of leeway).
      expect(millisOf(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(millisOf(id)).toBeLessThanOrEqual(after + 1000);
    }
  });

  it('orders ids made a millisecond apart', async () => {
    const { rows } = await db.query<{ a: string; b: string }>(
      `select private.uuid_v7() as a, pg_sleep(0.002), private.uuid_v7() as b`,
    );
    expect(rows[0]!.a < rows[0]!.b).toBe(true);
  });

  it('is every uuid id column default: none of them is gen_random_uuid() any more', async () => {
    // Only `id` columns with a default; a new table that forgets the function fails here.
    const { rows } = await db.query<{ table: string; default: string }>(
      `select c.relname as table, pg_get_expr(d.adbin, d.adrelid) as default
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid and c.relkind = 'r'
       join pg_namespace n on n.oid = c.relnamespace and n.nspname in ('public', 'private')
       join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
       order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(27);
    expect(rows.filter((r) => r.default !== 'private.uuid_v7()')).toEqual([]);
  });

  it('is callable by the API roles (a default they evaluate) and by no one else', async () => {
    const { rows } = await db.query<{ role: string; can: boolean }>(
      `select r as role, has_function_privilege(r, 'private.uuid_v7()', 'execute') as can
       from unnest(array['authenticated', 'service_role', 'anon']) r order by 1`,
    );
    expect(rows).toEqual([
      { role: 'anon', can: false },
      { role: 'authenticated', can: true },
      { role: 'service_role', can: true },
    ]);
  });
});

describe('a statement import', () => {
  it("puts its lines after every line imported before (the indexes' right edge)", async () => {
    const lines = (tag: string) =>
      Array.from({ length: 20 }, (_, k) => ({
        fitid: `${tag}-${k}`,
        posted_on: '2026-11-20',
        amount: String(k % 2 ? -(10 + k) : 10 + k),
        memo: `Linha ${k}`,
      }));
    const statementIds: string[] = [];
    for (const tag of ['a', 'b']) {
      const { data, error } = await member.client.rpc('import_bank_statement', {
        p_bank_account_id: accountId,
        p_source: 'ofx',
        p_lines: lines(tag),
        p_file_name: `extrato-${tag}.ofx`,
      });
      expect(error).toBeNull();
      statementIds.push((data as { statement_id: string }).statement_id);
      await db.query('select pg_sleep(0.002)');
    }
    const { rows } = await db.query<{ statement_id: string; id: string }>(
      `select l.statement_id, l.id::text
       from public.bank_statement_lines l where l.bank_account_id = $1`,
      [accountId],
    );
    const [first, second] = statementIds.map((s) => rows.filter((r) => r.statement_id === s));
    expect(first).toHaveLength(20);
    expect(second).toHaveLength(20);
    const last = first!
      .map((r) => r.id)
      .sort()
      .at(-1)!;
    expect(second!.every((r) => r.id > last)).toBe(true);
  });
});
