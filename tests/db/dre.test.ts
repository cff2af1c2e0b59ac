// DRE gerencial (dre): the lines per month for "Regime de caixa" (standing payments by payment date,
// as moved) and "Competência" (entries by due date, full amount) equal sums computed here from what
// the test created; the DRE group of categories and its defaults; the 12-month limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, checkViolation, createMember, noExecute } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  reopenPayable,
  settlePayable,
  settleReceivable,
  type Member,
} from './money-helpers';

let owner: Member;
let outsider: Member;
let account: string;
let casa: string;
const cat = {} as Record<'venda' | 'material' | 'admin' | 'juros' | 'renda', string>;

async function category(name: string, type: 'income' | 'expense', dre_group?: string) {
  const { data, error } = await owner.client
    .from('categories')
    .insert({ company_id: owner.company.id, name, type, ...(dre_group ? { dre_group } : {}) })
    .select('id, dre_group')
    .single();
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  owner = await createMember('Construtora DRE');
  outsider = await createMember('Construtora Alheia');
  account = (await createBankAccount(owner, 100000)).id;
  const { data: project, error } = await owner.client
    .from('projects')
    .insert({ company_id: owner.company.id, name: 'Casa 1' })
    .select('id')
    .single();
  if (error) throw error;
  casa = project.id;
  cat.venda = (await category('Venda', 'income')).id;
  cat.material = (await category('Material', 'expense')).id;
  cat.admin = (await category('Escritório', 'expense', 'despesa_administrativa')).id;
  cat.juros = (await category('Juros', 'expense', 'outras')).id;
  cat.renda = (await category('Rendimentos', 'income', 'outras')).id;

  // January: venda due 20/01 received 03/02 (obra); material due and paid 25/01 with juros 30 (obra);
  // material due 10/01 paid and reversed (estorno): only competência sees it.
  const r1 = await createReceivable(owner, 5000, {
    due_date: '2026-01-20',
    category_id: cat.venda,
    project_id: casa,
  });
  await settleReceivable(owner, r1.id, account, '2026-02-03');
  const p1 = await createPayable(owner, 1200, {
    due_date: '2026-01-25',
    category_id: cat.material,
    project_id: casa,
  });
  const { error: e1 } = await owner.client.rpc('settle_payable', {
    p_payable_id: p1.id,
    p_bank_account_id: account,
    p_paid_on: '2026-01-25',
    p_interest: 30,
  });
  if (e1) throw e1;
  const p6 = await createPayable(owner, 700, { due_date: '2026-01-10', category_id: cat.material });
  await settlePayable(owner, p6.id, account, '2026-01-10');
  await reopenPayable(owner, p6.id, '2026-01-11');
  // February: venda 3000 pending; admin 800 pending; juros (outras) 100 paid.
  await createReceivable(owner, 3000, { due_date: '2026-02-10', category_id: cat.venda });
  await createPayable(owner, 800, { due_date: '2026-02-28', category_id: cat.admin });
  const p3 = await createPayable(owner, 100, { due_date: '2026-02-15', category_id: cat.juros });
  await settlePayable(owner, p3.id, account, '2026-02-15');
  // March: rendimentos (outras) 50 received; no category 400 paid (custo_obra by default);
  // material 1000 with 250 paid.
  const r3 = await createReceivable(owner, 50, { due_date: '2026-03-01', category_id: cat.renda });
  await settleReceivable(owner, r3.id, account, '2026-03-01');
  const p4 = await createPayable(owner, 400, { due_date: '2026-03-05' });
  await settlePayable(owner, p4.id, account, '2026-03-05');
  const p5 = await createPayable(owner, 1000, {
    due_date: '2026-03-10',
    category_id: cat.material,
    project_id: casa,
  });
  const { error: e5 } = await owner.client.rpc('settle_payable', {
    p_payable_id: p5.id,
    p_bank_account_id: account,
    p_paid_on: '2026-03-12',
    p_amount_paid: 250,
  });
  if (e5) throw e5;

  // Another company's money in the same months never counts.
  const foreign = await createBankAccount(outsider, 1000);
  const fp = await createPayable(outsider, 777, { due_date: '2026-02-01' });
  await settlePayable(outsider, fp.id, foreign.id, '2026-02-01');
});

afterAll(async () => {
  await owner.client.auth.signOut();
  await outsider.client.auth.signOut();
});

type Line = 'receita_bruta' | 'custos_obra' | 'despesas_administrativas' | 'outras';
type Month = Record<Line, number>;

/** Lines of a month from the four base sums; the (=) lines derived the way an accountant does. */
function month(base: Month) {
  const lucro = base.receita_bruta - base.custos_obra;
  const operacional = lucro - base.despesas_administrativas;
  return {
    ...base,
    lucro_bruto: lucro,
    resultado_operacional: operacional,
    resultado: operacional + base.outras,
  };
}

async function dre(
  basis: string,
  start = '2026-01-01',
  end = '2026-03-31',
  project?: string,
  member = owner,
) {
  const { data, error } = await member.client.rpc('dre', {
    p_company_id: owner.company.id,
    p_start: start,
    p_end: end,
    p_basis: basis,
    p_project_id: project,
  });
  return { data: data as unknown as Record<string, unknown> | null, error };
}

