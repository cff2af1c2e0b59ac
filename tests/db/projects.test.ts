// Obras: create_project (project + stages, all or nothing) and project_financials (paid expenses
// and revenues per obra) against independent sums, and tenancy.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, createMember, noExecute } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;
let account: string;
let foreignAccount: string;
let casaA: string; // paid and pending payables and receivables
let casaB: string; // one paid payable
let casaVazia: string; // nothing
let foreignProject: string;

const baseProject = {
  p_address: 'Rua das Flores, 10',
  p_client_name: 'João Souza',
  p_budget: 100000,
  p_start_date: '2026-01-10',
  p_end_date: '2026-12-20',
};

async function createProject(member: Member, name: string): Promise<string> {
  const { data, error } = await member.client.rpc('create_project', {
    ...baseProject,
    p_company_id: member.company.id,
    p_name: name,
    p_stages: ['Planejamento'],
  });
  if (error) throw error;
  return data.id;
}

async function bankAccount(member: Member): Promise<string> {
  return (await createBankAccount(member, 100000, { name: 'Conta' })).id;
}

async function payable(
  member: Member,
  projectId: string | null,
  amount: number,
  settleWith?: string,
) {
  const entry = await createPayable(member, amount, {
    description: 'Compra de material',
    due_date: '2026-11-10',
    project_id: projectId,
  });
  if (settleWith) await settlePayable(member, entry.id, settleWith, '2026-11-12');
}

async function receivable(
  member: Member,
  projectId: string | null,
  amount: number,
  settleWith?: string,
) {
  const entry = await createReceivable(member, amount, {
    description: 'Parcela do cliente',
    due_date: '2026-11-10',
    project_id: projectId,
  });
  if (settleWith) await settleReceivable(member, entry.id, settleWith, '2026-11-12');
}

async function projectCount(companyId: string, name: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from public.projects where company_id = $1 and name = $2',
    [companyId, name],
  );
  return Number(rows[0]?.n ?? 0);
}

async function stageCount(companyId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select count(*) as n from public.project_stages where company_id = $1',
    [companyId],
  );
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Obras');
  outsider = await createMember('Construtora Vizinha Obras');
  account = await bankAccount(owner);
  foreignAccount = await bankAccount(outsider);

  casaA = await createProject(owner, 'Casa A');
  casaB = await createProject(owner, 'Casa B');
  casaVazia = await createProject(owner, 'Casa Vazia');
  foreignProject = await createProject(outsider, 'Casa do Vizinho');

  await payable(owner, casaA, 1500.5, account);
  await payable(owner, casaA, 249.75, account);
  await payable(owner, casaA, 900, undefined); // pending: not spent yet
  await receivable(owner, casaA, 5000, account);
  await receivable(owner, casaA, 1234.56, undefined); // pending: not received yet
  await payable(owner, casaB, 80.1, account);
  await payable(owner, null, 300, account); // paid but of no obra

  // Another company's money must never show up in the owner's numbers.
  await payable(outsider, foreignProject, 7777, foreignAccount);
  await receivable(outsider, foreignProject, 8888, foreignAccount);
});

afterAll(async () => {
  await db.end();
});

