// Rateio, the foundation (issue 33): private.apportion splits a value exactly (largest remainder,
// ties to the earlier part) and private.check_entry_parts refuses a split that does not sum, names
// another company's obra or category, a closed obra, or a stage of another obra — nothing saved.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let other: Member;
let obraA: string;
let obraB: string;
let closed: string;
let foreignObra: string;
let stageOfB: string;
let expenseCategory: string;
let incomeCategory: string;

async function createProject(member: Member, name: string, status = 'in_progress') {
  const { data, error } = await member.client.rpc('create_project', {
    p_company_id: member.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: 10000,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: ['Fundação'],
    p_status: status,
  });
  if (error) throw error;
  return data.id as string;
}

async function apportion(weights: number[], value: number): Promise<number[]> {
  const { rows } = await db.query<{ shares: string[] }>(
    'select private.apportion($1::numeric[], $2::numeric)::text[] as shares',
    [weights, value],
  );
  return rows[0]!.shares.map(Number);
}

function insertPayable(member: Member, amount: number, parts: unknown) {
  return member.client
    .from('accounts_payable')
    .insert({
      company_id: member.company.id,
      description: 'Concreto usinado',
      amount,
      due_date: '2026-12-10',
      parts: parts as never,
    })
    .select('id, parts, project_id, part_project_ids')
    .single();
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('admin');
  other = await createMember('admin');
  obraA = await createProject(owner, 'Obra A');
  obraB = await createProject(owner, 'Obra B');
  closed = await createProject(owner, 'Obra entregue', 'completed');
  foreignObra = await createProject(other, 'Obra de outra empresa');
  const { rows: stages } = await db.query<{ id: string }>(
    'select id from public.project_stages where project_id = $1',
    [obraB],
  );
  stageOfB = stages[0]!.id;
  const { rows: categories } = await db.query<{ id: string; type: string }>(
    `insert into public.categories (company_id, name, type) values ($1, 'Materiais', 'expense'), ($1, 'Medições', 'income')
     returning id, type`,
    [owner.company.id],
  );
  expenseCategory = categories.find((c) => c.type === 'expense')!.id;
  incomeCategory = categories.find((c) => c.type === 'income')!.id;
});

afterAll(async () => {
  await db.end();
});

describe('private.apportion', () => {
  it('gives the leftover centavos to the largest remainders, ties to the earlier part', async () => {
    expect(await apportion([1, 1, 1], 100)).toEqual([33.34, 33.33, 33.33]);
    expect(await apportion([1, 1, 1], 0.02)).toEqual([0.01, 0.01, 0]);
    expect(await apportion([60, 40], 18000)).toEqual([10800, 7200]);
    expect(await apportion([10800, 7200], 5000.01)).toEqual([3000.01, 2000]);
    expect(await apportion([1, 2], -0.01)).toEqual([0, -0.01]);
  });

  it('always sums to the value, for random weights and values', async () => {
    for (let i = 0; i < 40; i += 1) {
      const weights = Array.from(
        { length: 2 + (i % 4) },
        () => 1 + Math.floor(Math.random() * 99999) / 100,
      );
      const value = Math.floor(Math.random() * 1e7) / 100;
      const shares = await apportion(weights, value);
      const sum = shares.reduce((total, share) => total + Math.round(share * 100), 0);
      expect(sum).toBe(Math.round(value * 100));
    }
  });
});

describe('a split entry', () => {
  it('is saved with its parts, and its own obra and category stay empty', async () => {
    const { data, error } = await insertPayable(owner, 18000, [
      { project_id: obraA, category_id: expenseCategory, amount: 10800, percent: 60 },
      {
        project_id: obraB,
        stage_id: stageOfB,
        category_id: expenseCategory,
        amount: 7200,
        percent: 40,
      },
    ]);
    expect(error?.message ?? null).toBeNull();
    expect(data!.project_id).toBeNull();
    expect([...data!.part_project_ids!].sort()).toEqual([obraA, obraB].sort());
  });

  it.each([
    [
      'does not sum to the amount',
      () => [
        { project_id: obraA, amount: 100 },
        { project_id: obraB, amount: 99.99 },
      ],
      'split_sum_mismatch',
    ],
    ['has one part', () => [{ project_id: obraA, amount: 200 }], 'split_invalid'],
    [
      'has a part of fractions of a centavo',
      () => [{ amount: 100.005 }, { amount: 99.995 }],
      'split_invalid',
    ],
    ['has an unknown key', () => [{ amount: 100, obra: 'x' }, { amount: 100 }], 'split_invalid'],
    [
      "names another company's obra",
      () => [{ project_id: foreignObra, amount: 100 }, { amount: 100 }],
      'split_project_not_found',
    ],
    [
      'names a completed obra',
      () => [{ project_id: closed, amount: 100 }, { amount: 100 }],
      'split_project_closed',
    ],
    [
      'names a stage of another obra',
      () => [{ project_id: obraA, stage_id: stageOfB, amount: 100 }, { amount: 100 }],
      'stage_project_mismatch',
    ],
    [
      'names an income category',
      () => [{ category_id: incomeCategory, amount: 100 }, { amount: 100 }],
      'category_type_mismatch',
    ],
  ])('is refused when it %s, and nothing is saved', async (_name, parts, key) => {
    const before = await db.query(
      'select count(*)::int as n from public.accounts_payable where company_id = $1',
      [owner.company.id],
    );
    const { error } = await insertPayable(owner, 200, parts());
    expect(error?.message).toBe(key);
    const after = await db.query(
      'select count(*)::int as n from public.accounts_payable where company_id = $1',
      [owner.company.id],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('cannot keep its own obra beside its parts', async () => {
    const { error } = await owner.client.from('accounts_payable').insert({
      company_id: owner.company.id,
      description: 'Aluguel',
      amount: 200,
      due_date: '2026-12-10',
      project_id: obraA,
      parts: [
        { project_id: obraA, amount: 100 },
        { project_id: obraB, amount: 100 },
      ] as never,
    });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('accounts_payable_parts_own_columns');
  });

  it('refuses a new amount its parts do not sum to', async () => {
    const { data } = await insertPayable(owner, 300, [
      { project_id: obraA, amount: 100 },
      { project_id: obraB, amount: 200 },
    ]);
    const { error } = await owner.client
      .from('accounts_payable')
      .update({ amount: 400 })
      .eq('id', data!.id);
    expect(error?.message).toBe('split_sum_mismatch');
  });
});
