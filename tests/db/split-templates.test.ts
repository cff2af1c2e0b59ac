// Rateio padrão (issue 33): a company's saved splits. A budget template shares an amount among the
// active obras (planning, in_progress; budget > 0) in proportion to their budgets, exact to the
// centavo, closed and paused obras left out; a fixed template applies its percentages. What the
// template names is checked when saved and again when applied; readers read, admin and financeiro
// write (the role × action matrix: tests/db/role-matrix.test.ts).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../src/lib/apportion';
import { adminDb, asMember, createMember, createUser, rlsViolation } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let other: Member;
const obra = {} as Record<
  'a' | 'b' | 'c' | 'paused' | 'done' | 'cancelled' | 'noBudget' | 'foreign',
  string
>;
let stageOfB: string;
let admin: string;
let materiais: string;
let venda: string;

async function createProject(member: Member, name: string, budget: number, status: string) {
  const { data, error } = await member.client.rpc('create_project', {
    p_company_id: member.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: budget,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: ['Fundação'],
    p_status: status,
  });
  if (error) throw error;
  return data.id as string;
}

type TemplateInsert = {
  name: string;
  method: 'fixed' | 'budget';
  kind?: 'expense' | 'income' | 'both';
  category_id?: string | null;
  parts?: unknown;
  is_default?: boolean;
};

function insertTemplate(member: Member, row: TemplateInsert) {
  return member.client
    .from('split_templates')
    .insert({ company_id: member.company.id, ...row, parts: row.parts as never })
    .select('id, is_default, kind')
    .single();
}

async function template(row: TemplateInsert, member: Member = owner): Promise<string> {
  const { data, error } = await insertTemplate(member, row);
  if (error) throw error;
  return data.id;
}

function partsFor(member: Member, templateId: string, amount: number) {
  return member.client.rpc('split_template_parts', {
    p_template_id: templateId,
    p_amount: amount,
  });
}

async function setStatus(projectId: string, status: string) {
  await db.query('update public.projects set status = $2 where id = $1', [projectId, status]);
}

beforeAll(async () => {
  db = adminDb();
  [owner, other] = await Promise.all([createMember(), createMember()]);
  // Names sort A, B, C...: the parts' order.
  obra.a = await createProject(owner, 'A Casa Jardim', 450000, 'in_progress');
  obra.b = await createProject(owner, 'B Casa Vila', 280000, 'in_progress');
  obra.c = await createProject(owner, 'C Casa Parque', 190000, 'planning');
  obra.paused = await createProject(owner, 'D Parada', 100000, 'paused');
  obra.done = await createProject(owner, 'E Entregue', 300000, 'completed');
  obra.cancelled = await createProject(owner, 'F Cancelada', 300000, 'cancelled');
  obra.noBudget = await createProject(owner, 'G Sem orçamento', 0, 'in_progress');
  obra.foreign = await createProject(other, 'Obra alheia', 100000, 'in_progress');
  const { rows: stages } = await db.query<{ id: string }>(
    'select id from public.project_stages where project_id = $1',
    [obra.b],
  );
  stageOfB = stages[0]!.id;
  const { rows } = await db.query<{ id: string; name: string }>(
    `insert into public.categories (company_id, name, type)
     values ($1, 'Administrativo', 'expense'), ($1, 'Materiais', 'expense'), ($1, 'Venda', 'income')
     returning id, name`,
    [owner.company.id],
  );
  const byName = (name: string) => rows.find((r) => r.name === name)!.id;
  admin = byName('Administrativo');
  materiais = byName('Materiais');
  venda = byName('Venda');
});

afterAll(async () => {
  await db.end();
});

