// Conciliação bancária through the API as real members: importing a statement twice,
// reconciling each kind of line atomically, undoing, another company's denials, and "Saldo do
// extrato" vs "Saldo no sistema" checked against sums computed here from the rows themselves.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, createMember, noExecute, noPrivilege } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  currentBalance,
  ledgerBalance,
  settleReceivable,
  type Member,
} from './money-helpers';

const TODAY = '2026-11-23';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  [owner, outsider] = await Promise.all([
    createMember('Construtora Extrato'),
    createMember('Construtora Vizinha do Extrato'),
  ]);
});
afterAll(async () => {
  await db.end();
});

interface Line {
  fitid: string;
  posted_on: string;
  amount: string;
  memo: string;
}

async function importLines(
  member: Member,
  accountId: string,
  lines: Line[],
  extra: { p_start?: string; p_end?: string; p_ledger_balance?: number } = {},
) {
  return member.client.rpc('import_bank_statement', {
    p_bank_account_id: accountId,
    p_source: 'ofx',
    p_lines: lines as never,
    p_file_name: 'extrato.ofx',
    ...extra,
  });
}

async function linesOf(accountId: string) {
  const { data, error } = await owner.client
    .from('bank_statement_lines')
    .select('*')
    .eq('bank_account_id', accountId)
    .order('posted_on')
    .order('fitid');
  if (error) throw error;
  return data;
}

async function lineByFitid(accountId: string, fitid: string) {
  const line = (await linesOf(accountId)).find((l) => l.fitid === fitid);
  if (!line) throw new Error(`line ${fitid} not found`);
  return line;
}

describe('import', () => {
  it('stores the lines of the same file once, and only the new ones of an overlapping file', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta importação' });
    const file: Line[] = [
      { fitid: 'A1', posted_on: '2026-10-01', amount: '-10.50', memo: 'TARIFA' },
      { fitid: 'A2', posted_on: '2026-10-02', amount: '200.00', memo: 'PIX RECEBIDO' },
      { fitid: 'A3', posted_on: '2026-10-03', amount: '-1234.56', memo: 'PAGTO CONCRETO SÃO JOSÉ' },
    ];
    const first = await importLines(owner, account.id, file);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      line_count: 3,
      new_count: 3,
      existing_count: 0,
      start_date: '2026-10-01',
      end_date: '2026-10-03',
    });

    const again = await importLines(owner, account.id, file);
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ line_count: 3, new_count: 0, existing_count: 3 });

    const overlapping = await importLines(owner, account.id, [
      ...file.slice(1),
      { fitid: 'A4', posted_on: '2026-10-04', amount: '-5.00', memo: 'IOF' },
    ]);
    expect(overlapping.data).toMatchObject({ line_count: 3, new_count: 1, existing_count: 2 });

    const stored = await linesOf(account.id);
    expect(stored.map((l) => [l.fitid, l.amount, l.status])).toEqual([
      ['A1', -10.5, 'pending'],
      ['A2', 200, 'pending'],
      ['A3', -1234.56, 'pending'],
      ['A4', -5, 'pending'],
    ]);
    expect(stored[2]?.memo).toBe('PAGTO CONCRETO SÃO JOSÉ');
  });

  it('refuses bad lines as a whole, with the exact key', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta linhas ruins' });
    const good = { fitid: 'B1', posted_on: '2026-10-01', amount: '-1.00', memo: 'X' };
    const cases: [Line[], string][] = [
      [[good, { ...good, fitid: 'B2', amount: '-1.005' }], 'invalid_amount'],
      [[good, { ...good, fitid: 'B2', amount: '0' }], 'invalid_amount'],
      [[good, { ...good, fitid: 'B2', amount: 'abc' }], 'invalid_amount'],
      [[good, { ...good, fitid: 'B2', posted_on: '1999-12-31' }], 'invalid_date'],
      [[good, { ...good, fitid: ' ' }], 'invalid_statement'],
      [[], 'invalid_statement'],
    ];
    for (const [lines, key] of cases) {
      const { error } = await importLines(owner, account.id, lines);
      expect(error).toMatchObject({ code: 'P0001', message: key });
    }
    expect(await linesOf(account.id)).toEqual([]);
  });

  it('is written only by the function: no direct insert, nothing for anon', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta sem escrita' });
    const insert = await owner.client.from('bank_statement_lines').insert({
      company_id: owner.company.id,
      bank_account_id: account.id,
      statement_id: randomUUID(),
      fitid: 'X',
      posted_on: '2026-10-01',
      amount: -1,
    } as never);
    expect(insert.error).toMatchObject(noPrivilege('bank_statement_lines'));

    const anon = await anonClient().rpc('import_bank_statement', {
      p_bank_account_id: account.id,
      p_source: 'ofx',
      p_lines: [] as never,
    });
    expect(anon.error).toMatchObject(noExecute('import_bank_statement'));
  });
});

