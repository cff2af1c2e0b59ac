// The kept totals against sums over the rows, shared by the tests that write money: the entry side
// (private.entry_totals, entry-totals.test.ts) and the ledger side (private.ledger_*,
// ledger-totals.test.ts); imports.test.ts checks an import and its undo with the same sums.
import type pg from 'pg';
import { expect } from 'vitest';

const FIGURES = `display_total::text, open_total::text, paid_total::text, settled_total::text,
  settled_count::int, entry_count::int`;

/** The kept rows that hold anything (a row moved back to zero is left in place). */
export async function keptEntryTotals(db: pg.Pool, companyId: string) {
  const { rows } = await db.query(
    `select kind, paid, sem_comprovante, dim, dim_id, month::text, ${FIGURES} from private.entry_totals
     where company_id = $1 and (entry_count <> 0 or display_total <> 0 or open_total <> 0 or paid_total <> 0
                                or settled_total <> 0 or settled_count <> 0)
     order by dim, kind, paid, sem_comprovante, dim_id nulls first, month nulls first`,
    [companyId],
  );
  return rows;
}

/** Whether the entry (alias e, kind expense or income) has a comprovante, asked of the documents
 *  themselves (not the kept flag). */
export const COMPROVANTE = (kind: 'expense' | 'income', e: string) => {
  const column = kind === 'expense' ? 'payable_id' : 'receivable_id';
  return `(exists (select 1 from public.documents d where d.${column} = ${e}.id and d.kind = 'comprovante')
           or exists (select 1 from public.transactions t join public.documents d on d.payment_id = t.id
                      where t.company_id = ${e}.company_id and t.${column} = ${e}.id and d.kind = 'comprovante'))`;
};

/** The same figures summed over the rows. */
export async function summedEntryTotals(db: pg.Pool, companyId: string) {
  const { rows } = await db.query(
    `with e as (
       select 'expense' as kind, p.status = 'paid' as paid, coalesce(p.payment_date, p.due_date) as md,
              p.bank_account_id, p.category_id, p.project_id, p.supplier_id is not null as has_cp,
              p.open_amount, p.paid_total, p.paid_amount,
              p.paid_amount > 0 and not ${COMPROVANTE('expense', 'p')} as sem_comprovante
       from public.accounts_payable p where p.company_id = $1 and p.approval_status = 'approved'
       union all
       select 'income', r.status = 'paid', coalesce(r.received_date, r.due_date), r.bank_account_id,
              r.category_id, r.project_id, r.client_id is not null, r.open_amount, r.paid_total, r.paid_amount,
              r.paid_amount > 0 and not ${COMPROVANTE('income', 'r')}
       from public.accounts_receivable r where r.company_id = $1
     ), d as (
       select e.*, x.dim, x.dim_id, x.month
       from e cross join lateral (values
         ('all', null::uuid, date_trunc('month', e.md)::date),
         ('account', e.bank_account_id, date_trunc('month', e.md)::date),
         ('category', e.category_id, date_trunc('month', e.md)::date),
         ('project', e.project_id, date_trunc('month', e.md)::date),
         ('project_all', e.project_id, null::date),
         ('counterparty_all', null::uuid, null::date)) x(dim, dim_id, month)
       where x.dim <> 'counterparty_all' or e.has_cp
     ), s as (
       select kind, paid, sem_comprovante, dim, dim_id, month,
              sum(paid_total + open_amount)::numeric(16,2) as display_total,
              sum(open_amount)::numeric(16,2) as open_total, sum(paid_total)::numeric(16,2) as paid_total,
              coalesce(sum(paid_total) filter (where paid_amount > 0), 0)::numeric(16,2) as settled_total,
              count(*) filter (where paid_amount > 0) as settled_count, count(*) as entry_count
       from d group by kind, paid, sem_comprovante, dim, dim_id, month
     )
     select kind, paid, sem_comprovante, dim, dim_id, month::text, ${FIGURES} from s
     order by dim, kind, paid, sem_comprovante, dim_id nulls first, month nulls first`,
    [companyId],
  );
  return rows;
}

async function lines(db: pg.Pool, sql: string, companyId: string) {
  const { rows } = await db.query<{ line: string }>(sql, [companyId]);
  return rows.map((r) => r.line);
}

