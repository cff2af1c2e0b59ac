// Rateio (issue 33): Conciliação's guess of a categoria for a statement line learns from split
// payments, each of the row's categorias counted with its share of the row (statement_category_guesses).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from './helpers';
import { createBankAccount, createPayable, settlePayable, type Member } from './money-helpers';

let owner: Member;
let account: string;
const cat = {} as Record<'concreto' | 'aco', string>;

async function category(name: string) {
  const { data, error } = await owner.client
    .from('categories')
    .insert({ company_id: owner.company.id, name, type: 'expense', dre_group: 'custo_obra' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

const part = (category_id: string, amount: number) => ({
  project_id: null,
  stage_id: null,
  category_id,
  amount,
  percent: null,
});

async function paid(description: string, amount: number, extra: Record<string, unknown>) {
  const e = await createPayable(owner, amount, { description, due_date: '2026-05-04', ...extra });
  await settlePayable(owner, e.id, account, '2026-05-04');
}

async function guesses() {
  const { data, error } = await owner.client.rpc('statement_category_guesses', {
    p_bank_account_id: account,
  });
  expect(error).toBeNull();
  const { data: lines } = await owner.client
    .from('bank_statement_lines')
    .select('id, fitid')
    .eq('bank_account_id', account);
  const fitid = new Map((lines ?? []).map((l) => [l.id, l.fitid]));
  return Object.fromEntries((data ?? []).map((g) => [fitid.get(g.line_id), g.category_name]));
}

beforeAll(async () => {
  owner = await createMember('Construtora Palpite');
  account = (await createBankAccount(owner, 100000)).id;
  cat.concreto = await category('Concreto');
  cat.aco = await category('Aço');
  // Only through rateios: Usina São José, 700 Concreto + 300 Aço.
  await paid('Usina Sao Jose concreto', 1000, {
    parts: [part(cat.concreto, 700), part(cat.aco, 300)],
  });
  // Ferragens Vila: two rateios 90 % Aço / 10 % Concreto and one payment all Concreto. By share,
  // Aço 1.8 uses, Concreto 1.2; a rateio counted whole for each categoria would say Concreto 3, Aço 2.
  for (const amount of [100, 200])
    await paid('Ferragens Vila', amount, {
      parts: [part(cat.aco, amount * 0.9), part(cat.concreto, amount * 0.1)],
    });
  await paid('Ferragens Vila', 50, { category_id: cat.concreto });
  const imported = await owner.client.rpc('import_bank_statement', {
    p_bank_account_id: account,
    p_source: 'ofx',
    p_lines: [
      { fitid: 'G1', posted_on: '2026-05-10', amount: '-820.00', memo: 'PIX USINA SAO JOSE' },
      { fitid: 'G2', posted_on: '2026-05-11', amount: '-75.00', memo: 'PAGTO FERRAGENS VILA' },
    ] as never,
    p_file_name: 'extrato.ofx',
  });
  if (imported.error) throw imported.error;
}, 60_000);

afterAll(() => undefined);

describe('statement_category_guesses learns from split payments', () => {
  it('a payee paid only through rateios: the categoria with the larger share', async () => {
    expect((await guesses()).G1).toBe('Concreto');
  });

  it('each categoria counts with its share of the row, not a whole use per categoria', async () => {
    expect((await guesses()).G2).toBe('Aço');
  });
});
