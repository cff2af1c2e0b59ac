// The entry-side totals (private.entry_totals, 20261128020100) are kept by statement triggers
// instead of summed over the history: after random settles (full, partial, juros, desconto),
// estornos, reopens, deletes, edits (amount, due date, category, obra, supplier), approvals and
// documents attached and removed (comprovantes on the entry or on a payment, other kinds: the
// entries' kept has_comprovante and the key sem_comprovante), every kept row equals the sum over
// the rows to the centavo, and the summaries that read them
// (movement_summary, project_budget_totals, supplier_summary, entry_list_summary,
// dashboard_summary) answer what a sum over the rows answers.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember } from './helpers';
import { COMPROVANTE, keptEntryTotals, summedEntryTotals } from './kept-totals';
import { createBankAccount, createPayable, createReceivable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
const refs = {
  accounts: [] as string[],
  expenseCategories: [] as string[],
  incomeCategories: [] as string[],
  projects: [] as string[],
  suppliers: [] as string[],
  clients: [] as string[],
};

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Totais por Mês');
  const c = owner.company.id;
  for (const initial of [100_000, 50_000])
    refs.accounts.push((await createBankAccount(owner, initial)).id as string);
  const ids = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
  refs.expenseCategories = await ids(
    `insert into public.categories (company_id, name, type, dre_group)
     select $1, 'Despesa ' || i, 'expense', 'custo_obra' from generate_series(1, 2) i returning id`,
    [c],
  );
  refs.incomeCategories = await ids(
    `insert into public.categories (company_id, name, type, dre_group)
     select $1, 'Receita ' || i, 'income', 'receita' from generate_series(1, 2) i returning id`,
    [c],
  );
  refs.projects = await ids(
    `insert into public.projects (company_id, name, budget)
     select $1, 'Obra ' || i, 100000 from generate_series(1, 2) i returning id`,
    [c],
  );
  refs.suppliers = await ids(
    `insert into public.suppliers (company_id, name) select $1, 'Fornecedor ' || i from generate_series(1, 2) i returning id`,
    [c],
  );
  refs.clients = await ids(
    `insert into public.clients (company_id, name) select $1, 'Cliente ' || i from generate_series(1, 2) i returning id`,
    [c],
  );
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

/** The kept rows that hold anything (a row moved back to zero is left in place). */
const kept = (companyId: string) => keptEntryTotals(db, companyId);
/** The same figures summed over the rows. */
const summed = (companyId: string) => summedEntryTotals(db, companyId);

/** Entries whose kept has_comprovante differs from what their documents say (none, if kept). */
async function flagsAstray(companyId: string) {
  const { rows } = await db.query(
    `select 'expense' as kind, p.id from public.accounts_payable p
     where p.company_id = $1 and p.has_comprovante <> ${COMPROVANTE('expense', 'p')}
     union all
     select 'income', r.id from public.accounts_receivable r
     where r.company_id = $1 and r.has_comprovante <> ${COMPROVANTE('income', 'r')}`,
    [companyId],
  );
  return rows;
}

const DOCUMENT_KINDS = [
  'comprovante',
  'comprovante',
  'comprovante',
  'boleto',
  'nota_fiscal',
  'outro',
];

/** A document row (no stored object: the row is what the flag reads) on the entry or a payment,
 *  through the API as the member attaches one. */
async function attach(
  entry: { kind: 'expense' | 'income'; id: string },
  kind: string,
  paymentId: string | null,
) {
  const c = owner.company.id;
  const owner_ = paymentId
    ? { payment_id: paymentId, folder: `payments/${paymentId}` }
    : entry.kind === 'expense'
      ? { payable_id: entry.id, folder: `entries/${entry.id}` }
      : { receivable_id: entry.id, folder: `entries/${entry.id}` };
  const { folder, ...link } = owner_;
  const { error } = await owner.client.from('documents').insert({
    company_id: c,
    ...link,
    storage_path: `${c}/${folder}/${randomUUID()}-recibo.pdf`,
    original_name: 'recibo.pdf',
    mime: 'application/pdf',
    size_bytes: 100,
    sha256: createHash('sha256').update(randomUUID()).digest('hex'),
    kind,
  } as never);
  if (error) throw new Error(`attach ${kind}: ${error.message}`);
}

/** What each kind of write did (only successful calls count), so the test knows it wrote. */
const writes = new Map<string, number>();
const count = (kind: string) => writes.set(kind, (writes.get(kind) ?? 0) + 1);
async function call(fn: string, args: Record<string, unknown>) {
  const { error } = await owner.client.rpc(fn as never, args as never);
  if (error) throw new Error(`${fn}: ${error.message}`);
  count(fn.replace(/_(payable|receivable)$/, ''));
}

/** Sum over search_movements' rows: what movement_summary answered before it read kept totals. */
async function movementRows(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('search_movements', args as never);
  if (error) throw new Error(`search_movements: ${error.message}`);
  const rows = data as { kind: string; display_amount: number; reversed: boolean }[];
  const cents = (v: number) => Math.round(v * 100);
  const sum = (kind: string, pred = (_r: (typeof rows)[number]) => true) =>
    rows.filter((r) => r.kind === kind && pred(r)).reduce((s, r) => s + cents(r.display_amount), 0);
  const income = sum('income');
  const expense = sum('expense');
  return {
    income_total: income,
    expense_total: expense,
    balance: income - expense,
    count: rows.length,
    transfer_total: sum('transfer', (r) => !r.reversed),
    transfer_count: rows.filter((r) => r.kind === 'transfer').length,
  };
}

async function movementSummary(args: Record<string, unknown>) {
  const { data, error } = await owner.client.rpc('movement_summary', args as never);
  if (error) throw new Error(`movement_summary: ${error.message}`);
  const s = data as Record<string, number>;
  const cents = (v: number) => Math.round(v * 100);
  return {
    income_total: cents(s.income_total!),
    expense_total: cents(s.expense_total!),
    balance: cents(s.balance!),
    count: s.count,
    transfer_total: cents(s.transfer_total!),
    transfer_count: s.transfer_count,
  };
}

const DAYS = [
  '2025-12-20',
  '2026-01-05',
  '2026-01-31',
  '2026-02-01',
  '2026-02-14',
  '2026-02-28',
  '2026-03-01',
  '2026-03-10',
  '2026-03-31',
  '2026-04-15',
  '2026-05-02',
];

describe('kept entry totals', () => {
  it('equal the sums over the rows after 200 random writes', async () => {
    const seed = Number(process.env.ENTRY_TOTALS_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const maybe = <T>(list: T[]) => (next() < 0.25 ? null : pick(list));
    const cents = () => (100 + Math.floor(next() * 900_000)) / 100;
    const entries: { kind: 'expense' | 'income'; id: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const kind = i % 3 === 0 ? 'income' : 'expense';
      const row =
        kind === 'expense'
          ? await createPayable(owner, cents(), {
              due_date: pick(DAYS),
              category_id: maybe(refs.expenseCategories),
              project_id: maybe(refs.projects),
              supplier_id: maybe(refs.suppliers),
              bank_account_id: maybe(refs.accounts),
            })
          : await createReceivable(owner, cents(), {
              due_date: pick(DAYS),
              category_id: maybe(refs.incomeCategories),
              project_id: maybe(refs.projects),
              client_id: maybe(refs.clients),
              bank_account_id: maybe(refs.accounts),
            });
      entries.push({ kind, id: row.id as string });
    }
    // A transfer, so the summary's transfer figures are compared too.
    const { error: transferError } = await owner.client.rpc(
      'transfer_between_accounts' as never,
      {
        p_from_account_id: refs.accounts[0],
        p_to_account_id: refs.accounts[1],
        p_amount: 123.45,
        p_transfer_date: '2026-02-10',
        p_description: 'Reserva',
      } as never,
    );
    expect(transferError).toBeNull();

    for (let step = 0; step < 200; step++) {
      const e = pick(entries);
      const table = e.kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
      const { rows } = await db.query<{
        status: string;
        open_amount: string;
        ledger: boolean;
        approval: string;
      }>(
        `select e.status, e.open_amount,
                ${e.kind === 'expense' ? 'e.approval_status' : `'approved'`} as approval,
                exists (select 1 from public.transactions t where t.payable_id = e.id or t.receivable_id = e.id) as ledger
         from public.${table} e where e.id = $1`,
        [e.id],
      );
      const row = rows[0];
      if (!row) continue; // deleted
      const op = next();
      const idArg = e.kind === 'expense' ? 'p_payable_id' : 'p_receivable_id';
      if (next() < 0.25) {
        // Documents: a comprovante (or another kind) attached to the entry or to one of its
        // payments (an estorno's original included), or one of them removed.
        const { rows: docs } = await db.query<{ id: string; kind: string }>(
          `select d.id, d.kind from public.documents d
           where d.${e.kind === 'expense' ? 'payable_id' : 'receivable_id'} = $1
              or d.payment_id in (select t.id from public.transactions t
                                  where t.payable_id = $1 or t.receivable_id = $1)
           order by d.uploaded_at, d.id`,
          [e.id],
        );
        if (docs.length > 0 && op < 0.4) {
          const doc = pick(docs);
          const { error } = await owner.client.from('documents').delete().eq('id', doc.id);
          if (error) throw new Error(`remove document: ${error.message}`);
          count(doc.kind === 'comprovante' ? 'remove_comprovante' : 'remove_document');
        } else {
          const { rows: payments } = await db.query<{ id: string }>(
            `select t.id from public.transactions t
             where (t.payable_id = $1 or t.receivable_id = $1) and t.reversal_of is null order by t.id`,
            [e.id],
          );
          const payment = payments.length > 0 && next() < 0.5 ? pick(payments).id : null;
          const kind = pick(DOCUMENT_KINDS);
          await attach(e, kind, payment);
          count(
            kind !== 'comprovante'
              ? 'attach_other'
              : payment
                ? 'attach_payment_comprovante'
                : 'attach_comprovante',
          );
        }
      } else if (e.kind === 'expense' && op < 0.08) {
        // Approvals: sent to approval, refused, approved again (only an unpaid one waits).
        if (row.approval === 'approved' && !row.ledger) {
          await db.query(
            `update public.accounts_payable set approval_status = 'pending' where id = $1`,
            [e.id],
          );
          count('awaiting');
        } else if (row.approval !== 'approved') {
          await db.query(`update public.accounts_payable set approval_status = $2 where id = $1`, [
            e.id,
            next() < 0.3 ? 'refused' : 'approved',
          ]);
          count('approval');
        }
      } else if (row.approval !== 'approved') {
        continue;
      } else if (row.status === 'pending' && op < 0.45) {
        const open = Number(row.open_amount);
        const partial = next() < 0.4 && open > 2;
        await call(e.kind === 'expense' ? 'settle_payable' : 'settle_receivable', {
          [idArg]: e.id,
          p_bank_account_id: pick(refs.accounts),
          [e.kind === 'expense' ? 'p_paid_on' : 'p_received_on']: pick(DAYS),
          ...(partial ? { p_amount_paid: Math.round(open * 50) / 100 } : {}),
          ...(next() < 0.3 ? { p_interest: 12.34, p_fine: 1.01 } : {}),
          ...(next() < 0.2 ? { p_discount: 0.99 } : {}),
        });
      } else if (op < 0.6) {
        const { rows: payments } = await db.query<{ id: string }>(
          `select t.id from public.standing_transactions t
           where t.payable_id = $1 or t.receivable_id = $1 order by t.created_at limit 1`,
          [e.id],
        );
        if (payments[0])
          await call('reverse_payment', {
            p_payment_id: payments[0].id,
            p_reversed_on: pick(DAYS),
          });
      } else if (row.status === 'paid' && op < 0.68) {
        await call(e.kind === 'expense' ? 'reopen_payable' : 'reopen_receivable', {
          [idArg]: e.id,
          p_reopened_on: pick(DAYS),
        });
      } else if (op < 0.92) {
        // An edit: the amount and due date of an unpaid one; category, obra, counterparty of any.
        const change: Record<string, unknown> = {};
        const which = next();
        if (which < 0.25 && !row.ledger) change.amount = cents();
        else if (which < 0.45 && row.status === 'pending') change.due_date = pick(DAYS);
        else if (which < 0.65)
          change.category_id = maybe(
            e.kind === 'expense' ? refs.expenseCategories : refs.incomeCategories,
          );
        else if (which < 0.85) change.project_id = maybe(refs.projects);
        else if (e.kind === 'expense') change.supplier_id = maybe(refs.suppliers);
        else change.client_id = maybe(refs.clients);
        const { error } = await owner.client
          .from(table)
          .update(change as never)
          .eq('id', e.id);
        if (error) throw new Error(`edit ${e.kind} ${JSON.stringify(change)}: ${error.message}`);
        count('edit');
      } else if (!row.ledger) {
        await call('delete_entry', { p_kind: e.kind, p_id: e.id, p_scope: 'one' });
      }
      if (step % 50 === 49) {
        expect(await kept(owner.company.id), `seed ${seed}, step ${step}`).toEqual(
          await summed(owner.company.id),
        );
        expect(await flagsAstray(owner.company.id), `seed ${seed}, step ${step}`).toEqual([]);
      }
    }
    // A seed whose walk never reopened a paid entry or sent one to approval does both once, on a
    // fresh entry each (so every kind of write below really happened).
    if (!writes.get('reopen')) {
      const fresh = await createReceivable(owner, 321.09, { due_date: '2026-01-20' });
      await call('settle_receivable', {
        p_receivable_id: fresh.id,
        p_bank_account_id: refs.accounts[1],
        p_received_on: '2026-02-02',
      });
      await call('reopen_receivable', { p_receivable_id: fresh.id, p_reopened_on: '2026-02-03' });
    }
    if (!writes.get('awaiting')) {
      const fresh = await createPayable(owner, 654.32, {
        due_date: '2026-03-03',
        project_id: refs.projects[0],
      });
      await db.query(
        `update public.accounts_payable set approval_status = 'pending' where id = $1`,
        [fresh.id],
      );
      count('awaiting');
    }
    // Whatever the walk did: a paid payable whose comprovante is attached then removed (sem
    // comprovante again), and a paid receivable with a comprovante on its payment.
    const bare = await createPayable(owner, 432.1, { due_date: '2026-02-03' });
    await call('settle_payable', {
      p_payable_id: bare.id,
      p_bank_account_id: refs.accounts[0],
      p_paid_on: '2026-02-04',
    });
    await attach({ kind: 'expense', id: bare.id as string }, 'comprovante', null);
    count('attach_comprovante');
    expect(await flagsAstray(owner.company.id), `seed ${seed}`).toEqual([]);
    const { rows: bareDocs } = await db.query<{ id: string }>(
      `select d.id from public.documents d where d.payable_id = $1`,
      [bare.id],
    );
    const removed = await owner.client.from('documents').delete().eq('id', bareDocs[0]!.id);
    expect(removed.error).toBeNull();
    count('remove_comprovante');
    const papered = await createReceivable(owner, 876.54, { due_date: '2026-03-05' });
    await call('settle_receivable', {
      p_receivable_id: papered.id,
      p_bank_account_id: refs.accounts[1],
      p_received_on: '2026-03-06',
    });
    const { rows: paperedPayments } = await db.query<{ id: string }>(
      `select t.id from public.transactions t where t.receivable_id = $1`,
      [papered.id],
    );
    await attach(
      { kind: 'income', id: papered.id as string },
      'comprovante',
      paperedPayments[0]!.id,
    );
    count('attach_payment_comprovante');
    for (const kind of [
      'settle',
      'reverse_payment',
      'reopen',
      'delete_entry',
      'edit',
      'awaiting',
      'attach_comprovante',
      'attach_payment_comprovante',
      'remove_comprovante',
    ]) {
      expect(writes.get(kind) ?? 0, `${kind}, seed ${seed}`).toBeGreaterThan(0);
    }
    const expected = await summed(owner.company.id);
    expect(await kept(owner.company.id), `seed ${seed}`).toEqual(expected);
    expect(expected.length).toBeGreaterThan(20);
    expect(await flagsAstray(owner.company.id), `seed ${seed}`).toEqual([]);
    const { rows: flags } = await db.query<{ id: string; has_comprovante: boolean }>(
      `select id, has_comprovante from public.entries where id = any ($1::uuid[]) order by id`,
      [[bare.id, papered.id]],
    );
    expect(flags).toEqual(
      [
        { id: bare.id, has_comprovante: false },
        { id: papered.id, has_comprovante: true },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );

    // movement_summary answers, for every filter the table serves and those it does not, what a
    // sum over search_movements' rows answers.
    const base = { p_company_id: owner.company.id, p_today: '2026-02-14' };
    const periods: [string | null, string | null][] = [
      [null, null],
      ['2026-01-01', '2026-03-31'],
      ['2026-01-06', '2026-03-09'],
      ['2026-02-01', '2026-02-28'],
      ['2026-02-10', '2026-02-20'],
      [null, '2026-02-13'],
      ['2026-02-14', null],
      ['2026-03-01', '2026-02-01'],
    ];
    const filters: Record<string, unknown>[] = [
      {},
      { p_kinds: ['expense'] },
      { p_kinds: ['income', 'transfer'] },
      { p_statuses: ['paid'] },
      { p_statuses: ['open'] },
      { p_statuses: ['overdue'] },
      { p_statuses: ['open', 'overdue'] },
      { p_statuses: ['overdue', 'paid'] },
      { p_account_ids: [refs.accounts[0]] },
      { p_category_ids: [refs.expenseCategories[0], refs.incomeCategories[1]] },
      { p_project_ids: [refs.projects[1]] },
      { p_include_no_project: true },
      { p_project_ids: [refs.projects[0]], p_include_no_project: true, p_statuses: ['open'] },
      { p_account_ids: [refs.accounts[1]], p_category_ids: [refs.expenseCategories[1]] },
      { p_search: 'cimento' },
      { p_search: 'OBRA 1' },
      { p_search: 'fornecedor 2', p_statuses: ['paid'] },
      { p_search: 'receita', p_kinds: ['income'] },
      // Searches that match category names: those categories' entries come from the kept totals,
      // the rest (text, counterparty, obra, account) from the rows, each entry once.
      { p_search: 'despesa' },
      { p_search: 'e' },
      { p_search: 'e', p_category_ids: [refs.expenseCategories[0], refs.incomeCategories[1]] },
      { p_search: 'despesa 2', p_category_ids: [refs.expenseCategories[0]] },
      { p_search: 'despesa', p_account_ids: [refs.accounts[0]] },
      { p_search: 'receita', p_statuses: ['open', 'overdue'] },
      { p_search: 'e', p_project_ids: [refs.projects[0]], p_statuses: ['paid'] },
      // Searches that match obra names (and no category): those obras' entries from the kept totals.
      { p_search: 'obra' },
      // "o": obras, and texts and suppliers too ("Cimento", "Fornecedor"), no category.
      { p_search: 'o' },
      { p_search: 'o', p_statuses: ['open', 'overdue'] },
      { p_search: 'o', p_project_ids: [refs.projects[0]], p_include_no_project: true },
      { p_search: 'obra', p_statuses: ['paid'] },
      { p_search: 'obra', p_statuses: ['open'] },
      { p_search: 'obra 1', p_project_ids: [refs.projects[1]] },
      { p_search: 'obra', p_project_ids: [refs.projects[1]], p_include_no_project: true },
      { p_search: 'obra', p_include_no_project: true },
      { p_search: 'obra', p_kinds: ['income'], p_account_ids: [refs.accounts[1]] },
      // Sem comprovante: from the kept key (whole months) and the rows' flag (edge days, today's
      // month), with every other filter; searched, the matching categories' part kept too.
      { p_without_comprovante: true },
      { p_without_comprovante: true, p_kinds: ['expense'] },
      { p_without_comprovante: true, p_kinds: ['income', 'transfer'] },
      { p_without_comprovante: true, p_statuses: ['paid'] },
      { p_without_comprovante: true, p_statuses: ['open', 'overdue'] },
      { p_without_comprovante: true, p_statuses: ['overdue'] },
      { p_without_comprovante: true, p_account_ids: [refs.accounts[0]] },
      {
        p_without_comprovante: true,
        p_category_ids: [refs.expenseCategories[0], refs.incomeCategories[0]],
      },
      { p_without_comprovante: true, p_project_ids: [refs.projects[0]] },
      { p_without_comprovante: true, p_include_no_project: true, p_statuses: ['paid'] },
      {
        p_without_comprovante: true,
        p_account_ids: [refs.accounts[1]],
        p_project_ids: [refs.projects[1]],
      },
      { p_without_comprovante: true, p_search: 'despesa' },
      { p_without_comprovante: true, p_search: 'e', p_statuses: ['paid'] },
      { p_without_comprovante: true, p_search: 'fornecedor 1' },
      { p_without_comprovante: true, p_search: 'obra' },
      { p_without_comprovante: true, p_search: 'obra', p_statuses: ['paid'] },
      { p_without_comprovante: true, p_search: 'o', p_project_ids: [refs.projects[0]] },
    ];
    // Obras: comprometido and realizado per obra, as the correlated sum over the ledger had them.
    const { rows: obras } = await db.query(
      `select p.id as project_id, p.budget::float8 as budget,
              coalesce(sum(case when e.status = 'pending' then e.open_amount else 0 end), 0)::float8 as committed,
              coalesce(sum((select coalesce(sum(t.amount), 0) from public.standing_transactions t
                            where t.company_id = e.company_id and t.payable_id = e.id)), 0)::float8 as realized,
              coalesce((select sum(w.amount) from public.accounts_payable w
                        where w.project_id = p.id and w.approval_status = 'pending'), 0)::float8 as awaiting
       from public.projects p
       left join public.accounts_payable e on e.project_id = p.id and e.approval_status = 'approved'
       where p.company_id = $1 group by p.id order by p.id`,
      [owner.company.id],
    );
    const totals = await owner.client.rpc('project_budget_totals', {
      p_company_id: owner.company.id,
    });
    expect(totals.error).toBeNull();
    expect(
      [...(totals.data ?? [])].sort((a, b) => (a.project_id < b.project_id ? -1 : 1)),
      `seed ${seed}`,
    ).toEqual(obras);
    expect(obras.some((o) => o.realized > 0 && o.committed > 0)).toBe(true);

    // Fornecedores' header, Contas a Pagar/Receber's cards and the home's totals, as the sums over
    // the rows had them, on several days (today's month split by its rows).
    const { rows: spent } = await db.query<{ total: number }>(
      `select coalesce(sum(paid_total), 0)::float8 as total from public.accounts_payable
       where company_id = $1 and approval_status = 'approved' and paid_amount > 0 and supplier_id is not null`,
      [owner.company.id],
    );
    const supplier = await owner.client.rpc('supplier_summary', { p_company_id: owner.company.id });
    expect(supplier.error).toBeNull();
    expect((supplier.data as { total_spent: number }).total_spent, `seed ${seed}`).toBe(
      spent[0]!.total,
    );
    expect(spent[0]!.total).toBeGreaterThan(0);
    for (const today of ['2026-01-01', '2026-02-14', '2026-02-28', '2026-03-10', '2026-06-01']) {
      const { rows: pending } = await db.query(
        `with e as (
           select 'expense' as kind, open_amount, due_date, paid_amount, paid_total from public.accounts_payable
           where company_id = $1 and status = 'pending' and approval_status = 'approved'
           union all
           select 'income', open_amount, due_date, paid_amount, paid_total from public.accounts_receivable
           where company_id = $1 and status = 'pending'
         )
         select k.kind,
                coalesce(sum(e.open_amount), 0)::float8 as pending_total, count(e.kind)::int as pending_count,
                coalesce(sum(e.open_amount) filter (where e.due_date < $2::date), 0)::float8 as overdue_total,
                (count(*) filter (where e.due_date < $2::date))::int as overdue_count,
                coalesce(sum(e.paid_total) filter (where e.paid_amount > 0), 0)::float8 as partial_paid_total,
                (count(*) filter (where e.paid_amount > 0))::int as partial_count
         from (values ('expense'), ('income')) k(kind) left join e on e.kind = k.kind
         group by k.kind order by k.kind`,
        [owner.company.id, today],
      );
      for (const want of pending) {
        const list = await owner.client.rpc('entry_list_summary', {
          p_company_id: owner.company.id,
          p_kind: want.kind,
          p_today: today,
        });
        expect(list.error).toBeNull();
        const { kind: _kind, ...figures } = want;
        expect(list.data, `seed ${seed}, ${today}, ${want.kind}`).toMatchObject(figures);
      }
      const [expense, income] = pending;
      const home = await owner.client.rpc('dashboard_summary', {
        p_company_id: owner.company.id,
        p_today: today,
      });
      expect(home.error).toBeNull();
      const round = (v: number) => Math.round(v * 100) / 100;
      expect(home.data, `seed ${seed}, ${today}`).toEqual({
        receivable_total: income.pending_total,
        payable_total: expense.pending_total,
        overdue_total: round(income.overdue_total + expense.overdue_total),
        receivable_pending_count: income.pending_count,
        payable_pending_count: expense.pending_count,
        overdue_count: income.overdue_count + expense.overdue_count,
      });
    }

    // Fluxo previsto: each day's income and expense, what is overdue on today, as the rows say.
    for (const [today, accountId] of [
      ['2026-02-14', null],
      ['2026-03-01', refs.accounts[0]],
      ['2026-03-20', null],
    ] as const) {
      const { rows: days } = await db.query<{ date: string; income: number; expense: number }>(
        `with e as (
           select 'expense' as kind, open_amount, due_date, bank_account_id from public.accounts_payable
           where company_id = $1 and status = 'pending' and approval_status = 'approved'
           union all
           select 'income', open_amount, due_date, bank_account_id from public.accounts_receivable
           where company_id = $1 and status = 'pending'
         )
         select d::date::text as date,
                coalesce(sum(e.open_amount) filter (where e.kind = 'income'), 0)::float8 as income,
                coalesce(sum(e.open_amount) filter (where e.kind = 'expense'), 0)::float8 as expense
         from generate_series($2::date, $2::date + 44, interval '1 day') d
         left join e on greatest(e.due_date, $2::date) = d::date and ($3::uuid is null or e.bank_account_id = $3)
         group by d order by d`,
        [owner.company.id, today, accountId],
      );
      const flow = await owner.client.rpc('cash_flow_projection', {
        p_company_id: owner.company.id,
        p_days: 45,
        p_today: today,
        ...(accountId ? { p_bank_account_id: accountId } : {}),
      });
      expect(flow.error).toBeNull();
      const got = (flow.data as { days: { date: string; income: number; expense: number }[] }).days;
      expect(
        got.map(({ date, income, expense }) => ({ date, income, expense })),
        `seed ${seed}, ${today}, ${accountId}`,
      ).toEqual(days);
    }

    // Conciliação: a statement whose lines carry the amounts of pending entries and ledger rows
    // of the account (near their dates) gets exactly the candidates the join over every row gave.
    const { rows: targets } = await db.query<{ posted_on: string; amount: string }>(
      `(select (due_date + 2)::text as posted_on, (case when kind = 'expense' then -1 else 1 end * open_amount)::text as amount
        from public.entries where company_id = $1 and status = 'pending' and approval_status = 'approved'
        order by id limit 8)
       union all
       (select (transaction_date - 1)::text, (case when direction = 'out' then -1 else 1 end * amount)::text
        from public.standing_transactions where bank_account_id = $2 order by id limit 8)`,
      [owner.company.id, refs.accounts[0]],
    );
    const statement = await owner.client.rpc('import_bank_statement', {
      p_bank_account_id: refs.accounts[0]!,
      p_source: 'ofx',
      p_lines: targets.map((t, i) => ({ fitid: `T${i}`, memo: `Linha ${i}`, ...t })) as never,
      p_file_name: 'extrato.ofx',
    });
    expect(statement.error).toBeNull();
    const { rows: wanted } = await db.query(
      `with lines as (
         select l.id, l.posted_on, l.amount from public.bank_statement_lines l
         where l.bank_account_id = $2 and l.status = 'pending'
       )
       select l.id as line_id, 'ledger' as kind, t.id as target_id, t.description, null as counterparty_name,
              t.transaction_date::text as target_date, t.amount::float8 as amount,
              abs(t.transaction_date - l.posted_on) as day_distance
       from lines l join public.standing_transactions t
         on t.bank_account_id = $2 and t.amount = abs(l.amount)
        and t.direction = case when l.amount < 0 then 'out' else 'in' end
        and t.transaction_date between l.posted_on - 3 and l.posted_on + 3
       where not exists (select 1 from public.bank_statement_lines m
                         where m.matched_transaction_id = t.id and m.status = 'matched')
       union all
       select l.id, case e.kind when 'expense' then 'payable' else 'receivable' end, e.id, e.description,
              e.counterparty_name, e.due_date::text, e.open_amount::float8, abs(e.due_date - l.posted_on)
       from lines l join public.entries e
         on e.company_id = $1 and e.approval_status = 'approved' and e.status = 'pending'
        and e.kind = case when l.amount < 0 then 'expense' else 'income' end
        and e.open_amount = abs(l.amount) and e.due_date between l.posted_on - 5 and l.posted_on + 5`,
      [owner.company.id, refs.accounts[0]],
    );
    const key = (r: { line_id: string; target_id: string }) => `${r.line_id} ${r.target_id}`;
    const sorted = <T extends { line_id: string; target_id: string }>(list: T[]) =>
      [...list].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    const candidates = await owner.client.rpc('statement_candidates', {
      p_bank_account_id: refs.accounts[0]!,
    });
    expect(candidates.error).toBeNull();
    expect(sorted(candidates.data ?? []), `seed ${seed}`).toEqual(sorted(wanted as never[]));
    expect(wanted.some((w) => w.kind === 'ledger')).toBe(true);
    expect(wanted.some((w) => w.kind !== 'ledger')).toBe(true);

    for (const [start, end] of periods)
      for (const filter of filters) {
        const args = { ...base, p_start: start, p_end: end, ...filter };
        expect(await movementSummary(args), `seed ${seed}, ${JSON.stringify(args)}`).toEqual(
          await movementRows(args),
        );
      }
  });
});
