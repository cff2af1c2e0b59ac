// A complete and truthful audit trail: every table holding company data is audited (read from the
// catalog, so a new table without the trigger fails here), each row names its actor as they were
// when they acted, a deactivated member cannot rename themselves, and a delete names who deleted.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember, createUser } from './helpers';
import { createBankAccount, createPayable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Trilha Completa');
});
afterAll(async () => {
  await db.end();
});

/** Tables in public holding company data (a company_id column, or companies itself) without the
 *  AFTER insert/update/delete row trigger that runs private.audit_row(). */
const UNAUDITED_TABLES = `
  select c.relname as t
  from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    -- notices: a copy for one reader of events audited already (docs/contracts.md, notices);
    -- read_at is that reader's own state, not company data.
    -- notice_settings, push_subscriptions: a user's own preferences and devices, read by them alone;
    -- notice_deliveries: a delivery log of notices, written by the service role (docs/contracts.md).
    and c.relname not in ('audit_log', 'notices', 'notice_settings', 'push_subscriptions', 'notice_deliveries')
    and (c.relname = 'companies'
         or exists (select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped))
    and not exists (
      select 1 from pg_trigger tg
      where tg.tgrelid = c.oid and not tg.tgisinternal and tg.tgenabled <> 'D'
        and tg.tgfoid = 'private.audit_row()'::regprocedure
        -- ROW (1) | AFTER (no BEFORE bit 2) | INSERT (4) | DELETE (8) | UPDATE (16); a statement's
        -- lines: DELETE | UPDATE, their insert recorded by the statement (20261212010000).
        and (tg.tgtype & 1) = 1 and (tg.tgtype & 2) = 0
        and (tg.tgtype & 28) = case c.relname when 'bank_statement_lines' then 24 else 28 end)
  order by 1`;

