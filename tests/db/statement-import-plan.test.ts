// The statement import's FITID checks read the account's lines by the unique index whatever the
// table's statistics say. Planned while bank_statement_lines looked empty (analyzed after its rows
// were deleted), a PostgREST connection kept a per-line sequential scan and each import on it paid
// every line imported before: 102 → 306 ms over 6 imports of 500 lines (docs/performance.md,
// "Stop 43"). The plan is read with auto_explain as the superuser, the only role that may load it.
import { beforeAll, expect, it } from 'vitest';
import { createMember, plansAsMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let owner: Member;
let accountId: string;

beforeAll(async () => {
  owner = await createMember('Construtora Extrato Indexado');
  accountId = (await createBankAccount(owner, 0)).id;
});

it("an import reads the account's lines by index even when the table looks empty", async () => {
  await plansAsMember(
    owner.user.id,
    async (client, plans) => {
      const lines = [1, 2, 3].map((k) => ({
        fitid: `plano-${k}`,
        posted_on: '2026-11-23',
        amount: `${100 + k}.00`,
        memo: `Linha ${k}`,
      }));
      const { rows } = await client.query<{ r: { new_count: number } }>(
        `select public.import_bank_statement(p_bank_account_id => $1, p_source => 'ofx',
           p_lines => $2::jsonb, p_file_name => 'plano.ofx') as r`,
        [accountId, JSON.stringify(lines)],
      );
      expect(rows[0]!.r.new_count).toBe(3);
      const insert = plans.find((p) => p.includes('insert into public.bank_statement_lines'));
      expect(insert).toBeDefined();
      expect(insert).not.toMatch(/Seq Scan on bank_statement_lines/);
      // Both checks: the anti-join on (account, FITID, date, amount) and the same-FITID exists.
      expect(
        insert!.match(/Index (Only )?Scan using bank_statement_lines_account_fitid_key/g)?.length,
      ).toBeGreaterThanOrEqual(2);
    },
    // What an analyze of the emptied table leaves (its pages, no rows): every estimate is a row.
    async (su) => {
      await su.query(
        `update pg_class set reltuples = 0, relpages = 1
         where oid = 'public.bank_statement_lines'::regclass`,
      );
    },
  );
});
