// Supplier statistics (supplier_stats, supplier_summary) against independent sums, and tenancy.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, createMember, noExecute } from './helpers';
import { createBankAccount, createPayable, settlePayable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;
let cimento: string; // supplier with orders and payments
let eletrica: string; // supplier with one payment, no orders
let semNada: string; // supplier with nothing
let foreignSupplier: string;

async function supplier(member: Member, name: string): Promise<string> {
  const { data, error } = await member.client
    .from('suppliers')
    .insert({ company_id: member.company.id, name, type: 'materiais' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function project(member: Member): Promise<string> {
  const { data, error } = await member.client
    .from('projects')
    .insert({ company_id: member.company.id, name: 'Casa Jardim' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

async function order(
  member: Member,
  supplierId: string,
  amount: number,
  orderDate: string,
  status = 'pending',
) {
  const { error } = await member.client.from('supplier_orders').insert({
    company_id: member.company.id,
    supplier_id: supplierId,
    project_id: await project(member),
    description: `Pedido ${amount}`,
    amount,
    order_date: orderDate,
    status,
  });
  if (error) throw error;
}

async function payable(
  member: Member,
  supplierId: string | null,
  amount: number,
  settleWith?: string,
) {
  const entry = await createPayable(member, amount, {
    description: 'Compra',
    supplier_id: supplierId,
    supplier_name: 'Texto livre',
    due_date: '2026-11-10',
  });
  if (settleWith) await settlePayable(member, entry.id, settleWith, '2026-11-12');
}

async function bankAccount(member: Member): Promise<string> {
  return (await createBankAccount(member, 100000, { name: 'Conta' })).id;
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Fornecedores');
  outsider = await createMember('Construtora Vizinha Fornecedores');
  const account = await bankAccount(owner);
  const foreignAccount = await bankAccount(outsider);

  cimento = await supplier(owner, 'Cimento Forte');
  eletrica = await supplier(owner, 'Elétrica Luz');
  semNada = await supplier(owner, 'Sem Movimento');
  foreignSupplier = await supplier(outsider, 'Fornecedor Vizinho');

  await order(owner, cimento, 100.1, '2026-10-01', 'pending');
  await order(owner, cimento, 200.25, '2026-10-15', 'delivered');
  // Cancelled: excluded from count, total, average and last order (its date is the latest).
  await order(owner, cimento, 999, '2026-11-20', 'cancelled');

  await payable(owner, cimento, 150.5, account);
  await payable(owner, cimento, 80, undefined); // pending: not spent yet
  await payable(owner, eletrica, 40.05, account);
  await payable(owner, null, 500, account); // paid but linked to no supplier

  // Another company's money and orders must never show up in the owner's numbers.
  await order(outsider, foreignSupplier, 777, '2026-11-01', 'delivered');
  await payable(outsider, foreignSupplier, 5000, foreignAccount);
});

afterAll(async () => {
  await db.end();
});

/** The same numbers computed directly from the tables, as the superuser, without the function. */
async function independent(supplierId: string) {
  const orders = await db.query<{ n: string; total: string | null; last_on: string | null }>(
    `select count(*) as n, sum(amount) as total, to_char(max(order_date), 'YYYY-MM-DD') as last_on
     from public.supplier_orders where supplier_id = $1 and status in ('pending', 'delivered')`,
    [supplierId],
  );
  const spent = await db.query<{ total: string | null }>(
    `select sum(amount) as total from public.accounts_payable where supplier_id = $1 and status = 'paid'`,
    [supplierId],
  );
  const row = orders.rows[0];
  const n = Number(row?.n ?? 0);
  const total = Number(row?.total ?? 0);
  return {
    order_count: n,
    orders_total: total,
    average_ticket: n > 0 ? Math.round((total / n) * 100) / 100 : 0,
    total_spent: Number(spent.rows[0]?.total ?? 0),
    last_order_on: row?.last_on ?? null,
  };
}

describe('supplier_stats', () => {
  it('gives, per supplier, totals equal to independent sums', async () => {
    const { data, error } = await owner.client.rpc('supplier_stats', {
      p_company_id: owner.company.id,
    });
    expect(error).toBeNull();
    expect(data?.map((r) => r.supplier_id).sort()).toEqual([cimento, eletrica, semNada].sort());

    for (const id of [cimento, eletrica, semNada]) {
      const row = data?.find((r) => r.supplier_id === id);
      const expected = await independent(id);
      expect({
        order_count: row?.order_count,
        orders_total: Number(row?.orders_total),
        average_ticket: Number(row?.average_ticket),
        total_spent: Number(row?.total_spent),
        last_order_on: row?.last_order_on ?? null,
      }).toEqual(expected);
    }
  });

  it('uses the documented definitions (known values)', async () => {
    const { data, error } = await owner.client.rpc('supplier_stats', {
      p_company_id: owner.company.id,
      p_supplier_id: cimento,
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const row = data?.[0];
    expect(row?.order_count).toBe(2);
    expect(Number(row?.orders_total)).toBe(300.35);
    // 300.35 / 2 = 150.175, rounded to centavos.
    expect(Number(row?.average_ticket)).toBe(150.18);
    expect(Number(row?.total_spent)).toBe(150.5);
    expect(row?.last_order_on).toBe('2026-10-15');

    const none = await owner.client.rpc('supplier_stats', {
      p_company_id: owner.company.id,
      p_supplier_id: semNada,
    });
    expect(none.data?.[0]).toMatchObject({ order_count: 0, last_order_on: null });
    expect(Number(none.data?.[0]?.average_ticket)).toBe(0);
    expect(Number(none.data?.[0]?.total_spent)).toBe(0);
  });

  it("never counts another company's suppliers, and refuses a non-member", async () => {
    const mine = await outsider.client.rpc('supplier_stats', { p_company_id: outsider.company.id });
    expect(mine.error).toBeNull();
    expect(mine.data?.map((r) => r.supplier_id)).toEqual([foreignSupplier]);
    expect(Number(mine.data?.[0]?.total_spent)).toBe(5000);

    const theirs = await outsider.client.rpc('supplier_stats', { p_company_id: owner.company.id });
    expect(theirs.data).toBeNull();
    expect(theirs.error?.message).toBe('not_a_member');

    // Asking the owner's company for the outsider's supplier gives nothing, not its numbers.
    const forged = await owner.client.rpc('supplier_stats', {
      p_company_id: owner.company.id,
      p_supplier_id: foreignSupplier,
    });
    expect(forged.error).toBeNull();
    expect(forged.data).toEqual([]);
  });

  it('is not callable anonymously', async () => {
    const { data, error } = await anonClient().rpc('supplier_stats', {
      p_company_id: owner.company.id,
    });
    expect(data).toBeNull();
    expect(error).toMatchObject(noExecute('supplier_stats'));
  });
});

describe('supplier_summary', () => {
  it('totals the paid payables of the company suppliers and counts active ones', async () => {
    const { rows } = await db.query<{ total: string }>(
      `select coalesce(sum(amount), 0) as total from public.accounts_payable
       where company_id = $1 and status = 'paid' and supplier_id is not null`,
      [owner.company.id],
    );
    const { data, error } = await owner.client.rpc('supplier_summary', {
      p_company_id: owner.company.id,
    });
    expect(error).toBeNull();
    const summary = data as { active_count: number; inactive_count: number; total_spent: number };
    expect(Number(summary.total_spent)).toBe(Number(rows[0]?.total));
    expect(Number(summary.total_spent)).toBe(190.55); // 150.50 + 40.05; not the unlinked 500
    expect(summary.active_count).toBe(3);

    const off = await owner.client.from('suppliers').update({ is_active: false }).eq('id', semNada);
    expect(off.error).toBeNull();
    const after = await owner.client.rpc('supplier_summary', { p_company_id: owner.company.id });
    expect(after.data).toMatchObject({ active_count: 2, inactive_count: 1 });
  });

  it('refuses a non-member', async () => {
    const { data, error } = await outsider.client.rpc('supplier_summary', {
      p_company_id: owner.company.id,
    });
    expect(data).toBeNull();
    expect(error?.message).toBe('not_a_member');
  });
});