describe('budget method', () => {
  let overhead: string;
  beforeAll(async () => {
    overhead = await template({
      name: 'Despesas administrativas',
      method: 'budget',
      category_id: admin,
      is_default: true,
    });
  });

  it('shares an amount among the active obras by budget, exact to the centavo', async () => {
    const { data, error } = await partsFor(owner, overhead, 1000);
    expect(error).toBeNull();
    // 1000 × 450/920 = 489.130…, × 280/920 = 304.347…, × 190/920 = 206.521…: floors sum to 999.99,
    // the centavo left goes to the largest remainder (B's .78).
    expect(data).toEqual([
      {
        pos: 1,
        project_id: obra.a,
        stage_id: null,
        category_id: admin,
        amount: 489.13,
        percent: null,
      },
      {
        pos: 2,
        project_id: obra.b,
        stage_id: null,
        category_id: admin,
        amount: 304.35,
        percent: null,
      },
      {
        pos: 3,
        project_id: obra.c,
        stage_id: null,
        category_id: admin,
        amount: 206.52,
        percent: null,
      },
    ]);
  });

  it('is within a centavo of each exact share and sums to the amount, for any amount', async () => {
    const budgets = [450000, 280000, 190000];
    const total = budgets.reduce((a, b) => a + b, 0);
    for (const cents of [3, 7, 101, 99999, 123457, 1800000, 99999999999]) {
      const { data, error } = await partsFor(owner, overhead, cents / 100);
      expect(error).toBeNull();
      const got = data!.map((p) => Math.round(p.amount * 100));
      expect(got.reduce((a, b) => a + b, 0)).toBe(cents);
      got.forEach((share, i) => {
        expect(Math.abs(share - (cents * budgets[i]!) / total)).toBeLessThan(1);
      });
      // The app's own rule (src/lib/apportion.ts) gives the same centavos.
      expect(got).toEqual(apportion(budgets, cents));
    }
  });

  it('its parts are a split the database accepts on a bill', async () => {
    const { data } = await partsFor(owner, overhead, 1450);
    const { error } = await owner.client.from('accounts_payable').insert({
      company_id: owner.company.id,
      description: 'Honorários contador',
      amount: 1450,
      due_date: '2026-12-10',
      parts: data!.map((p) => ({
        project_id: p.project_id,
        stage_id: p.stage_id,
        category_id: p.category_id,
        amount: p.amount,
        percent: p.percent,
      })) as never,
    });
    expect(error).toBeNull();
  });

  it('leaves out an obra once it is completed, cancelled or paused', async () => {
    await setStatus(obra.c, 'completed');
    try {
      const { data, error } = await partsFor(owner, overhead, 100);
      expect(error).toBeNull();
      // 100 × 450/730 = 61.643…, × 280/730 = 38.356…
      expect(data!.map((p) => [p.project_id, p.amount])).toEqual([
        [obra.a, 61.64],
        [obra.b, 38.36],
      ]);
    } finally {
      await setStatus(obra.c, 'planning');
    }
  });

  it('refuses with fewer than two active obras with a budget', async () => {
    const lone = await createMember();
    await createProject(lone, 'Única', 100000, 'in_progress');
    await createProject(lone, 'Concluída', 100000, 'completed');
    const id = await template({ name: 'Rateio', method: 'budget' }, lone);
    const { error } = await partsFor(lone, id, 100);
    expect(error).toMatchObject({ code: 'P0001', message: 'split_template_no_projects' });
  });

  it('refuses an amount too small for every obra to get a centavo', async () => {
    const { error } = await partsFor(owner, overhead, 0.02);
    expect(error).toMatchObject({ code: 'P0001', message: 'split_template_amount_too_small' });
  });

  it('refuses an invalid amount', async () => {
    const { error } = await partsFor(owner, overhead, 10.001);
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_amount' });
  });
});

describe('fixed method', () => {
  const fixed = () => [
    { project_id: obra.a, stage_id: null, category_id: materiais, percent: 60 },
    { project_id: obra.b, stage_id: stageOfB, category_id: materiais, percent: 40 },
  ];

  it('applies its percentages by largest remainder', async () => {
    const id = await template({ name: 'Concreto 60/40', method: 'fixed', parts: fixed() });
    const { data, error } = await partsFor(owner, id, 1000.01);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        pos: 1,
        project_id: obra.a,
        stage_id: null,
        category_id: materiais,
        amount: 600.01,
        percent: 60,
      },
      {
        pos: 2,
        project_id: obra.b,
        stage_id: stageOfB,
        category_id: materiais,
        amount: 400,
        percent: 40,
      },
    ]);
  });

  it('refuses, when saved, what an entry would refuse (nothing saved)', async () => {
    const [a, b] = fixed();
    const cases: [unknown, string, Partial<TemplateInsert>?][] = [
      [[a, { ...b, percent: 39 }], 'split_template_percent_sum'],
      [[a, { ...b, percent: 40.001, stage_id: null }], 'split_invalid'],
      [[a], 'split_invalid'],
      [[a, { ...b, amount: 10 }], 'split_invalid'],
      [[a, { ...b, project_id: obra.foreign, stage_id: null }], 'split_project_not_found'],
      [[a, { ...b, project_id: obra.done, stage_id: null }], 'split_project_closed'],
      [[a, { ...b, project_id: obra.a }], 'stage_project_mismatch'],
      [[a, { ...b, category_id: venda }], 'category_type_mismatch'],
      [[a, b], 'category_type_mismatch', { kind: 'both' }],
      [[a, b], 'category_type_mismatch', { kind: 'income' }],
    ];
    const { count: before } = await owner.client
      .from('split_templates')
      .select('id', { count: 'exact', head: true });
    for (const [parts, key, extra] of cases) {
      const { error } = await insertTemplate(owner, {
        name: `Inválido ${key}`,
        method: 'fixed',
        parts,
        ...extra,
      });
      expect(error, key).toMatchObject({ code: 'P0001', message: key });
    }
    const { count: after } = await owner.client
      .from('split_templates')
      .select('id', { count: 'exact', head: true });
    expect(after).toBe(before);
  });

  it('a budget template names a categoria of its kind', async () => {
    const { error } = await insertTemplate(owner, {
      name: 'Receita por orçamento',
      method: 'budget',
      kind: 'income',
      category_id: materiais,
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'category_type_mismatch' });
    const ok = await insertTemplate(owner, {
      name: 'Receita por orçamento',
      method: 'budget',
      kind: 'income',
      category_id: venda,
    });
    expect(ok.error).toBeNull();
  });

  it('is refused when applied after one of its obras closed, and can still be renamed', async () => {
    const id = await template({
      name: 'Com obra que fecha',
      method: 'fixed',
      parts: [
        { project_id: obra.c, percent: 50 },
        { project_id: null, percent: 50 },
      ],
    });
    await setStatus(obra.c, 'cancelled');
    try {
      const { error } = await partsFor(owner, id, 100);
      expect(error).toMatchObject({ code: 'P0001', message: 'split_project_closed' });
      const renamed = await owner.client
        .from('split_templates')
        .update({ name: 'Com obra fechada' })
        .eq('id', id)
        .select('id');
      expect(renamed.error).toBeNull();
      expect(renamed.data).toHaveLength(1);
    } finally {
      await setStatus(obra.c, 'planning');
    }
  });
});

