// The audit log: written by the trigger for every audited table, append-only, read by
// admins of the company (everything) and members (entries' history only).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, createMember, createUser } from './helpers';
import { createBankAccount, createPayable, settlePayable, type Member } from './money-helpers';

let db: pg.Pool;
let owner: Member;
let outsider: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Auditada');
  outsider = await createMember('Construtora Auditada Vizinha');
});
afterAll(async () => {
  await db.end();
});

async function auditRows(table: string, rowId: string) {
  const { rows } = await db.query<{
    action: string;
    actor: string | null;
    changed: Record<string, unknown>;
  }>(
    `select action, actor, changed, company_id from public.audit_log
     where table_name = $1 and row_id = $2 order by id`,
    [table, rowId],
  );
  return rows;
}

describe('the trigger writes the history', () => {
  it('an entry: insert, update (changed columns only, before/after), delete', async () => {
    const entry = await createPayable(owner, 10, { description: 'Areia' });
    await owner.client
      .from('accounts_payable')
      .update({ description: 'Areia fina', notes: 'x' })
      .eq('id', entry.id);
    await owner.client.from('accounts_payable').update({ notes: 'x' }).eq('id', entry.id);
    await owner.client.from('accounts_payable').delete().eq('id', entry.id);
    const rows = await auditRows('accounts_payable', entry.id);
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ['insert', owner.user.id],
      ['update', owner.user.id],
      ['delete', owner.user.id],
    ]);
    expect(rows[0]!.changed).toMatchObject({ description: { before: null, after: 'Areia' } });
    expect(rows[1]!.changed).toEqual({
      description: { before: 'Areia', after: 'Areia fina' },
      notes: { before: null, after: 'x' },
    });
    expect(rows[2]!.changed).toMatchObject({ description: { before: 'Areia fina', after: null } });
  });

  it('every audited table gets rows with the company and the actor', async () => {
    const account = await createBankAccount(owner, 100);
    const entry = await createPayable(owner, 10);
    await settlePayable(owner, entry.id, account.id, '2026-03-10');
    const { rows: ledger } = await db.query(
      'select id from public.transactions where payable_id = $1',
      [entry.id],
    );
    const inserted: Record<string, string> = {
      bank_accounts: account.id,
      transactions: ledger[0].id,
    };
    for (const [table, row] of [
      ['categories', { name: 'Cat audit', type: 'expense' }],
      ['suppliers', { name: 'Fornecedor audit' }],
      ['clients', { name: 'Cliente audit' }],
      ['projects', { name: 'Obra audit' }],
    ] as const) {
      const { data, error } = await owner.client
        .from(table)
        .insert({ company_id: owner.company.id, ...row } as never)
        .select('id')
        .single();
      expect(error).toBeNull();
      inserted[table] = (data as { id: string }).id;
    }
    const { data: receivable } = await owner.client
      .from('accounts_receivable')
      .insert({
        company_id: owner.company.id,
        description: 'Medição',
        amount: 5,
        due_date: '2026-03-10',
      })
      .select('id')
      .single();
    inserted.accounts_receivable = receivable!.id;
    const { data: profile } = await owner.client
      .from('user_profiles')
      .update({ full_name: 'Admin Renomeado' })
      .eq('user_id', owner.user.id)
      .eq('company_id', owner.company.id)
      .select('id')
      .single();

    for (const [table, id] of Object.entries(inserted)) {
      const rows = await auditRows(table, id);
      expect(
        rows.map((r) => r.action),
        table,
      ).toContain('insert');
      expect(rows[0], table).toMatchObject({ actor: owner.user.id, company_id: owner.company.id });
    }
    // The payable's settlement is an update by the member; the balance move alone is not recorded.
    expect((await auditRows('accounts_payable', entry.id)).map((r) => r.action)).toEqual([
      'insert',
      'update',
    ]);
    expect((await auditRows('bank_accounts', account.id)).map((r) => r.action)).toEqual(['insert']);
    // The membership: inserted by create_company, then the rename.
    expect(await auditRows('user_profiles', profile!.id)).toEqual([
      expect.objectContaining({ action: 'insert', actor: owner.user.id }),
      expect.objectContaining({
        action: 'update',
        changed: { full_name: { before: `Admin ${owner.company.name}`, after: 'Admin Renomeado' } },
      }),
    ]);
  });
});

