// Orçado × realizado per stage: project_budget and project_budget_totals against sums
// computed here from the raw rows (a partial payment, a reversed payment, an entry without stage and
// another company's rows that must not count); the stage belongs to the entry's obra
// (stage_project_mismatch); a stage with entries is kept (stage_in_use); the API may write stage_id.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let other: Member;
let account: string;
let obra: string;
let outraObra: string;
let fundacao: string;
let estrutura: string;
let acabamento: string; // no entries
let outraEtapa: string; // a stage of outraObra
let foreignStage: string; // a stage of another company's obra

async function createProject(member: Member, name: string, stages: string[], budget = 10000) {
  const { data, error } = await member.client.rpc('create_project', {
    p_company_id: member.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: budget,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: stages,
  });
  if (error) throw error;
  return data.id;
}

async function stageIds(projectId: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from public.project_stages where project_id = $1',
    [projectId],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

async function pay(member: Member, payableId: string, amount: number) {
  const { data, error } = await member.client.rpc('settle_payable', {
    p_payable_id: payableId,
    p_bank_account_id: account,
    p_paid_on: '2026-11-12',
    p_amount_paid: amount,
    p_today: '2026-11-20',
  });
  if (error) throw error;
  return data;
}

/** Independent sums from the raw tables: open amounts of pending payables, payment rows not reversed. */
async function expected(projectId: string, stageId: string | null | 'all') {
  const { rows } = await db.query<{ committed: string; realized: string }>(
    `select
       coalesce((select sum(p.amount - p.paid_amount) from public.accounts_payable p
                 where p.project_id = $1 and p.status = 'pending'
                   and ($2::text = 'all' or p.stage_id is not distinct from $2::uuid)), 0) as committed,
       coalesce((select sum(t.amount) from public.transactions t
                 join public.accounts_payable p on p.id = t.payable_id
                 where p.project_id = $1 and t.reversal_of is null
                   and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
                   and ($2::text = 'all' or p.stage_id is not distinct from $2::uuid)), 0) as realized`,
    [projectId, stageId === 'all' ? 'all' : stageId],
  );
  return { committed: Number(rows[0]!.committed), realized: Number(rows[0]!.realized) };
}

beforeAll(async () => {
  db = adminDb();
  [owner, other] = await Promise.all([createMember(), createMember()]);
  account = (await createBankAccount(owner, 100000)).id;
  obra = await createProject(owner, 'Casa Orçada', ['Fundação', 'Estrutura', 'Acabamento']);
  outraObra = await createProject(owner, 'Outra Obra', ['Planejamento']);
  const stages = await stageIds(obra);
  fundacao = stages['Fundação']!;
  estrutura = stages['Estrutura']!;
  acabamento = stages['Acabamento']!;
  outraEtapa = (await stageIds(outraObra))['Planejamento']!;
  const foreignObra = await createProject(other, 'Obra Alheia', ['Fundação']);
  foreignStage = (await stageIds(foreignObra))['Fundação']!;

  for (const [id, cost] of [
    [fundacao, 4000],
    [estrutura, 5000],
  ] as const) {
    const { error } = await owner.client
      .from('project_stages')
      .update({ estimated_cost: cost })
      .eq('id', id);
    if (error) throw error;
  }

  // Fundação: one bill paid in full (1000), one partially paid (300 of 800), one pending (250).
  const full = await createPayable(owner, 1000, { project_id: obra, stage_id: fundacao });
  await settlePayable(owner, full.id, account, '2026-11-12');
  const partial = await createPayable(owner, 800, { project_id: obra, stage_id: fundacao });
  await pay(owner, partial.id, 300);
  await createPayable(owner, 250, { project_id: obra, stage_id: fundacao });
  // Estrutura: 600 paid then the payment reversed (back to committed), and a receivable (never counts).
  const reversed = await createPayable(owner, 600, { project_id: obra, stage_id: estrutura });
  await settlePayable(owner, reversed.id, account, '2026-11-12');
  const { data: payments, error } = await owner.client
    .from('entry_payments')
    .select('id')
    .eq('entry_id', reversed.id);
  if (error) throw error;
  const rev = await owner.client.rpc('reverse_payment', {
    p_payment_id: payments[0]!.id!,
    p_reversed_on: '2026-11-13',
  });
  if (rev.error) throw rev.error;
  await createReceivable(owner, 9999, { project_id: obra, stage_id: estrutura });
  // Sem etapa: 150 paid, 70 pending.
  const loose = await createPayable(owner, 150, { project_id: obra });
  await settlePayable(owner, loose.id, account, '2026-11-12');
  await createPayable(owner, 70, { project_id: obra });
  // Another obra of the same company and another company: not counted here.
  await createPayable(owner, 5000, { project_id: outraObra, stage_id: outraEtapa });
}, 60_000);

afterAll(async () => {
  await db.end();
});

describe('project_budget (orçado × realizado per stage)', () => {
  it('per stage, Sem etapa and the obra equal sums computed from the raw rows', async () => {
    const { data, error } = await owner.client.rpc('project_budget', { p_project_id: obra });
    expect(error).toBeNull();
    const rows = data!;
    expect(rows.map((row) => [row.kind, row.stage_name])).toEqual([
      ['stage', 'Fundação'],
      ['stage', 'Estrutura'],
      ['stage', 'Acabamento'],
      ['none', 'Sem etapa'],
      ['total', null],
    ]);
    const byStage = (id: string | null, kind = 'stage') =>
      rows.find((row) => row.kind === kind && row.stage_id === id)!;

    for (const [id, budget] of [
      [fundacao, 4000],
      [estrutura, 5000],
      [acabamento, null],
    ] as const) {
      const row = byStage(id);
      const sums = await expected(obra, id);
      expect({ budget: row.budget, committed: row.committed, realized: row.realized }).toEqual({
        budget,
        ...sums,
      });
    }
    // The known figures, so the independent query cannot agree by being wrong the same way.
    expect(byStage(fundacao)).toMatchObject({
      committed: 750,
      realized: 1300,
      balance: 1950,
      used_percent: 51.3,
    });
    expect(byStage(estrutura)).toMatchObject({
      committed: 600,
      realized: 0,
      balance: 4400,
      used_percent: 12,
    });
    expect(byStage(acabamento)).toMatchObject({
      committed: 0,
      realized: 0,
      balance: null,
      used_percent: null,
    });

    const none = rows.find((row) => row.kind === 'none')!;
    expect({ committed: none.committed, realized: none.realized }).toEqual(
      await expected(obra, null),
    );
    expect(none).toMatchObject({ committed: 70, realized: 150 });

    const total = rows.find((row) => row.kind === 'total')!;
    expect({ committed: total.committed, realized: total.realized }).toEqual(
      await expected(obra, 'all'),
    );
    expect(total).toMatchObject({
      budget: 10000,
      committed: 1420,
      realized: 1450,
      balance: 7130,
      used_percent: 28.7,
    });
  });

  it('project_budget_totals gives each obra the same totals', async () => {
    const { data, error } = await owner.client.rpc('project_budget_totals', {
      p_company_id: owner.company.id,
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data!.find((row) => row.project_id === obra)).toMatchObject({
      budget: 10000,
      committed: 1420,
      realized: 1450,
    });
    expect(data!.find((row) => row.project_id === outraObra)).toMatchObject({
      committed: 5000,
      realized: 0,
    });
  });

  it("another company's obra is not found", async () => {
    const { data: theirs } = await other.client.from('projects').select('id');
    const { error } = await owner.client.rpc('project_budget', { p_project_id: theirs![0]!.id });
    expect(error).toMatchObject({ code: 'P0001', message: 'project_not_found' });
    const totals = await other.client.rpc('project_budget_totals', {
      p_company_id: owner.company.id,
    });
    expect(totals.error).toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });
});

describe('the stage of an entry', () => {
  it('refuses a stage of another obra or another company (stage_project_mismatch)', async () => {
    const { error } = await owner.client.from('accounts_payable').insert({
      company_id: owner.company.id,
      description: 'Areia',
      amount: 10,
      due_date: '2026-11-20',
      project_id: obra,
      stage_id: outraEtapa,
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'stage_project_mismatch' });
    const foreign = await owner.client.from('accounts_receivable').insert({
      company_id: owner.company.id,
      description: 'Parcela',
      amount: 10,
      due_date: '2026-11-20',
      project_id: obra,
      stage_id: foreignStage,
    });
    expect(foreign.error).toMatchObject({ code: 'P0001', message: 'stage_project_mismatch' });
    const noObra = await owner.client.from('accounts_payable').insert({
      company_id: owner.company.id,
      description: 'Areia',
      amount: 10,
      due_date: '2026-11-20',
      stage_id: fundacao,
    });
    expect(noObra.error).toMatchObject({ code: 'P0001', message: 'stage_project_mismatch' });
  });

  it('moving the entry to another obra clears its stage; naming a stage of another obra is refused', async () => {
    const entry = await createPayable(owner, 40, { project_id: obra, stage_id: estrutura });
    const setWrong = await owner.client
      .from('accounts_payable')
      .update({ stage_id: outraEtapa })
      .eq('id', entry.id);
    expect(setWrong.error).toMatchObject({ code: 'P0001', message: 'stage_project_mismatch' });

    const moved = await owner.client
      .from('accounts_payable')
      .update({ project_id: outraObra })
      .eq('id', entry.id)
      .select('project_id, stage_id')
      .single();
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ project_id: outraObra, stage_id: null });

    const both = await owner.client
      .from('accounts_payable')
      .update({ project_id: obra, stage_id: fundacao })
      .eq('id', entry.id)
      .select('stage_id')
      .single();
    expect(both.data).toEqual({ stage_id: fundacao });
    const view = await owner.client
      .from('entries')
      .select('stage_id, stage_name')
      .eq('id', entry.id)
      .single();
    expect(view.data).toEqual({ stage_id: fundacao, stage_name: 'Fundação' });
    await db.query('delete from public.accounts_payable where id = $1', [entry.id]);
  });

  it('a stage with entries cannot be removed (stage_in_use); an unused one can', async () => {
    const { error } = await owner.client.from('project_stages').delete().eq('id', estrutura);
    expect(error).toMatchObject({ code: 'P0001', message: 'stage_in_use' });
    const { rows } = await db.query('select 1 from public.project_stages where id = $1', [
      estrutura,
    ]);
    expect(rows).toHaveLength(1);

    const { data: extra, error: insertError } = await owner.client
      .from('project_stages')
      .insert({
        company_id: owner.company.id,
        project_id: obra,
        name: 'Paisagismo',
        order_index: 9,
      })
      .select()
      .single();
    expect(insertError).toBeNull();
    const removed = await owner.client
      .from('project_stages')
      .delete()
      .eq('id', extra!.id)
      .select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
  });

  it('the stage budget is range-checked', async () => {
    const { error } = await owner.client
      .from('project_stages')
      .update({ estimated_cost: -1 })
      .eq('id', acabamento);
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('project_stages_estimated_cost_check'),
    });
  });

  it('column grants let the API write stage_id on both tables, and nothing new besides', async () => {
    const { rows } = await db.query<{ t: string; p: string }>(
      `select table_name as t, privilege_type as p from information_schema.column_privileges
       where grantee = 'authenticated' and column_name = 'stage_id' and table_schema = 'public'
         and table_name in ('accounts_payable', 'accounts_receivable') order by 1, 2`,
    );
    expect(rows.map((row) => `${row.t}.${row.p}`)).toEqual([
      'accounts_payable.INSERT',
      'accounts_payable.SELECT',
      'accounts_payable.UPDATE',
      'accounts_receivable.INSERT',
      'accounts_receivable.SELECT',
      'accounts_receivable.UPDATE',
    ]);
    const { rows: paid } = await db.query<{ ok: boolean }>(
      `select has_column_privilege('authenticated', 'public.accounts_payable', 'paid_amount', 'UPDATE') as ok`,
    );
    expect(paid[0]!.ok).toBe(false);
  });
});
