// Approval of site expenses: what an 'obra' member records waits for admin or financeiro; until
// approved it counts nowhere and cannot be settled; a refusal carries a reason the requester sees,
// and their correction sends it again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, stackEnv, type TestClient } from './helpers';
import { createBankAccount, type Member } from './money-helpers';

let db: pg.Pool;
let admin: Member;
let financeiro: TestClient;
let obra: TestClient;
let obraUserId: string;
let projectId: string;
let accountId: string;
let categoryId: string;
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

async function memberWithRole(role: string) {
  const user = await createUser(undefined, undefined, `Membro ${role}`);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, admin.company.id, user.email, `Membro ${role}`, role],
  );
  return user;
}

/** A payable of the obra recorded by the 'obra' member through the API. */
async function request(amount = 300, description = 'Cimento para a laje') {
  const { data, error } = await obra
    .from('accounts_payable')
    .insert({
      company_id: admin.company.id,
      description,
      amount,
      due_date: TODAY,
      project_id: projectId,
    })
    .select('id, approval_status')
    .single();
  if (error) throw error;
  return data;
}

/** What the approver's dialog shows of a payable: the version a decision is made on. */
async function shown(id: string) {
  const { data, error } = await admin.client
    .from('entries')
    .select('amount, updated_at')
    .eq('id', id)
    .single();
  if (error) throw error;
  return { p_payable_id: id, p_amount: data.amount, p_updated_at: data.updated_at };
}

async function approval(id: string) {
  const { rows } = await db.query<{
    approval_status: string;
    approval_reason: string | null;
    approval_decided_by: string | null;
  }>(
    `select approval_status, approval_reason, approval_decided_by from public.accounts_payable
     where id = $1`,
    [id],
  );
  return rows[0];
}

async function payableTotal(): Promise<number> {
  const { data, error } = await rpc(admin.client, 'dashboard_summary', {
    p_company_id: admin.company.id,
    p_today: TODAY,
  });
  if (error) throw error;
  return Number((data as { payable_total: number }).payable_total);
}

/** The obra's comprometido and, apart, what awaits approval (budget card and obras overview). */
async function obraFigures(): Promise<{ committed: number; awaiting: number; listed: number }> {
  const [budget, totals] = await Promise.all([
    rpc(obra, 'project_budget', { p_project_id: projectId }),
    rpc(obra, 'project_budget_totals', { p_company_id: admin.company.id }),
  ]);
  if (budget.error) throw budget.error;
  if (totals.error) throw totals.error;
  const total = (budget.data as { kind: string; committed: number; awaiting: number }[]).find(
    (r) => r.kind === 'total',
  );
  const row = (totals.data as { project_id: string; awaiting: number }[]).find(
    (r) => r.project_id === projectId,
  );
  return {
    committed: Number(total?.committed),
    awaiting: Number(total?.awaiting),
    listed: Number(row?.awaiting),
  };
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  admin = await createMember('Construtora Aprovações');
  const project = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name, budget) values ($1, 'Obra Aprovada', 10000)
     returning id`,
    [admin.company.id],
  );
  projectId = project.rows[0]!.id;
  const category = await db.query<{ id: string }>(
    `insert into public.categories (company_id, name, type) values ($1, 'Material', 'expense')
     returning id`,
    [admin.company.id],
  );
  categoryId = category.rows[0]!.id;
  accountId = (await createBankAccount(admin, 5000)).id;
  const [fin, engineer] = await Promise.all([memberWithRole('financeiro'), memberWithRole('obra')]);
  financeiro = fin.client;
  obra = engineer.client;
  obraUserId = engineer.user.id;
  await db.query(
    `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
    [admin.company.id, projectId, obraUserId],
  );
});
afterAll(async () => {
  await db.end();
});