describe('create_project', () => {
  it('creates the obra and its stages in the given order', async () => {
    const { data, error } = await owner.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: '  Sobrado Centro  ',
      p_description: 'Sobrado de 3 andares',
      p_priority: 'high',
      p_status: 'in_progress',
      p_stages: ['Planejamento', 'Fundação', 'Paisagismo'],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      company_id: owner.company.id,
      name: 'Sobrado Centro',
      description: 'Sobrado de 3 andares',
      address: 'Rua das Flores, 10',
      client_name: 'João Souza',
      budget: 100000,
      start_date: '2026-01-10',
      end_date: '2026-12-20',
      priority: 'high',
      status: 'in_progress',
      completion_percentage: 0,
    });

    const stages = await owner.client
      .from('project_stages')
      .select('name, description, order_index, estimated_cost, is_completed')
      .eq('project_id', data?.id ?? '')
      .order('order_index');
    expect(stages.error).toBeNull();
    expect(stages.data).toEqual([
      {
        name: 'Planejamento',
        description: 'Etapa Planejamento',
        order_index: 0,
        estimated_cost: null,
        is_completed: false,
      },
      {
        name: 'Fundação',
        description: 'Etapa Fundação',
        order_index: 1,
        estimated_cost: null,
        is_completed: false,
      },
      {
        name: 'Paisagismo',
        description: 'Etapa Paisagismo',
        order_index: 2,
        estimated_cost: null,
        is_completed: false,
      },
    ]);
  });

  it('leaves nothing behind when a stage is invalid (after some stages were inserted)', async () => {
    const stagesBefore = await stageCount(owner.company.id);
    const { data, error } = await owner.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Etapa Inválida',
      p_stages: ['Planejamento', 'Fundação', '   '],
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('invalid_stage');
    expect(await projectCount(owner.company.id, 'Obra Etapa Inválida')).toBe(0);
    expect(await stageCount(owner.company.id)).toBe(stagesBefore);
  });

  it('leaves nothing behind when a stage name breaks a constraint', async () => {
    const stagesBefore = await stageCount(owner.company.id);
    const { error } = await owner.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Etapa Longa',
      p_stages: ['Planejamento', 'x'.repeat(121)],
    });
    // Refused before anything is written (the table's project_stages_name_length would too).
    expect(error).toMatchObject({ code: 'P0001', message: 'text_too_long', details: 'stage' });
    expect(await projectCount(owner.company.id, 'Obra Etapa Longa')).toBe(0);
    expect(await stageCount(owner.company.id)).toBe(stagesBefore);
  });

  it('refuses an expected end before the start and creates nothing', async () => {
    const { data, error } = await owner.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Datas Trocadas',
      p_start_date: '2026-05-10',
      p_end_date: '2026-05-09',
      p_stages: ['Planejamento'],
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('project_end_before_start');
    expect(await projectCount(owner.company.id, 'Obra Datas Trocadas')).toBe(0);
  });

  it('refuses an obra without stages or without a required field', async () => {
    const noStages = await owner.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Sem Etapas',
      p_stages: [],
    });
    expect(noStages.error?.message).toBe('project_stages_required');

    const noClient = await owner.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Sem Cliente',
      p_client_name: '  ',
      p_stages: ['Planejamento'],
    });
    expect(noClient.error?.message).toBe('project_required_fields');
    expect(await projectCount(owner.company.id, 'Obra Sem Etapas')).toBe(0);
    expect(await projectCount(owner.company.id, 'Obra Sem Cliente')).toBe(0);
  });

  it('refuses to create an obra in another company, and anonymously', async () => {
    const forged = await outsider.client.rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Forjada',
      p_stages: ['Planejamento'],
    });
    expect(forged.data).toBeNull();
    expect(forged.error?.message).toBe('not_a_member');

    const anon = await anonClient().rpc('create_project', {
      ...baseProject,
      p_company_id: owner.company.id,
      p_name: 'Obra Anônima',
      p_stages: ['Planejamento'],
    });
    expect(anon.data).toBeNull();
    expect(anon.error).toMatchObject(noExecute('create_project'));
    expect(await projectCount(owner.company.id, 'Obra Forjada')).toBe(0);
    expect(await projectCount(owner.company.id, 'Obra Anônima')).toBe(0);
  });
});

/** The same numbers computed directly from the tables, as the superuser, without the function. */
async function independent(projectId: string) {
  const expenses = await db.query<{ total: string | null }>(
    `select sum(amount) as total from public.accounts_payable where project_id = $1 and status = 'paid'`,
    [projectId],
  );
  const revenues = await db.query<{ total: string | null }>(
    `select sum(amount) as total from public.accounts_receivable where project_id = $1 and status = 'paid'`,
    [projectId],
  );
  return {
    paid_expenses: Number(expenses.rows[0]?.total ?? 0),
    paid_revenues: Number(revenues.rows[0]?.total ?? 0),
  };
}

