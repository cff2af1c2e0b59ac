// Rateio at scale (issue 33, 20261203010100): Movimentações reads split entries' figures kept by
// trigger. private.split_entry_dims (per split entry, per distinct obra / categoria of its parts:
// the display of those parts) and private.split_pair_totals (per month, paid, sem comprovante and
// pair of distinct obras / categorias: entries, their whole display, their parts' display) equal
// what the parts say after random writes (inserts, settles, estornos, reopenings, new splits,
// approvals, deletions), recomputed here with src/lib/apportion.ts. Then the three calls that read
// them give what the unpaged list gives: a page by value under one obra / categoria / Sem obra,
// movement_summary under two ids of one filter, and movement_summary of a search matching one or
// two categorias' names. private.split_project_sets (20261203070100: per paid, sem comprovante and
// set of distinct obras, per obra of the set: entries, their parts' display) likewise, read by
// movement_summary of a search matching obras' names.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../src/lib/apportion';
import { adminDb, asMember, createMember } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

const NIL = '00000000-0000-0000-0000-000000000000';
const TODAY = '2026-04-15';

let db: pg.Pool;
let owner: Member;
let account: string;
const ids: Record<string, string> = {};

const cents = (v: unknown) => Math.round(Number(v) * 100);

async function createProject(name: string) {
  const { data, error } = await owner.client.rpc('create_project', {
    p_company_id: owner.company.id,
    p_name: name,
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: 10000,
    p_start_date: '2026-01-10',
    p_end_date: '2026-12-20',
    p_stages: ['Fundação'],
    p_status: 'in_progress',
  });
  if (error) throw error;
  return data.id as string;
}

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Rateio Guardado');
  account = (await createBankAccount(owner, 100_000)).id as string;
  ids.alfa = await createProject('Obra Alfa');
  ids.beta = await createProject('Obra Beta');
  const { rows } = await db.query<{ id: string; name: string }>(
    `insert into public.categories (company_id, name, type)
     values ($1, 'Elétrica Predial', 'expense'), ($1, 'Elétrica Industrial', 'expense'),
            ($1, 'Hidráulica', 'expense'), ($1, 'Medições', 'income')
     returning id, name`,
    [owner.company.id],
  );
  ids.predial = rows.find((r) => r.name === 'Elétrica Predial')!.id;
  ids.industrial = rows.find((r) => r.name === 'Elétrica Industrial')!.id;
  ids.hidraulica = rows.find((r) => r.name === 'Hidráulica')!.id;
  ids.medicoes = rows.find((r) => r.name === 'Medições')!.id;
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

type Entry = {
  kind: 'expense' | 'income';
  id: string;
  parts: { project_id: string | null; category_id: string | null; amount: number }[];
  amount: string;
  interest_amount: string;
  fine_amount: string;
  discount_amount: string;
  paid_amount: string;
  paid_total: string;
  open_amount: string;
  status: string;
  has_comprovante: boolean;
  movement_date: string;
  created_at: string;
};

/** The listed split entries of the company (approved payables, receivables), as stored. */
async function splitEntries(): Promise<Entry[]> {
  const cols = `e.id, e.parts, e.amount, e.interest_amount, e.fine_amount, e.discount_amount,
    e.paid_amount, e.paid_total, e.open_amount, e.status, e.has_comprovante, e.created_at::text`;
  const { rows } = await db.query<Entry>(
    `select 'expense' as kind, ${cols}, coalesce(e.payment_date, e.due_date)::text as movement_date
     from public.accounts_payable e
     where e.company_id = $1 and e.parts is not null and e.approval_status = 'approved'
     union all
     select 'income', ${cols}, coalesce(e.received_date, e.due_date)::text
     from public.accounts_receivable e where e.company_id = $1 and e.parts is not null`,
    [owner.company.id],
  );
  return rows;
}

/** Each part's display amount in centavos: its amount + its shares of juros and multa − desconto. */
function partDisplays(e: Entry) {
  const amounts = e.parts.map((p) => cents(p.amount));
  const interest = apportion(amounts, cents(e.interest_amount));
  const fine = apportion(amounts, cents(e.fine_amount));
  const discount = apportion(amounts, cents(e.discount_amount));
  return e.parts.map((p, i) => ({
    project: p.project_id ?? NIL,
    category: p.category_id ?? NIL,
    display: amounts[i]! + interest[i]! + fine[i]! - discount[i]!,
  }));
}

