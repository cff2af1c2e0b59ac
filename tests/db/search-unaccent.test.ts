// Search that forgives accents and case (private.search_text: unaccent + lower; trigram indexes):
// "eletrica", "ELETRICA" and "Elétrica" find the same rows, "joao" finds "João", in every search
// the database answers (a bank account's history, Movimentações and its totals). What the user
// types stays text: % and _ match themselves.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
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
let account: { id: string };
const TODAY = '2026-03-31';

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Acentos');
  account = await createBankAccount(owner, 1000, { name: 'Conta Única' });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.categories (company_id, name, type, color)
     values ($1, 'Mão de obra', 'expense', 'red') returning id`,
    [owner.company.id],
  );
  const labour = rows[0]!.id;
  const { rows: projects } = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra São João') returning id`,
    [owner.company.id],
  );
  const wiring = await createPayable(owner, 120, {
    description: 'Instalação Elétrica',
    due_date: '2026-03-02',
  });
  await settlePayable(owner, wiring.id, account.id, '2026-03-02');
  const mason = await createPayable(owner, 80, {
    description: 'Pedreiro',
    due_date: '2026-03-03',
    category_id: labour,
  });
  await settlePayable(owner, mason.id, account.id, '2026-03-03');
  const sale = await createReceivable(owner, 500, {
    description: 'Medição 3',
    due_date: '2026-03-04',
    project_id: projects[0]!.id,
  });
  await settleReceivable(owner, sale.id, account.id, '2026-03-04');
  await createPayable(owner, 45, {
    description: 'Fio 100% cobre_2mm',
    due_date: '2026-03-20',
    supplier_name: 'ELÉTRICA JOÃO LTDA',
  });
  await createPayable(owner, 10, { description: 'Areia', due_date: '2026-03-21' });
});
afterAll(async () => {
  await db.end();
});

async function ledger(search: string) {
  const { data, error } = await owner.client.rpc('account_ledger', {
    p_bank_account_id: account.id,
    p_search: search,
  });
  if (error) throw error;
  return data.map((r) => r.description).sort();
}

async function movements(search: string) {
  const { data, error } = await owner.client.rpc('search_movements', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    p_search: search,
  });
  if (error) throw error;
  return data.map((r) => r.description).sort();
}

describe('a bank account history search', () => {
  it('"eletrica", "ELETRICA" and "Elétrica" find the same row', async () => {
    expect(await ledger('eletrica')).toEqual(['Instalação Elétrica']);
    expect(await ledger('ELETRICA')).toEqual(['Instalação Elétrica']);
    expect(await ledger('Elétrica')).toEqual(['Instalação Elétrica']);
  });

  it('"joao" finds the obra "São João"; "mao de obra" the category', async () => {
    expect(await ledger('joao')).toEqual(['Medição 3']);
    expect(await ledger('mao de obra')).toEqual(['Pedreiro']);
    expect(await ledger('xyz')).toEqual([]);
  });
});

describe('Movimentações search', () => {
  it('"eletrica", "ELETRICA" and "Elétrica" find the same rows (description and supplier)', async () => {
    const expected = ['Fio 100% cobre_2mm', 'Instalação Elétrica'];
    expect(await movements('eletrica')).toEqual(expected);
    expect(await movements('ELETRICA')).toEqual(expected);
    expect(await movements('Elétrica')).toEqual(expected);
  });

  it('"joao" finds "João" (a supplier as typed and an obra)', async () => {
    expect(await movements('joao')).toEqual(['Fio 100% cobre_2mm', 'Medição 3']);
    expect(await movements('MAO DE OBRA')).toEqual(['Pedreiro']);
  });

  it('% and _ are text, not patterns', async () => {
    expect(await movements('100%')).toEqual(['Fio 100% cobre_2mm']);
    expect(await movements('%')).toEqual(['Fio 100% cobre_2mm']);
    expect(await movements('e_2')).toEqual(['Fio 100% cobre_2mm']);
    expect(await movements('_')).toEqual(['Fio 100% cobre_2mm']);
  });

  it('the totals count what the list shows', async () => {
    const { data, error } = await owner.client.rpc('movement_summary', {
      p_company_id: owner.company.id,
      p_today: TODAY,
      p_search: 'eletrica',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ count: 2 });
  });
});
