// Rateio (issue 33), the kept totals and the ledger: a payment (and its estorno) of a split entry
// carries the entry's parts; a partial payment with juros, multa and desconto is apportioned to the
// parts exactly to the centavo, on the entry side (private.entry_totals by obra / categoria) and on
// the ledger side (private.ledger_*_totals); the estorno cancels it per part; a new split of a paid
// entry restates the realizado; an obra, stage or category named only in parts is in use.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../src/lib/apportion';
import { adminDb, createMember } from './helpers';
import { createBankAccount, createPayable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let account: string;
let obraA: string;
let obraB: string;
let stageOfA: string;
let catX: string;
let catY: string;
let incomeCat: string;

async function createProject(name: string) {
  const { data, error } = await owner.client.rpc('create_project', {
    p_company_id: owner.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: 10000,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: ['Fundação'],
    p_status: 'in_progress',
  });
  if (error) throw error;
  return data.id as string;
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Rateio Totais');
  account = (await createBankAccount(owner, 100_000)).id as string;
  obraA = await createProject('Obra A');
  obraB = await createProject('Obra B');
  const { rows: stages } = await db.query<{ id: string }>(
    'select id from public.project_stages where project_id = $1',
    [obraA],
  );
  stageOfA = stages[0]!.id;
  const { rows } = await db.query<{ id: string; name: string }>(
    `insert into public.categories (company_id, name, type)
     values ($1, 'Concreto', 'expense'), ($1, 'Administração', 'expense'), ($1, 'Medições', 'income')
     returning id, name`,
    [owner.company.id],
  );
  catX = rows.find((r) => r.name === 'Concreto')!.id;
  catY = rows.find((r) => r.name === 'Administração')!.id;
  incomeCat = rows.find((r) => r.name === 'Medições')!.id;
});
afterAll(async () => {
  await db.end();
});

const cents = (v: unknown) => Math.round(Number(v) * 100);

/** entry_totals summed over months for one dim, as "dim_id paid_total open_total count" lines. */
async function entryDim(dim: 'category' | 'project' | 'project_all', companyId = owner.company.id) {
  const { rows } = await db.query<{ dim_id: string | null; p: string; o: string; n: string }>(
    `select dim_id, sum(paid_total) as p, sum(open_total) as o, sum(entry_count) as n
     from private.entry_totals where company_id = $1 and dim = $2 and kind = 'expense'
     group by dim_id having sum(entry_count) <> 0 or sum(paid_total) <> 0 or sum(open_total) <> 0`,
    [companyId, dim],
  );
  return Object.fromEntries(
    rows.map((r) => [r.dim_id ?? '-', [cents(r.p), cents(r.o), Number(r.n)]]),
  );
}

/** ledger_<category|project>_totals of the company as { id: [total, row_count] }. */
async function ledgerDim(dim: 'category' | 'project') {
  const { rows } = await db.query<{ id: string | null; t: string; n: string }>(
    `select ${dim}_id as id, sum(total) as t, sum(row_count) as n from private.ledger_${dim}_totals
     where company_id = $1 group by 1 having sum(total) <> 0 or sum(row_count) <> 0`,
    [owner.company.id],
  );
  return Object.fromEntries(rows.map((r) => [r.id ?? '-', [cents(r.t), Number(r.n)]]));
}

async function ledgerMonthsDim(dim: 'category' | 'project') {
  const { rows } = await db.query<{ id: string | null; t: string; n: string }>(
    `select ${dim}_id as id, sum(total) as t, sum(row_count) as n from private.ledger_${dim}_months
     where company_id = $1 group by 1 having sum(total) <> 0 or sum(row_count) <> 0`,
    [owner.company.id],
  );
  return Object.fromEntries(rows.map((r) => [r.id ?? '-', [cents(r.t), Number(r.n)]]));
}

