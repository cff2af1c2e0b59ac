// Dar Baixa with the real facts: payment date (never in the future), juros, multa,
// desconto and partial payments, through the API as a real member; balances and ledger read as the
// superuser. Every number is checked to the centavo.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  currentBalance,
  ledgerBalance,
  type Member,
} from './money-helpers';

const TODAY = '2026-03-31';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Baixa Real');
  outsider = await createMember('Construtora Outra Baixa');
});
afterAll(async () => {
  await db.end();
});

async function ledger(column: 'payable_id' | 'receivable_id', id: string) {
  const { rows } = await db.query(
    `select amount, principal_amount, interest_amount, fine_amount, discount_amount, transaction_date::text,
            direction, reversal_of
     from public.transactions where ${column} = $1 order by created_at, reversal_of nulls first`,
    [id],
  );
  return rows;
}

async function payable(id: string) {
  const { data, error } = await owner.client
    .from('accounts_payable')
    .select('*')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data;
}

describe('partial payment, then the rest', () => {
  it('keeps the remainder open on the same entry; balance, ledger, lists and home totals agree', async () => {
    const account = await createBankAccount(owner, 5000, { name: 'Conta parcial' });
    const entry = await createPayable(owner, 1000, {
      due_date: '2026-03-10',
      description: 'Aço parcial',
    });

    const first = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-12',
      p_amount_paid: 400.1,
      p_today: TODAY,
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      status: 'pending',
      payment_date: null,
      paid_amount: 400.1,
      open_amount: 599.9,
    });
    expect(await currentBalance(db, account.id)).toBe(4599.9);
    expect(await ledgerBalance(db, account.id)).toBe(4599.9);

    // The lists show the open remainder.
    const view = await owner.client
      .from('entries')
      .select('status, amount, paid_amount, open_amount, paid_total')
      .eq('id', entry.id)
      .single();
    expect(view.data).toEqual({
      status: 'pending',
      amount: 1000,
      paid_amount: 400.1,
      open_amount: 599.9,
      paid_total: 400.1,
    });
    const home = await owner.client.rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(home.data).toMatchObject({
      payable_total: 599.9,
      overdue_total: 599.9,
      payable_pending_count: 1,
    });
    const cards = await owner.client.rpc('entry_list_summary', {
      p_company_id: owner.company.id,
      p_kind: 'expense',
      p_today: TODAY,
    });
    expect(cards.data).toMatchObject({
      pending_total: 599.9,
      pending_count: 1,
      partial_paid_total: 400.1,
      partial_count: 1,
      paid_count: 0,
    });
    const moves = await owner.client.rpc('search_movements', {
      p_company_id: owner.company.id,
      p_today: TODAY,
      p_search: 'Aço parcial',
    });
    expect(moves.data).toEqual([
      expect.objectContaining({
        display_status: 'overdue',
        open_amount: 599.9,
        paid_amount: 400.1,
        display_amount: 1000,
      }),
    ]);

    // Too much is refused and changes nothing.
    const over = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-20',
      p_amount_paid: 600,
      p_today: TODAY,
    });
    expect(over.error?.message).toBe('payment_exceeds_open_amount');

    // The rest (default = the open amount) settles it.
    const rest = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-20',
      p_today: TODAY,
    });
    expect(rest.error).toBeNull();
    expect(rest.data).toMatchObject({
      status: 'paid',
      payment_date: '2026-03-20',
      paid_amount: 1000,
      open_amount: 0,
    });
    expect(await currentBalance(db, account.id)).toBe(4000);
    const rows = await ledger('payable_id', entry.id);
    expect(rows.map((r) => [r.amount, r.principal_amount, r.transaction_date])).toEqual([
      ['400.10', '400.10', '2026-03-12'],
      ['599.90', '599.90', '2026-03-20'],
    ]);
    const after = await owner.client.rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
    });
    expect(after.data).toMatchObject({
      payable_total: 0,
      overdue_total: 0,
      payable_pending_count: 0,
    });
    const report = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      p_start: '2026-03-01',
      p_end: '2026-03-31',
    });
    expect(report.data).toMatchObject({ expense_total: 1000, expense_count: 2 });
  });

  it('estorno reverses every payment and reopens the whole amount', async () => {
    const account = await createBankAccount(owner, 1000);
    const entry = await createPayable(owner, 300, { due_date: '2026-03-10' });
    for (const part of [100, 50]) {
      const { error } = await owner.client.rpc('settle_payable', {
        p_payable_id: entry.id,
        p_bank_account_id: account.id,
        p_paid_on: '2026-03-15',
        p_amount_paid: part,
        p_interest: 1.5,
        p_today: TODAY,
      });
      expect(error).toBeNull();
    }
    expect(await currentBalance(db, account.id)).toBe(847);
    // A partially paid entry cannot change its amount nor be deleted.
    const edit = await owner.client
      .from('accounts_payable')
      .update({ amount: 500 })
      .eq('id', entry.id);
    expect(edit.error?.message).toBe('entry_has_payments');
    const del = await owner.client.from('accounts_payable').delete().eq('id', entry.id);
    expect(del.error?.message).toBe('entry_has_payments');

    const reopened = await owner.client.rpc('reopen_payable', {
      p_payable_id: entry.id,
      p_reopened_on: '2026-03-16',
    });
    expect(reopened.error).toBeNull();
    expect(reopened.data).toMatchObject({
      status: 'pending',
      paid_amount: 0,
      interest_amount: 0,
      open_amount: 300,
    });
    expect(await currentBalance(db, account.id)).toBe(1000);
    expect(await ledgerBalance(db, account.id)).toBe(1000);
    expect(await ledger('payable_id', entry.id)).toHaveLength(4);
    const again = await owner.client.rpc('reopen_payable', { p_payable_id: entry.id });
    expect(again.error?.message).toBe('entry_not_settled');
    const report = await owner.client.rpc('report_summary', {
      p_company_id: owner.company.id,
      p_start: '2026-03-15',
      p_end: '2026-03-15',
      p_account_ids: [account.id],
    });
    expect(report.data).toMatchObject({ expense_total: 0, expense_count: 0 });
  });
});