/** Per dim, the entry's distinct ids with the display of its parts of each. */
function dimsOf(e: Entry) {
  const out: Record<'project' | 'category', Map<string, number>> = {
    project: new Map(),
    category: new Map(),
  };
  for (const p of partDisplays(e)) {
    out.project.set(p.project, (out.project.get(p.project) ?? 0) + p.display);
    out.category.set(p.category, (out.category.get(p.category) ?? 0) + p.display);
  }
  return out;
}

async function expectedKept() {
  const dims: string[] = [];
  const pairs = new Map<string, number[]>();
  const sets = new Map<string, number[]>();
  for (const e of await splitEntries()) {
    const month = `${e.movement_date.slice(0, 7)}-01`;
    const paid = e.status === 'paid';
    const sem = cents(e.paid_amount) > 0 && !e.has_comprovante;
    const whole = cents(e.paid_total) + cents(e.open_amount);
    const byProject = dimsOf(e).project;
    const set = [...byProject.keys()].sort();
    for (const id of set) {
      const key = `${e.kind} {${set.join(',')}} ${id} ${paid} ${sem}`;
      const [n, d] = sets.get(key) ?? [0, 0];
      sets.set(key, [n! + 1, d! + byProject.get(id)!]);
    }
    for (const [dim, byId] of Object.entries(dimsOf(e))) {
      for (const [id, display] of byId)
        dims.push(`${e.kind} ${e.id} ${dim} ${id} ${display} ${e.movement_date} ${e.created_at}`);
      const list = [...byId.keys()].sort();
      for (let i = 0; i < list.length; i++)
        for (let j = i; j < list.length; j++) {
          const key = `${dim} ${e.kind} ${list[i]} ${list[j]} ${month} ${paid} ${sem}`;
          const [n, w, x] = pairs.get(key) ?? [0, 0, 0];
          pairs.set(key, [n! + 1, w! + whole, x! + (i === j ? byId.get(list[i]!)! : 0)]);
        }
    }
  }
  return {
    dims: dims.sort(),
    pairs: Object.fromEntries([...pairs].sort()),
    sets: Object.fromEntries([...sets].sort()),
  };
}

async function keptRows() {
  const { rows: d } = await db.query<{ line: string }>(
    `select kind || ' ' || entry_id || ' ' || dim || ' ' || dim_id || ' ' || round(display * 100)
            || ' ' || movement_date::text || ' ' || created_at::text as line
     from private.split_entry_dims where company_id = $1`,
    [owner.company.id],
  );
  const { rows: p } = await db.query<{ key: string; n: string; w: string; x: string }>(
    `select dim || ' ' || kind || ' ' || id_a || ' ' || id_b || ' ' || month::text || ' ' || paid
            || ' ' || sem_comprovante as key, entry_count as n, display_total as w, part_display_total as x
     from private.split_pair_totals
     where company_id = $1 and (entry_count <> 0 or display_total <> 0 or part_display_total <> 0)
     order by 1`,
    [owner.company.id],
  );
  const { rows: s } = await db.query<{ key: string; n: string; d: string }>(
    `select kind || ' ' || project_ids::text || ' ' || project_id || ' ' || paid || ' ' || sem_comprovante
            as key, entry_count as n, display_total as d
     from private.split_project_sets
     where company_id = $1 and (entry_count <> 0 or display_total <> 0)
     order by 1`,
    [owner.company.id],
  );
  return {
    dims: d.map((r) => r.line).sort(),
    pairs: Object.fromEntries(p.map((r) => [r.key, [Number(r.n), cents(r.w), cents(r.x)]])),
    sets: Object.fromEntries(s.map((r) => [r.key, [Number(r.n), cents(r.d)]])),
  };
}