describe('a split payable paid in part with juros, multa and desconto, then reversed', () => {
  it('is apportioned to its parts exactly, on the entry side and on the ledger, and the estorno cancels it per part', async () => {
    // R$ 100,00: 33,33 Obra A / Concreto (etapa Fundação), 33,33 Obra B / Concreto, 33,34 Geral / Administração.
    const parts = [
      { project_id: obraA, stage_id: stageOfA, category_id: catX, amount: 33.33, percent: null },
      { project_id: obraB, stage_id: null, category_id: catX, amount: 33.33, percent: null },
      { project_id: null, stage_id: null, category_id: catY, amount: 33.34, percent: null },
    ];
    const bill = await createPayable(owner, 100, { parts, due_date: '2026-03-10' });
    const { data: paid, error } = await owner.client.rpc('settle_payable', {
      p_payable_id: bill.id,
      p_bank_account_id: account,
      p_paid_on: '2026-03-12',
      p_amount_paid: 50.01,
      p_interest: 1,
      p_fine: 0.03,
      p_discount: 0.02,
    });
    expect(error).toBeNull();
    expect(paid).toMatchObject({ paid_amount: 50.01, status: 'pending' });

    // The payment row: 50,01 + 1,00 + 0,03 − 0,02 = 51,02, the entry's parts, no obra or category.
    const { rows: ledger } = await db.query(
      `select id, amount::text, parts, project_id, category_id from public.transactions where payable_id = $1`,
      [bill.id],
    );
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      amount: '51.02',
      project_id: null,
      category_id: null,
      parts,
    });
    // Ledger side: 51,02 by 3333/3333/3334 → 17,01 / 17,00 / 17,01 (largest remainder: exact
    // 1700,4966 / 1700,4966 / 1701,0068; the centavo left to the first of the tied remainders).
    expect(apportion([3333, 3333, 3334], 5102)).toEqual([1701, 1700, 1701]);
    expect(await ledgerDim('project')).toEqual({
      [obraA]: [1701, 1],
      [obraB]: [1700, 1],
      '-': [1701, 1],
    });
    // Concreto has two parts: the payment counts once there.
    expect(await ledgerDim('category')).toEqual({ [catX]: [3401, 1], [catY]: [1701, 1] });
    expect(await ledgerMonthsDim('project')).toEqual(await ledgerDim('project'));
    expect(await ledgerMonthsDim('category')).toEqual(await ledgerDim('category'));

    // Entry side: each value of the entry apportioned on its own (entry_part_figures):
    // paid 50,01 → 16,67 ×3; juros 1,00 → 0,33 / 0,33 / 0,34; multa 0,03 → 0,01 ×3;
    // desconto 0,02 → 0,01 / 0 / 0,01. Realizado per part 17,00 / 17,01 / 17,01; open 16,66 / 16,66 / 16,67.
    const weights = [3333, 3333, 3334];
    const paidShare = apportion(weights, 5001);
    const interest = apportion(weights, 100);
    const fine = apportion(weights, 3);
    const discount = apportion(weights, 2);
    const realized = weights.map((_, i) => paidShare[i]! + interest[i]! + fine[i]! - discount[i]!);
    expect(realized).toEqual([1700, 1701, 1701]);
    const open = weights.map((w, i) => w - paidShare[i]!);
    expect(open).toEqual([1666, 1666, 1667]);
    for (const dim of ['project', 'project_all'] as const)
      expect(await entryDim(dim), dim).toEqual({
        [obraA]: [1700, 1666, 1],
        [obraB]: [1701, 1666, 1],
        '-': [1701, 1667, 1],
      });
    // Concreto has two parts: the entry counts once there, with both parts' figures.
    expect(await entryDim('category')).toEqual({
      [catX]: [3401, 3332, 1],
      [catY]: [1701, 1667, 1],
    });

    // The estorno carries the same parts and amount: every part's realizado is back to zero.
    const reversed = await owner.client.rpc('reverse_payment', {
      p_payment_id: ledger[0]!.id,
      p_reversed_on: '2026-03-13',
    });
    expect(reversed.error).toBeNull();
    const { rows: estorno } = await db.query(
      `select amount::text, parts, project_id, category_id from public.transactions where reversal_of = $1`,
      [ledger[0]!.id],
    );
    expect(estorno).toEqual([{ amount: '51.02', parts, project_id: null, category_id: null }]);
    expect(await ledgerDim('project')).toEqual({});
    expect(await ledgerDim('category')).toEqual({});
    // Per part, payment and estorno cancel exactly (what a reader by period sums).
    const { rows: net } = await db.query<{ project_id: string | null; net: string }>(
      `select s.project_id, sum(case t.direction when 'out' then s.share else -s.share end)::text as net
       from public.transactions t cross join lateral private.part_shares(t.parts, t.amount) s
       where t.payable_id = $1 group by s.project_id`,
      [bill.id],
    );
    expect(net.map((r) => Number(r.net))).toEqual([0, 0, 0]);
    expect(await entryDim('project')).toEqual({
      [obraA]: [0, 3333, 1],
      [obraB]: [0, 3333, 1],
      '-': [0, 3334, 1],
    });
  });
});