describe('juros, multa and desconto', () => {
  it('the ledger row holds principal + juros + multa − desconto; the entry keeps each part', async () => {
    const account = await createBankAccount(owner, 0.3);
    const entry = await createPayable(owner, 1234.56, { due_date: '2026-03-01' });
    const { data, error } = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-25',
      p_interest: 12.35,
      p_fine: 24.69,
      p_discount: 0.1,
      p_today: TODAY,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'paid',
      paid_amount: 1234.56,
      interest_amount: 12.35,
      fine_amount: 24.69,
      discount_amount: 0.1,
      paid_total: 1271.5,
      open_amount: 0,
    });
    const rows = await ledger('payable_id', entry.id);
    expect(rows).toEqual([
      expect.objectContaining({
        amount: '1271.50',
        principal_amount: '1234.56',
        interest_amount: '12.35',
        fine_amount: '24.69',
        discount_amount: '0.10',
      }),
    ]);
    expect(await currentBalance(db, account.id)).toBe(-1271.2);
    const payments = await owner.client
      .from('entry_payments')
      .select('amount, principal_amount, interest_amount, fine_amount, discount_amount, reversed')
      .eq('entry_id', entry.id);
    expect(payments.data).toEqual([
      {
        amount: 1271.5,
        principal_amount: 1234.56,
        interest_amount: 12.35,
        fine_amount: 24.69,
        discount_amount: 0.1,
        reversed: false,
      },
    ]);
  });

  it('a receivable received with a discount credits what came in', async () => {
    const account = await createBankAccount(owner, 0);
    const entry = await createReceivable(owner, 999.99, { due_date: '2026-03-30' });
    const { data, error } = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2026-03-28',
      p_discount: 49.99,
      p_today: TODAY,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'paid', received_date: '2026-03-28', paid_total: 950 });
    expect(await currentBalance(db, account.id)).toBe(950);
  });

  it.each([
    ['negative juros', { p_interest: -1 }, 'invalid_amount'],
    ['three decimals of multa', { p_fine: 0.001 }, 'invalid_amount'],
    ['a discount that swallows the payment', { p_discount: 100 }, 'invalid_amount'],
    ['a zero principal', { p_amount_paid: 0 }, 'invalid_amount'],
  ])('%s is refused and nothing moves', async (_label, extra, key) => {
    const account = await createBankAccount(owner, 100);
    const entry = await createPayable(owner, 100);
    const { error } = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-20',
      p_today: TODAY,
      ...extra,
    });
    expect(error?.message).toBe(key);
    expect(await currentBalance(db, account.id)).toBe(100);
    expect(await ledger('payable_id', entry.id)).toEqual([]);
    expect((await payable(entry.id)).status).toBe('pending');
  });
});

