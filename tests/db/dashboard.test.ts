// The home totals (dashboard_summary) and the Contas a Pagar/Receber cards (entry_list_summary)
// against an independent computation over what the test itself seeded through the API, with
// entries due yesterday, today and tomorrow around the browser's "today".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createMember, noExecute, type TestClient } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

const TODAY = '2026-03-15';
const YESTERDAY = '2026-03-14';
const TOMORROW = '2026-03-16';

interface Seed {
  kind: 'expense' | 'income';
  cents: number;
  due: string;
  paid: boolean;
}

// Amounts with centavos that add up badly in binary floating point (0.1 + 0.2).
const seeds: Seed[] = [
  { kind: 'expense', cents: 10, due: YESTERDAY, paid: false },
  { kind: 'expense', cents: 20, due: YESTERDAY, paid: false },
  { kind: 'expense', cents: 123456, due: TODAY, paid: false },
  { kind: 'expense', cents: 99999, due: TOMORROW, paid: false },
  { kind: 'expense', cents: 50000, due: YESTERDAY, paid: true },
  { kind: 'income', cents: 250075, due: YESTERDAY, paid: false },
  { kind: 'income', cents: 30, due: TODAY, paid: false },
  { kind: 'income', cents: 700000, due: TOMORROW, paid: false },
  { kind: 'income', cents: 1111, due: TODAY, paid: true },
];

let owner: Member;
let outsider: Member;

async function seedCompany(member: Member, rows: Seed[]) {
  const account = await createBankAccount(member, 10000, { name: 'Conta principal' });
  for (const [i, seed] of rows.entries()) {
    const fields = { description: `Lançamento ${i}`, due_date: seed.due };
    const amount = seed.cents / 100;
    if (seed.kind === 'expense') {
      const entry = await createPayable(member, amount, fields);
      if (seed.paid) await settlePayable(member, entry.id, account.id, YESTERDAY);
    } else {
      const entry = await createReceivable(member, amount, fields);
      if (seed.paid) await settleReceivable(member, entry.id, account.id, YESTERDAY);
    }
  }
}

/** The expected numbers, in centavos, computed here from the seeds alone. */
function expected(rows: Seed[], today: string) {
  const pending = rows.filter((r) => !r.paid);
  const sum = (list: Seed[]) => list.reduce((total, r) => total + r.cents, 0);
  const of = (kind: Seed['kind'], list: Seed[]) => list.filter((r) => r.kind === kind);
  const overdue = pending.filter((r) => r.due < today);
  return {
    receivable: sum(of('income', pending)),
    payable: sum(of('expense', pending)),
    overdue: sum(overdue),
    overdueCount: overdue.length,
    receivableCount: of('income', pending).length,
    payableCount: of('expense', pending).length,
    list: (kind: Seed['kind']) => ({
      pending: sum(of(kind, pending)),
      pendingCount: of(kind, pending).length,
      overdue: sum(of(kind, overdue)),
      overdueCount: of(kind, overdue).length,
      paid: sum(
        of(
          kind,
          rows.filter((r) => r.paid),
        ),
      ),
      paidCount: of(
        kind,
        rows.filter((r) => r.paid),
      ).length,
    }),
  };
}

const cents = (reais: unknown) => Math.round(Number(reais) * 100);

async function summary(client: TestClient, companyId: string, today: string) {
  const { data, error } = await client.rpc('dashboard_summary', {
    p_company_id: companyId,
    p_today: today,
  });
  if (error) throw error;
  return data as Record<string, number | string>;
}

beforeAll(async () => {
  owner = await createMember('Construtora Painel');
  outsider = await createMember('Construtora Outra');
  await seedCompany(owner, seeds);
  // Another company's money must never appear in the owner's totals.
  await seedCompany(outsider, [
    { kind: 'expense', cents: 777700, due: YESTERDAY, paid: false },
    { kind: 'income', cents: 888800, due: YESTERDAY, paid: false },
  ]);
});
afterAll(async () => {
  await owner.client.auth.signOut();
  await outsider.client.auth.signOut();
});

