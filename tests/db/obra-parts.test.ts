// Rateio and per-obra access (issue 33): an 'obra' member sees a payable split to one of their obras
// with ONLY their parts (public.obra_payables; never another obra's part, its ids, the whole amount
// or a code that carries it), writes a split whose parts are all of their obras, and their split
// waits for approval when any obra's share exceeds the alçada. approve_payable refuses a category
// for a split; the daily digest and the due summary show an 'obra' member their parts only.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getErrorMessage } from '@/lib/errors';
import { adminDb, createMember, createUser, rlsViolation, type TestClient } from './helpers';
import { documentPayload } from './fixtures';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let admin: Member;
let obraA: TestClient;
let obraB: TestClient;
let obraAB: TestClient;
const userIds: Record<string, string> = {};
let projectA: string;
let projectB: string;
let stageA: string;
let categoryX: string;
let categoryY: string;
let accountId: string;
/** A business day of its own (no other test writes due notices for it). */
const DAY = '2027-03-10';
const TODAY = new Date().toISOString().slice(0, 10);

type Args = Record<string, unknown>;
type Answer = { data: unknown; error: { code?: string; message: string } | null };
function rpc(client: TestClient, fn: string, args: Args) {
  return (client.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>).call(
    client,
    fn,
    args,
  );
}