describe('a payable recorded by an obra member', () => {
  it('starts awaiting approval; one recorded by the financeiro is approved', async () => {
    const requested = await request();
    expect(requested.approval_status).toBe('pending');
    const own = await financeiro
      .from('accounts_payable')
      .insert({ company_id: admin.company.id, description: 'Aluguel', amount: 10, due_date: TODAY })
      .select('approval_status')
      .single();
    expect(own.data?.approval_status).toBe('approved');
    const listed = await obra
      .from('entries')
      .select('approval_status, created_by')
      .eq('id', requested.id)
      .single();
    expect(listed.data).toEqual({ approval_status: 'pending', created_by: obraUserId });
  });

  it('the API cannot write the approval columns', async () => {
    const { error } = await obra.from('accounts_payable').insert({
      company_id: admin.company.id,
      description: 'Aprovada por mim mesmo',
      amount: 10,
      due_date: TODAY,
      project_id: projectId,
      approval_status: 'approved',
    } as never);
    expect(error).toMatchObject({ code: '42501' });
  });

  it('counts nowhere until approved (shown apart on the obra), then counts', async () => {
    const [totalBefore, before] = await Promise.all([payableTotal(), obraFigures()]);
    const requested = await request(400);
    expect(await payableTotal()).toBe(totalBefore);
    expect(await obraFigures()).toEqual({
      committed: before.committed,
      awaiting: before.awaiting + 400,
      listed: before.listed + 400,
    });
    const approved = await rpc(financeiro, 'approve_payable', await shown(requested.id));
    expect(approved.error).toBeNull();
    expect(await payableTotal()).toBe(totalBefore + 400);
    expect(await obraFigures()).toEqual({
      committed: before.committed + 400,
      awaiting: before.awaiting,
      listed: before.listed,
    });
  });

  it('is not in Movimentações until approved', async () => {
    const requested = await request(130, 'Tijolos');
    const listed = async () => {
      const { data, error } = await rpc(admin.client, 'search_movements', {
        p_company_id: admin.company.id,
        p_today: TODAY,
      });
      if (error) throw error;
      return (data as { id: string }[]).some((row) => row.id === requested.id);
    };
    expect(await listed()).toBe(false);
    await rpc(admin.client, 'approve_payable', await shown(requested.id));
    expect(await listed()).toBe(true);
  });

  it('cannot be settled until approved', async () => {
    const requested = await request(120);
    const early = await rpc(admin.client, 'settle_payable', {
      p_payable_id: requested.id,
      p_bank_account_id: accountId,
    });
    expect(early.error?.message).toBe('awaiting_approval');
    await rpc(admin.client, 'approve_payable', {
      ...(await shown(requested.id)),
      p_category_id: categoryId,
      p_bank_account_id: accountId,
      p_due_date: '2026-12-10',
    });
    const fixed = await db.query(
      `select category_id, bank_account_id, due_date::text as due_date from public.accounts_payable
       where id = $1`,
      [requested.id],
    );
    expect(fixed.rows[0]).toEqual({
      category_id: categoryId,
      bank_account_id: accountId,
      due_date: '2026-12-10',
    });
    const paid = await rpc(admin.client, 'settle_payable', {
      p_payable_id: requested.id,
      p_bank_account_id: accountId,
    });
    expect(paid.error).toBeNull();
  });
});

describe('refusal and correction', () => {
  it('needs a reason, which the requester sees; their correction sends it again', async () => {
    const requested = await request(250, 'Areia');
    for (const reason of [null, '', '   ']) {
      const { error } = await rpc(admin.client, 'refuse_payable', {
        ...(await shown(requested.id)),
        p_reason: reason,
      });
      expect(error?.message).toBe('refusal_reason_required');
    }
    const tooLong = await rpc(admin.client, 'refuse_payable', {
      ...(await shown(requested.id)),
      p_reason: 'x'.repeat(501),
    });
    expect(tooLong.error?.message).toBe('text_too_long');

    const refused = await rpc(admin.client, 'refuse_payable', {
      ...(await shown(requested.id)),
      p_reason: '  Sem nota fiscal  ',
    });
    expect(refused.error).toBeNull();
    const seen = await obra
      .from('accounts_payable')
      .select('approval_status, approval_reason')
      .eq('id', requested.id)
      .single();
    expect(seen.data).toEqual({ approval_status: 'refused', approval_reason: 'Sem nota fiscal' });
    expect((await approval(requested.id))?.approval_decided_by).toBe(admin.user.id);
    // A refused payable is neither approved nor refused again until corrected.
    const again = await rpc(financeiro, 'approve_payable', await shown(requested.id));
    expect(again.error?.message).toBe('not_awaiting_approval');

    const corrected = await obra
      .from('accounts_payable')
      .update({ description: 'Areia com nota', amount: 260 })
      .eq('id', requested.id)
      .select('id');
    expect(corrected.data).toHaveLength(1);
    expect(await approval(requested.id)).toEqual({
      approval_status: 'pending',
      approval_reason: null,
      approval_decided_by: null,
    });

    // Approved: no longer the requester's to change or delete.
    await rpc(financeiro, 'approve_payable', await shown(requested.id));
    const change = await obra
      .from('accounts_payable')
      .update({ amount: 999 })
      .eq('id', requested.id)
      .select('id');
    expect(change).toMatchObject({ data: [], error: null });
    const removal = await rpc(obra, 'delete_entry', { p_kind: 'expense', p_id: requested.id });
    expect(removal.error?.message).toBe('forbidden_role');
    const twice = await rpc(financeiro, 'approve_payable', await shown(requested.id));
    expect(twice.error?.message).toBe('not_awaiting_approval');
  });

  it('the Histórico shows who requested and who decided', async () => {
    const requested = await request(90, 'Pregos');
    await rpc(admin.client, 'refuse_payable', {
      ...(await shown(requested.id)),
      p_reason: 'Duplicada',
    });
    const { data } = await rpc(obra, 'entry_history', { p_kind: 'expense', p_id: requested.id });
    const rows = data as { action: string; actor: string; changed: Record<string, unknown> }[];
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ['update', admin.user.id],
      ['insert', obraUserId],
    ]);
    expect(rows[0]!.changed).toMatchObject({
      approval_status: { before: 'pending', after: 'refused' },
      approval_reason: { before: null, after: 'Duplicada' },
    });
  });
});