describe('the payment date', () => {
  it('a backdated settlement lands in its own report period', async () => {
    const member = await createMember('Construtora Retroativa');
    const account = await createBankAccount(member, 0);
    const entry = await createReceivable(member, 321.09, { due_date: '2026-02-05' });
    const { error } = await member.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2026-02-10',
      p_today: TODAY,
    });
    expect(error).toBeNull();
    const feb = await member.client.rpc('report_summary', {
      p_company_id: member.company.id,
      p_start: '2026-02-01',
      p_end: '2026-02-28',
    });
    expect(feb.data).toMatchObject({ revenue_total: 321.09, revenue_count: 1 });
    const mar = await member.client.rpc('report_summary', {
      p_company_id: member.company.id,
      p_start: '2026-03-01',
      p_end: '2026-03-31',
    });
    expect(mar.data).toMatchObject({ revenue_total: 0, revenue_count: 0 });
    const { rows } = await db.query(
      'select transaction_date::text from public.transactions where receivable_id = $1',
      [entry.id],
    );
    expect(rows).toEqual([{ transaction_date: '2026-02-10' }]);
  });

  it("a date after the browser's today is refused; today itself and null (= today) pass", async () => {
    const account = await createBankAccount(owner, 100);
    const entry = await createPayable(owner, 10);
    const future = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-04-01',
      p_today: TODAY,
    });
    expect(future.error?.message).toBe('payment_date_in_future');
    expect(await ledger('payable_id', entry.id)).toEqual([]);

    const onToday = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_amount_paid: 4,
      p_today: TODAY,
    });
    expect(onToday.error).toBeNull();
    const rows = await ledger('payable_id', entry.id);
    expect(rows.map((r) => r.transaction_date)).toEqual([TODAY]);
  });

  it("without p_today, a date after the database's tomorrow is refused", async () => {
    const account = await createBankAccount(owner, 100);
    const entry = await createReceivable(owner, 10);
    const { error } = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: account.id,
      p_received_on: '2100-12-31',
    });
    expect(error?.message).toBe('payment_date_in_future');
  });

  it('a p_today in the future does not let a future date through', async () => {
    const account = await createBankAccount(owner, 100);
    const entry = await createPayable(owner, 10);
    const { error } = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2099-01-01',
      p_today: '2099-01-01',
    });
    expect(error?.message).toBe('payment_date_in_future');
  });
});

describe('who may settle', () => {
  it("another company's entry → entry_not_found", async () => {
    const account = await createBankAccount(outsider, 100);
    const entry = await createPayable(owner, 10);
    const { error } = await outsider.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-20',
      p_amount_paid: 5,
    });
    expect(error?.message).toBe('entry_not_found');
  });
});