function months(data: Record<string, unknown> | null) {
  return (data?.months as Record<string, unknown>[]).map((m) =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, k === 'month' ? v : Number(v)])),
  );
}

describe('dre', () => {
  it('regime de caixa: standing payments by payment date, as moved', async () => {
    const { data, error } = await dre('caixa');
    expect(error).toBeNull();
    expect(months(data)).toEqual([
      {
        month: '2026-01-01',
        ...month({ receita_bruta: 0, custos_obra: 1230, despesas_administrativas: 0, outras: 0 }),
      },
      {
        month: '2026-02-01',
        ...month({
          receita_bruta: 5000,
          custos_obra: 0,
          despesas_administrativas: 0,
          outras: -100,
        }),
      },
      {
        month: '2026-03-01',
        ...month({
          receita_bruta: 0,
          custos_obra: 400 + 250,
          despesas_administrativas: 0,
          outras: 50,
        }),
      },
    ]);
    const total = data?.total as Record<string, unknown>;
    expect(Number(total.resultado)).toBe(5000 - 1230 - 100 - 650 + 50);
  });

  it('competência: every entry by due date, full amount (unpaid and reversed ones too)', async () => {
    const { data, error } = await dre('competencia');
    expect(error).toBeNull();
    expect(months(data)).toEqual([
      {
        month: '2026-01-01',
        ...month({
          receita_bruta: 5000,
          custos_obra: 1200 + 700,
          despesas_administrativas: 0,
          outras: 0,
        }),
      },
      {
        month: '2026-02-01',
        ...month({
          receita_bruta: 3000,
          custos_obra: 0,
          despesas_administrativas: 800,
          outras: -100,
        }),
      },
      {
        month: '2026-03-01',
        ...month({
          receita_bruta: 0,
          custos_obra: 400 + 1000,
          despesas_administrativas: 0,
          outras: 50,
        }),
      },
    ]);
    const categories = data?.categories as Record<string, unknown>[];
    const material = categories.find((c) => c.id === cat.material);
    expect(material).toMatchObject({ dre_group: 'custo_obra', name: 'Material' });
    expect(Number(material?.total)).toBe(2900);
    expect(categories.find((c) => c.id === null)).toMatchObject({
      dre_group: 'custo_obra',
      kind: 'expense',
    });
  });

  it('per obra: only its entries', async () => {
    const caixa = months((await dre('caixa', '2026-01-01', '2026-03-31', casa)).data);
    expect(caixa.map((m) => [m.receita_bruta, m.custos_obra])).toEqual([
      [0, 1230],
      [5000, 0],
      [0, 250],
    ]);
    const competencia = months((await dre('competencia', '2026-01-01', '2026-03-31', casa)).data);
    expect(competencia.map((m) => [m.receita_bruta, m.custos_obra])).toEqual([
      [5000, 1200],
      [0, 0],
      [0, 1000],
    ]);
  });

  it('a period of at most 12 calendar months, leap day included', async () => {
    expect((await dre('caixa', '2026-01-01', '2026-12-31')).error).toBeNull();
    const leap = await dre('caixa', '2027-03-01', '2028-02-29');
    expect(leap.error).toBeNull();
    expect((leap.data?.months as unknown[]).length).toBe(12);
    for (const [start, end] of [
      ['2026-01-01', '2027-01-01'],
      ['2026-01-31', '2027-01-01'],
      ['2026-03-01', '2026-02-28'],
    ]) {
      const { error } = await dre('caixa', start, end);
      expect(error).toMatchObject({ code: 'P0001', message: 'invalid_period' });
    }
    expect((await dre('caixa', '1999-12-01', '1999-12-31')).error).toMatchObject({
      message: 'invalid_date',
    });
    expect((await dre('accrual')).error).toMatchObject({ code: 'P0001', message: 'invalid_basis' });
  });

  it('another company gets not_a_member; anon cannot execute', async () => {
    expect((await dre('caixa', undefined, undefined, undefined, outsider)).error).toMatchObject({
      code: 'P0001',
      message: 'not_a_member',
    });
    const { error } = await anonClient().rpc('dre', {
      p_company_id: owner.company.id,
      p_start: '2026-01-01',
      p_end: '2026-01-31',
    });
    expect(error).toMatchObject(noExecute('dre'));
  });
});

describe('categories.dre_group', () => {
  it('defaults by type, keeps a fitting choice, refuses one that does not fit', async () => {
    expect((await category('Venda terreno', 'income')).dre_group).toBe('receita');
    expect((await category('Ferragens', 'expense')).dre_group).toBe('custo_obra');
    expect((await category('Contador', 'expense', 'despesa_administrativa')).dre_group).toBe(
      'despesa_administrativa',
    );
    const { error } = await owner.client.from('categories').insert({
      company_id: owner.company.id,
      name: 'Errada',
      type: 'income',
      dre_group: 'despesa_administrativa',
    });
    expect(error).toMatchObject(checkViolation('categories_dre_group_check'));
  });

  it('follows the type when an unused category changes type', async () => {
    const created = await category('Mudará', 'expense', 'despesa_administrativa');
    const { data, error } = await owner.client
      .from('categories')
      .update({ type: 'income' })
      .eq('id', created.id)
      .select('dre_group')
      .single();
    expect(error).toBeNull();
    expect(data?.dre_group).toBe('receita');
  });
});