describe('a decision acts on the version the approver saw', () => {
  async function raised(id: string, amount: number) {
    const { data, error } = await obra
      .from('accounts_payable')
      .update({ amount })
      .eq('id', id)
      .select('id');
    if (error) throw error;
    expect(data).toHaveLength(1);
  }

  async function amountAndStatus(id: string) {
    const { rows } = await db.query<{ amount: string; approval_status: string }>(
      `select amount::text as amount, approval_status from public.accounts_payable where id = $1`,
      [id],
    );
    return rows[0];
  }

  it('approve: raised by the obra member after the admin opened it, nothing is approved', async () => {
    const requested = await request(150, 'Conta de luz do canteiro');
    const opened = await shown(requested.id);
    await raised(requested.id, 95000);

    const stale = await rpc(admin.client, 'approve_payable', opened);
    expect(stale.error?.message).toBe('entry_changed');
    expect(await amountAndStatus(requested.id)).toEqual({
      amount: '95000.00',
      approval_status: 'pending',
    });

    // The amount alone is not the version: an edit that keeps it (and puts it back) still counts.
    await raised(requested.id, 150);
    const sameAmount = await rpc(admin.client, 'approve_payable', {
      ...opened,
      p_category_id: categoryId,
    });
    expect(sameAmount.error?.message).toBe('entry_changed');
    expect((await approval(requested.id))?.approval_status).toBe('pending');

    // Without the version it is not callable at all.
    const unversioned = await rpc(admin.client, 'approve_payable', { p_payable_id: requested.id });
    expect(unversioned.error?.code).toBe('PGRST202');
    const nulls = await rpc(admin.client, 'approve_payable', {
      p_payable_id: requested.id,
      p_amount: null,
      p_updated_at: null,
    });
    expect(nulls.error?.message).toBe('entry_changed');

    // Read again, the decision is on what the approver now sees.
    const fresh = await shown(requested.id);
    const approved = await rpc(admin.client, 'approve_payable', fresh);
    expect(approved.error).toBeNull();
    expect(await amountAndStatus(requested.id)).toEqual({
      amount: '150.00',
      approval_status: 'approved',
    });
  });

  it('refuse: changed since it was opened, nothing is refused', async () => {
    const requested = await request(150, 'Frete de areia');
    const opened = await shown(requested.id);
    await raised(requested.id, 95000);

    const stale = await rpc(admin.client, 'refuse_payable', { ...opened, p_reason: 'Sem nota' });
    expect(stale.error?.message).toBe('entry_changed');
    expect(await approval(requested.id)).toEqual({
      approval_status: 'pending',
      approval_reason: null,
      approval_decided_by: null,
    });
    const unversioned = await rpc(admin.client, 'refuse_payable', {
      p_payable_id: requested.id,
      p_reason: 'Sem nota',
    });
    expect(unversioned.error?.code).toBe('PGRST202');

    const refused = await rpc(financeiro, 'refuse_payable', {
      ...(await shown(requested.id)),
      p_reason: 'Valor fora do orçamento',
    });
    expect(refused.error).toBeNull();
    expect((await approval(requested.id))?.approval_status).toBe('refused');
  });
});
