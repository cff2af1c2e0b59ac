// Lançar "Marcar como Pago" (create_and_settle_entry): atomic and idempotent by the client-generated
// id; what the database does with a repeated id on plain inserts (the app no longer upserts with
// ignoreDuplicates: tests/db/no-silent-drop.test.ts).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import { createBankAccount, currentBalance, type Member } from './money-helpers';

const TODAY = '2026-03-31';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Lançar');
  outsider = await createMember('Construtora Lançar Vizinha');
});
afterAll(async () => {
  await db.end();
});

/** An obra of the member with the given stages (names → ids). */
async function obraWithStages(member: Member, name: string, stages: string[]) {
  const { data, error } = await member.client.rpc('create_project', {
    p_company_id: member.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: 10000,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: stages,
  });
  if (error) throw error;
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from public.project_stages where project_id = $1',
    [data.id],
  );
  return {
    id: data.id,
    stages: Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, string>,
  };
}

async function counts(kind: 'expense' | 'income', id: string) {
  const table = kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
  const column = kind === 'expense' ? 'payable_id' : 'receivable_id';
  const entries = await db.query(`select 1 from public.${table} where id = $1`, [id]);
  const ledger = await db.query(`select 1 from public.transactions where ${column} = $1`, [id]);
  return { entries: entries.rowCount, ledger: ledger.rowCount };
}

function args(accountId: string, extra: Record<string, unknown> = {}) {
  return {
    p_kind: 'expense',
    p_id: randomUUID(),
    p_company_id: owner.company.id,
    p_description: 'Compra à vista',
    p_amount: 250.5,
    p_due_date: '2026-03-30',
    p_bank_account_id: accountId,
    p_paid_on: '2026-03-30',
    p_today: TODAY,
    p_counterparty_name: 'Depósito Central',
    ...extra,
  };
}

describe('create_and_settle_entry', () => {
  it('creates the entry paid, with one ledger row, and the same id again changes nothing', async () => {
    const account = await createBankAccount(owner, 1000);
    const call = args(account.id, { p_interest: 2.25 });
    const first = await owner.client.rpc('create_and_settle_entry', call);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      kind: 'expense',
      id: call.p_id,
      status: 'paid',
      settled_on: '2026-03-30',
      counterparty_name: 'Depósito Central',
      paid_total: 252.75,
      open_amount: 0,
    });
    const second = await owner.client.rpc('create_and_settle_entry', call);
    expect(second.error).toBeNull();
    expect(second.data).toMatchObject({ id: call.p_id, status: 'paid' });
    expect(await counts('expense', call.p_id)).toEqual({ entries: 1, ledger: 1 });
    expect(await currentBalance(db, account.id)).toBe(747.25);
  });

  it('a double tap (two calls at once) still makes one entry and one ledger row', async () => {
    const account = await createBankAccount(owner, 1000);
    const call = args(account.id, { p_kind: 'income', p_amount: 10 });
    const results = await Promise.all([
      owner.client.rpc('create_and_settle_entry', call),
      owner.client.rpc('create_and_settle_entry', call),
    ]);
    expect(results.map((r) => r.error)).toEqual([null, null]);
    expect(await counts('income', call.p_id)).toEqual({ entries: 1, ledger: 1 });
    expect(await currentBalance(db, account.id)).toBe(1010);
  });

  it('settling does not wait for another open insert pointing at the same account (no deadlock)', async () => {
    const account = await createBankAccount(owner, 1000);
    // B inserts an entry on the account and keeps its transaction open: the foreign key holds FOR
    // KEY SHARE on the account row until B ends. A then locks the account to settle, as every
    // create_and_settle_entry does after its own insert; a FOR UPDATE lock would wait for B (and B,
    // settling next, for A: deadlock 40P01). With lock_timeout the wait shows as 55P03.
    const b = await db.connect();
    const a = await db.connect();
    try {
      await b.query('begin');
      await b.query(
        `insert into public.accounts_payable (company_id, description, amount, due_date, bank_account_id)
         values ($1, 'Aberta em outra transação', 10, '2026-03-30', $2)`,
        [owner.company.id, account.id],
      );
      await a.query('begin');
      await a.query(`set local lock_timeout = '2s'`);
      const locked = await a.query<{ id: string }>(
        'select (private.lock_active_account($1, $2)).id',
        [owner.company.id, account.id],
      );
      expect(locked.rows[0]?.id).toBe(account.id);
    } finally {
      await a.query('rollback');
      await b.query('rollback');
      a.release();
      b.release();
    }
  });

  it.each([
    ['an inactive account', 'inactive', {}, 'bank_account_inactive'],
    ['a future payment date', 'active', { p_paid_on: '2026-04-01' }, 'payment_date_in_future'],
    ['an absurd payment date', 'active', { p_paid_on: '1999-12-31' }, 'invalid_date'],
    ['a discount larger than the amount', 'active', { p_discount: 300 }, 'invalid_amount'],
  ])('is atomic: %s → nothing is created', async (_label, state, extra, key) => {
    const account = await createBankAccount(owner, 100, { is_active: state === 'active' });
    const call = args(account.id, extra);
    const { error } = await owner.client.rpc('create_and_settle_entry', call);
    expect(error?.message).toBe(key);
    expect(await counts('expense', call.p_id)).toEqual({ entries: 0, ledger: 0 });
    expect(await currentBalance(db, account.id)).toBe(100);
  });

  it("refuses another company's id space and company", async () => {
    const account = await createBankAccount(owner, 100);
    const call = args(account.id);
    expect((await owner.client.rpc('create_and_settle_entry', call)).error).toBeNull();
    const foreignAccount = await createBankAccount(outsider, 100);
    const reuse = await outsider.client.rpc('create_and_settle_entry', {
      ...call,
      p_company_id: outsider.company.id,
      p_bank_account_id: foreignAccount.id,
    });
    expect(reuse.error?.message).toBe('entry_id_conflict');
    const foreign = await outsider.client.rpc('create_and_settle_entry', args(foreignAccount.id));
    expect(foreign.error?.message).toBe('not_a_member');
    expect(await currentBalance(db, foreignAccount.id)).toBe(100);
  });

  it('refuses an unknown kind and a missing id', async () => {
    const account = await createBankAccount(owner, 100);
    const kind = await owner.client.rpc(
      'create_and_settle_entry',
      args(account.id, { p_kind: 'x' }),
    );
    expect(kind.error?.message).toBe('invalid_kind');
    const id = await owner.client.rpc(
      'create_and_settle_entry',
      args(account.id, { p_id: null as unknown as string }),
    );
    expect(id.error?.message).toBe('invalid_id');
  });
});