describe('project_financials', () => {
  it('gives, per obra, paid expenses and revenues equal to independent sums', async () => {
    const { data, error } = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
    });
    expect(error).toBeNull();
    const ids = data?.map((r) => r.project_id) ?? [];
    for (const id of [casaA, casaB, casaVazia]) expect(ids).toContain(id);
    expect(ids).not.toContain(foreignProject);

    for (const id of [casaA, casaB, casaVazia]) {
      const row = data?.find((r) => r.project_id === id);
      expect({
        paid_expenses: Number(row?.paid_expenses),
        paid_revenues: Number(row?.paid_revenues),
      }).toEqual(await independent(id));
    }
  });

  it('counts only paid entries of the obra (known values)', async () => {
    const { data, error } = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: casaA,
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(Number(data?.[0]?.paid_expenses)).toBe(1750.25);
    expect(Number(data?.[0]?.paid_revenues)).toBe(5000);

    const empty = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: casaVazia,
    });
    expect(Number(empty.data?.[0]?.paid_expenses)).toBe(0);
    expect(Number(empty.data?.[0]?.paid_revenues)).toBe(0);
  });

  it('follows a reopened payment (estorno): spent goes back down', async () => {
    const { data: created, error } = await owner.client
      .from('accounts_payable')
      .insert({
        company_id: owner.company.id,
        description: 'Areia',
        amount: 100,
        due_date: '2026-11-10',
        project_id: casaB,
      })
      .select('id')
      .single();
    if (error) throw error;
    await owner.client.rpc('settle_payable', {
      p_payable_id: created.id,
      p_bank_account_id: account,
      p_paid_on: '2026-11-12',
    });
    const after = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: casaB,
    });
    expect(Number(after.data?.[0]?.paid_expenses)).toBe(180.1);

    const reopened = await owner.client.rpc('reopen_payable', { p_payable_id: created.id });
    expect(reopened.error).toBeNull();
    const back = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: casaB,
    });
    expect(Number(back.data?.[0]?.paid_expenses)).toBe(80.1);
  });

  it("is refused to another company's user and never leaks their obras", async () => {
    const theirs = await outsider.client.rpc('project_financials', {
      p_company_id: owner.company.id,
    });
    expect(theirs.data).toBeNull();
    expect(theirs.error?.message).toBe('not_a_member');

    const mine = await outsider.client.rpc('project_financials', {
      p_company_id: outsider.company.id,
    });
    expect(mine.error).toBeNull();
    expect(mine.data?.map((r) => r.project_id)).toEqual([foreignProject]);
    expect(Number(mine.data?.[0]?.paid_expenses)).toBe(7777);
    expect(Number(mine.data?.[0]?.paid_revenues)).toBe(8888);

    // The owner asking about the outsider's obra through their own company gets nothing.
    const forged = await owner.client.rpc('project_financials', {
      p_company_id: owner.company.id,
      p_project_id: foreignProject,
    });
    expect(forged.error).toBeNull();
    expect(forged.data).toEqual([]);

    // Nor can the outsider read the owner's obras, stages or team directly.
    const projects = await outsider.client
      .from('projects')
      .select('id')
      .eq('company_id', owner.company.id);
    expect(projects.data).toEqual([]);
    const stages = await outsider.client
      .from('project_stages')
      .select('id')
      .eq('project_id', casaA);
    expect(stages.data).toEqual([]);
  });

  it('is not callable anonymously', async () => {
    const { data, error } = await anonClient().rpc('project_financials', {
      p_company_id: owner.company.id,
    });
    expect(data).toBeNull();
    expect(error).toMatchObject(noExecute('project_financials'));
  });
});