describe('dashboard_summary', () => {
  it('equals an independent computation: pending totals, and overdue = pending due before today', async () => {
    const want = expected(seeds, TODAY);
    const got = await summary(owner.client, owner.company.id, TODAY);
    expect({
      receivable: cents(got.receivable_total),
      payable: cents(got.payable_total),
      overdue: cents(got.overdue_total),
      overdueCount: Number(got.overdue_count),
      receivableCount: Number(got.receivable_pending_count),
      payableCount: Number(got.payable_pending_count),
    }).toEqual({
      receivable: want.receivable,
      payable: want.payable,
      overdue: want.overdue,
      overdueCount: want.overdueCount,
      receivableCount: want.receivableCount,
      payableCount: want.payableCount,
    });
    // Spelled out once, so a wrong `expected` cannot hide a wrong function: due yesterday is
    // overdue, due today is not.
    expect(want.overdue).toBe(10 + 20 + 250075);
  });

  it("moves with the browser's today: tomorrow everything due today is overdue too", async () => {
    const want = expected(seeds, TOMORROW);
    const got = await summary(owner.client, owner.company.id, TOMORROW);
    expect(cents(got.overdue_total)).toBe(want.overdue);
    expect(Number(got.overdue_count)).toBe(want.overdueCount);
    expect(want.overdue).toBe(10 + 20 + 123456 + 250075 + 30);
  });

  it('drops a settled entry from the totals', async () => {
    const { data: entry } = await owner.client
      .from('accounts_payable')
      .insert({
        company_id: owner.company.id,
        description: 'Areia',
        amount: 40,
        due_date: YESTERDAY,
      })
      .select('id')
      .single()
      .throwOnError();
    const before = await summary(owner.client, owner.company.id, TODAY);
    expect(cents(before.payable_total)).toBe(expected(seeds, TODAY).payable + 4000);
    const { data: account } = await owner.client
      .from('bank_accounts')
      .select('id')
      .eq('company_id', owner.company.id)
      .limit(1)
      .single()
      .throwOnError();
    await owner.client
      .rpc('settle_payable', {
        p_payable_id: entry.id,
        p_bank_account_id: account.id,
        p_paid_on: TODAY,
      })
      .throwOnError();
    const after = await summary(owner.client, owner.company.id, TODAY);
    expect(cents(after.payable_total)).toBe(expected(seeds, TODAY).payable);
    expect(cents(after.overdue_total)).toBe(expected(seeds, TODAY).overdue);
    await owner.client.rpc('reopen_payable', { p_payable_id: entry.id }).throwOnError();
    await owner.client.from('accounts_payable').delete().eq('id', entry.id).throwOnError();
  });

  it("refuses another company's id and anonymous callers", async () => {
    const foreign = await outsider.client.rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(foreign.error?.message).toBe('not_a_member');
    expect(foreign.data).toBeNull();
    const anon = await anonClient().rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(anon.error).toMatchObject(noExecute('dashboard_summary'));
    expect(anon.data).toBeNull();
  });
});

describe('entry_list_summary (Contas a Pagar / Receber cards)', () => {
  it.each(['expense', 'income'] as const)(
    'equals an independent computation for %s',
    async (kind) => {
      const want = expected(seeds, TODAY).list(kind);
      const { data, error } = await owner.client.rpc('entry_list_summary', {
        p_company_id: owner.company.id,
        p_kind: kind,
        p_today: TODAY,
      });
      expect(error).toBeNull();
      const got = data as Record<string, number | string>;
      expect({
        pending: cents(got.pending_total),
        pendingCount: Number(got.pending_count),
        overdue: cents(got.overdue_total),
        overdueCount: Number(got.overdue_count),
        paid: cents(got.paid_total),
        paidCount: Number(got.paid_count),
      }).toEqual(want);
    },
  );

  it("refuses another company's id, an unknown kind and anonymous callers", async () => {
    const foreign = await outsider.client.rpc('entry_list_summary', {
      p_company_id: owner.company.id,
      p_kind: 'expense',
      p_today: TODAY,
    });
    expect(foreign.error?.message).toBe('not_a_member');
    const badKind = await owner.client.rpc('entry_list_summary', {
      p_company_id: owner.company.id,
      p_kind: 'transfer',
      p_today: TODAY,
    });
    expect(badKind.error?.message).toBe('invalid_kind');
    const anon = await anonClient().rpc('entry_list_summary', {
      p_company_id: owner.company.id,
      p_kind: 'expense',
      p_today: TODAY,
    });
    expect(anon.error).toMatchObject(noExecute('entry_list_summary'));
  });
});
