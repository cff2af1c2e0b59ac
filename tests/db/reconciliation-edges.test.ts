// Conciliação at its edges, through the API as a real member: dedupe on FITID + date + amount (a
// changed line is kept and flagged, never hidden), 'create' refuses an entry id that exists, undo
// deletes only what its line created, and the statement functions refuse oversized texts and unknown
// keys with their own keys, before writing anything.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  ledgerCount,
  settlePayable,
  type Member,
} from './money-helpers';

const TODAY = '2026-11-23';

let db: pg.Pool;
let owner: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Bordas do Extrato');
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

function importLines(
  accountId: string,
  lines: unknown[],
  extra: { p_file_name?: string; p_bank_id?: string; p_account_ref?: string } = {},
) {
  return owner.client.rpc('import_bank_statement', {
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
    .order('fitid')
    .order('posted_on')
    .order('amount');
  if (error) throw error;
  return data;
}

async function statementCount(accountId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from public.bank_statements where bank_account_id = $1',
    [accountId],
  );
  return Number(rows[0]?.n);
}

describe('dedupe on FITID, date and amount', () => {
  it('a forged import with tomorrow’s FITIDs does not hide the real lines: they are kept and flagged', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta forjada' });
    const forged = await importLines(account.id, [
      { fitid: 'F1', posted_on: '2026-11-24', amount: '-0.01', memo: 'X' },
      { fitid: 'F2', posted_on: '2026-11-24', amount: '0.01', memo: 'X' },
    ]);
    expect(forged.error).toBeNull();

    const real = await importLines(account.id, [
      { fitid: 'F1', posted_on: '2026-11-23', amount: '-150.00', memo: 'PAGTO CONCRETO' },
      { fitid: 'F2', posted_on: '2026-11-23', amount: '200.00', memo: 'PIX RECEBIDO' },
      { fitid: 'F3', posted_on: '2026-11-23', amount: '-9.90', memo: 'TARIFA' },
    ]);
    expect(real.error).toBeNull();
    expect(real.data).toMatchObject({
      line_count: 3,
      new_count: 3,
      existing_count: 0,
      conflict_count: 2,
    });
    const stored = await linesOf(account.id);
    expect(stored.map((l) => [l.fitid, l.posted_on, l.amount, l.status, l.fitid_conflict])).toEqual(
      [
        ['F1', '2026-11-23', -150, 'pending', true],
        ['F1', '2026-11-24', -0.01, 'pending', false],
        ['F2', '2026-11-23', 200, 'pending', true],
        ['F2', '2026-11-24', 0.01, 'pending', false],
        ['F3', '2026-11-23', -9.9, 'pending', false],
      ],
    );
    const statement = await db.query(
      'select line_count, new_line_count, conflict_line_count from public.bank_statements where id = $1',
      [(real.data as { statement_id: string }).statement_id],
    );
    expect(statement.rows).toEqual([{ line_count: 3, new_line_count: 3, conflict_line_count: 2 }]);

    // The same real file again: all duplicates, nothing new, nothing flagged again.
    const again = await importLines(account.id, [
      { fitid: 'F1', posted_on: '2026-11-23', amount: '-150', memo: 'PAGTO CONCRETO' },
      { fitid: 'F2', posted_on: '2026-11-23', amount: '200.0', memo: 'PIX RECEBIDO' },
      { fitid: 'F3', posted_on: '2026-11-23', amount: '-9.90', memo: 'TARIFA' },
    ]);
    expect(again.data).toMatchObject({ new_count: 0, existing_count: 3, conflict_count: 0 });
    expect(await linesOf(account.id)).toHaveLength(5);
  });

  it('a FITID repeated in one file with another amount keeps both, the later one flagged', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta FITID repetido' });
    const result = await importLines(account.id, [
      { fitid: 'D1', posted_on: '2026-11-02', amount: '-10.00', memo: 'A' },
      { fitid: 'D1', posted_on: '2026-11-02', amount: '-10.00', memo: 'A' },
      { fitid: 'D1', posted_on: '2026-11-02', amount: '-11.00', memo: 'A corrigido' },
    ]);
    expect(result.data).toMatchObject({ new_count: 2, existing_count: 1, conflict_count: 1 });
    const stored = await linesOf(account.id);
    expect(stored.map((l) => [l.amount, l.fitid_conflict])).toEqual([
      [-11, true],
      [-10, false],
    ]);
  });

  it('re-import after a line was matched or ignored: the same line is a duplicate, a changed amount a conflict', async () => {
    const account = await createBankAccount(owner, 1000, { name: 'Conta reimportação' });
    const payable = await createPayable(owner, 80, {
      due_date: '2026-11-10',
      description: 'Areia',
    });
    await settlePayable(owner, payable.id, account.id, '2026-11-10');
    const tx = await db.query<{ id: string }>(
      'select id from public.transactions where payable_id = $1',
      [payable.id],
    );
    const file: Line[] = [
      { fitid: 'M1', posted_on: '2026-11-10', amount: '-80.00', memo: 'AREIA' },
      { fitid: 'I1', posted_on: '2026-11-11', amount: '-1.00', memo: 'TESTE' },
    ];
    expect((await importLines(account.id, file)).error).toBeNull();
    const [ignoredLine, matchedLine] = await linesOf(account.id);
    const matched = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: matchedLine?.id ?? '',
      p_action: 'match',
      p_target_id: tx.rows[0]?.id,
    });
    expect(matched.error).toBeNull();
    const ignored = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: ignoredLine?.id ?? '',
      p_action: 'ignore',
      p_reason: 'Teste do banco',
    });
    expect(ignored.error).toBeNull();

    const same = await importLines(account.id, file);
    expect(same.data).toMatchObject({ new_count: 0, existing_count: 2, conflict_count: 0 });
    expect((await linesOf(account.id)).map((l) => [l.fitid, l.status])).toEqual([
      ['I1', 'ignored'],
      ['M1', 'matched'],
    ]);

    const changed = await importLines(account.id, [
      { ...file[0], amount: '-81.00' } as Line,
      { ...file[1], amount: '-2.00' } as Line,
    ]);
    expect(changed.data).toMatchObject({ new_count: 2, existing_count: 0, conflict_count: 2 });
    expect(
      (await linesOf(account.id)).map((l) => [l.fitid, l.amount, l.status, l.fitid_conflict]),
    ).toEqual([
      ['I1', -2, 'pending', true],
      ['I1', -1, 'ignored', false],
      ['M1', -81, 'pending', true],
      ['M1', -80, 'matched', false],
    ]);
  });
});

