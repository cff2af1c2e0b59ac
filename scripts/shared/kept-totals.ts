// The kept totals against sums over the rows: the entry side (private.entry_totals) and the ledger
// side (private.ledger_*). Shared by the db tests that write money (tests/db/kept-totals.ts wraps
// these in expect: entry-totals, ledger-totals and imports .test.ts) and the load bench
// (scripts/bench/load.ts checks every company it touched after the run).
import type pg from 'pg';

/** What is kept and what the rows sum to, for one table (equal when the totals are true). */
export interface KeptPair {
  label: string;
  kept: string[];
  summed: string[];
}

const FIGURES = `display_total::text, open_total::text, paid_total::text, settled_total::text,
  settled_count::int, entry_count::int`;

/** The kept rows that hold anything (a row moved back to zero is left in place). */
export async function keptEntryTotals(db: pg.Pool | pg.PoolClient, companyId: string) {
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
export async function summedEntryTotals(db: pg.Pool | pg.PoolClient, companyId: string) {
  const { rows } = await db.query(
    `with e as (
       select 'expense' as kind, p.status = 'paid' as paid, coalesce(p.payment_date, p.due_date) as md,
              p.bank_account_id, p.category_id, p.project_id, p.supplier_id is not null as has_cp,
              p.open_amount, p.paid_total, p.paid_amount,
              p.paid_amount > 0 and not ${COMPROVANTE('expense', 'p')} as sem_comprovante,
              p.id, p.parts, p.amount, p.interest_amount, p.fine_amount, p.discount_amount
       from public.accounts_payable p where p.company_id = $1 and p.approval_status = 'approved'
       union all
       select 'income', r.status = 'paid', coalesce(r.received_date, r.due_date), r.bank_account_id,
              r.category_id, r.project_id, r.client_id is not null, r.open_amount, r.paid_total, r.paid_amount,
              r.paid_amount > 0 and not ${COMPROVANTE('income', 'r')},
              r.id, r.parts, r.amount, r.interest_amount, r.fine_amount, r.discount_amount
       from public.accounts_receivable r where r.company_id = $1
     ), f as (
       select e.id, f.category_id, f.project_id, f.open_amount, f.paid_total
       from e cross join lateral private.entry_part_figures(e.parts, e.project_id, null, e.category_id, e.amount,
                                                            e.paid_amount, e.interest_amount, e.fine_amount,
                                                            e.discount_amount) f
     ), d as (
       select e.kind, e.paid, e.sem_comprovante, e.paid_amount, e.open_amount, e.paid_total,
              x.dim, x.dim_id, x.month
       from e cross join lateral (values
         ('all', null::uuid, date_trunc('month', e.md)::date),
         ('account', e.bank_account_id, date_trunc('month', e.md)::date),
         ('counterparty_all', null::uuid, null::date)) x(dim, dim_id, month)
       where x.dim <> 'counterparty_all' or e.has_cp
       union all
       select e.kind, e.paid, e.sem_comprovante, e.paid_amount, c.o, c.p, 'category', c.category_id,
              date_trunc('month', e.md)::date
       from e join (select id, category_id, sum(open_amount) as o, sum(paid_total) as p
                    from f group by id, category_id) c on c.id = e.id
       union all
       select e.kind, e.paid, e.sem_comprovante, e.paid_amount, c.o, c.p, x.dim, c.project_id,
              case x.dim when 'project' then date_trunc('month', e.md)::date end
       from e join (select id, project_id, sum(open_amount) as o, sum(paid_total) as p
                    from f group by id, project_id) c on c.id = e.id
       cross join (values ('project'), ('project_all')) x(dim)
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

async function lines(db: pg.Pool | pg.PoolClient, sql: string, companyId: string) {
  const { rows } = await db.query<{ line: string }>(sql, [companyId]);
  return rows.map((r) => r.line);
}

const STANDING = `(t.reversal_of is null and not exists (select 1 from public.transactions r where r.reversal_of = t.id))`;

/** The standing rows as pieces: a row itself (share = amount) or, when split, one piece per part
 *  with the row's share of it (piece_category_id, piece_project_id). */
export const PIECES = `(select t.*, g.category_id as piece_category_id, g.project_id as piece_project_id, g.share
   from public.standing_transactions t
   cross join lateral (
     select t.category_id, t.project_id, t.amount as share where t.parts is null
     union all
     select s.category_id, s.project_id, s.share from private.part_shares(t.parts, t.amount) s
     where t.parts is not null) g)`;

/** Every ledger-side kept table against the sums over public.transactions, as pairs. */
export async function ledgerTotalPairs(
  db: pg.Pool | pg.PoolClient,
  companyId: string,
  label: string,
): Promise<KeptPair[]> {
  const pairs: KeptPair[] = [];
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
  pairs.push({ label, kept: keptDays, summed: summedDays });
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
  pairs.push({ label: `ledger_account_months, ${label}`, kept: keptMonths, summed: summedMonths });
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
                        coalesce(piece_${column}::text, '-'), sum(share)::numeric(16,2), count(distinct id)) as line
       from ${PIECES} t
       where company_id = $1 and type in ('income', 'expense')
       group by date_trunc('month', transaction_date), bank_account_id, type, piece_${column} order by 1`,
      companyId,
    );
    pairs.push({ label: `${table}, ${label}`, kept, summed });
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
      `select concat_ws(' ', bank_account_id, type, coalesce(piece_${column}::text, '-'), sum(share)::numeric(16,2),
                        count(distinct id)) as line
       from ${PIECES} t
       where company_id = $1 and type in ('income', 'expense')
       group by bank_account_id, type, piece_${column} order by 1`,
      companyId,
    );
    pairs.push({ label: `${table}, ${label}`, kept, summed });
  }
  return pairs;
}
