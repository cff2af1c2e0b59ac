// Settlement, estorno, transfers and the ledger invariant, through the API as real users.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, stackEnv } from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  owner = await createMember('Construtora Settle');
  outsider = await createMember('Construtora Vizinha');
});
afterAll(async () => {
  await db.end();
});

async function account(member: Member, initial: number, extra: Record<string, unknown> = {}) {
  const { data, error } = await member.client
    .from('bank_accounts')
    .insert({
      company_id: member.company.id,
      name: 'Conta teste',
      type: 'checking',
      initial_balance: initial,
      ...extra,
    })
    .select()
    .single();
  if (error) throw error;
  return data;
}

async function payable(member: Member, amount: number, extra: Record<string, unknown> = {}) {
  const { data, error } = await member.client
    .from('accounts_payable')
    .insert({
      company_id: member.company.id,
      description: 'Cimento',
      amount,
      due_date: '2026-11-20',
      ...extra,
    })
    .select()
    .single();
  if (error) throw error;
  return data;
}

async function receivable(member: Member, amount: number) {
  const { data, error } = await member.client
    .from('accounts_receivable')
    .insert({
      company_id: member.company.id,
      description: 'Parcela',
      amount,
      due_date: '2026-11-20',
    })
    .select()
    .single();
  if (error) throw error;
  return data;
}

async function balance(accountId: string): Promise<number> {
  const { rows } = await db.query<{ b: string }>(
    'select current_balance as b from public.bank_accounts where id = $1',
    [accountId],
  );
  return Number(rows[0]!.b);
}

/** initial_balance + signed Σ ledger, computed independently of the trigger. */
async function ledgerBalance(accountId: string): Promise<number> {
  const { rows } = await db.query<{ b: string }>(
    `select a.initial_balance + coalesce(sum(case t.direction when 'in' then t.amount else -t.amount end), 0) as b
     from public.bank_accounts a left join public.transactions t on t.bank_account_id = a.id
     where a.id = $1 group by a.initial_balance`,
    [accountId],
  );
  return Number(rows[0]!.b);
}

async function ledgerRows(column: 'payable_id' | 'receivable_id', id: string) {
  const { rows } = await db.query(
    `select * from public.transactions where ${column} = $1 order by created_at`,
    [id],
  );
  return rows;
}

describe('settle_payable', () => {
  it('moves the balance down by the amount, writes one ledger row, sets date and account', async () => {
    const acc = await account(owner, 1000);
    const entry = await payable(owner, 150.25);
    const { data, error } = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'paid',
      payment_date: '2026-11-22',
      bank_account_id: acc.id,
    });
    expect(await balance(acc.id)).toBe(849.75);
    const rows = await ledgerRows('payable_id', entry.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'expense',
      direction: 'out',
      amount: '150.25',
      bank_account_id: acc.id,
    });
  });

  it('refuses to settle twice', async () => {
    const acc = await account(owner, 500);
    const entry = await payable(owner, 100);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    const again = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    expect(again.error?.message).toBe('entry_already_settled');
    expect(await balance(acc.id)).toBe(400);
  });

  it("refuses another company's account and an inactive account", async () => {
    const foreign = await account(outsider, 100);
    const inactive = await account(owner, 100, { is_active: false });
    const entry = await payable(owner, 10);
    const a = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: foreign.id,
      p_paid_on: '2026-11-22',
    });
    expect(a.error?.message).toBe('bank_account_not_found');
    const b = await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: inactive.id,
      p_paid_on: '2026-11-22',
    });
    expect(b.error?.message).toBe('bank_account_inactive');
    expect(await balance(foreign.id)).toBe(100);
    expect(await balance(inactive.id)).toBe(100);
    expect(await ledgerRows('payable_id', entry.id)).toHaveLength(0);
  });

  it('does not let another company settle the entry', async () => {
    const foreign = await account(outsider, 100);
    const entry = await payable(owner, 10);
    const { error } = await outsider.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: foreign.id,
      p_paid_on: '2026-11-22',
    });
    expect(error?.message).toBe('entry_not_found');
  });

  it('reopening (estorno) restores the balance and keeps both ledger rows', async () => {
    const acc = await account(owner, 300);
    const entry = await payable(owner, 120);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    expect(await balance(acc.id)).toBe(180);
    const { data, error } = await owner.client.rpc('reopen_payable', { p_payable_id: entry.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', payment_date: null });
    expect(await balance(acc.id)).toBe(300);
    expect(await ledgerRows('payable_id', entry.id)).toHaveLength(2);
    expect(await ledgerBalance(acc.id)).toBe(300);
    const twice = await owner.client.rpc('reopen_payable', { p_payable_id: entry.id });
    expect(twice.error?.message).toBe('entry_not_settled');
  });

  it('a settled entry cannot be deleted nor have its amount changed', async () => {
    const acc = await account(owner, 300);
    const entry = await payable(owner, 50);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    const upd = await owner.client
      .from('accounts_payable')
      .update({ amount: 1 })
      .eq('id', entry.id);
    expect(upd.error?.message).toBe('entry_already_settled');
    const del = await owner.client.from('accounts_payable').delete().eq('id', entry.id);
    expect(del.error?.message).toBe('entry_already_settled');
  });
});