describe('reconciliation of a statement', () => {
  let accountId: string;
  let payableId: string;
  let receivableId: string;
  let categoryId: string;

  beforeAll(async () => {
    const account = await createBankAccount(owner, 1000, { name: 'Conta conciliação' });
    accountId = account.id;
    // A category used before for "tarifa" memos, so "Criar lançamento" starts with it.
    const category = await owner.client
      .from('categories')
      .insert({ company_id: owner.company.id, name: 'Tarifas bancárias', type: 'expense' })
      .select()
      .single();
    if (category.error) throw category.error;
    categoryId = category.data.id;
    const old = await owner.client.rpc('create_and_settle_entry', {
      p_kind: 'expense',
      p_id: randomUUID(),
      p_company_id: owner.company.id,
      p_description: 'Tarifa pacote de serviços',
      p_amount: 20,
      p_due_date: '2026-09-05',
      p_bank_account_id: accountId,
      p_paid_on: '2026-09-05',
      p_category_id: categoryId,
    });
    if (old.error) throw old.error;

    // Pending payable that the statement's débito pays (due 2 days before the line).
    payableId = (
      await createPayable(owner, 150, { due_date: '2026-10-08', description: 'Concreto São José' })
    ).id;
    // A decoy with the same amount further away in time (ranked after, never chosen by the SQL window).
    await createPayable(owner, 150, { due_date: '2026-10-30', description: 'Areia' });
    // Receipt already settled into this account: the statement's crédito is this ledger row.
    receivableId = (
      await createReceivable(owner, 200, { due_date: '2026-10-11', description: 'Medição obra' })
    ).id;
    await settleReceivable(owner, receivableId, accountId, '2026-10-11');

    const imported = await importLines(
      owner,
      accountId,
      [
        {
          fitid: 'R1',
          posted_on: '2026-10-10',
          amount: '-150.00',
          memo: 'PAGTO CONCRETO SAO JOSE',
        },
        { fitid: 'R2', posted_on: '2026-10-12', amount: '200.00', memo: 'TED RECEBIDA' },
        { fitid: 'R3', posted_on: '2026-10-14', amount: '-35.90', memo: 'TARIFA MENSAL' },
        { fitid: 'R4', posted_on: '2026-10-15', amount: '-1.00', memo: 'ESTORNO TESTE' },
      ],
      { p_start: '2026-10-01', p_end: '2026-10-31', p_ledger_balance: 994.1 },
    );
    if (imported.error) throw imported.error;
  });

  it('suggests the pending payable, the ledger row, and a category for the new line', async () => {
    const r1 = await lineByFitid(accountId, 'R1');
    const r2 = await lineByFitid(accountId, 'R2');
    const r3 = await lineByFitid(accountId, 'R3');
    const { data, error } = await owner.client.rpc('statement_candidates', {
      p_bank_account_id: accountId,
    });
    expect(error).toBeNull();
    const of = (lineId: string) =>
      (data ?? []).filter((c) => c.line_id === lineId).map((c) => [c.kind, c.target_id]);
    expect(of(r1.id)).toEqual([['payable', payableId]]);
    const ledger = await db.query<{ id: string }>(
      'select id from public.transactions where receivable_id = $1',
      [receivableId],
    );
    expect(of(r2.id)).toEqual([['ledger', ledger.rows[0]?.id]]);
    expect(of(r3.id)).toEqual([]);

    const guesses = await owner.client.rpc('statement_category_guesses', {
      p_bank_account_id: accountId,
    });
    expect(guesses.error).toBeNull();
    expect(guesses.data?.find((g) => g.line_id === r3.id)).toMatchObject({
      category_id: categoryId,
      category_name: 'Tarifas bancárias',
    });
  });

  it('settles the payable with the statement date and account, and undo reverses it', async () => {
    const line = await lineByFitid(accountId, 'R1');
    const before = await currentBalance(db, accountId);
    const settled = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: line.id,
      p_action: 'settle',
      p_target_id: payableId,
      p_today: TODAY,
    });
    expect(settled.error).toBeNull();
    expect(settled.data).toMatchObject({ status: 'matched', resolution: 'settle' });

    const payable = await db.query(
      `select status, payment_date::text, bank_account_id, paid_amount from public.accounts_payable where id = $1`,
      [payableId],
    );
    expect(payable.rows[0]).toMatchObject({
      status: 'paid',
      payment_date: '2026-10-10',
      bank_account_id: accountId,
      paid_amount: '150.00',
    });
    const tx = await db.query(
      `select id, transaction_date::text, bank_account_id, amount from public.transactions where payable_id = $1`,
      [payableId],
    );
    expect(tx.rows).toEqual([
      {
        id: settled.data?.matched_transaction_id,
        transaction_date: '2026-10-10',
        bank_account_id: accountId,
        amount: '150.00',
      },
    ]);
    expect(await currentBalance(db, accountId)).toBe(before - 150);

    // Settling it again from another line is refused and changes nothing (one transaction).
    const r4 = await lineByFitid(accountId, 'R4');
    const twice = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: line.id,
      p_action: 'settle',
      p_target_id: payableId,
      p_today: TODAY,
    });
    expect(twice.error).toMatchObject({
      code: 'P0001',
      message: 'statement_line_already_reconciled',
    });
    const paidAlready = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: r4.id,
      p_action: 'settle',
      p_target_id: payableId,
      p_today: TODAY,
    });
    expect(paidAlready.error).toMatchObject({ code: 'P0001', message: 'entry_already_settled' });
    expect((await lineByFitid(accountId, 'R4')).status).toBe('pending');

    const undone = await owner.client.rpc('undo_statement_line', { p_line_id: line.id });
    expect(undone.error).toBeNull();
    expect(undone.data).toMatchObject({ status: 'pending', matched_transaction_id: null });
    const reopened = await db.query(
      `select status, paid_amount from public.accounts_payable where id = $1`,
      [payableId],
    );
    expect(reopened.rows[0]).toMatchObject({ status: 'pending', paid_amount: '0.00' });
    expect(await currentBalance(db, accountId)).toBe(before);
    expect(await ledgerBalance(db, accountId)).toBe(before);

    // Open again, it still cannot be settled by a line of another amount.
    const wrongAmount = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: r4.id,
      p_action: 'settle',
      p_target_id: payableId,
      p_today: TODAY,
    });
    expect(wrongAmount.error).toMatchObject({
      code: 'P0001',
      message: 'statement_amount_mismatch',
    });
  });

  it('is atomic: a refused settlement leaves the line and the entry as they were', async () => {
    const line = await lineByFitid(accountId, 'R1');
    await db.query('update public.bank_accounts set is_active = false where id = $1', [accountId]);
    try {
      const refused = await owner.client.rpc('reconcile_statement_line', {
        p_line_id: line.id,
        p_action: 'settle',
        p_target_id: payableId,
        p_today: TODAY,
      });
      expect(refused.error).toMatchObject({ code: 'P0001', message: 'bank_account_inactive' });
    } finally {
      await db.query('update public.bank_accounts set is_active = true where id = $1', [accountId]);
    }
    expect((await lineByFitid(accountId, 'R1')).status).toBe('pending');
    const payable = await db.query(
      `select status, paid_amount from public.accounts_payable where id = $1`,
      [payableId],
    );
    expect(payable.rows[0]).toMatchObject({ status: 'pending', paid_amount: '0.00' });
  });

  it('creates a settled entry for a new line, idempotently, and undo removes it', async () => {
    const line = await lineByFitid(accountId, 'R3');
    const entryId = randomUUID();
    const args = {
      p_line_id: line.id,
      p_action: 'create',
      p_entry_id: entryId,
      p_description: 'Tarifa mensal',
      p_category_id: categoryId,
      p_today: TODAY,
    };
    const created = await owner.client.rpc('reconcile_statement_line', args);
    expect(created.error).toBeNull();
    const retry = await owner.client.rpc('reconcile_statement_line', args);
    expect(retry.error).toBeNull();
    expect(retry.data?.matched_transaction_id).toBe(created.data?.matched_transaction_id);

    const entry = await db.query(
      `select description, amount, status, payment_date::text, due_date::text, category_id, bank_account_id
       from public.accounts_payable where id = $1`,
      [entryId],
    );
    expect(entry.rows).toEqual([
      {
        description: 'Tarifa mensal',
        amount: '35.90',
        status: 'paid',
        payment_date: '2026-10-14',
        due_date: '2026-10-14',
        category_id: categoryId,
        bank_account_id: accountId,
      },
    ]);

    const undone = await owner.client.rpc('undo_statement_line', { p_line_id: line.id });
    expect(undone.error).toBeNull();
    const gone = await db.query('select 1 from public.accounts_payable where id = $1', [entryId]);
    expect(gone.rows).toEqual([]);
    expect(await currentBalance(db, accountId)).toBe(await ledgerBalance(db, accountId));
  });

  it('ignores with a reason only, and un-ignores', async () => {
    const line = await lineByFitid(accountId, 'R4');
    const noReason = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: line.id,
      p_action: 'ignore',
      p_reason: '  ',
    });
    expect(noReason.error).toMatchObject({ code: 'P0001', message: 'ignore_reason_required' });
    const ignored = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: line.id,
      p_action: 'ignore',
      p_reason: 'Lançamento de teste do banco',
    });
    expect(ignored.data).toMatchObject({
      status: 'ignored',
      ignore_reason: 'Lançamento de teste do banco',
    });
    const undone = await owner.client.rpc('undo_statement_line', { p_line_id: line.id });
    expect(undone.data).toMatchObject({ status: 'pending', ignore_reason: null });
    const notReconciled = await owner.client.rpc('undo_statement_line', { p_line_id: line.id });
    expect(notReconciled.error).toMatchObject({
      code: 'P0001',
      message: 'statement_line_not_reconciled',
    });
  });

  it('matches the ledger row once: a second line cannot claim it', async () => {
    const r2 = await lineByFitid(accountId, 'R2');
    const ledger = await db.query<{ id: string }>(
      'select id from public.transactions where receivable_id = $1',
      [receivableId],
    );
    const txId = ledger.rows[0]?.id ?? '';
    const matched = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: r2.id,
      p_action: 'match',
      p_target_id: txId,
    });
    expect(matched.error).toBeNull();
    expect(matched.data).toMatchObject({
      status: 'matched',
      resolution: 'match',
      matched_transaction_id: txId,
    });
    const wrong = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: (await lineByFitid(accountId, 'R4')).id,
      p_action: 'match',
      p_target_id: txId,
    });
    expect(wrong.error).toMatchObject({ code: 'P0001', message: 'statement_amount_mismatch' });
    // The candidates no longer offer it.
    const { data } = await owner.client.rpc('statement_candidates', {
      p_bank_account_id: accountId,
    });
    expect((data ?? []).some((c) => c.target_id === txId)).toBe(false);
  });

  it('another company can neither see nor reconcile the lines', async () => {
    const line = await lineByFitid(accountId, 'R1');
    const seen = await outsider.client.from('bank_statement_lines').select('id').eq('id', line.id);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const statements = await outsider.client
      .from('bank_statements')
      .select('id')
      .eq('bank_account_id', accountId);
    expect(statements.data).toEqual([]);

    const reconcile = await outsider.client.rpc('reconcile_statement_line', {
      p_line_id: line.id,
      p_action: 'settle',
      p_target_id: payableId,
      p_today: TODAY,
    });
    expect(reconcile.error).toMatchObject({ code: 'P0001', message: 'statement_line_not_found' });
    const ignore = await outsider.client.rpc('reconcile_statement_line', {
      p_line_id: line.id,
      p_action: 'ignore',
      p_reason: 'não é meu',
    });
    expect(ignore.error).toMatchObject({ code: 'P0001', message: 'statement_line_not_found' });
    const undo = await outsider.client.rpc('undo_statement_line', {
      p_line_id: (await lineByFitid(accountId, 'R2')).id,
    });
    expect(undo.error).toMatchObject({ code: 'P0001', message: 'statement_line_not_found' });
    for (const fn of [
      'statement_candidates',
      'statement_category_guesses',
      'statement_balance',
    ] as const) {
      const { error } = await outsider.client.rpc(fn, { p_bank_account_id: accountId });
      expect(error).toMatchObject({ code: 'P0001', message: 'bank_account_not_found' });
    }
    const imported = await importLines(outsider, accountId, [
      { fitid: 'Z1', posted_on: '2026-10-01', amount: '-1.00', memo: 'X' },
    ]);
    expect(imported.error).toMatchObject({ code: 'P0001', message: 'bank_account_not_found' });
    // Nothing changed for the owner.
    expect((await lineByFitid(accountId, 'R1')).status).toBe('pending');
    expect((await linesOf(accountId)).length).toBe(4);
  });

  it('"Saldo do extrato" vs "Saldo no sistema" at the statement end date', async () => {
    // Reconcile everything as the suggestions say: R1 settles the payable, R2 is matched above,
    // R3 becomes a new entry, R4 is ignored.
    const r1 = await lineByFitid(accountId, 'R1');
    const r3 = await lineByFitid(accountId, 'R3');
    const r4 = await lineByFitid(accountId, 'R4');
    for (const args of [
      { p_line_id: r1.id, p_action: 'settle', p_target_id: payableId, p_today: TODAY },
      { p_line_id: r3.id, p_action: 'create', p_entry_id: randomUUID(), p_today: TODAY },
      { p_line_id: r4.id, p_action: 'ignore', p_reason: 'Teste do banco' },
    ]) {
      const { error } = await owner.client.rpc('reconcile_statement_line', args);
      expect(error).toBeNull();
    }
    // A payment after the statement's end must not count in the balance at its end.
    const later = await createPayable(owner, 77, { due_date: '2026-11-05' });
    const { error: laterError } = await owner.client.rpc('settle_payable', {
      p_payable_id: later.id,
      p_bank_account_id: accountId,
      p_paid_on: '2026-11-05',
      p_today: TODAY,
    });
    expect(laterError).toBeNull();

    const { data, error } = await owner.client.rpc('statement_balance', {
      p_bank_account_id: accountId,
    });
    expect(error).toBeNull();
    // Independently: 1000 initial − 20 (September tarifa) + 200 − 150 − 35.90 = 994.10, as the bank says.
    const rows = await db.query<{ d: string; dir: string; amount: string }>(
      `select transaction_date::text as d, direction as dir, amount from public.transactions
       where bank_account_id = $1`,
      [accountId],
    );
    const system = rows.rows
      .filter((r) => r.d <= '2026-10-31')
      .reduce(
        (sum, r) => sum + (r.dir === 'in' ? 1 : -1) * Math.round(Number(r.amount) * 100),
        100000,
      );
    expect(system).toBe(99410);
    expect(data).toMatchObject({
      end_date: '2026-10-31',
      statement_balance: 994.1,
      system_balance: 994.1,
      difference: 0,
      pending_count: 0,
      line_count: 4,
    });
    expect(await currentBalance(db, accountId)).toBe(994.1 - 77);
  });
});