describe('create_and_settle_entry on an obra’s stage', () => {
  it('creates the paid entry on the stage in one call; the same id again writes nothing', async () => {
    const account = await createBankAccount(owner, 1000);
    const obra = await obraWithStages(owner, 'Obra Etapas', ['Fundação', 'Estrutura']);
    const call = args(account.id, {
      p_project_id: obra.id,
      p_stage_id: obra.stages['Estrutura'],
      p_amount: 300,
    });
    const first = await owner.client.rpc('create_and_settle_entry', call);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      id: call.p_id,
      status: 'paid',
      project_id: obra.id,
      stage_id: obra.stages['Estrutura'],
      stage_name: 'Estrutura',
    });
    const retry = await owner.client.rpc('create_and_settle_entry', call);
    expect(retry.error).toBeNull();
    expect(retry.data).toMatchObject({ id: call.p_id, stage_id: obra.stages['Estrutura'] });
    expect(await counts('expense', call.p_id)).toEqual({ entries: 1, ledger: 1 });
    expect(await currentBalance(db, account.id)).toBe(700);
    // Realizado of the stage: the payment is on it.
    const { data: budget } = await owner.client.rpc('project_budget', { p_project_id: obra.id });
    const stage = budget?.find((row) => row.stage_id === obra.stages['Estrutura']);
    expect(stage).toMatchObject({ committed: 0, realized: 300 });
  });

  it.each([
    ['a stage of another obra', 'other-obra'],
    ['a stage of another company', 'other-company'],
    ['a stage without its obra', 'no-obra'],
  ])('refuses %s with stage_project_mismatch and writes nothing', async (_label, which) => {
    const account = await createBankAccount(owner, 100);
    const obra = await obraWithStages(owner, 'Obra Certa', ['Fundação']);
    const outra = await obraWithStages(owner, 'Obra Outra', ['Telhado']);
    const foreign = await obraWithStages(outsider, 'Obra Vizinha', ['Fundação']);
    const stage = {
      'other-obra': outra.stages['Telhado'],
      'other-company': foreign.stages['Fundação'],
      'no-obra': obra.stages['Fundação'],
    }[which];
    const call = args(account.id, {
      p_project_id: which === 'no-obra' ? null : obra.id,
      p_stage_id: stage,
    });
    const { error } = await owner.client.rpc('create_and_settle_entry', call);
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('stage_project_mismatch');
    expect(await counts('expense', call.p_id)).toEqual({ entries: 0, ledger: 0 });
    expect(await currentBalance(db, account.id)).toBe(100);
  });
});

describe('plain inserts with a client-generated id', () => {
  it('upsert with ignoreDuplicates inserts once; a plain second insert conflicts', async () => {
    const id = randomUUID();
    const row = {
      id,
      company_id: owner.company.id,
      description: 'Fila offline',
      amount: 12.34,
      due_date: '2026-04-10',
    };
    for (let i = 0; i < 2; i++) {
      const { error } = await owner.client
        .from('accounts_payable')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true });
      expect(error).toBeNull();
    }
    const again = await owner.client.from('accounts_receivable').insert(row);
    expect(again.error).toBeNull();
    const dup = await owner.client.from('accounts_receivable').insert(row);
    expect(dup.error?.code).toBe('23505');
    expect(await counts('expense', id)).toEqual({ entries: 1, ledger: 0 });
  });
});
