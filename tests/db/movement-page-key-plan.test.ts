// A Movimentações page filtered by one account (or obra, or category) is read along that key's
// index with the key's value known to the planner. With the key as the lateral's `k.id` the
// planner estimated the average key of every company (18 receivables an account at 1 000
// companies) and, for the largest company's account of 16 666, took a bitmap of all of them and a
// sort over reading the index in order until the page was full (docs/performance.md, "Stop 44").
// The statement's plan is read with auto_explain (as the superuser, in a rolled-back transaction).
import { beforeAll, expect, it } from 'vitest';
import { createMember, plansAsMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let owner: Member;
let accountId: string;

beforeAll(async () => {
  owner = await createMember('Construtora Conta Filtrada');
  accountId = (await createBankAccount(owner, 1000)).id;
  const payable = await createPayable(owner, 120);
  await settlePayable(owner, payable.id as string, accountId, '2026-11-20');
  const receivable = await createReceivable(owner, 300);
  await settleReceivable(owner, receivable.id as string, accountId, '2026-11-21');
});

it("reads a one-account page along the account's index with the account's id", async () => {
  await plansAsMember(owner.user.id, async (client, plans) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from public.search_movements(p_company_id => $1, p_today => '2026-11-28',
         p_account_ids => array[$2]::uuid[], p_limit => 51)`,
      [owner.company.id, accountId],
    );
    expect(rows).toHaveLength(2);
    const page = plans.find((p) => p.includes('from unnest(v_keys) k(id)'));
    expect(page).toBeDefined();
    // Both arms (payables, receivables) read the key as a value, not as the lateral's k.id.
    const byKey = page!.match(/bank_account_id = '([0-9a-f-]+)'::uuid/g) ?? [];
    expect(byKey.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byKey)).toEqual(new Set([`bank_account_id = '${accountId}'::uuid`]));
    expect(page).not.toMatch(/bank_account_id = k(_\d+)?\.id/);
  });
});
