// Money helpers shared by the db tests: bank accounts, payables and receivables created through the
// API as a real member, settled/reopened through the database functions, and balances read as the
// superuser (independently of the API).
import type pg from 'pg';
import type { createMember } from './helpers';

export type Member = Awaited<ReturnType<typeof createMember>>;
type Extra = Record<string, unknown>;

/** A bank account of the member's company ('Conta teste', checking unless `extra` says otherwise). */
export async function createBankAccount(member: Member, initial: number, extra: Extra = {}) {
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

/** A pending payable ('Cimento', due 2026-11-20 unless `extra` says otherwise). */
export async function createPayable(member: Member, amount: number, extra: Extra = {}) {
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

/** A pending receivable ('Parcela', due 2026-11-20 unless `extra` says otherwise). */
export async function createReceivable(member: Member, amount: number, extra: Extra = {}) {
  const { data, error } = await member.client
    .from('accounts_receivable')
    .insert({
      company_id: member.company.id,
      description: 'Parcela',
      amount,
      due_date: '2026-11-20',
      ...extra,
    })
    .select()
    .single();
  if (error) throw error;
  return data;
}

export async function settlePayable(
  member: Member,
  payableId: string,
  bankAccountId: string,
  paidOn: string,
) {
  const { error } = await member.client.rpc('settle_payable', {
    p_payable_id: payableId,
    p_bank_account_id: bankAccountId,
    p_paid_on: paidOn,
  });
  if (error) throw error;
}

export async function settleReceivable(
  member: Member,
  receivableId: string,
  bankAccountId: string,
  receivedOn: string,
) {
  const { error } = await member.client.rpc('settle_receivable', {
    p_receivable_id: receivableId,
    p_bank_account_id: bankAccountId,
    p_received_on: receivedOn,
  });
  if (error) throw error;
}

export async function reopenPayable(member: Member, payableId: string, reopenedOn: string) {
  const { error } = await member.client.rpc('reopen_payable', {
    p_payable_id: payableId,
    p_reopened_on: reopenedOn,
  });
  if (error) throw error;
}

/** The account's stored current_balance, read as the superuser. */
export async function currentBalance(db: pg.Pool, accountId: string): Promise<number> {
  const { rows } = await db.query<{ b: string }>(
    'select current_balance as b from public.bank_accounts where id = $1',
    [accountId],
  );
  if (!rows[0]) throw new Error(`account ${accountId} not found`);
  return Number(rows[0].b);
}

/** initial_balance + signed Σ ledger, computed independently of the trigger. */
export async function ledgerBalance(db: pg.Pool, accountId: string): Promise<number> {
  const { rows } = await db.query<{ b: string }>(
    `select a.initial_balance + coalesce(sum(case t.direction when 'in' then t.amount else -t.amount end), 0) as b
     from public.bank_accounts a left join public.transactions t on t.bank_account_id = a.id
     where a.id = $1 group by a.initial_balance`,
    [accountId],
  );
  return Number(rows[0]!.b);
}

/** How many ledger rows the account has. */
export async function ledgerCount(db: pg.Pool, accountId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from public.transactions where bank_account_id = $1',
    [accountId],
  );
  return Number(rows[0]?.n ?? 0);
}
