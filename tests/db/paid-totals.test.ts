// The paid totals Contas a Pagar/Receber read are kept by a trigger (private.entry_paid_totals,
// 20261127100500) instead of summed over the history: after random settles (full, partial, with
// juros and desconto), reversals, reopens, deletes and edits, each kept total equals the sum over
// the rows to the centavo, and entry_list_summary answers the same as a sum over the rows.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../src/lib/apportion';
import { adminDb, createMember } from './helpers';
import { createBankAccount, createPayable, createReceivable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let other: Member;
let account: { id: string };

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Totais');
  other = await createMember('Construtora Totais Vizinha');
  account = await createBankAccount(owner, 100_000);
});
afterAll(async () => {
  await db.end();
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

async function kept(companyId: string) {
  const { rows } = await db.query<{ kind: string; paid_total: string; paid_count: string }>(
    `select kind, paid_total, paid_count from private.entry_paid_totals where company_id = $1 order by kind`,
    [companyId],
  );
  return rows.map((r) => ({ kind: r.kind, total: r.paid_total, count: Number(r.paid_count) }));
}

async function summed(companyId: string) {
  const { rows } = await db.query<{ kind: string; total: string; count: string }>(
    `select 'expense' as kind, coalesce(sum(paid_total), 0)::numeric(16,2)::text as total, count(*) as count
       from public.accounts_payable where company_id = $1 and status = 'paid' and approval_status = 'approved'
     union all
     select 'income', coalesce(sum(paid_total), 0)::numeric(16,2)::text, count(*)
       from public.accounts_receivable where company_id = $1 and status = 'paid'
     order by kind`,
    [companyId],
  );
  return rows.map((r) => ({ kind: r.kind, total: r.total, count: Number(r.count) }));
}

/** What each kind of write did (only successful calls count), so the test knows it wrote. */
const writes = new Map<string, number>();
async function call(fn: string, args: Record<string, unknown>) {
  const { error } = await owner.client.rpc(fn as never, args as never);
  if (error) throw new Error(`${fn}: ${error.message}`);
  writes.set(
    fn.replace(/_(payable|receivable)$/, ''),
    (writes.get(fn.replace(/_(payable|receivable)$/, '')) ?? 0) + 1,
  );
}

describe('kept paid totals', () => {
  it('equal the sum over the rows after 150 random writes, and entry_list_summary reads them', async () => {
    const seed = Number(process.env.PAID_TOTALS_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const cents = () => (100 + Math.floor(next() * 900_000)) / 100;
    // A rateio of Geral parts (the paid totals have no obra or categoria to follow), n of them.
    const geral = (amount: number, n: number) =>
      apportion([1, 2, 3, 4].slice(0, n), Math.round(amount * 100)).map((a) => ({
        project_id: null,
        stage_id: null,
        category_id: null,
        amount: a / 100,
        percent: null,
      }));
    const entries: { kind: 'expense' | 'income'; id: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const kind = i % 3 === 0 ? 'income' : 'expense';
      const make = kind === 'expense' ? createPayable : createReceivable;
      const amount = cents();
      const parts = i % 3 === 2 ? geral(amount, 2 + (i % 2)) : null;
      const row = await make(owner, amount, { due_date: '2026-03-10', parts });
      entries.push({ kind, id: row.id });
    }
    const done: string[] = [];
    for (let step = 0; step < 150; step++) {
      const e = pick(entries);
      const table = e.kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
      const { rows } = await db.query<{
        status: string;
        open_amount: string;
        paid_amount: string;
        ledger: boolean;
      }>(
        `select e.status, e.open_amount, e.paid_amount,
                exists (select 1 from public.transactions t where t.payable_id = e.id or t.receivable_id = e.id) as ledger
         from public.${table} e where e.id = $1`,
        [e.id],
      );
      const row = rows[0];
      if (!row) continue; // deleted
      const op = next();
      const settle = e.kind === 'expense' ? 'settle_payable' : 'settle_receivable';
      const idArg = e.kind === 'expense' ? 'p_payable_id' : 'p_receivable_id';
      const dateArg = e.kind === 'expense' ? 'p_paid_on' : 'p_received_on';
      if (row.status === 'pending' && op < 0.45) {
        const open = Number(row.open_amount);
        const partial = next() < 0.4 && open > 2;
        await call(settle, {
          [idArg]: e.id,
          p_bank_account_id: account.id,
          [dateArg]: '2026-03-12',
          ...(partial ? { p_amount_paid: Math.round(open * 50) / 100 } : {}),
          ...(next() < 0.3 ? { p_interest: 12.34, p_fine: 1.01 } : {}),
          ...(next() < 0.2 ? { p_discount: 0.99 } : {}),
        });
        done.push(e.id);
      } else if (op < 0.65) {
        // An estorno of one of the entry's payments.
        const { rows: payments } = await db.query<{ id: string }>(
          `select t.id from public.standing_transactions t
           where t.payable_id = $1 or t.receivable_id = $1 order by t.created_at limit 1`,
          [e.id],
        );
        if (payments[0])
          await call('reverse_payment', {
            p_payment_id: payments[0].id,
            p_reversed_on: '2026-03-13',
          });
      } else if (row.status === 'paid' && op < 0.75) {
        await call(e.kind === 'expense' ? 'reopen_payable' : 'reopen_receivable', {
          [idArg]: e.id,
          p_reopened_on: '2026-03-14',
        });
      } else if (op < 0.85) {
        // An edit: the text of any entry, the amount of an unpaid one.
        const { error } = await owner.client
          .from(table)
          .update(
            !row.ledger
              ? (() => {
                  const amount = cents();
                  return { amount, parts: next() < 0.34 ? geral(amount, 3) : null };
                })()
              : { description: `Editado ${step}` },
          )
          .eq('id', e.id);
        if (error) throw new Error(`edit ${e.kind} ${JSON.stringify(row)}: ${error.message}`);
      } else if (op < 0.9 && !row.ledger) {
        await call('delete_entry', { p_kind: e.kind, p_id: e.id, p_scope: 'one' });
      }
      if (step % 50 === 49)
        expect(await kept(owner.company.id), `seed ${seed}`).toEqual(
          await summed(owner.company.id),
        );
    }
    expect(done.length).toBeGreaterThan(10);
    // A seed may miss a kind of write, or leave a kind with nothing paid: a fixed tail makes sure
    // each kind of write moves the totals at least once and both kinds end with a paid entry.
    for (const kind of ['expense', 'income'] as const) {
      const make = kind === 'expense' ? createPayable : createReceivable;
      const settle = kind === 'expense' ? 'settle_payable' : 'settle_receivable';
      const idArg = kind === 'expense' ? 'p_payable_id' : 'p_receivable_id';
      const dateArg = kind === 'expense' ? 'p_paid_on' : 'p_received_on';
      const settleNow = (id: string) =>
        call(settle, { [idArg]: id, p_bank_account_id: account.id, [dateArg]: '2026-03-15' });
      const kept = await make(owner, cents(), { due_date: '2026-03-10' });
      await settleNow(kept.id);
      const reversed = await make(owner, cents(), { due_date: '2026-03-10' });
      await settleNow(reversed.id);
      const { rows: payments } = await db.query<{ id: string }>(
        `select t.id from public.standing_transactions t
         where t.payable_id = $1 or t.receivable_id = $1`,
        [reversed.id],
      );
      await call('reverse_payment', { p_payment_id: payments[0]!.id, p_reversed_on: '2026-03-16' });
      const reopened = await make(owner, cents(), { due_date: '2026-03-10' });
      await settleNow(reopened.id);
      await call(kind === 'expense' ? 'reopen_payable' : 'reopen_receivable', {
        [idArg]: reopened.id,
        p_reopened_on: '2026-03-16',
      });
      const deleted = await make(owner, cents(), { due_date: '2026-03-10' });
      await call('delete_entry', { p_kind: kind, p_id: deleted.id, p_scope: 'one' });
    }
    for (const kind of ['settle', 'reverse_payment', 'reopen', 'delete_entry']) {
      expect(writes.get(kind) ?? 0, `${kind}, seed ${seed}`).toBeGreaterThan(0);
    }
    const expected = await summed(owner.company.id);
    expect(await kept(owner.company.id), `seed ${seed}`).toEqual(expected);
    expect(expected.every((k) => k.count > 0)).toBe(true);

    for (const kind of ['expense', 'income'] as const) {
      const { data, error } = await owner.client.rpc('entry_list_summary', {
        p_company_id: owner.company.id,
        p_kind: kind,
        p_today: '2026-03-31',
      });
      expect(error).toBeNull();
      const want = expected.find((k) => k.kind === kind)!;
      expect(data).toMatchObject({ paid_total: Number(want.total), paid_count: want.count });
    }
  });

  it('a company with nothing paid reads zero; another company reads nothing of this one', async () => {
    const { data } = await other.client.rpc('entry_list_summary', {
      p_company_id: other.company.id,
      p_kind: 'expense',
      p_today: '2026-03-31',
    });
    expect(data).toMatchObject({ paid_total: 0, paid_count: 0 });
    const { error } = await other.client.rpc('entry_list_summary', {
      p_company_id: owner.company.id,
      p_kind: 'expense',
      p_today: '2026-03-31',
    });
    expect(error).toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });

  it('the kept totals are not readable through the API', async () => {
    const { error } = await owner.client
      .schema('private' as never)
      .from('entry_paid_totals')
      .select('*');
    expect(error).not.toBeNull();
    expect(error?.code).toBe('PGRST106');
  });
});