describe('reverse_payment (estorno of one payment)', () => {
  it('reverses only that payment; the entry reopens by its parts', async () => {
    const account = await createBankAccount(owner, 1000);
    const entry = await createPayable(owner, 500, { due_date: '2026-03-01' });
    const first = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-05',
      p_amount_paid: 200,
      p_fine: 10,
      p_today: TODAY,
    });
    expect(first.error).toBeNull();
    const rest = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: account.id,
      p_paid_on: '2026-03-06',
      p_interest: 3.33,
      p_today: TODAY,
    });
    expect(rest.data).toMatchObject({ status: 'paid', paid_total: 513.33 });
    expect(await currentBalance(db, account.id)).toBe(486.67);

    const payments = await owner.client
      .from('entry_payments')
      .select('id, paid_on')
      .eq('kind', 'expense')
      .eq('entry_id', entry.id)
      .order('paid_on');
    const last = payments.data![1]!;
    const { data, error } = await owner.client.rpc('reverse_payment', {
      p_payment_id: last.id!,
      p_reversed_on: '2026-03-07',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'pending',
      settled_on: null,
      paid_amount: 200,
      fine_amount: 10,
      interest_amount: 0,
      open_amount: 300,
      paid_total: 210,
    });
    expect(await currentBalance(db, account.id)).toBe(790);
    expect(await ledgerBalance(db, account.id)).toBe(790);
    const again = await owner.client.rpc('reverse_payment', { p_payment_id: last.id! });
    expect(again.error?.message).toBe('payment_already_reversed');
    const foreign = await outsider.client.rpc('reverse_payment', {
      p_payment_id: payments.data![0]!.id!,
    });
    expect(foreign.error?.message).toBe('payment_not_found');
    const listed = await owner.client
      .from('entry_payments')
      .select('reversed, reversed_on')
      .eq('entry_id', entry.id)
      .order('paid_on');
    expect(listed.data).toEqual([
      { reversed: false, reversed_on: null },
      { reversed: true, reversed_on: '2026-03-07' },
    ]);
  });
});

