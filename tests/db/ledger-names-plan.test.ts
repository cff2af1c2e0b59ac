// A bank account's Extrato (account_ledger) names its page's categories, obras and other accounts
// from the company's own rows: the planner does not carry the company out of the page's subquery,
// and at 1 000 companies it hashed every company's projects and categories for 51 rows (the
// largest company's page by value: 111 pages alone, 327 among 1 000; docs/performance.md, "Stop
// 44"). The statement's plan is read with auto_explain (as the superuser, in a rolled-back
// transaction): each name's table is read for the page's company (before: only the policy's
// filter, every company's rows hashed).
import { beforeAll, expect, it } from 'vitest';
import { createMember, plansAsMember } from './helpers';
import { createBankAccount, createPayable, settlePayable, type Member } from './money-helpers';

let owner: Member;

/** The node of `plan` that reads `relation` (e.g. "categories c"): its line and its conditions. */
function nodeOf(plan: string, relation: string): string {
  const lines = plan.split('\n');
  const k = lines.findIndex((line) => line.includes(` on ${relation} `));
  if (k < 0) return '';
  const rest = lines.slice(k + 1);
  const end = rest.findIndex((line) => line.includes('->'));
  return [lines[k], ...rest.slice(0, end < 0 ? rest.length : end)].join('\n');
}
let accountId: string;

beforeAll(async () => {
  owner = await createMember('Construtora Extrato Nomeado');
  accountId = (await createBankAccount(owner, 1000)).id;
  const payable = await createPayable(owner, 120);
  await settlePayable(owner, payable.id as string, accountId, '2026-11-20');
});

it("reads the names of a ledger page from its company's registers only", async () => {
  await plansAsMember(owner.user.id, async (client, plans) => {
    for (const order of ['value_desc', 'date_desc']) {
      plans.length = 0;
      const { rows } = await client.query(
        `select * from public.account_ledger($1, p_order => $2, p_limit => 51, p_offset => 0)`,
        [accountId, order],
      );
      expect(rows.length).toBeGreaterThan(0);
      const page = plans.find((p) => p.includes('from page t'));
      expect(page).toBeDefined();
      // Each name's table is read for this company (an index on company_id among many companies),
      // not hashed whole with only the policy's "any of the caller's companies" as its filter.
      for (const relation of ['categories c', 'projects p', 'bank_accounts oa']) {
        expect(nodeOf(page!, relation)).toContain(`company_id = '${owner.company.id}'::uuid`);
      }
    }
  });
});