async function memberWithRole(role: string, name: string, projects: string[]) {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, admin.company.id, user.email, name, role],
  );
  for (const project of projects) {
    await db.query(
      `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
      [admin.company.id, project, user.user.id],
    );
  }
  userIds[name] = user.user.id;
  return user;
}

interface Part {
  project_id: string | null;
  stage_id?: string | null;
  category_id: string | null;
  amount: number;
  percent?: number | null;
}

/** A split payable recorded by the admin (approved), due on `due`. */
async function adminSplit(parts: Part[], description = 'Concreto usinado', due = DAY) {
  const amount = parts.reduce((sum, p) => sum + p.amount, 0);
  const { data, error } = await admin.client
    .from('accounts_payable')
    .insert({
      company_id: admin.company.id,
      description,
      amount,
      due_date: due,
      parts: parts as never,
      supplier_name: 'Concreteira Forte',
      boleto_code: `${String(Date.now()).padStart(13, '0')}${'0'.repeat(34)}`.slice(0, 47),
    })
    .select('id, amount, updated_at')
    .single();
  if (error) throw error;
  return data;
}

async function obraPayables(client: TestClient, args: Args = {}) {
  const { data, error } = await rpc(client, 'obra_payables', {
    p_company_id: admin.company.id,
    ...args,
  });
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>[];
}

beforeAll(async () => {
  db = adminDb(2);
  admin = await createMember('Construtora Rateio Obras');
  const company = admin.company.id;
  const projects = await db.query<{ id: string; name: string }>(
    `insert into public.projects (company_id, name, budget)
     values ($1, 'Obra Aurora', 100000), ($1, 'Obra Boreal', 100000) returning id, name`,
    [company],
  );
  projectA = projects.rows.find((r) => r.name === 'Obra Aurora')!.id;
  projectB = projects.rows.find((r) => r.name === 'Obra Boreal')!.id;
  stageA = (
    await db.query<{ id: string }>(
      `insert into public.project_stages (company_id, project_id, name, order_index)
       values ($1, $2, 'Estrutura', 1) returning id`,
      [company, projectA],
    )
  ).rows[0]!.id;
  const categories = await db.query<{ id: string; name: string }>(
    `insert into public.categories (company_id, name, type)
     values ($1, 'Concreto', 'expense'), ($1, 'Ferramentas', 'expense') returning id, name`,
    [company],
  );
  categoryX = categories.rows.find((r) => r.name === 'Concreto')!.id;
  categoryY = categories.rows.find((r) => r.name === 'Ferramentas')!.id;
  accountId = (await createBankAccount(admin, 100000)).id as string;
  obraA = (await memberWithRole('obra', 'Ana da Aurora', [projectA])).client;
  obraB = (await memberWithRole('obra', 'Bruno da Boreal', [projectB])).client;
  obraAB = (await memberWithRole('obra', 'Carla das Duas', [projectA, projectB])).client;
});

afterAll(async () => {
  await db.end();
});

describe('an obra member reads a split of their obra with their parts only', () => {
  let id: string;

  beforeAll(async () => {
    const created = await adminSplit([
      { project_id: projectA, stage_id: stageA, category_id: categoryX, amount: 600, percent: 60 },
      { project_id: projectB, category_id: categoryY, amount: 400, percent: 40 },
    ]);
    id = created.id;
    // A partial payment with juros and desconto: apportioned 60/40 to the centavo.
    const { error } = await rpc(admin.client, 'settle_payable', {
      p_payable_id: id,
      p_bank_account_id: accountId,
      p_paid_on: TODAY,
      p_amount_paid: 500.01,
      p_interest: 10.01,
      p_discount: 5,
      p_today: TODAY,
    });
    if (error) throw new Error(error.message);
  });

  it('RLS hides the row from an obra member of one part (the masked path only)', async () => {
    for (const client of [obraA, obraB]) {
      const table = await client.from('accounts_payable').select('id').eq('id', id);
      expect(table).toMatchObject({ data: [], error: null });
      const view = await client.from('entries').select('id').eq('id', id);
      expect(view).toMatchObject({ data: [], error: null });
    }
  });

  it("obra_payables shows obra A's member only A's share, in every column", async () => {
    const [row] = await obraPayables(obraA, { p_id: id });
    expect(row).toMatchObject({
      kind: 'expense',
      id,
      description: 'Concreto usinado',
      amount: 600,
      // 500.01 × 0.6 = 300.006 → 300.01 (largest remainder: A takes the centavo)
      paid_amount: 300.01,
      open_amount: 299.99,
      interest_amount: 6.01,
      fine_amount: 0,
      discount_amount: 3,
      paid_total: 303.02,
      project_id: null,
      category_id: null,
      stage_id: null,
      project_name: 'Obra Aurora',
      bank_account_name: null,
      boleto_code: null,
      pix_code: null,
      nfe_key: null,
      document_count: 0,
      share_only: true,
      counterparty_text: 'Concreteira Forte',
      parts: [{ project_id: projectA, stage_id: stageA, category_id: categoryX, amount: 600 }],
    });
    // Nothing of obra B anywhere: not its id, its category, its amount nor the whole.
    const text = JSON.stringify(row);
    for (const hidden of [projectB, categoryY, 'Obra Boreal', '"percent"']) {
      expect(text).not.toContain(hidden);
    }
    for (const [column, value] of Object.entries(row!)) {
      if (typeof value === 'number') {
        expect([1000, 400, 500.01, 10.01, 200, 499.99], column).not.toContain(value);
      }
    }
  });

  it("obra B's member gets B's share; a member of both, the whole", async () => {
    const [b] = await obraPayables(obraB, { p_id: id });
    expect(b).toMatchObject({
      amount: 400,
      paid_amount: 200,
      open_amount: 200,
      interest_amount: 4,
      discount_amount: 2,
      paid_total: 202,
      project_name: 'Obra Boreal',
      share_only: true,
      parts: [{ project_id: projectB, category_id: categoryY, amount: 400 }],
    });
    expect(JSON.stringify(b)).not.toContain(projectA);
    const [both] = await obraPayables(obraAB, { p_id: id });
    expect(both).toMatchObject({
      amount: 1000,
      paid_amount: 500.01,
      paid_total: 505.02,
      share_only: false,
      project_name: 'Obra Aurora, Obra Boreal',
    });
    expect((both!.parts as Part[]).map((p) => p.percent)).toEqual([60, 40]);
    expect(both!.boleto_code).not.toBeNull();
    // RLS lets them read it whole too: every part is of their obras.
    const table = await obraAB.from('accounts_payable').select('id, amount').eq('id', id);
    expect(table.data).toEqual([{ id, amount: 1000 }]);
  });

  it('is the obra members path only; the list holds their unsplit payables too', async () => {
    const { data } = await admin.client
      .from('accounts_payable')
      .insert({
        company_id: admin.company.id,
        description: 'Areia da Aurora',
        amount: 80,
        due_date: DAY,
        project_id: projectA,
      })
      .select('id')
      .single();
    const list = await obraPayables(obraA);
    const ids = list.map((r) => r.id);
    expect(ids).toContain(data!.id);
    expect(ids).toContain(id);
    expect(list.find((r) => r.id === data!.id)).toMatchObject({
      amount: 80,
      share_only: false,
      parts: null,
    });
    expect(ids).not.toContain(undefined);
    const byAdmin = await rpc(admin.client, 'obra_payables', { p_company_id: admin.company.id });
    expect(byAdmin.error).toMatchObject({ code: 'P0001', message: 'forbidden_role' });
    const tooMany = await rpc(obraA, 'obra_payables', {
      p_company_id: admin.company.id,
      p_limit: 5000,
    });
    expect(tooMany.error).toMatchObject({ code: 'P0001', message: 'invalid_limit' });
  });

  it('a split with a "Geral" part: the member of A sees A only, never the Geral part', async () => {
    const created = await adminSplit([
      { project_id: projectA, category_id: categoryX, amount: 70 },
      { project_id: null, category_id: categoryY, amount: 30 },
    ]);
    const [row] = await obraPayables(obraAB, { p_id: created.id });
    expect(row).toMatchObject({ amount: 70, share_only: true });
    expect((row!.parts as Part[]).length).toBe(1);
    const table = await obraAB.from('accounts_payable').select('id').eq('id', created.id);
    expect(table.data).toEqual([]);
  });
});

describe('an obra member writes a split of their own obras', () => {
  function split(parts: Part[], extra: Args = {}) {
    return {
      company_id: admin.company.id,
      description: 'Material dividido',
      amount: parts.reduce((sum, p) => sum + p.amount, 0),
      due_date: DAY,
      parts: parts as never,
      ...extra,
    };
  }

  it('records, changes and deletes a split whose parts are all of their obra', async () => {
    const created = await obraA
      .from('accounts_payable')
      .insert(
        split([
          { project_id: projectA, category_id: categoryX, amount: 120 },
          { project_id: projectA, category_id: categoryY, amount: 80 },
        ]),
      )
      .select('id, approval_status, parts')
      .single();
    expect(created.error).toBeNull();
    expect(created.data!.approval_status).toBe('pending');
    const changed = await obraA
      .from('accounts_payable')
      .update({ description: 'Material dividido (corrigido)' })
      .eq('id', created.data!.id)
      .select('id');
    expect(changed.data).toHaveLength(1);
    // Moving a part to another obra or to Geral: refused.
    for (const projectId of [projectB, null]) {
      const moved = await obraA
        .from('accounts_payable')
        .update({
          parts: [
            { project_id: projectA, category_id: categoryX, amount: 120 },
            { project_id: projectId, category_id: categoryY, amount: 80 },
          ] as never,
        })
        .eq('id', created.data!.id);
      expect(moved.error).toMatchObject(rlsViolation('accounts_payable'));
    }
    const removed = await rpc(obraA, 'delete_entry', { p_kind: 'expense', p_id: created.data!.id });
    expect(removed.error).toBeNull();
  });

  it('cannot record a split with a part of another obra or of Geral', async () => {
    for (const other of [projectB, null]) {
      const { error } = await obraA.from('accounts_payable').insert(
        split([
          { project_id: projectA, category_id: categoryX, amount: 50 },
          { project_id: other, category_id: categoryX, amount: 50 },
        ]),
      );
      expect(error, String(other)).toMatchObject(rlsViolation('accounts_payable'));
    }
    // A part without the project_id key at all is "Geral" too.
    const { error } = await obraA
      .from('accounts_payable')
      .insert(
        split([
          { project_id: projectA, category_id: categoryX, amount: 50 },
          { category_id: categoryX, amount: 50 } as Part,
        ]),
      );
    expect(error).toMatchObject(rlsViolation('accounts_payable'));
  });

  it('attaches and reads a file on their split; not on one they see only in part', async () => {
    const created = await obraA
      .from('accounts_payable')
      .insert(
        split([
          { project_id: projectA, category_id: categoryX, amount: 30 },
          { project_id: projectA, category_id: categoryY, amount: 20 },
        ]),
      )
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const file = documentPayload(admin.company.id, created.data!.id);
    const added = await obraA
      .from('documents')
      .insert(file as never)
      .select('id');
    expect(added.error).toBeNull();
    const read = await obraA.from('documents').select('id').eq('payable_id', created.data!.id);
    expect(read.data).toHaveLength(1);
    // Another obra's member reads nothing of it.
    const byB = await obraB.from('documents').select('id').eq('payable_id', created.data!.id);
    expect(byB.data).toEqual([]);
    const shared = await adminSplit([
      { project_id: projectA, category_id: categoryX, amount: 5 },
      { project_id: projectB, category_id: categoryX, amount: 5 },
    ]);
    const refused = await obraA
      .from('documents')
      .insert(documentPayload(admin.company.id, shared.id) as never);
    expect(refused.error).toMatchObject(rlsViolation('documents'));
  });

  it('reads the Histórico of their split; not of one they see only in part', async () => {
    const own = await obraA
      .from('accounts_payable')
      .insert(
        split([
          { project_id: projectA, category_id: categoryX, amount: 7 },
          { project_id: projectA, category_id: categoryY, amount: 3 },
        ]),
      )
      .select('id')
      .single();
    const history = await rpc(obraA, 'entry_history', { p_kind: 'expense', p_id: own.data!.id });
    expect(history.error).toBeNull();
    expect((history.data as { action: string }[]).map((r) => r.action)).toEqual(['insert']);
    const shared = await adminSplit([
      { project_id: projectA, category_id: categoryX, amount: 5 },
      { project_id: projectB, category_id: categoryX, amount: 5 },
    ]);
    const refused = await rpc(obraA, 'entry_history', { p_kind: 'expense', p_id: shared.id });
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'entry_not_found' });
  });

  it('delete_entry: an obra member may not delete a split they see only in part', async () => {
    const created = await adminSplit([
      { project_id: projectA, category_id: categoryX, amount: 10 },
      { project_id: projectB, category_id: categoryX, amount: 10 },
    ]);
    const { error } = await rpc(obraA, 'delete_entry', { p_kind: 'expense', p_id: created.id });
    expect(error).toMatchObject({ code: 'P0001', message: 'entry_not_found' });
  });
});

describe('approval of a split by each obra share', () => {
  beforeAll(async () => {
    await db.query(`update public.companies set approval_threshold = 500 where id = $1`, [
      admin.company.id,
    ]);
  });
  afterAll(async () => {
    await db.query(`update public.companies set approval_threshold = 0 where id = $1`, [
      admin.company.id,
    ]);
  });

  async function record(parts: Part[]) {
    const { data, error } = await obraAB
      .from('accounts_payable')
      .insert({
        company_id: admin.company.id,
        description: 'Compra dividida',
        amount: parts.reduce((sum, p) => sum + p.amount, 0),
        due_date: DAY,
        parts: parts as never,
      })
      .select('approval_status')
      .single();
    if (error) throw new Error(error.message);
    return data.approval_status;
  }

  it('approved when every obra share is within the alçada, pending when one exceeds it', async () => {
    // 800 in all, 400 per obra: each share within 500.
    expect(
      await record([
        { project_id: projectA, category_id: categoryX, amount: 400 },
        { project_id: projectB, category_id: categoryX, amount: 400 },
      ]),
    ).toBe('approved');
    // Obra A takes 600 (two parts of it): above 500.
    expect(
      await record([
        { project_id: projectA, category_id: categoryX, amount: 300 },
        { project_id: projectA, category_id: categoryY, amount: 300 },
        { project_id: projectB, category_id: categoryX, amount: 100 },
      ]),
    ).toBe('pending');
    // Exactly the alçada: within.
    expect(
      await record([
        { project_id: projectA, category_id: categoryX, amount: 500 },
        { project_id: projectB, category_id: categoryX, amount: 0.01 },
      ]),
    ).toBe('approved');
  });

  it('approve_payable refuses a category for a split (its categories are the parts), approves without', async () => {
    const { data } = await obraAB
      .from('accounts_payable')
      .insert({
        company_id: admin.company.id,
        description: 'Compra grande dividida',
        amount: 1400,
        due_date: DAY,
        parts: [
          { project_id: projectA, category_id: categoryX, amount: 700 },
          { project_id: projectB, category_id: categoryY, amount: 700 },
        ] as never,
      })
      .select('id, amount, updated_at, approval_status')
      .single();
    expect(data!.approval_status).toBe('pending');
    // The admin's notice names both obras of the split.
    const notice = await db.query<{ title: string }>(
      `select title from public.notices where entry_id = $1 and kind = 'approval_pending'`,
      [data!.id],
    );
    expect(notice.rows).toEqual([
      {
        title:
          'Aprovação pendente: Compra grande dividida — R$ 1.400,00 — Obra Aurora, Obra Boreal',
      },
    ]);
    const version = {
      p_payable_id: data!.id,
      p_amount: data!.amount,
      p_updated_at: data!.updated_at,
    };
    const withCategory = await rpc(admin.client, 'approve_payable', {
      ...version,
      p_category_id: categoryX,
    });
    expect(withCategory.error).toMatchObject({
      code: 'P0001',
      message: 'split_category_on_approval',
    });
    expect(getErrorMessage(withCategory.error)).toBe(
      'Este lançamento tem rateio: a categoria é a de cada parte. Aprove sem escolher categoria e ajuste as partes em Editar.',
    );
    const approved = await rpc(admin.client, 'approve_payable', version);
    expect(approved.error).toBeNull();
    const { rows } = await db.query(
      `select approval_status, category_id, jsonb_array_length(parts) as n
       from public.accounts_payable where id = $1`,
      [data!.id],
    );
    expect(rows[0]).toEqual({ approval_status: 'approved', category_id: null, n: 2 });
  });
});

describe('the decision told to an obra author of a split shared since', () => {
  it('names their share and their obras only', async () => {
    const { data } = await obraA
      .from('accounts_payable')
      .insert({
        company_id: admin.company.id,
        description: 'Forma de madeira',
        amount: 600,
        due_date: DAY,
        parts: [
          { project_id: projectA, category_id: categoryX, amount: 300 },
          { project_id: projectA, category_id: categoryY, amount: 300 },
        ] as never,
      })
      .select('id, approval_status')
      .single();
    expect(data!.approval_status).toBe('pending');
    // The office moves a part to Obra Boreal, then approves.
    const { data: moved } = await admin.client
      .from('accounts_payable')
      .update({
        parts: [
          { project_id: projectA, category_id: categoryX, amount: 400 },
          { project_id: projectB, category_id: categoryY, amount: 200 },
        ] as never,
      })
      .eq('id', data!.id)
      .select('amount, updated_at')
      .single();
    const approved = await rpc(admin.client, 'approve_payable', {
      p_payable_id: data!.id,
      p_amount: moved!.amount,
      p_updated_at: moved!.updated_at,
    });
    expect(approved.error).toBeNull();
    const { rows } = await db.query<{ title: string }>(
      `select title from public.notices where entry_id = $1 and kind = 'approval_approved'`,
      [data!.id],
    );
    expect(rows).toEqual([
      { title: 'Despesa aprovada: Forma de madeira — R$ 400,00 — Obra Aurora' },
    ]);
  });
});

describe('notices follow the parts', () => {
  let companyDigestSplit: string;

  beforeAll(async () => {
    // A company of its own, so that its figures are only these.
    const owner = await createMember('Construtora Avisos Rateio');
    const company = owner.company.id;
    const p = await db.query<{ id: string; name: string }>(
      `insert into public.projects (company_id, name) values ($1, 'Obra Norte'), ($1, 'Obra Sul')
       returning id, name`,
      [company],
    );
    const north = p.rows.find((r) => r.name === 'Obra Norte')!.id;
    const south = p.rows.find((r) => r.name === 'Obra Sul')!.id;
    const user = await createUser(undefined, undefined, 'Nina do Norte');
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
       values ($1, $2, $3, 'Nina do Norte', 'obra', true)`,
      [user.user.id, company, user.email],
    );
    await db.query(
      `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
      [company, north, user.user.id],
    );
    userIds.nina = user.user.id;
    userIds.owner = owner.user.id;
    companyDigestSplit = company;
    await db.query(
      `insert into public.accounts_payable (company_id, description, amount, due_date, parts)
       values ($1, 'Concreto dividido', 1000, $2::date,
               jsonb_build_array(jsonb_build_object('project_id', $3::uuid, 'amount', 600),
                                 jsonb_build_object('project_id', $4::uuid, 'amount', 400))),
              ($1, 'Aço do Norte', 100, $2::date, null)`,
      [company, DAY, north, south],
    );
    await db.query(
      `update public.accounts_payable set project_id = $2 where company_id = $1 and description = 'Aço do Norte'`,
      [company, north],
    );
  });

  it("daily_digest: the obra member's item is their share, named by their obra", async () => {
    const { rows } = await db.query<{ d: { sections: unknown[] } }>(
      `select private.daily_digest($1, $2, $3) as d`,
      [companyDigestSplit, userIds.nina, DAY],
    );
    const today = rows[0]!.d.sections[0] as {
      key: string;
      pagar: { count: number; total_cents: number };
      items: { description: string; amount_cents: number; project_name: string }[];
    };
    expect(today).toMatchObject({ key: 'today', pagar: { count: 2, total_cents: 70000 } });
    expect(today.items.map((i) => [i.description, i.amount_cents, i.project_name])).toEqual(
      expect.arrayContaining([
        ['Concreto dividido', 60000, 'Obra Norte'],
        ['Aço do Norte', 10000, 'Obra Norte'],
      ]),
    );
    expect(JSON.stringify(rows[0]!.d)).not.toContain('Obra Sul');
    // The admin: the whole bill, both obras named.
    const whole = await db.query<{
      d: { sections: { items: { amount_cents: number; project_name: string }[] }[] };
    }>(`select private.daily_digest($1, $2, $3) as d`, [companyDigestSplit, userIds.owner, DAY]);
    expect(whole.rows[0]!.d.sections[0]!.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount_cents: 100000, project_name: 'Obra Norte, Obra Sul' }),
      ]),
    );
  });

  it("write_due_notices: the obra member's summary counts the split once, with their share", async () => {
    await db.query(`select private.write_due_notices($1)`, [DAY]);
    const { rows } = await db.query<{ user_id: string; title: string; body: string }>(
      `select user_id, title, body from public.notices
       where company_id = $1 and kind = 'due_summary' and event_key = $2`,
      [companyDigestSplit, DAY],
    );
    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, r]));
    expect(byUser[userIds.nina!]).toMatchObject({
      title: 'Contas a vencer: 2 hoje',
      body: 'A pagar: 2 hoje (R$ 700,00)',
    });
    expect(byUser[userIds.owner!]).toMatchObject({ body: 'A pagar: 2 hoje (R$ 1.100,00)' });
  });

  it("write_due_notices: a member of two obras of a partly paid split gets both parts' open amount, counted once", async () => {
    // A company and day of their own; the summary expands each split once per company
    // (20261203080100): an unpaid split from its parts, a partly paid one through its figures.
    const day = '2027-03-11';
    const owner = await createMember('Construtora Avisos Rateio Pago');
    const company = owner.company.id;
    const p = await db.query<{ id: string; name: string }>(
      `insert into public.projects (company_id, name)
       values ($1, 'Obra Leste'), ($1, 'Obra Oeste'), ($1, 'Obra Centro') returning id, name`,
      [company],
    );
    const [east, west, centre] = ['Obra Leste', 'Obra Oeste', 'Obra Centro'].map(
      (name) => p.rows.find((r) => r.name === name)!.id,
    );
    const user = await createUser(undefined, undefined, 'Lia Leste Oeste');
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
       values ($1, $2, $3, 'Lia Leste Oeste', 'obra', true)`,
      [user.user.id, company, user.email],
    );
    await db.query(
      `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $4), ($1, $3, $4)`,
      [company, east, west, user.user.id],
    );
    const created = await db.query<{ id: string; description: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, parts)
       values ($1, 'Viga tripartida', 1000, $2::date,
               jsonb_build_array(jsonb_build_object('project_id', $3::uuid, 'amount', 300),
                                 jsonb_build_object('project_id', $4::uuid, 'amount', 200),
                                 jsonb_build_object('project_id', $5::uuid, 'amount', 500))),
              ($1, 'Bloco Leste Oeste', 250, $2::date,
               jsonb_build_array(jsonb_build_object('project_id', $3::uuid, 'amount', 150),
                                 jsonb_build_object('project_id', $4::uuid, 'amount', 50),
                                 jsonb_build_object('project_id', $5::uuid, 'amount', 50)))
       returning id, description`,
      [company, day, east, west, centre],
    );
    const beam = created.rows.find((r) => r.description === 'Viga tripartida')!.id;
    const account = await createBankAccount(owner, 100000);
    // 400.01 paid 30/20/50: 120.00, 80.00, 200.01 (Centro takes the centavo): Lia's parts owe
    // 180.00 + 120.00.
    const { error } = await rpc(owner.client, 'settle_payable', {
      p_payable_id: beam,
      p_bank_account_id: account.id,
      p_paid_on: TODAY,
      p_amount_paid: 400.01,
      p_today: TODAY,
    });
    if (error) throw new Error(error.message);

    await db.query(`select private.write_due_notices($1)`, [day]);
    const { rows } = await db.query<{ user_id: string; title: string; body: string }>(
      `select user_id, title, body from public.notices
       where company_id = $1 and kind = 'due_summary' and event_key = $2`,
      [company, day],
    );
    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, r]));
    expect(byUser[user.user.id]).toMatchObject({
      title: 'Contas a vencer: 2 hoje',
      body: 'A pagar: 2 hoje (R$ 500,00)',
    });
    expect(byUser[owner.user.id]).toMatchObject({ body: 'A pagar: 2 hoje (R$ 849,99)' });

    // The digest agrees: her share of each, named by her obras.
    const digest = await db.query<{
      d: { sections: { key: string; pagar: unknown; items: unknown[] }[] };
    }>(`select private.daily_digest($1, $2, $3) as d`, [company, user.user.id, day]);
    const today = digest.rows[0]!.d.sections[0]!;
    expect(today).toMatchObject({ key: 'today', pagar: { count: 2, total_cents: 50000 } });
    expect(today.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          description: 'Viga tripartida',
          amount_cents: 30000,
          project_name: 'Obra Leste, Obra Oeste',
        }),
        expect.objectContaining({
          description: 'Bloco Leste Oeste',
          amount_cents: 20000,
          project_name: 'Obra Leste, Obra Oeste',
        }),
      ]),
    );
  });
});
