// Indexes on a column that is null on most rows hold only the rows that have a value (issue 35,
// 20261211010100_partial_fk_indexes.sql): an unresolved statement line, an undecided payable or an
// entry outside a series touches none of them, so that a company's inserts no longer land on the
// leaves of one run of every company's nulls. A lookup of one value (a foreign key's action, a
// series' installments) still finds its index, also as the prepared statement the foreign key runs.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from './helpers';

let db: pg.Pool;

beforeAll(() => {
  db = adminDb();
});
afterAll(async () => {
  await db.end();
});

const PARTIAL: [table: string, column: string, index: string][] = [
  ['bank_statement_lines', 'resolved_by', 'bank_statement_lines_resolved_by_idx'],
  ['accounts_payable', 'approval_decided_by', 'accounts_payable_approval_decided_by_idx'],
  ['accounts_payable', 'series_id', 'accounts_payable_series_idx'],
  ['accounts_receivable', 'series_id', 'accounts_receivable_series_idx'],
];

describe('indexes of a mostly null column', () => {
  it('hold only the rows with a value', async () => {
    const { rows } = await db.query<{ index: string; definition: string }>(
      `select c.relname as index, pg_get_indexdef(c.oid) as definition
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relname = any ($1)
       order by 1`,
      [PARTIAL.map(([, , index]) => index)],
    );
    expect(rows).toEqual(
      PARTIAL.map(([table, column, index]) => ({
        index,
        definition: `CREATE INDEX ${index} ON public.${table} USING btree (${column}) WHERE (${column} IS NOT NULL)`,
      })).sort((a, b) => a.index.localeCompare(b.index)),
    );
  });

  it.each(PARTIAL)(
    '%s.%s: a lookup of one value, planned for any value, reads its index',
    async (table, column, index) => {
      const client = await db.connect();
      try {
        await client.query('begin');
        // The plan a foreign key's action (or any prepared statement) keeps for every value.
        await client.query(`set local plan_cache_mode = force_generic_plan`);
        await client.query(`set local enable_seqscan = off`);
        await client.query(
          `prepare lookup(uuid) as select 1 from public.${table} where ${column} = $1`,
        );
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (costs off) execute lookup(gen_random_uuid())`,
        );
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
      } finally {
        await client.query('rollback');
        await client.query('deallocate all');
        client.release();
      }
    },
  );

  it('bank_statement_lines keeps an index led by company_id, and only the ones it needs', async () => {
    const { rows } = await db.query<{ index: string }>(
      `select c.relname as index from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'public.bank_statement_lines'::regclass
         and i.indkey[0] = (select attnum from pg_attribute
                            where attrelid = i.indrelid and attname = 'company_id')
       order by 1`,
    );
    expect(rows.map((r) => r.index)).toEqual([
      'bank_statement_lines_company_id_id_key',
      'bank_statement_lines_statement_id_idx',
    ]);
  });
});
