// Rateio (issue 33), the kept totals and the ledger: a payment (and its estorno) of a split entry
// carries the entry's parts; a partial payment with juros, multa and desconto is apportioned to the
// parts exactly to the centavo, on the entry side (private.entry_totals by obra / categoria) and on
// the ledger side (private.ledger_*_totals); the estorno cancels it per part; a new split of a paid
// entry restates the realizado; an obra, stage or category named only in parts is in use.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../src/lib/apportion';
import { adminDb, createMember } from './helpers';
import { compareLedgerTotals, keptEntryTotals, summedEntryTotals } from './kept-totals';
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

/** A payment's parts when it paid the whole entry without juros, multa or desconto: the entry's
 *  parts, each with its principal = its amount (private.ledger_parts). */
function paidInFull<T extends { amount: number }>(parts: T[]) {
  return parts.map((p) => ({ ...p, principal: p.amount, interest: 0, fine: 0, discount: 0 }));
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

    // The payment row: 50,01 + 1,00 + 0,03 − 0,02 = 51,02, the entry's parts with the row's own
    // share of each as amount (private.ledger_parts), no obra or category. Its shares are the
    // entry side's (below): paid, juros, multa and desconto each apportioned, then summed, not
    // 51,02 apportioned alone (17,01 / 17,00 / 17,01), so the reports by period agree with
    // orçado × realizado to the centavo.
    const rowParts = parts.map((p, i) => ({
      ...p,
      amount: [17, 17.01, 17.01][i],
      principal: 16.67,
      interest: [0.33, 0.33, 0.34][i],
      fine: 0.01,
      discount: [0.01, 0, 0.01][i],
    }));
    const { rows: ledger } = await db.query(
      `select id, amount::text, parts, project_id, category_id from public.transactions where payable_id = $1`,
      [bill.id],
    );
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      amount: '51.02',
      project_id: null,
      category_id: null,
      parts: rowParts,
    });
    expect(apportion([1700, 1701, 1701], 5102)).toEqual([1700, 1701, 1701]);
    expect(await ledgerDim('project')).toEqual({
      [obraA]: [1700, 1],
      [obraB]: [1701, 1],
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
    expect(estorno).toEqual([
      { amount: '51.02', parts: rowParts, project_id: null, category_id: null },
    ]);
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
    expect(rows).toEqual([
      { parts: paidInFull(parts), project_id: null, category_id: null, amount: '1000.00' },
    ]);

    const reopened = await owner.client.rpc('reopen_receivable', {
      p_receivable_id: id,
      p_reopened_on: '2026-04-03',
    });
    expect(reopened.error).toBeNull();
    const { rows: estornos } = await db.query(
      `select parts from public.transactions where receivable_id = $1 and reversal_of is not null`,
      [id],
    );
    expect(estornos).toEqual([{ parts: paidInFull(parts) }]);

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
    expect(rows).toEqual([{ parts: paidInFull(parts), project_id: null, category_id: null }]);
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
    expect(project.error?.message).toBe('reference_in_use');
    const category = await owner.client.from('categories').delete().eq('id', catZ);
    expect(category.error?.code).toBe('23503');
    expect(category.error?.message).toBe('reference_in_use');
    const retype = await owner.client.from('categories').update({ type: 'income' }).eq('id', catZ);
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

  it('does not keep a company being deleted from going, with its split entries', async () => {
    const gone = await createMember('Construtora que Encerra');
    const { rows: made } = await db.query<{ id: string }>(
      `insert into public.projects (company_id, name) values ($1, 'Obra X'), ($1, 'Obra Y') returning id`,
      [gone.company.id],
    );
    const { rows: cat } = await db.query<{ id: string }>(
      `insert into public.categories (company_id, name, type) values ($1, 'Concreto', 'expense') returning id`,
      [gone.company.id],
    );
    // Unpaid: a company with payments is refused its delete by guard_settled_entry, as before.
    await createPayable(gone, 10, {
      parts: [
        {
          project_id: made[0]!.id,
          stage_id: null,
          category_id: cat[0]!.id,
          amount: 4,
          percent: null,
        },
        { project_id: made[1]!.id, stage_id: null, category_id: null, amount: 6, percent: null },
      ],
    });
    await db.query('delete from public.companies where id = $1', [gone.company.id]);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.projects where company_id = $1',
      [gone.company.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

/** mulberry32: the same sequence for a seed, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('kept totals with random splits', () => {
  it('equal the sums over the rows, parts expanded, after random writes and split changes', async () => {
    const seed = Number(process.env.RATEIO_TOTALS_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const money = () => 100 + Math.floor(next() * 900_000); // centavos
    const day = () =>
      `2026-0${1 + Math.floor(next() * 6)}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const projects = [obraA, obraB, null];
    const stageOf: Record<string, string> = { [obraA]: stageOfA };
    const categories = { expense: [catX, catY, null], income: [incomeCat, null] };
    const done = new Map<string, number>();
    const did = (k: string) => done.set(k, (done.get(k) ?? 0) + 1);
    /** 2–5 parts of amountCents (each > 0), random obra (or Geral), etapa and categoria. */
    const split = (kind: 'expense' | 'income', amountCents: number) => {
      const n = 2 + Math.floor(next() * 4);
      const weights = Array.from({ length: n }, () => 10 + Math.floor(next() * 91));
      const amounts = apportion(weights, amountCents);
      return amounts.map((a) => {
        const project = pick(projects);
        return {
          project_id: project,
          stage_id: project && stageOf[project] && next() < 0.5 ? stageOf[project] : null,
          category_id: pick(categories[kind]),
          amount: a / 100,
          percent: null,
        };
      });
    };
    const own = (kind: 'expense' | 'income') => ({
      parts: null,
      project_id: pick(projects),
      category_id: pick(categories[kind]),
    });
    const shape = (kind: 'expense' | 'income', amountCents: number) =>
      next() < 0.34
        ? { parts: split(kind, amountCents), project_id: null, stage_id: null, category_id: null }
        : own(kind);
    const rpc = async (fn: string, args: Record<string, unknown>, label = fn) => {
      const { error } = await owner.client.rpc(fn as never, args as never);
      if (error) throw new Error(`${fn} (seed ${seed}): ${error.message}`);
      did(label.replace(/_(payable|receivable)$/, ''));
    };

    const entries: { kind: 'expense' | 'income'; id: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const kind = i % 3 === 0 ? 'income' : 'expense';
      const amount = money();
      const table = kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
      const { data, error } = await owner.client
        .from(table)
        .insert({
          company_id: owner.company.id,
          description: `Rateio ${i}`,
          amount: amount / 100,
          due_date: day(),
          bank_account_id: next() < 0.5 ? account : null,
          ...shape(kind, amount),
        } as never)
        .select('id')
        .single();
      if (error) throw new Error(`insert (seed ${seed}): ${error.message}`);
      entries.push({ kind, id: (data as { id: string }).id });
    }

    for (let step = 0; step < 160; step++) {
      const e = pick(entries);
      const table = e.kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
      const { rows } = await db.query<{
        status: string;
        open_amount: string;
        amount: string;
        approval: string;
        ledger: boolean;
      }>(
        `select e.status, e.open_amount, e.amount,
                ${e.kind === 'expense' ? 'e.approval_status' : `'approved'`} as approval,
                exists (select 1 from public.transactions t where t.payable_id = e.id or t.receivable_id = e.id) as ledger
         from public.${table} e where e.id = $1`,
        [e.id],
      );
      const row = rows[0];
      if (!row) continue;
      const idArg = e.kind === 'expense' ? 'p_payable_id' : 'p_receivable_id';
      const op = next();
      if (e.kind === 'expense' && op < 0.06) {
        if (row.approval === 'approved' && !row.ledger) {
          await db.query(
            `update public.accounts_payable set approval_status = 'pending' where id = $1`,
            [e.id],
          );
          did('awaiting');
        } else if (row.approval !== 'approved') {
          await db.query(
            `update public.accounts_payable set approval_status = 'approved' where id = $1`,
            [e.id],
          );
          did('approval');
        }
      } else if (row.approval !== 'approved') {
        continue;
      } else if (row.status === 'pending' && op < 0.45) {
        const open = cents(row.open_amount);
        const partial = next() < 0.5 && open > 2;
        await rpc(e.kind === 'expense' ? 'settle_payable' : 'settle_receivable', {
          [idArg]: e.id,
          p_bank_account_id: account,
          [e.kind === 'expense' ? 'p_paid_on' : 'p_received_on']: day(),
          p_today: '2026-07-01',
          ...(partial ? { p_amount_paid: Math.floor(open * next() * 0.9 + 1) / 100 } : {}),
          ...(next() < 0.4 ? { p_interest: 12.37, p_fine: 0.05 } : {}),
          ...(next() < 0.3 ? { p_discount: 0.07 } : {}),
        });
      } else if (op < 0.58) {
        const { rows: payments } = await db.query<{ id: string }>(
          `select t.id from public.standing_transactions t
           where t.payable_id = $1 or t.receivable_id = $1 order by t.created_at limit 1`,
          [e.id],
        );
        if (payments[0])
          await rpc('reverse_payment', { p_payment_id: payments[0].id, p_reversed_on: day() });
      } else if (row.status === 'paid' && op < 0.66) {
        await rpc(e.kind === 'expense' ? 'reopen_payable' : 'reopen_receivable', {
          [idArg]: e.id,
          p_reopened_on: day(),
        });
      } else if (op < 0.95) {
        // A new split (or none) of any entry, paid ones included; a new amount of one never paid.
        const change: Record<string, unknown> =
          !row.ledger && next() < 0.3
            ? (() => {
                const amount = money();
                return { amount: amount / 100, ...shape(e.kind, amount) };
              })()
            : { stage_id: null, ...shape(e.kind, cents(row.amount)) };
        const { error } = await owner.client
          .from(table)
          .update(change as never)
          .eq('id', e.id);
        if (error)
          throw new Error(`edit (seed ${seed}) ${JSON.stringify(change)}: ${error.message}`);
        did(row.ledger ? 'split paid' : 'split');
      } else if (!row.ledger) {
        await rpc('delete_entry', { p_kind: e.kind, p_id: e.id, p_scope: 'one' });
      }
      if (step % 40 === 39) {
        expect(await keptEntryTotals(db, owner.company.id), `seed ${seed}, step ${step}`).toEqual(
          await summedEntryTotals(db, owner.company.id),
        );
        await compareLedgerTotals(db, owner.company.id, `seed ${seed}, step ${step}`);
      }
    }
    for (const kind of ['settle', 'reverse_payment', 'split', 'split paid'])
      expect(done.get(kind) ?? 0, `${kind}, seed ${seed}`).toBeGreaterThan(0);
    const { rows: splitPaid } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.standing_transactions where company_id = $1 and parts is not null`,
      [owner.company.id],
    );
    expect(splitPaid[0]!.n, `seed ${seed}`).toBeGreaterThan(0);
    expect(await keptEntryTotals(db, owner.company.id), `seed ${seed}`).toEqual(
      await summedEntryTotals(db, owner.company.id),
    );
    await compareLedgerTotals(db, owner.company.id, `seed ${seed}`);
  });
});
