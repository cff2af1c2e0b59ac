// What the database refuses whatever the UI lets through: bad amounts, blank names, unknown
// enumerations, inverted dates, references to another company's rows. Plus create_company,
// dashboard_summary and member management.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  checkViolation,
  createMember,
  createUser,
  noExecute,
  stackEnv,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

let db: pg.Pool;
let owner: Member;
let other: Member;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  owner = await createMember('Construtora Regras');
  other = await createMember('Construtora Outra');
});
afterAll(async () => {
  await db.end();
});

function newPayable(extra: Record<string, unknown>) {
  return owner.client.from('accounts_payable').insert({
    company_id: owner.company.id,
    description: 'Areia',
    amount: 10,
    due_date: '2026-11-20',
    ...extra,
  } as never);
}

describe('bad input is refused', () => {
  it.each([
    ['zero', 0],
    ['negative', -5],
  ])('amount %s', async (_label, amount) => {
    const { error } = await newPayable({ amount });
    expect(error).toMatchObject(checkViolation('accounts_payable_amount_check'));
  });

  it('amount over 12 integer digits', async () => {
    const { error } = await newPayable({ amount: 1234567890123 });
    expect(error).toMatchObject({ code: '22003', message: 'numeric field overflow' });
  });

  it('accepts the largest amount numeric(14,2) holds', async () => {
    const { error } = await newPayable({ amount: 999999999999.99 });
    expect(error).toBeNull();
  });

  it('blank names and descriptions', async () => {
    expect((await newPayable({ description: '   ' })).error).toMatchObject(
      checkViolation('accounts_payable_description_check'),
    );
    const supplier = await owner.client
      .from('suppliers')
      .insert({ company_id: owner.company.id, name: ' ' });
    expect(supplier.error).toMatchObject(checkViolation('suppliers_name_check'));
    const account = await owner.client
      .from('bank_accounts')
      .insert({ company_id: owner.company.id, name: '', type: 'checking' });
    expect(account.error).toMatchObject(checkViolation('bank_accounts_name_check'));
  });

  it('unknown enumeration values', async () => {
    const account = await owner.client
      .from('bank_accounts')
      .insert({ company_id: owner.company.id, name: 'Conta', type: 'bitcoin' });
    expect(account.error).toMatchObject(checkViolation('bank_accounts_type_check'));
    const category = await owner.client
      .from('categories')
      .insert({ company_id: owner.company.id, name: 'X', type: 'transfer' });
    expect(category.error).toMatchObject(checkViolation('categories_type_check'));
    expect((await newPayable({ payment_method: 'cheque' })).error).toMatchObject(
      checkViolation('accounts_payable_payment_method_check'),
    );
  });

  it('an obra that ends before it starts', async () => {
    const { error } = await owner.client.from('projects').insert({
      company_id: owner.company.id,
      name: 'Casa invertida',
      start_date: '2026-12-01',
      end_date: '2026-11-01',
    });
    expect(error).toMatchObject(checkViolation('projects_check'));
  });

  it('a duplicate active category name of the same type', async () => {
    const first = await owner.client
      .from('categories')
      .insert({ company_id: owner.company.id, name: 'Cimento', type: 'expense' });
    expect(first.error).toBeNull();
    const dup = await owner.client
      .from('categories')
      .insert({ company_id: owner.company.id, name: ' cimento ', type: 'expense' });
    expect(dup.error?.code).toBe('23505');
    const otherType = await owner.client
      .from('categories')
      .insert({ company_id: owner.company.id, name: 'Cimento', type: 'income' });
    expect(otherType.error).toBeNull();
  });
});