describe('concurrent partial payments', () => {
  it('never pay more than the open amount: of 10 payments of 30 on 100, exactly 3 pass', async () => {
    const account = await createBankAccount(owner, 1000);
    const entry = await createPayable(owner, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.client.rpc('settle_payable', {
          p_payable_id: entry.id,
          p_bank_account_id: account.id,
          p_paid_on: '2026-03-20',
          p_amount_paid: 30,
          p_today: TODAY,
        }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    expect(results.filter((r) => r.error?.message === 'payment_exceeds_open_amount')).toHaveLength(
      7,
    );
    expect((await payable(entry.id)).open_amount).toBe(10);
    expect(await currentBalance(db, account.id)).toBe(910);
    expect(await ledgerBalance(db, account.id)).toBe(910);
  });
});

describe('what was paid, everywhere', () => {
  it('cards, Movimentações, supplier totals and obra financials count juros and partial payments alike', async () => {
    const member = await createMember('Construtora Totais Pagos');
    const account = await createBankAccount(member, 10000);
    const { data: supplier } = await member.client
      .from('suppliers')
      .insert({ company_id: member.company.id, name: 'Fornecedor Juros' })
      .select()
      .single();
    const { data: project } = await member.client
      .from('projects')
      .insert({ company_id: member.company.id, name: 'Obra Juros' })
      .select()
      .single();
    const full = await createPayable(member, 100, {
      supplier_id: supplier!.id,
      project_id: project!.id,
      due_date: '2026-03-01',
    });
    const partial = await createPayable(member, 200, {
      supplier_id: supplier!.id,
      project_id: project!.id,
      due_date: '2026-03-01',
    });
    for (const [id, extra] of [
      [full.id, { p_interest: 1.11, p_fine: 2 }],
      [partial.id, { p_amount_paid: 50.5 }],
    ] as const) {
      const { error } = await member.client.rpc('settle_payable', {
        p_payable_id: id,
        p_bank_account_id: account.id,
        p_paid_on: '2026-03-10',
        p_today: TODAY,
        ...extra,
      });
      expect(error).toBeNull();
    }

    const cards = await member.client.rpc('entry_list_summary', {
      p_company_id: member.company.id,
      p_kind: 'expense',
      p_today: TODAY,
    });
    expect(cards.data).toEqual({
      pending_total: 149.5,
      pending_count: 1,
      overdue_total: 149.5,
      overdue_count: 1,
      paid_total: 103.11,
      paid_count: 1,
      partial_paid_total: 50.5,
      partial_count: 1,
    });
    const moves = await member.client.rpc('movement_summary', {
      p_company_id: member.company.id,
      p_today: TODAY,
    });
    expect(moves.data).toEqual({
      income_total: 0,
      expense_total: 303.11,
      balance: -303.11,
      count: 2,
      transfer_total: 0,
      transfer_count: 0,
    });
    const stats = await member.client.rpc('supplier_stats', {
      p_company_id: member.company.id,
      p_supplier_id: supplier!.id,
    });
    expect(stats.data?.[0]?.total_spent).toBe(153.61);
    const financials = await member.client.rpc('project_financials', {
      p_company_id: member.company.id,
      p_project_id: project!.id,
    });
    expect(financials.data?.[0]?.paid_expenses).toBe(153.61);
    expect(await currentBalance(db, account.id)).toBe(9846.39);
  });
});

describe('Dar Baixa acts on the version it showed (p_open_amount)', () => {
  it('pays nothing when the bill owes another amount now (raised, or partly paid elsewhere), then pays what is shown', async () => {
    const account = await createBankAccount(owner, 100000, { name: 'Conta versão' });
    const entry = await createPayable(owner, 150, { due_date: TODAY, description: 'Frete versão' });
    const before = await currentBalance(db, account.id);
    const settle = (open: number, amount: number) =>
      owner.client.rpc('settle_payable', {
        p_payable_id: entry.id,
        p_bank_account_id: account.id,
        p_paid_on: TODAY,
        p_amount_paid: amount,
        p_today: TODAY,
        p_open_amount: open,
      });

    // The dialog opened on R$ 150,00; the bill was raised to R$ 95.000,00 meanwhile.
    const raised = await owner.client
      .from('accounts_payable')
      .update({ amount: 95000 })
      .eq('id', entry.id);
    expect(raised.error).toBeNull();
    const stale = await settle(150, 150);
    expect(stale.error?.message).toBe('entry_changed');
    expect(await ledger('payable_id', entry.id)).toEqual([]);
    expect(await currentBalance(db, account.id)).toBe(before);
    expect((await payable(entry.id)).paid_amount).toBe(0);

    // Shown again (R$ 95.000,00), a part paid on another phone before this one confirms.
    const elsewhere = await settle(95000, 1000);
    expect(elsewhere.error).toBeNull();
    const late = await settle(95000, 94000);
    expect(late.error?.message).toBe('entry_changed');
    expect(await ledger('payable_id', entry.id)).toHaveLength(1);

    // On what is open now, it pays.
    const paid = await settle(94000, 94000);
    expect(paid.error).toBeNull();
    expect(paid.data?.status).toBe('paid');
    // Paid in full meanwhile is said as such (the other phone's "já foi baixado"), not as a change.
    expect((await settle(94000, 94000)).error?.message).toBe('entry_already_settled');
    expect(await ledgerBalance(db, account.id)).toBe(await currentBalance(db, account.id));
  });

  it('checks a receivable the same way, and another company’s entry is still not found', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta versão receber' });
    const entry = await createReceivable(owner, 800, {
      due_date: TODAY,
      description: 'Parcela versão',
    });
    const lowered = await owner.client
      .from('accounts_receivable')
      .update({ amount: 600 })
      .eq('id', entry.id);
    expect(lowered.error).toBeNull();
    const receive = (client: Member['client'], open: number) =>
      client.rpc('settle_receivable', {
        p_receivable_id: entry.id,
        p_bank_account_id: account.id,
        p_received_on: TODAY,
        p_amount_paid: open,
        p_today: TODAY,
        p_open_amount: open,
      });
    expect((await receive(owner.client, 800)).error?.message).toBe('entry_changed');
    expect((await receive(outsider.client, 600)).error?.message).toBe('entry_not_found');
    const received = await receive(owner.client, 600);
    expect(received.error).toBeNull();
    expect(received.data?.status).toBe('paid');
  });
});