describe("'create' makes only new entries; undo deletes only what its line created", () => {
  let accountId: string;
  let existingId: string;
  let existingTx: string;

  beforeAll(async () => {
    const account = await createBankAccount(owner, 1000, { name: 'Conta ataque' });
    accountId = account.id;
    // An unrelated payable, paid into this account with the line's amount on another day.
    const payable = await createPayable(owner, 35.9, {
      due_date: '2026-09-01',
      description: 'Conta antiga',
    });
    existingId = payable.id;
    await settlePayable(owner, existingId, accountId, '2026-09-01');
    const tx = await db.query<{ id: string }>(
      'select id from public.transactions where payable_id = $1',
      [existingId],
    );
    existingTx = tx.rows[0]?.id ?? '';
    const imported = await importLines(accountId, [
      { fitid: 'C1', posted_on: '2026-10-14', amount: '-35.90', memo: 'TARIFA MENSAL' },
      { fitid: 'C2', posted_on: '2026-10-15', amount: '-35.90', memo: 'TARIFA MENSAL' },
    ]);
    if (imported.error) throw imported.error;
  });

  async function snapshot() {
    const entries = await db.query(
      `select id, status, paid_amount::text, description from public.accounts_payable
       where company_id = $1 order by id`,
      [owner.company.id],
    );
    const lines = await db.query(
      `select id, status, resolution, matched_transaction_id, created_entry_id
       from public.bank_statement_lines where bank_account_id = $1 order by fitid`,
      [accountId],
    );
    return { entries: entries.rows, lines: lines.rows, ledger: await ledgerCount(db, accountId) };
  }

  it("refuses 'create' with the id of an entry that exists (paid, pending, receivable): nothing changes", async () => {
    const line = (await linesOf(accountId)).find((l) => l.fitid === 'C1');
    const pending = await createPayable(owner, 35.9, { due_date: '2026-10-14' });
    const receivable = await createReceivable(owner, 35.9, { due_date: '2026-10-14' });
    const before = await snapshot();
    for (const id of [existingId, pending.id, receivable.id]) {
      const { error } = await owner.client.rpc('reconcile_statement_line', {
        p_line_id: line?.id ?? '',
        p_action: 'create',
        p_entry_id: id,
        p_today: TODAY,
      });
      expect(error).toMatchObject({ code: 'P0001', message: 'entry_already_exists' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('undo of a match only unlinks: the matched entry and its payment stay', async () => {
    const line = (await linesOf(accountId)).find((l) => l.fitid === 'C2');
    const matched = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: line?.id ?? '',
      p_action: 'match',
      p_target_id: existingTx,
    });
    expect(matched.error).toBeNull();
    expect(matched.data).toMatchObject({ resolution: 'match', created_entry_id: null });
    const ledger = await ledgerCount(db, accountId);
    const undone = await owner.client.rpc('undo_statement_line', { p_line_id: line?.id ?? '' });
    expect(undone.error).toBeNull();
    const entry = await db.query(
      'select status, paid_amount::text from public.accounts_payable where id = $1',
      [existingId],
    );
    expect(entry.rows).toEqual([{ status: 'paid', paid_amount: '35.90' }]);
    expect(await ledgerCount(db, accountId)).toBe(ledger);
  });

  it("undo of a 'create' whose entry it cannot prove it made (older rows) only unlinks", async () => {
    const line = (await linesOf(accountId)).find((l) => l.fitid === 'C2');
    // What the old 'create' left after the attack: the line pointing at the unrelated entry's payment.
    await db.query(
      `update public.bank_statement_lines
       set status = 'matched', resolution = 'create', matched_transaction_id = $2, resolved_at = now()
       where id = $1`,
      [line?.id, existingTx],
    );
    const ledger = await ledgerCount(db, accountId);
    const undone = await owner.client.rpc('undo_statement_line', { p_line_id: line?.id ?? '' });
    expect(undone.error).toBeNull();
    expect(undone.data).toMatchObject({ status: 'pending', matched_transaction_id: null });
    const entry = await db.query(
      'select status, paid_amount::text from public.accounts_payable where id = $1',
      [existingId],
    );
    expect(entry.rows).toEqual([{ status: 'paid', paid_amount: '35.90' }]);
    expect(await ledgerCount(db, accountId)).toBe(ledger);
  });

  it("a 'create' records its entry, a retry answers the same, undo deletes exactly that entry", async () => {
    const line = (await linesOf(accountId)).find((l) => l.fitid === 'C1');
    const entryId = randomUUID();
    const args = {
      p_line_id: line?.id ?? '',
      p_action: 'create',
      p_entry_id: entryId,
      p_today: TODAY,
    };
    const created = await owner.client.rpc('reconcile_statement_line', args);
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ resolution: 'create', created_entry_id: entryId });
    const retry = await owner.client.rpc('reconcile_statement_line', args);
    expect(retry.data).toMatchObject({ created_entry_id: entryId });
    // Another id on a reconciled line is not a retry.
    const other = await owner.client.rpc('reconcile_statement_line', {
      ...args,
      p_entry_id: randomUUID(),
    });
    expect(other.error).toMatchObject({
      code: 'P0001',
      message: 'statement_line_already_reconciled',
    });

    const undone = await owner.client.rpc('undo_statement_line', { p_line_id: line?.id ?? '' });
    expect(undone.error).toBeNull();
    expect(undone.data).toMatchObject({ status: 'pending', created_entry_id: null });
    const gone = await db.query('select 1 from public.accounts_payable where id = $1', [entryId]);
    expect(gone.rows).toEqual([]);
    const kept = await db.query('select status from public.accounts_payable where id = $1', [
      existingId,
    ]);
    expect(kept.rows).toEqual([{ status: 'paid' }]);
  });
});

describe('caps on the statement functions', () => {
  const good = { fitid: 'K1', posted_on: '2026-11-02', amount: '-1.00', memo: 'OK' };

  it('refuses oversized texts and unknown keys with their key, quickly, writing nothing', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta limites' });
    const junk = Array.from({ length: 5000 }, (_, i) => ({
      ...good,
      fitid: `J${i}`,
      junk: 'x'.repeat(100),
    }));
    const cases: [Parameters<typeof importLines>, string][] = [
      [
        [account.id, [good], { p_file_name: `${'a'.repeat(252)}.ofx` }],
        'statement_file_name_too_long',
      ],
      [[account.id, [good], { p_file_name: 'x'.repeat(900_000) }], 'statement_file_name_too_long'],
      [[account.id, [good], { p_bank_id: '1'.repeat(41) }], 'statement_field_too_long'],
      [[account.id, [good], { p_account_ref: '1'.repeat(61) }], 'statement_field_too_long'],
      [[account.id, [{ ...good, memo: 'm'.repeat(501) }]], 'statement_memo_too_long'],
      [[account.id, [{ ...good, fitid: 'f'.repeat(256) }]], 'statement_field_too_long'],
      [[account.id, [{ ...good, trn_type: 't'.repeat(21) }]], 'statement_field_too_long'],
      [[account.id, [good, { ...good, fitid: 'K2', extra: 1 }]], 'statement_unknown_field'],
      [[account.id, junk], 'statement_unknown_field'],
      [[account.id, [{ ...good, memo: { nested: true } }]], 'invalid_statement'],
      [
        [account.id, Array.from({ length: 5001 }, (_, i) => ({ ...good, fitid: `T${i}` }))],
        'statement_too_large',
      ],
    ];
    for (const [args, key] of cases) {
      const started = Date.now();
      const { error } = await importLines(...args);
      expect(error).toMatchObject({ code: 'P0001', message: key });
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect(await statementCount(account.id)).toBe(0);

    // The limits themselves are accepted.
    const atLimit = await importLines(
      account.id,
      [{ ...good, memo: 'm'.repeat(500), fitid: 'f'.repeat(255), trn_type: 't'.repeat(20) }],
      {
        p_file_name: `${'a'.repeat(251)}.ofx`,
        p_bank_id: '1'.repeat(40),
        p_account_ref: '2'.repeat(60),
      },
    );
    expect(atLimit.error).toBeNull();
    expect(await statementCount(account.id)).toBe(1);
  });

  it('reconcile refuses a description or a reason over 200 characters', async () => {
    const account = await createBankAccount(owner, 0, { name: 'Conta limites conciliação' });
    expect((await importLines(account.id, [good])).error).toBeNull();
    const [line] = await linesOf(account.id);
    const lineId = line?.id ?? '';
    const longDescription = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: lineId,
      p_action: 'create',
      p_entry_id: randomUUID(),
      p_description: 'd'.repeat(201),
      p_today: TODAY,
    });
    expect(longDescription.error).toMatchObject({
      code: 'P0001',
      message: 'statement_description_too_long',
    });
    const longReason = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: lineId,
      p_action: 'ignore',
      p_reason: 'r'.repeat(201),
    });
    expect(longReason.error).toMatchObject({ code: 'P0001', message: 'statement_reason_too_long' });
    expect((await linesOf(account.id))[0]).toMatchObject({ status: 'pending' });

    const atLimit = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: lineId,
      p_action: 'ignore',
      p_reason: 'r'.repeat(200),
    });
    expect(atLimit.data).toMatchObject({ status: 'ignored', ignore_reason: 'r'.repeat(200) });
  });
});