async function memberOf(admin: Member, fullName: string) {
  const user = await createUser(undefined, undefined, fullName);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, 'financeiro', true)`,
    [user.user.id, admin.company.id, user.email, fullName],
  );
  return user;
}

async function auditRows(table: string, rowId: string) {
  const { rows } = await db.query<{
    action: string;
    actor: string | null;
    actor_name: string | null;
    actor_email: string | null;
    company_id: string;
    changed: Record<string, { before: unknown; after: unknown }>;
  }>(
    `select action, actor, actor_name, actor_email, company_id, changed from public.audit_log
     where table_name = $1 and row_id = $2 order by id`,
    [table, rowId],
  );
  return rows;
}

describe('every table holding company data is audited', () => {
  it('the catalog shows the audit trigger on each of them', async () => {
    const { rows } = await db.query<{ t: string }>(UNAUDITED_TABLES);
    expect(rows.map((r) => r.t)).toEqual([]);
    // Sanity: the rule does look at the tables of the issue.
    const { rows: audited } = await db.query<{ t: string }>(
      `select distinct c.relname as t from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
       where tg.tgfoid = 'private.audit_row()'::regprocedure`,
    );
    expect(audited.map((r) => r.t)).toEqual(
      expect.arrayContaining([
        'supplier_orders',
        'supplier_products',
        'project_team_members',
        'companies',
        'company_invitations',
        'accounts_payable',
      ]),
    );
  });

  it('the check fails for a new table with a company_id and no trigger, or a partial one', async () => {
    const c = await db.connect();
    try {
      await c.query('begin');
      await c.query(`create table public.zz_probe (id uuid primary key, company_id uuid)`);
      await c.query(`create table public.zz_probe_partial (id uuid primary key, company_id uuid)`);
      await c.query(`create trigger zz_probe_partial_audit after insert on public.zz_probe_partial
                     for each row execute function private.audit_row()`);
      const { rows } = await c.query<{ t: string }>(UNAUDITED_TABLES);
      expect(rows.map((r) => r.t)).toEqual(['zz_probe', 'zz_probe_partial']);
    } finally {
      await c.query('rollback');
      c.release();
    }
  });

  it('orders, products, team members, the company and invitations are recorded', async () => {
    const { data: supplier } = await owner.client
      .from('suppliers')
      .insert({ company_id: owner.company.id, name: 'Fornecedor trilha' })
      .select('id')
      .single();
    const { data: project } = await owner.client
      .from('projects')
      .insert({ company_id: owner.company.id, name: 'Obra trilha' })
      .select('id')
      .single();
    const order = await owner.client
      .from('supplier_orders')
      .insert({
        company_id: owner.company.id,
        supplier_id: supplier!.id,
        description: 'Pedido trilha',
        amount: 12.5,
      })
      .select('id')
      .single();
    expect(order.error).toBeNull();
    const product = await owner.client
      .from('supplier_products')
      .insert({
        company_id: owner.company.id,
        supplier_id: supplier!.id,
        name: 'Cimento trilha',
        price: 30,
        unit: 'saco',
      })
      .select('id')
      .single();
    expect(product.error).toBeNull();
    const member = await owner.client
      .from('project_team_members')
      .insert({
        company_id: owner.company.id,
        project_id: project!.id,
        name: 'Mestre de obras',
        role: 'Mestre',
        contact: '(11) 90000-0000',
      })
      .select('id')
      .single();
    expect(member.error).toBeNull();
    // The company is edited through update_company only (its definer body writes the row).
    const company = await owner.client.rpc('update_company', {
      p_company_id: owner.company.id,
      p_name: owner.company.name,
      p_document: '',
      p_email: '',
      p_phone: '',
      p_address: '',
      p_city: 'Campinas',
      p_state: '',
      p_zip_code: '',
      p_approval_threshold: 0,
    });
    expect(company.error).toBeNull();

    for (const [table, id] of [
      ['supplier_orders', order.data!.id],
      ['supplier_products', product.data!.id],
      ['project_team_members', member.data!.id],
    ] as const) {
      expect(await auditRows(table, id), table).toEqual([
        expect.objectContaining({
          action: 'insert',
          actor: owner.user.id,
          company_id: owner.company.id,
        }),
      ]);
    }
    const companyRows = await auditRows('companies', owner.company.id);
    expect(companyRows.map((r) => r.action)).toEqual(['insert', 'update']);
    expect(companyRows[1]).toMatchObject({
      company_id: owner.company.id,
      actor: owner.user.id,
      changed: { city: { before: null, after: 'Campinas' } },
    });
  });

  it('an invitation is recorded without its secret', async () => {
    const invited = await owner.client
      .rpc('create_invitation', {
        p_company_id: owner.company.id,
        p_email: `trilha-${Date.now()}@example.com`,
      })
      .single();
    expect(invited.error).toBeNull();
    const { id } = invited.data as { id: string };
    const renewed = await owner.client.rpc('renew_invitation', { p_invitation_id: id });
    expect(renewed.error).toBeNull();
    const revoked = await owner.client.from('company_invitations').delete().eq('id', id);
    expect(revoked.error).toBeNull();

    const rows = await auditRows('company_invitations', id);
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update', 'delete']);
    expect(rows[0]).toMatchObject({ actor: owner.user.id, company_id: owner.company.id });
    for (const row of rows) expect(Object.keys(row.changed)).not.toContain('token_hash');
    // The hash exists on the table: the filter above is what keeps it out.
    expect(
      (
        await db.query(`select 1 from pg_attribute where attrelid = 'public.company_invitations'::regclass
                       and attname = 'token_hash'`)
      ).rowCount,
    ).toBe(1);
  });
});

describe('an imported statement', () => {
  it('is recorded by its statement, not line by line; what happens to a line afterwards is', async () => {
    const account = await createBankAccount(owner, 0);
    const { data, error } = await owner.client.rpc('import_bank_statement', {
      p_bank_account_id: account.id,
      p_source: 'ofx',
      p_file_name: 'extrato-trilha.ofx',
      p_lines: [0, 1, 2].map((k) => ({
        fitid: `trilha-${k}`,
        posted_on: '2026-11-20',
        amount: String(-(10 + k)),
        memo: `Linha ${k}`,
      })),
    });
    expect(error).toBeNull();
    const statementId = (data as { statement_id: string }).statement_id;
    const { rows: lines } = await db.query<{ id: string }>(
      `select id from public.bank_statement_lines where statement_id = $1 order by fitid`,
      [statementId],
    );
    expect(lines).toHaveLength(3);
    const lineRows = () =>
      db.query<{ action: string; actor: string | null; changed: Record<string, unknown> }>(
        `select action, actor, changed from public.audit_log
         where table_name = 'bank_statement_lines' and row_id = any ($1) order by id`,
        [lines.map((l) => l.id)],
      );
    expect((await lineRows()).rows).toEqual([]);
    // Who imported which file, how many lines it had and how many were new.
    const statement = await auditRows('bank_statements', statementId);
    expect(statement.map((r) => [r.action, r.actor, r.actor_name])).toEqual([
      ['insert', owner.user.id, expect.any(String)],
      ['update', owner.user.id, expect.any(String)],
    ]);
    expect(statement[0]!.changed).toMatchObject({
      file_name: { before: null, after: 'extrato-trilha.ofx' },
      line_count: { before: null, after: 3 },
    });
    expect(statement[1]!.changed).toMatchObject({ new_line_count: { before: 0, after: 3 } });

    const ignored = await owner.client.rpc('reconcile_statement_line', {
      p_line_id: lines[0]!.id,
      p_action: 'ignore',
      p_reason: 'Tarifa já lançada',
    });
    expect(ignored.error).toBeNull();
    const after = (await lineRows()).rows;
    expect(after.map((r) => [r.action, r.actor])).toEqual([['update', owner.user.id]]);
    expect(after[0]!.changed).toMatchObject({
      status: { before: 'pending', after: 'ignored' },
      ignore_reason: { before: null, after: 'Tarifa já lançada' },
    });
  });
});

describe('each row names its actor as they were', () => {
  it('a rename leaves the past rows with the old name; later rows carry the new one', async () => {
    const member = await memberOf(owner, 'Joana Pedreira');
    const entry = await createPayable(owner, 10, { description: 'Tijolos' });
    const before = await member.client
      .from('accounts_payable')
      .update({ notes: 'antes de renomear' })
      .eq('id', entry.id);
    expect(before.error).toBeNull();
    const rename = await member.client
      .from('user_profiles')
      .update({ full_name: 'Admin A' })
      .eq('user_id', member.user.id)
      .eq('company_id', owner.company.id);
    expect(rename.error).toBeNull();
    await member.client
      .from('accounts_payable')
      .update({ notes: 'depois de renomear' })
      .eq('id', entry.id);

    const history = await member.client.rpc('entry_history', { p_kind: 'expense', p_id: entry.id });
    expect(history.error).toBeNull();
    expect(history.data?.map((r) => [r.action, r.actor, r.actor_name, r.actor_email])).toEqual([
      ['update', member.user.id, 'Admin A', member.email],
      ['update', member.user.id, 'Joana Pedreira', member.email],
      ['insert', owner.user.id, `Admin ${owner.company.name}`, owner.email],
    ]);

    const activity = await owner.client.rpc('company_activity', {
      p_company_id: owner.company.id,
      p_actor: member.user.id,
      p_table: 'entry',
    });
    expect(activity.error).toBeNull();
    expect(activity.data?.map((r) => r.actor_name)).toEqual(['Admin A', 'Joana Pedreira']);
  });

  it('a row written before any membership names the actor by their sign-in e-mail', async () => {
    const fresh = await createMember('Construtora Recém Criada');
    // create_company inserts the company before the admin's membership exists.
    const [row] = await auditRows('companies', fresh.company.id);
    expect(row).toMatchObject({ action: 'insert', actor_name: null, actor_email: fresh.email });
    const activity = await fresh.client.rpc('company_activity', {
      p_company_id: fresh.company.id,
      p_table: 'company',
    });
    expect(activity.data?.map((r) => [r.entity, r.actor_name])).toEqual([['company', fresh.email]]);
  });
});

describe('a deactivated member', () => {
  it('cannot change their profile (membership_inactive); the name stays', async () => {
    const member = await memberOf(owner, 'Carlos Desligado');
    const off = await owner.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('user_id', member.user.id)
      .eq('company_id', owner.company.id);
    expect(off.error).toBeNull();

    const rename = await member.client
      .from('user_profiles')
      .update({ full_name: 'Admin A' })
      .eq('user_id', member.user.id)
      .eq('company_id', owner.company.id);
    expect(rename.error).toMatchObject({ code: 'P0001', message: 'membership_inactive' });
    const { rows } = await db.query<{ full_name: string }>(
      'select full_name from public.user_profiles where user_id = $1 and company_id = $2',
      [member.user.id, owner.company.id],
    );
    expect(rows).toEqual([{ full_name: 'Carlos Desligado' }]);

    // An active member still renames themselves; an admin still reactivates the former one.
    const active = await memberOf(owner, 'Ana Ativa');
    const ok = await active.client
      .from('user_profiles')
      .update({ full_name: 'Ana Ativa Silva' })
      .eq('user_id', active.user.id)
      .eq('company_id', owner.company.id);
    expect(ok.error).toBeNull();
    const back = await owner.client
      .from('user_profiles')
      .update({ is_active: true })
      .eq('user_id', member.user.id)
      .eq('company_id', owner.company.id)
      .select('is_active')
      .single();
    expect(back.error).toBeNull();
    expect(back.data).toEqual({ is_active: true });
  });
});

describe('a delete by another member', () => {
  it('names the member who deleted, as they were then', async () => {
    const author = await memberOf(owner, 'Autora do Lançamento');
    const remover = await memberOf(owner, 'Bruno Removedor');
    const entry = await createPayable({ ...author, company: owner.company }, 10, {
      description: 'Lançado por A',
    });
    const deleted = await remover.client.rpc('delete_entry', { p_kind: 'expense', p_id: entry.id });
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ deleted: 1, storage_paths: [] }]);
    // Renamed afterwards: the delete still names them as they were.
    await remover.client
      .from('user_profiles')
      .update({ full_name: 'Outro Nome' })
      .eq('user_id', remover.user.id)
      .eq('company_id', owner.company.id);

    const rows = await auditRows('accounts_payable', entry.id);
    expect(rows.map((r) => [r.action, r.actor, r.actor_name, r.actor_email])).toEqual([
      ['insert', author.user.id, 'Autora do Lançamento', author.email],
      ['delete', remover.user.id, 'Bruno Removedor', remover.email],
    ]);
    const activity = await owner.client.rpc('company_activity', {
      p_company_id: owner.company.id,
      p_table: 'entry',
    });
    const mine = activity.data?.filter((r) => r.row_id === entry.id);
    expect(mine?.map((r) => [r.action, r.actor, r.actor_name, r.actor_email])).toEqual([
      ['delete', remover.user.id, 'Bruno Removedor', remover.email],
      ['insert', author.user.id, 'Autora do Lançamento', author.email],
    ]);
  });
});