describe('settle_receivable', () => {
  it('moves the balance up by the amount and reopening restores it', async () => {
    const acc = await account(owner, 1000);
    const entry = await receivable(owner, 2500.5);
    const { data, error } = await owner.client.rpc('settle_receivable', {
      p_receivable_id: entry.id,
      p_bank_account_id: acc.id,
      p_received_on: '2026-11-21',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'paid',
      received_date: '2026-11-21',
      bank_account_id: acc.id,
    });
    expect(await balance(acc.id)).toBe(3500.5);
    expect(await ledgerRows('receivable_id', entry.id)).toHaveLength(1);
    await owner.client.rpc('reopen_receivable', { p_receivable_id: entry.id });
    expect(await balance(acc.id)).toBe(1000);
  });
});

describe('what clients cannot do directly', () => {
  it('cannot mark an entry paid, write the ledger or set a balance', async () => {
    const acc = await account(owner, 100);
    const entry = await payable(owner, 10);
    const status = await owner.client
      .from('accounts_payable')
      .update({ status: 'paid' } as never)
      .eq('id', entry.id);
    expect(status.error).not.toBeNull();
    const ledger = await owner.client.from('transactions').insert({
      company_id: owner.company.id,
      type: 'income',
      direction: 'in',
      description: 'Dinheiro do nada',
      amount: 1000000,
      transaction_date: '2026-11-22',
      bank_account_id: acc.id,
    } as never);
    expect(ledger.error).not.toBeNull();
    const bal = await owner.client
      .from('bank_accounts')
      .update({ current_balance: 999999 } as never)
      .eq('id', acc.id);
    expect(bal.error).not.toBeNull();
    expect(await balance(acc.id)).toBe(100);
  });

  it('editing the initial balance moves the current balance by the difference', async () => {
    const acc = await account(owner, 100);
    const entry = await payable(owner, 30);
    await owner.client.rpc('settle_payable', {
      p_payable_id: entry.id,
      p_bank_account_id: acc.id,
      p_paid_on: '2026-11-22',
    });
    const { error } = await owner.client
      .from('bank_accounts')
      .update({ initial_balance: 250 })
      .eq('id', acc.id);
    expect(error).toBeNull();
    expect(await balance(acc.id)).toBe(220);
    expect(await ledgerBalance(acc.id)).toBe(220);
  });
});

describe('concurrency', () => {
  it('20 simultaneous settlements of one entry: exactly one succeeds', async () => {
    const acc = await account(owner, 1000);
    const entry = await payable(owner, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.client.rpc('settle_payable', {
          p_payable_id: entry.id,
          p_bank_account_id: acc.id,
          p_paid_on: '2026-11-22',
        }),
      ),
    );
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.filter((r) => r.error?.message === 'entry_already_settled')).toHaveLength(19);
    expect(await ledgerRows('payable_id', entry.id)).toHaveLength(1);
    expect(await balance(acc.id)).toBe(900);
  });

  it('50 simultaneous settlements on one account keep current = initial + Σ ledger', async () => {
    const acc = await account(owner, 10000);
    const { data: entries, error } = await owner.client
      .from('accounts_payable')
      .insert(
        Array.from({ length: 50 }, (_, i) => ({
          company_id: owner.company.id,
          description: `Parcela ${i + 1}`,
          amount: 10 + i / 100,
          due_date: '2026-11-20',
        })),
      )
      .select();
    expect(error).toBeNull();
    const results = await Promise.all(
      entries!.map((e) =>
        owner.client.rpc('settle_payable', {
          p_payable_id: e.id,
          p_bank_account_id: acc.id,
          p_paid_on: '2026-11-22',
        }),
      ),
    );
    expect(results.filter((r) => r.error)).toEqual([]);
    const total = entries!.reduce((sum, e) => sum + Math.round(Number(e.amount) * 100), 0);
    expect(Math.round((await balance(acc.id)) * 100)).toBe(1000000 - total);
    expect(await balance(acc.id)).toBe(await ledgerBalance(acc.id));
  });
});

describe('transfer_between_accounts', () => {
  it('moves money between two accounts with two ledger rows', async () => {
    const from = await account(owner, 1000);
    const to = await account(owner, 0);
    const { error } = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 250.1,
      p_transfer_date: '2026-11-22',
    });
    expect(error).toBeNull();
    expect(await balance(from.id)).toBe(749.9);
    expect(await balance(to.id)).toBe(250.1);
    const { rows } = await db.query(
      'select * from public.transactions where bank_account_id in ($1, $2)',
      [from.id, to.id],
    );
    expect(rows).toHaveLength(2);
  });

  it('a failing second leg leaves both balances unchanged', async () => {
    const from = await account(owner, 1000);
    const inactive = await account(owner, 0, { is_active: false });
    const foreign = await account(outsider, 0);
    const a = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: inactive.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(a.error?.message).toBe('bank_account_inactive');
    const b = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: foreign.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(b.error?.message).toBe('bank_account_not_found');
    const c = await owner.client.rpc('transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: from.id,
      p_amount: 10,
      p_transfer_date: '2026-11-22',
    });
    expect(c.error?.message).toBe('same_account');
    expect(await balance(from.id)).toBe(1000);
    expect(await balance(inactive.id)).toBe(0);
    expect(await balance(foreign.id)).toBe(0);
  });
});