describe('Lançar "Marcar como Pago" of a split entry, its reopening and a new split', () => {
  it('create_and_settle_entry writes the parts on the entry and its payment; reopen_* reverses per part', async () => {
    const parts = [
      { project_id: obraA, stage_id: null, category_id: incomeCat, amount: 600, percent: 60 },
      { project_id: obraB, stage_id: null, category_id: incomeCat, amount: 400, percent: 40 },
    ];
    const id = crypto.randomUUID();
    const made = await owner.client.rpc('create_and_settle_entry', {
      p_kind: 'income',
      p_id: id,
      p_company_id: owner.company.id,
      p_description: 'Medição conjunta',
      p_amount: 1000,
      p_due_date: '2026-04-01',
      p_bank_account_id: account,
      p_paid_on: '2026-04-01',
      p_today: '2026-04-02',
      p_parts: parts as never,
    });
    expect(made.error).toBeNull();
    const { rows } = await db.query(
      `select parts, project_id, category_id, amount::text from public.transactions where receivable_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ parts, project_id: null, category_id: null, amount: '1000.00' }]);

    const reopened = await owner.client.rpc('reopen_receivable', {
      p_receivable_id: id,
      p_reopened_on: '2026-04-03',
    });
    expect(reopened.error).toBeNull();
    const { rows: estornos } = await db.query(
      `select parts from public.transactions where receivable_id = $1 and reversal_of is not null`,
      [id],
    );
    expect(estornos).toEqual([{ parts }]);

    // Parts and an obra of its own at once: refused, nothing saved.
    const both = await owner.client.rpc('create_and_settle_entry', {
      p_kind: 'income',
      p_id: crypto.randomUUID(),
      p_company_id: owner.company.id,
      p_description: 'Medição',
      p_amount: 1000,
      p_due_date: '2026-04-01',
      p_bank_account_id: account,
      p_project_id: obraA,
      p_parts: parts as never,
    });
    expect(both.error).toMatchObject({ code: 'P0001', message: 'split_invalid' });
    const bad = await owner.client.rpc('create_and_settle_entry', {
      p_kind: 'income',
      p_id: crypto.randomUUID(),
      p_company_id: owner.company.id,
      p_description: 'Medição',
      p_amount: 999,
      p_due_date: '2026-04-01',
      p_bank_account_id: account,
      p_parts: parts as never,
    });
    expect(bad.error).toMatchObject({ code: 'P0001', message: 'split_sum_mismatch' });
  });

  it('a new split of a paid entry moves its payments (and the realizado) to the new parts', async () => {
    const before = { project: await ledgerDim('project'), category: await ledgerDim('category') };
    const bill = await createPayable(owner, 300, { project_id: obraA, category_id: catX });
    const settled = await owner.client.rpc('settle_payable', {
      p_payable_id: bill.id,
      p_bank_account_id: account,
      p_paid_on: '2026-05-02',
    });
    expect(settled.error).toBeNull();
    const add = (
      base: Record<string, number[]>,
      more: Record<string, number[]>,
    ): Record<string, number[]> => {
      const out: Record<string, number[]> = { ...base };
      for (const [k, [t, n]] of Object.entries(more)) {
        const [t0, n0] = out[k] ?? [0, 0];
        out[k] = [t0! + t!, n0! + n!];
      }
      return Object.fromEntries(Object.entries(out).filter(([, [t, n]]) => t !== 0 || n !== 0));
    };
    expect(await ledgerDim('project')).toEqual(add(before.project, { [obraA]: [30000, 1] }));

    // Split 2/3 Obra A (Concreto), 1/3 Obra B (Administração), through the API as Editar does.
    const parts = [
      { project_id: obraA, stage_id: null, category_id: catX, amount: 200, percent: null },
      { project_id: obraB, stage_id: null, category_id: catY, amount: 100, percent: null },
    ];
    const edit = await owner.client
      .from('accounts_payable')
      .update({ parts: parts as never, project_id: null, category_id: null })
      .eq('id', bill.id);
    expect(edit.error).toBeNull();
    const { rows } = await db.query(
      `select parts, project_id, category_id from public.transactions where payable_id = $1`,
      [bill.id],
    );
    expect(rows).toEqual([{ parts, project_id: null, category_id: null }]);
    expect(await ledgerDim('project')).toEqual(
      add(before.project, { [obraA]: [20000, 1], [obraB]: [10000, 1] }),
    );
    expect(await ledgerDim('category')).toEqual(
      add(before.category, { [catX]: [20000, 1], [catY]: [10000, 1] }),
    );

    // And back to one obra: the ledger row has its obra and category again, no parts.
    const back = await owner.client
      .from('accounts_payable')
      .update({ parts: null, project_id: obraB, category_id: catY })
      .eq('id', bill.id);
    expect(back.error).toBeNull();
    const { rows: again } = await db.query(
      `select parts, project_id, category_id from public.transactions where payable_id = $1`,
      [bill.id],
    );
    expect(again).toEqual([{ parts: null, project_id: obraB, category_id: catY }]);
    expect(await ledgerDim('project')).toEqual(add(before.project, { [obraB]: [30000, 1] }));
  });
});

describe('an obra, stage or category named only in parts', () => {
  it('is in use: deleting it is refused as for an entry of its own, removing a category archives it', async () => {
    const obraC = await createProject('Obra C');
    const { rows: stages } = await db.query<{ id: string }>(
      'select id from public.project_stages where project_id = $1',
      [obraC],
    );
    const stageOfC = stages[0]!.id;
    const { rows: cats } = await db.query<{ id: string }>(
      `insert into public.categories (company_id, name, type) values ($1, 'Ferramentas', 'expense') returning id`,
      [owner.company.id],
    );
    const catZ = cats[0]!.id;
    await createPayable(owner, 10, {
      parts: [
        { project_id: obraC, stage_id: stageOfC, category_id: catZ, amount: 4, percent: null },
        { project_id: obraA, stage_id: null, category_id: catX, amount: 6, percent: null },
      ],
    });

    const stage = await owner.client.from('project_stages').delete().eq('id', stageOfC);
    expect(stage.error).toMatchObject({ code: 'P0001', message: 'stage_in_use' });
    const project = await owner.client.from('projects').delete().eq('id', obraC);
    expect(project.error?.code).toBe('23503');
    expect(project.error?.message).toMatch(/update or delete on table "projects"/);
    const category = await owner.client.from('categories').delete().eq('id', catZ);
    expect(category.error?.code).toBe('23503');
    expect(category.error?.message).toMatch(/update or delete on table "categories"/);
    const retype = await owner.client
      .from('categories')
      .update({ type: 'income' })
      .eq('id', catZ);
    expect(retype.error).toMatchObject({ code: 'P0001', message: 'category_type_mismatch' });
    const removed = await owner.client.rpc('remove_category', { p_category_id: catZ });
    expect(removed).toMatchObject({ error: null, data: 'archived' });
    const { rows } = await db.query(
      `select (select count(*)::int from public.projects where id = $1) as projects,
              (select count(*)::int from public.project_stages where id = $2) as stages,
              (select is_active from public.categories where id = $3) as active`,
      [obraC, stageOfC, catZ],
    );
    expect(rows[0]).toEqual({ projects: 1, stages: 1, active: false });

    // Not named anywhere: deleted as before.
    const free = await createProject('Obra D');
    expect((await owner.client.from('projects').delete().eq('id', free)).error).toBeNull();
  });
});