describe("references to another company's rows", () => {
  it.each([
    ['bank account', 'bank_accounts', 'bank_account_id', { name: 'Conta B', type: 'checking' }],
    ['supplier', 'suppliers', 'supplier_id', { name: 'Fornecedor B' }],
    ['project', 'projects', 'project_id', { name: 'Obra B' }],
    ['category', 'categories', 'category_id', { name: 'Categoria B', type: 'expense' }],
  ] as const)(
    'a payable cannot point at a %s of another company',
    async (_label, table, column, payload) => {
      const { data: foreign, error } = await other.client
        .from(table)
        .insert({ company_id: other.company.id, ...payload } as never)
        .select('id')
        .single();
      expect(error).toBeNull();
      const attempt = await newPayable({ [column]: (foreign as { id: string }).id });
      expect(attempt.error?.code).toBe('23503');
    },
  );
});

describe('create_company', () => {
  it('creates the company and the caller as its admin, together', async () => {
    const user = await createUser();
    const { data, error } = await user.client.rpc('create_company', {
      p_name: '  Construtora Nova  ',
      p_full_name: 'Maria Nova',
      p_city: 'Recife',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      name: 'Construtora Nova',
      city: 'Recife',
      created_by: user.user.id,
    });
    const { data: profiles } = await user.client
      .from('user_profiles')
      .select('*')
      .eq('user_id', user.user.id);
    expect(profiles).toEqual([
      expect.objectContaining({
        company_id: data!.id,
        role: 'admin',
        is_active: true,
        full_name: 'Maria Nova',
      }),
    ]);
  });

  it('fails without a signed-in user', async () => {
    const { error } = await anonClient().rpc('create_company', {
      p_name: 'Fantasma',
      p_full_name: 'Ninguém',
    });
    expect(error).toMatchObject(noExecute('create_company'));
  });

  it('creates nothing when the company is invalid', async () => {
    const user = await createUser();
    const { error } = await user.client.rpc('create_company', {
      p_name: '   ',
      p_full_name: 'Fulano',
    });
    expect(error).toMatchObject(checkViolation('companies_name_check'));
    const { rows } = await db.query('select 1 from public.user_profiles where user_id = $1', [
      user.user.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('dashboard_summary', () => {
  it('matches an independent computation and counts an entry due today as not overdue', async () => {
    const m = await createMember('Construtora Painel');
    const today = '2026-11-23';
    const rows = [
      { kind: 'accounts_payable', amount: 100.1, due_date: '2026-11-22' },
      { kind: 'accounts_payable', amount: 200.2, due_date: today },
      { kind: 'accounts_payable', amount: 300.3, due_date: '2026-11-24' },
      { kind: 'accounts_receivable', amount: 1000, due_date: '2026-11-22' },
      { kind: 'accounts_receivable', amount: 2000, due_date: today },
      { kind: 'accounts_receivable', amount: 3000.05, due_date: '2026-11-24' },
    ] as const;
    for (const r of rows) {
      const { error } = await m.client.from(r.kind).insert({
        company_id: m.company.id,
        description: 'x',
        amount: r.amount,
        due_date: r.due_date,
      });
      expect(error).toBeNull();
    }
    // A paid one must not count anywhere.
    const { data: acc } = await m.client
      .from('bank_accounts')
      .insert({ company_id: m.company.id, name: 'C', type: 'checking' })
      .select()
      .single();
    const { data: paid } = await m.client
      .from('accounts_payable')
      .insert({
        company_id: m.company.id,
        description: 'paga',
        amount: 5000,
        due_date: '2026-11-01',
      })
      .select()
      .single();
    await m.client.rpc('settle_payable', {
      p_payable_id: paid!.id,
      p_bank_account_id: acc!.id,
      p_paid_on: today,
    });

    const result = await m.client.rpc('dashboard_summary', {
      p_company_id: m.company.id,
      p_today: today,
    });
    expect(result.error).toBeNull();
    const data = result.data as Record<string, number>;

    const { rows: expected } = await db.query(
      `select
         (select sum(amount) from public.accounts_receivable where company_id = $1 and status = 'pending') as receivable,
         (select sum(amount) from public.accounts_payable where company_id = $1 and status = 'pending') as payable,
         (select coalesce(sum(amount), 0) from (
            select amount from public.accounts_payable where company_id = $1 and status = 'pending' and due_date < $2
            union all
            select amount from public.accounts_receivable where company_id = $1 and status = 'pending' and due_date < $2) o) as overdue`,
      [m.company.id, today],
    );
    expect(Number(data.receivable_total)).toBe(Number(expected[0].receivable));
    expect(Number(data.payable_total)).toBe(Number(expected[0].payable));
    expect(Number(data.overdue_total)).toBe(Number(expected[0].overdue));
    expect(Number(data.overdue_total)).toBe(1100.1);
    expect(data).toMatchObject({
      payable_pending_count: 3,
      receivable_pending_count: 3,
      overdue_count: 2,
    });
  });

  it('refuses a company the caller is not a member of', async () => {
    const { error } = await other.client.rpc('dashboard_summary', {
      p_company_id: owner.company.id,
      p_today: '2026-11-23',
    });
    expect(error?.message).toBe('not_a_member');
  });
});

describe('members and invitations', () => {
  it('an admin invites an email; that user accepts and sees the company; a member cannot manage', async () => {
    const admin = await createMember('Construtora Convites');
    const invitee = await createUser();
    const invite = await admin.client
      .rpc('create_invitation', {
        p_company_id: admin.company.id,
        p_email: invitee.email,
        p_role: 'financeiro',
      })
      .single();
    expect(invite.error).toBeNull();

    const outsiderView = await other.client
      .from('company_invitations')
      .select('id')
      .eq('id', invite.data!.id);
    expect(outsiderView.data).toEqual([]);

    const accepted = await invitee.client.rpc('accept_invitation', {
      p_token: invite.data!.token,
    });
    expect(accepted.error).toBeNull();
    const company = await invitee.client
      .from('companies')
      .select('name')
      .eq('id', admin.company.id);
    expect(company.data).toEqual([{ name: 'Construtora Convites' }]);

    const again = await invitee.client.rpc('accept_invitation', {
      p_token: invite.data!.token,
    });
    expect(again.error?.message).toBe('invitation_already_accepted');

    // The new member cannot invite, promote themselves, or deactivate the admin.
    const memberInvite = await invitee.client.rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: 'amigo@example.com',
    });
    expect(memberInvite.error?.message).toBe('not_admin');
    const promote = await invitee.client
      .from('user_profiles')
      .update({ role: 'admin' })
      .eq('user_id', invitee.user.id)
      .eq('company_id', admin.company.id);
    expect(promote.error?.message).toBe('not_admin');
    const { data: adminProfile } = await admin.client
      .from('user_profiles')
      .select('id')
      .eq('user_id', admin.user.id)
      .single();
    const demote = await invitee.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('id', adminProfile!.id)
      .select();
    expect(demote.data ?? []).toEqual([]);

    // The admin can deactivate the member, who then sees nothing.
    const deactivate = await admin.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('user_id', invitee.user.id)
      .eq('company_id', admin.company.id);
    expect(deactivate.error).toBeNull();
    const after = await invitee.client.from('companies').select('id').eq('id', admin.company.id);
    expect(after.data).toEqual([]);

    // A company always keeps an active admin.
    const last = await admin.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('id', adminProfile!.id);
    expect(last.error?.message).toBe('last_admin');
  });

  it('someone with another email cannot accept the invitation', async () => {
    const admin = await createMember('Construtora Convites 2');
    const stranger = await createUser();
    const invite = await admin.client
      .rpc('create_invitation', {
        p_company_id: admin.company.id,
        p_email: 'convidado-certo@example.com',
      })
      .single();
    const { error } = await stranger.client.rpc('accept_invitation', {
      p_token: invite.data!.token,
    });
    expect(error?.message).toBe('invitation_email_mismatch');
  });
});