describe('defaults and access', () => {
  it('one default per kind: marking another clears the previous, other kinds keep theirs', async () => {
    const company = await createMember();
    const first = await template({ name: 'Primeiro', method: 'budget', is_default: true }, company);
    const income = await template(
      { name: 'Receitas', method: 'budget', kind: 'income', is_default: true },
      company,
    );
    const second = await template({ name: 'Segundo', method: 'budget', is_default: true }, company);
    const { data } = await company.client
      .from('split_templates')
      .select('id, is_default')
      .order('name');
    expect(data).toEqual([
      { id: first, is_default: false },
      { id: income, is_default: true },
      { id: second, is_default: true },
    ]);
  });

  it('a name is unique in the company', async () => {
    const company = await createMember();
    await template({ name: 'Escritório', method: 'budget' }, company);
    const { error } = await insertTemplate(company, { name: ' escritório ', method: 'budget' });
    expect(error).toMatchObject({ code: '23505' });
  });

  it('leitura reads and applies, does not write; an obra member neither reads nor applies', async () => {
    const company = await createMember();
    await createProject(company, 'Obra 1', 100000, 'in_progress');
    await createProject(company, 'Obra 2', 300000, 'in_progress');
    const id = await template({ name: 'Rateio', method: 'budget' }, company);
    const member = async (role: string) => {
      const user = await createUser();
      await db.query(
        `insert into public.user_profiles (user_id, company_id, email, full_name, role)
         values ($1, $2, $3, $4, $5)`,
        [user.user.id, company.company.id, user.email, `Membro ${role} ${user.email}`, role],
      );
      return { ...user, company: company.company } as Member;
    };
    const [leitura, obraMember] = await Promise.all([member('leitura'), member('obra')]);

    const read = await leitura.client.from('split_templates').select('id');
    expect(read.data).toEqual([{ id }]);
    const applied = await partsFor(leitura, id, 100);
    expect(applied.data!.map((p) => p.amount)).toEqual([25, 75]);
    const written = await insertTemplate(leitura, { name: 'Do contador', method: 'budget' });
    expect(written.error).toMatchObject(rlsViolation('split_templates'));

    expect((await obraMember.client.from('split_templates').select('id')).data).toEqual([]);
    expect((await partsFor(obraMember, id, 100)).error).toMatchObject({
      code: 'P0001',
      message: 'forbidden_role',
    });
    // Another company's admin: as if it did not exist.
    expect((await partsFor(other, id, 100)).error).toMatchObject({
      code: 'P0001',
      message: 'split_template_not_found',
    });
  });

  it('every change is in the audit trail', async () => {
    const id = await template({ name: 'Auditado', method: 'budget', category_id: admin });
    await owner.client.from('split_templates').update({ category_id: null }).eq('id', id);
    const { rows } = await db.query<{ action: string; changed: Record<string, unknown> }>(
      `select action, changed from public.audit_log
       where table_name = 'split_templates' and row_id = $1 order by id`,
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update']);
    expect(rows[1]!.changed).toEqual({ category_id: { before: admin, after: null } });
  });
});

describe('the demo company (supabase/seed.sql)', () => {
  it('has its overhead template, default for payables, shared by its three active obras', async () => {
    const demoUser = 'd0000000-0000-4000-8000-000000000001';
    const parts = await asMember(db, demoUser, async (client) => {
      const { rows } = await client.query<{ name: string; amount: string; category: string }>(
        `select p.name, s.amount::text, c.name as category
         from public.split_templates t
         cross join lateral public.split_template_parts(t.id, 1450) s
         join public.projects p on p.id = s.project_id
         join public.categories c on c.id = s.category_id
         where t.name = 'Despesas administrativas' and t.kind = 'expense' and t.is_default
         order by s.pos`,
      );
      return rows;
    });
    // 1450 × 450/920, × 280/920, × 190/920: 709.239…, 441.304…, 299.456…
    expect(parts).toEqual([
      { name: 'Casa 001 - Jardim das Flores', amount: '709.24', category: 'Administrativo' },
      { name: 'Casa 002 - Vila Nova', amount: '441.30', category: 'Administrativo' },
      { name: 'Casa 003 - Parque Verde', amount: '299.46', category: 'Administrativo' },
    ]);
  });
});