describe('the kept split rows', () => {
  it('equal the parts after random writes and split changes', async () => {
    const seed = Number(process.env.SPLIT_KEPT_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const money = () => 100 + Math.floor(next() * 900_000); // centavos
    const day = () =>
      `2026-0${1 + Math.floor(next() * 6)}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const projects = [ids.alfa!, ids.beta!, null];
    const categories = {
      expense: [ids.predial!, ids.industrial!, ids.hidraulica!, null],
      income: [ids.medicoes!, null],
    };
    const done = new Map<string, number>();
    const did = (k: string) => done.set(k, (done.get(k) ?? 0) + 1);
    const split = (kind: 'expense' | 'income', amountCents: number) => {
      const n = 2 + Math.floor(next() * 4);
      const weights = Array.from({ length: n }, () => 10 + Math.floor(next() * 91));
      return apportion(weights, amountCents).map((a) => ({
        project_id: pick(projects),
        stage_id: null,
        category_id: pick(categories[kind]),
        amount: a / 100,
        percent: null,
      }));
    };
    const shape = (kind: 'expense' | 'income', amountCents: number) =>
      next() < 0.6
        ? { parts: split(kind, amountCents), project_id: null, stage_id: null, category_id: null }
        : { parts: null, project_id: pick(projects), category_id: pick(categories[kind]) };
    const rpc = async (fn: string, args: Record<string, unknown>) => {
      const { error } = await owner.client.rpc(fn as never, args as never);
      if (error) throw new Error(`${fn} (seed ${seed}): ${error.message}`);
      did(fn.replace(/_(payable|receivable)$/, ''));
    };

    const entries: { kind: 'expense' | 'income'; id: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const kind = i % 3 === 0 ? 'income' : 'expense';
      const amount = money();
      const { data, error } = await owner.client
        .from(kind === 'expense' ? 'accounts_payable' : 'accounts_receivable')
        .insert({
          company_id: owner.company.id,
          description: `Rateio ${i}`,
          amount: amount / 100,
          due_date: day(),
          bank_account_id: next() < 0.5 ? account : null,
          ...shape(kind, amount),
        } as never)
        .select('id')
        .single();
      if (error) throw new Error(`insert (seed ${seed}): ${error.message}`);
      entries.push({ kind, id: (data as { id: string }).id });
    }
    expect(await keptRows(), `seed ${seed}, inserted`).toEqual(await expectedKept());

    for (let step = 0; step < 120; step++) {
      const e = pick(entries);
      const table = e.kind === 'expense' ? 'accounts_payable' : 'accounts_receivable';
      const { rows } = await db.query<{
        status: string;
        open_amount: string;
        amount: string;
        approval: string;
        ledger: boolean;
      }>(
        `select e.status, e.open_amount, e.amount,
                ${e.kind === 'expense' ? 'e.approval_status' : `'approved'`} as approval,
                exists (select 1 from public.transactions t where t.payable_id = e.id or t.receivable_id = e.id) as ledger
         from public.${table} e where e.id = $1`,
        [e.id],
      );
      const row = rows[0];
      if (!row) continue;
      const idArg = e.kind === 'expense' ? 'p_payable_id' : 'p_receivable_id';
      const op = next();
      if (e.kind === 'expense' && op < 0.06) {
        if (row.approval === 'approved' && !row.ledger) {
          await db.query(
            `update public.accounts_payable set approval_status = 'pending' where id = $1`,
            [e.id],
          );
          did('awaiting');
        } else if (row.approval !== 'approved') {
          await db.query(
            `update public.accounts_payable set approval_status = 'approved' where id = $1`,
            [e.id],
          );
          did('approval');
        }
      } else if (row.approval !== 'approved') {
        continue;
      } else if (row.status === 'pending' && op < 0.45) {
        const open = cents(row.open_amount);
        const partial = next() < 0.5 && open > 2;
        await rpc(e.kind === 'expense' ? 'settle_payable' : 'settle_receivable', {
          [idArg]: e.id,
          p_bank_account_id: account,
          [e.kind === 'expense' ? 'p_paid_on' : 'p_received_on']: day(),
          // The days drawn run to June: paid "today" at the end of it (the lists' today is April's).
          p_today: '2026-07-01',
          ...(partial ? { p_amount_paid: Math.floor(open * next() * 0.9 + 1) / 100 } : {}),
          ...(next() < 0.4 ? { p_interest: 12.37, p_fine: 0.05 } : {}),
          ...(next() < 0.3 ? { p_discount: 0.07 } : {}),
        });
      } else if (op < 0.55) {
        const { rows: payments } = await db.query<{ id: string }>(
          `select t.id from public.standing_transactions t
           where t.payable_id = $1 or t.receivable_id = $1 order by t.created_at limit 1`,
          [e.id],
        );
        if (payments[0])
          await rpc('reverse_payment', { p_payment_id: payments[0].id, p_reversed_on: day() });
      } else if (row.status === 'paid' && op < 0.62) {
        await rpc(e.kind === 'expense' ? 'reopen_payable' : 'reopen_receivable', {
          [idArg]: e.id,
          p_reopened_on: day(),
        });
      } else if (op < 0.95) {
        // A new split (or none), paid entries included; a new amount and due date of one never paid.
        const change: Record<string, unknown> =
          !row.ledger && next() < 0.4
            ? (() => {
                const amount = money();
                return { amount: amount / 100, due_date: day(), ...shape(e.kind, amount) };
              })()
            : { stage_id: null, ...shape(e.kind, cents(row.amount)) };
        const { error } = await owner.client
          .from(table)
          .update(change as never)
          .eq('id', e.id);
        if (error)
          throw new Error(`edit (seed ${seed}) ${JSON.stringify(change)}: ${error.message}`);
        did(row.ledger ? 'split paid' : 'split');
      } else if (!row.ledger) {
        await rpc('delete_entry', { p_kind: e.kind, p_id: e.id, p_scope: 'one' });
      }
      if (step % 30 === 29)
        expect(await keptRows(), `seed ${seed}, step ${step}`).toEqual(await expectedKept());
    }
    for (const kind of ['settle', 'reverse_payment', 'split', 'split paid'])
      expect(done.get(kind) ?? 0, `${kind}, seed ${seed}`).toBeGreaterThan(0);
    const kept = await keptRows();
    expect(kept, `seed ${seed}`).toEqual(await expectedKept());
    // The walk left pairs to read: entries with two categorias, and with two obras.
    const twoIds = (dim: string) =>
      Object.keys(kept.pairs).filter((k) => {
        const [d, , a, b] = k.split(' ');
        return d === dim && a !== b && a !== NIL;
      }).length;
    expect(twoIds('category'), `seed ${seed}`).toBeGreaterThan(0);
    expect(twoIds('project'), `seed ${seed}`).toBeGreaterThan(0);
  });
});

type Row = { row_type: string; id: string; kind: string; display_amount: number };

async function search(args: Record<string, unknown>): Promise<Row[]> {
  const { data, error } = await owner.client.rpc('search_movements', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    ...args,
  });
  if (error) throw new Error(JSON.stringify(error));
  return data as unknown as Row[];
}

/** The unpaged list in an order, as SQL orders it (created_at's microseconds included). */
async function orderedIds(args: Record<string, unknown>, order: 'value_desc' | 'value_asc') {
  return asMember(db, owner.user.id, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `select id from public.search_movements(
         p_company_id => $1, p_today => $2, p_start => $3, p_end => $4, p_statuses => $5,
         p_project_ids => $6, p_include_no_project => $7, p_category_ids => $8,
         p_without_comprovante => $9, p_kinds => $10, p_limit => null)
       order by case when $11 = 'value_asc' then signed_amount end,
                case when $11 = 'value_desc' then signed_amount end desc,
                movement_date desc, created_at desc, id desc`,
      [
        owner.company.id,
        TODAY,
        args.p_start ?? null,
        args.p_end ?? null,
        args.p_statuses ?? null,
        args.p_project_ids ?? null,
        args.p_include_no_project ?? false,
        args.p_category_ids ?? null,
        args.p_without_comprovante ?? false,
        args.p_kinds ?? null,
        order,
      ],
    );
    return rows.map((r) => r.id);
  });
}

async function expectSummaryAgrees(filters: Record<string, unknown>) {
  const rows = (await search({ ...filters, p_limit: null })).filter((r) => r.row_type === 'entry');
  const sum = (kind: string) =>
    rows.filter((r) => r.kind === kind).reduce((s, r) => s + cents(r.display_amount), 0);
  const { data, error } = await owner.client.rpc('movement_summary', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    ...filters,
  });
  if (error) throw new Error(JSON.stringify(error));
  const got = data as unknown as { income_total: number; expense_total: number; count: number };
  expect(
    { income: cents(got.income_total), expense: cents(got.expense_total), count: got.count },
    JSON.stringify(filters),
  ).toEqual({ income: sum('income'), expense: sum('expense'), count: rows.length });
  return rows.length;
}

// What the random walk left (the company's entries) is what these read: run after it.
const PERIODS: Record<string, unknown>[] = [
  {},
  { p_start: '2026-02-01', p_end: '2026-05-31' },
  { p_start: '2026-02-10', p_end: '2026-05-20' },
  { p_statuses: ['open'] },
  { p_statuses: ['overdue', 'paid'], p_start: '2026-01-05', p_end: '2026-06-30' },
  { p_without_comprovante: true },
  { p_kinds: ['expense'] },
];

describe('a page by value under one obra, one categoria or Sem obra', () => {
  it('is the unpaged list in that order, split entries by their parts of that id', async () => {
    const filters = () => [
      { p_category_ids: [ids.predial] },
      { p_category_ids: [ids.hidraulica, ids.hidraulica] },
      { p_category_ids: [ids.medicoes] },
      { p_project_ids: [ids.alfa] },
      { p_include_no_project: true },
    ];
    let split = 0;
    for (const f of filters())
      for (const period of PERIODS)
        for (const order of ['value_desc', 'value_asc'] as const) {
          const args = { ...f, ...period };
          const all = await orderedIds(args, order);
          const label = `${order} ${JSON.stringify(args)}`;
          const page = (await search({ ...args, p_limit: 500, p_order: order }))
            .filter((r) => r.row_type === 'entry')
            .map((r) => r.id);
          expect(page, label).toEqual(all);
          for (const offset of [0, 1, 3, 6]) {
            const cut = (await search({ ...args, p_limit: 2, p_offset: offset, p_order: order }))
              .filter((r) => r.row_type === 'entry')
              .map((r) => r.id);
            expect(cut, `${label} offset ${offset}`).toEqual(all.slice(offset, offset + 2));
          }
          const { rows } = await db.query<{ n: number }>(
            `select count(*)::int as n from private.split_entry_dims where entry_id = any ($1)`,
            [all],
          );
          split += rows[0]!.n;
        }
    expect(split).toBeGreaterThan(0);
  });
});

describe('movement_summary under two ids of one filter', () => {
  it.each([
    ['two categorias', { p_category_ids: () => [ids.predial, ids.industrial] }],
    ['two obras', { p_project_ids: () => [ids.alfa, ids.beta] }],
    ['an obra and Sem obra', { p_project_ids: () => [ids.alfa], p_include_no_project: true }],
  ])('%s: once per entry, what is listed', async (_name, make) => {
    const f = Object.fromEntries(
      Object.entries(make).map(([k, v]) => [k, typeof v === 'function' ? v() : v]),
    );
    for (const period of PERIODS) await expectSummaryAgrees({ ...f, ...period });
  });
});

describe('movement_summary of a search matching categorias’ names', () => {
  it.each(['eletrica', 'predial', 'hidraulica'])(
    '%s: the split entries whole, once',
    async (text) => {
      let listed = 0;
      for (const period of PERIODS)
        listed += await expectSummaryAgrees({ p_search: text, ...period });
      expect(listed).toBeGreaterThan(0);
    },
  );
});

describe('movement_summary of a search matching obras’ names', () => {
  it.each(['obra', 'alfa', 'beta'])('%s: the split entries whole, once', async (text) => {
    let listed = 0;
    for (const period of PERIODS)
      listed += await expectSummaryAgrees({ p_search: text, ...period });
    // And under a filter of one of those obras (its parts only), and of Sem obra.
    await expectSummaryAgrees({ p_search: text, p_project_ids: [ids.alfa] });
    await expectSummaryAgrees({ p_search: text, p_include_no_project: true });
    expect(listed).toBeGreaterThan(0);
  });
});