describe('nobody writes the history through the API', () => {
  it('authenticated cannot insert, update or delete (42501), not even their own rows', async () => {
    const entry = await createPayable(owner, 10);
    const [mine] = (
      await db.query<{ id: string }>('select id from public.audit_log where row_id = $1', [
        entry.id,
      ])
    ).rows;
    const insert = await owner.client.from('audit_log').insert({
      company_id: owner.company.id,
      table_name: 'accounts_payable',
      row_id: entry.id,
      action: 'insert',
    } as never);
    expect(insert.error?.code).toBe('42501');
    const update = await owner.client
      .from('audit_log')
      .update({ action: 'delete' } as never)
      .eq('id', Number(mine!.id));
    expect(update.error?.code).toBe('42501');
    const del = await owner.client.from('audit_log').delete().eq('id', Number(mine!.id));
    expect(del.error?.code).toBe('42501');
    expect(await auditRows('accounts_payable', entry.id)).toHaveLength(1);
  });

  it('even the superuser cannot change or delete a row (append-only)', async () => {
    const entry = await createPayable(owner, 10);
    await expect(
      db.query(`update public.audit_log set action = 'delete' where row_id = $1`, [entry.id]),
    ).rejects.toThrow('audit_log_append_only');
    await expect(
      db.query('delete from public.audit_log where row_id = $1', [entry.id]),
    ).rejects.toThrow('audit_log_append_only');
  });
});

describe('who reads the history', () => {
  it('admins of another company see none of it', async () => {
    const entry = await createPayable(owner, 10);
    const { data } = await outsider.client
      .from('audit_log')
      .select('id')
      .eq('company_id', owner.company.id);
    expect(data).toEqual([]);
    const history = await outsider.client.rpc('entry_history', {
      p_kind: 'expense',
      p_id: entry.id,
    });
    expect(history.error?.message).toBe('entry_not_found');
    const activity = await outsider.client.rpc('company_activity', {
      p_company_id: owner.company.id,
    });
    expect(activity.error?.message).toBe('not_a_member');
  });

  it("a member (not admin) sees an entry's history, not the rest; admins see the company's activity", async () => {
    const member = await createUser();
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
       values ($1, $2, $3, 'Membro Leitor', 'financeiro', true)`,
      [member.user.id, owner.company.id, member.email],
    );
    await createBankAccount(owner, 1);
    const entry = await createPayable(owner, 10, { description: 'Histórico visível' });
    await member.client
      .from('accounts_payable')
      .update({ notes: 'membro editou' })
      .eq('id', entry.id);

    const history = await member.client.rpc('entry_history', { p_kind: 'expense', p_id: entry.id });
    expect(history.error).toBeNull();
    expect(history.data?.map((r) => [r.action, r.actor, r.actor_name])).toEqual([
      ['update', member.user.id, 'Membro Leitor'],
      ['insert', owner.user.id, expect.stringMatching(/^Admin /)],
    ]);
    const { data: visible } = await member.client
      .from('audit_log')
      .select('table_name')
      .eq('company_id', owner.company.id);
    expect(visible?.length).toBeGreaterThan(0);
    expect(
      visible?.filter((r) => !['accounts_payable', 'accounts_receivable'].includes(r.table_name)),
    ).toEqual([]);
    const activity = await member.client.rpc('company_activity', {
      p_company_id: owner.company.id,
    });
    expect(activity.error?.message).toBe('not_admin');

    const admin = await owner.client
      .rpc(
        'company_activity',
        { p_company_id: owner.company.id, p_actor: member.user.id, p_table: 'accounts_payable' },
        { count: 'exact' },
      )
      .range(0, 9);
    expect(admin.error).toBeNull();
    expect(admin.count).toBe(1);
    expect(admin.data?.[0]).toMatchObject({
      row_id: entry.id,
      action: 'update',
      actor_name: 'Membro Leitor',
      changed: { notes: { before: null, after: 'membro editou' } },
    });
    const all = await owner.client
      .from('audit_log')
      .select('table_name')
      .eq('company_id', owner.company.id);
    expect(new Set(all.data?.map((r) => r.table_name))).toContain('bank_accounts');
  });
});
