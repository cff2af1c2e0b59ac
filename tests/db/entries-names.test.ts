// public.entries names what an entry points at with one lookup per name (issue 35,
// 20261211010000_entries_names_as_lookups.sql): the same names the six left joins gave, null when
// the entry points at nothing, and a page of Últimos lançamentos looks them up for its rows only
// instead of joining the six tables in every order the planner tries (half its planning time).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember, plansAsMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let member: Member;
const ids: Record<string, string> = {};

beforeAll(async () => {
  db = adminDb();
  member = await createMember('Construtora Nomes das Entradas');
  const company = member.company.id;
  const one = async (sql: string, values: unknown[]) =>
    (await db.query<{ id: string }>(sql, values)).rows[0]!.id;
  ids.supplier = await one(
    `insert into public.suppliers (company_id, name) values ($1, 'Casa do Cimento') returning id`,
    [company],
  );
  ids.client = await one(
    `insert into public.clients (company_id, name) values ($1, 'Incorporadora Sol') returning id`,
    [company],
  );
  ids.project = await one(
    `insert into public.projects (company_id, name) values ($1, 'Obra Centro') returning id`,
    [company],
  );
  ids.stage = await one(
    `insert into public.project_stages (company_id, project_id, name) values ($1, $2, 'Fundação')
     returning id`,
    [company, ids.project],
  );
  ids.category = await one(
    `insert into public.categories (company_id, name, type, color)
     values ($1, 'Materiais', 'expense', 'orange') returning id`,
    [company],
  );
  ids.account = (await createBankAccount(member, 0, { name: 'Conta Obra' })).id;
  ids.payable = await one(
    `insert into public.accounts_payable (company_id, description, amount, due_date, supplier_id,
       project_id, stage_id, category_id, bank_account_id)
     values ($1, 'Cimento', 100, '2026-11-20', $2, $3, $4, $5, $6) returning id`,
    [company, ids.supplier, ids.project, ids.stage, ids.category, ids.account],
  );
  ids.loose = await one(
    `insert into public.accounts_payable (company_id, description, amount, due_date, supplier_name)
     values ($1, 'Frete', 50, '2026-11-21', 'Fretes do João') returning id`,
    [company],
  );
  ids.receivable = await one(
    `insert into public.accounts_receivable (company_id, description, amount, due_date, client_id,
       project_id)
     values ($1, 'Medição 1', 900, '2026-11-22', $2, $3) returning id`,
    [company, ids.client, ids.project],
  );
});
afterAll(async () => {
  await db.end();
});

describe('public.entries names', () => {
  it('are the names of what each entry points at, null where it points at nothing', async () => {
    const { data, error } = await member.client
      .from('entries')
      .select(
        'id, counterparty_name, project_name, stage_name, category_name, category_color, bank_account_name',
      )
      .eq('company_id', member.company.id)
      .order('due_date');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: ids.payable,
        counterparty_name: 'Casa do Cimento',
        project_name: 'Obra Centro',
        stage_name: 'Fundação',
        category_name: 'Materiais',
        category_color: 'orange',
        bank_account_name: 'Conta Obra',
      },
      {
        // No supplier row: the name typed on the bill.
        id: ids.loose,
        counterparty_name: 'Fretes do João',
        project_name: null,
        stage_name: null,
        category_name: null,
        category_color: null,
        bank_account_name: null,
      },
      {
        id: ids.receivable,
        counterparty_name: 'Incorporadora Sol',
        project_name: 'Obra Centro',
        stage_name: null,
        category_name: null,
        category_color: null,
        bank_account_name: null,
      },
    ]);
  });

  it('follow a rename at once (they are read, not copied)', async () => {
    await db.query(`update public.suppliers set name = 'Casa do Cimento Ltda' where id = $1`, [
      ids.supplier,
    ]);
    const { data } = await member.client
      .from('entries')
      .select('counterparty_name')
      .eq('id', ids.payable!)
      .single();
    expect(data?.counterparty_name).toBe('Casa do Cimento Ltda');
  });

  it('a page of Últimos lançamentos looks the names up for its rows, joining no table for them', async () => {
    const plan = await plansAsMember(member.user.id, async (client, plans) => {
      await client.query(
        `select kind, id, counterparty_name, project_name, category_name, category_color,
                bank_account_name, stage_name
         from public.entries where company_id = $1 order by created_at desc, id desc limit 51`,
        [member.company.id],
      );
      // A parameterized statement's plan is logged when its portal closes: at the next statement.
      await client.query('select 1');
      return plans.join('\n');
    });
    for (const table of [
      'suppliers',
      'clients',
      'projects',
      'categories',
      'bank_accounts',
      'project_stages',
    ]) {
      // Each name a subplan: its table read for the rows of the page.
      expect(plan).toMatch(new RegExp(`SubPlan \\d+\\n[^\\n]*\\n?[^\\n]*on ${table} `));
    }
    expect(plan).not.toMatch(/Join/);
  });
});