const STANDING = `(t.reversal_of is null and not exists (select 1 from public.transactions r where r.reversal_of = t.id))`;

export async function compareLedgerTotals(db: pg.Pool, companyId: string, label: string) {
  const keptDays = await lines(
    db,
    `select concat_ws(' ', bank_account_id, day, net_total::numeric(16,2), in_total::numeric(16,2),
                      out_total::numeric(16,2), in_count, out_count) as line
     from private.ledger_account_days
     where company_id = $1 and (net_total <> 0 or in_total <> 0 or out_total <> 0 or in_count <> 0 or out_count <> 0)
     order by 1`,
    companyId,
  );
  const summedDays = await lines(
    db,
    `select concat_ws(' ', bank_account_id, transaction_date,
                      sum(case direction when 'in' then amount else -amount end)::numeric(16,2),
                      coalesce(sum(amount) filter (where ${STANDING} and direction = 'in'), 0)::numeric(16,2),
                      coalesce(sum(amount) filter (where ${STANDING} and direction = 'out'), 0)::numeric(16,2),
                      count(*) filter (where ${STANDING} and direction = 'in'),
                      count(*) filter (where ${STANDING} and direction = 'out')) as line
     from public.transactions t where company_id = $1
     group by bank_account_id, transaction_date
     having sum(case direction when 'in' then amount else -amount end) <> 0
         or count(*) filter (where ${STANDING}) > 0
     order by 1`,
    companyId,
  );
  expect(keptDays, label).toEqual(summedDays);
  const keptMonths = await lines(
    db,
    `select concat_ws(' ', bank_account_id, month, net_total::numeric(16,2)) as line
     from private.ledger_account_months where company_id = $1 and net_total <> 0 order by 1`,
    companyId,
  );
  const summedMonths = await lines(
    db,
    `select concat_ws(' ', bank_account_id, date_trunc('month', transaction_date)::date,
                      sum(case direction when 'in' then amount else -amount end)::numeric(16,2)) as line
     from public.transactions t where company_id = $1
     group by bank_account_id, date_trunc('month', transaction_date)
     having sum(case direction when 'in' then amount else -amount end) <> 0
     order by 1`,
    companyId,
  );
  expect(keptMonths, `ledger_account_months, ${label}`).toEqual(summedMonths);
  for (const [table, column] of [
    ['ledger_category_months', 'category_id'],
    ['ledger_project_months', 'project_id'],
  ] as const) {
    const kept = await lines(
      db,
      `select concat_ws(' ', month, bank_account_id, kind, coalesce(${column}::text, '-'), total::numeric(16,2), row_count) as line
       from private.${table} where company_id = $1 and (row_count <> 0 or total <> 0) order by 1`,
      companyId,
    );
    const summed = await lines(
      db,
      `select concat_ws(' ', date_trunc('month', transaction_date)::date, bank_account_id, type,
                        coalesce(${column}::text, '-'), sum(amount)::numeric(16,2), count(*)) as line
       from public.standing_transactions t
       where company_id = $1 and type in ('income', 'expense')
       group by date_trunc('month', transaction_date), bank_account_id, type, ${column} order by 1`,
      companyId,
    );
    expect(kept, `${table}, ${label}`).toEqual(summed);
  }
  for (const [table, column] of [
    ['ledger_category_totals', 'category_id'],
    ['ledger_project_totals', 'project_id'],
  ] as const) {
    const kept = await lines(
      db,
      `select concat_ws(' ', bank_account_id, kind, coalesce(${column}::text, '-'), total::numeric(16,2), row_count) as line
       from private.${table} where company_id = $1 and (row_count <> 0 or total <> 0) order by 1`,
      companyId,
    );
    const summed = await lines(
      db,
      `select concat_ws(' ', bank_account_id, type, coalesce(${column}::text, '-'), sum(amount)::numeric(16,2),
                        count(*)) as line
       from public.standing_transactions t
       where company_id = $1 and type in ('income', 'expense')
       group by bank_account_id, type, ${column} order by 1`,
      companyId,
    );
    expect(kept, `${table}, ${label}`).toEqual(summed);
  }
}
