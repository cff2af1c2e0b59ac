// Names in the audit cannot be borrowed (issue 31): a financeiro renamed itself to the admin's
// name, and Atividade and Histórico then showed the admin as the author of its writes. Two members
// of a company never share a name, accents, case and spacing ignored, whoever writes it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { adminDb, createMember, createUser, uniqueEmail } from './helpers';

let db: pg.Pool;
beforeAll(() => {
  db = adminDb();
});
afterAll(async () => {
  await db.end();
});

type Admin = Awaited<ReturnType<typeof createMember>>;

async function invite(admin: Admin, email: string, role = 'financeiro') {
  const { data, error } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.company.id, p_email: email, p_role: role })
    .single();
  if (error) throw error;
  return data;
}

/** A member of the admin's company, joined through an invitation under `name`. */
async function joined(admin: Admin, name: string, role = 'financeiro') {
  const email = uniqueEmail('membro');
  const invitation = await invite(admin, email, role);
  const user = await createUser(email, undefined, name);
  const { error } = await user.client.rpc('accept_invitation', { p_token: invitation.token });
  if (error) throw error;
  return user;
}

async function nameOf(userId: string, companyId: string) {
  const { rows } = await db.query<{ full_name: string }>(
    'select full_name from public.user_profiles where user_id = $1 and company_id = $2',
    [userId, companyId],
  );
  return rows[0]?.full_name;
}

const NAME_TAKEN = {
  code: '23505',
  message: expect.stringContaining('user_profiles_company_name_key') as unknown,
};

describe("a member cannot take another member's name", () => {
  it("a financeiro renaming itself to the admin's name, in any accents, case or spacing, is refused", async () => {
    const admin = await createMember('Construtora Nomes');
    await admin.client
      .from('user_profiles')
      .update({ full_name: 'José Araújo' })
      .eq('user_id', admin.user.id)
      .throwOnError();
    const financeiro = await joined(admin, 'Fábio Financeiro');
    for (const borrowed of ['José Araújo', 'jose araujo', '  JOSÉ   ARAÚJO ']) {
      const { error } = await financeiro.client
        .from('user_profiles')
        .update({ full_name: borrowed })
        .eq('user_id', financeiro.user.id)
        .eq('company_id', admin.company.id);
      expect(error).toMatchObject(NAME_TAKEN);
    }
    expect(await nameOf(financeiro.user.id, admin.company.id)).toBe('Fábio Financeiro');

    // A name of its own is fine, and so is the own name written again in other case.
    const own = await financeiro.client
      .from('user_profiles')
      .update({ full_name: 'Fábio Souza' })
      .eq('user_id', financeiro.user.id)
      .select('full_name');
    expect(own).toMatchObject({ error: null, data: [{ full_name: 'Fábio Souza' }] });
    const recased = await financeiro.client
      .from('user_profiles')
      .update({ full_name: 'FÁBIO SOUZA' })
      .eq('user_id', financeiro.user.id)
      .select('full_name');
    expect(recased.error).toBeNull();

    // An admin cannot hand a member someone else's name either.
    const renamedByAdmin = await admin.client
      .from('user_profiles')
      .update({ full_name: 'Jose Araujo' })
      .eq('user_id', financeiro.user.id)
      .eq('company_id', admin.company.id);
    expect(renamedByAdmin.error).toMatchObject(NAME_TAKEN);
  });

  it('another company may have a member of the same name', async () => {
    const first = await createMember();
    const second = await createMember();
    const [a, b] = await Promise.all([
      first.client
        .from('user_profiles')
        .update({ full_name: 'Maria Silva' })
        .eq('user_id', first.user.id)
        .select('id'),
      second.client
        .from('user_profiles')
        .update({ full_name: 'Maria Silva' })
        .eq('user_id', second.user.id)
        .select('id'),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
  });

  it('a deactivated member keeps the name: the audit still names them', async () => {
    const admin = await createMember();
    const gone = await joined(admin, 'Carlos Desligado');
    await admin.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('user_id', gone.user.id)
      .eq('company_id', admin.company.id)
      .throwOnError();
    const other = await joined(admin, 'Outra Pessoa');
    const { error } = await other.client
      .from('user_profiles')
      .update({ full_name: 'Carlos Desligado' })
      .eq('user_id', other.user.id);
    expect(error).toMatchObject(NAME_TAKEN);
  });
});

describe('accepting an invitation under a name already taken', () => {
  it('is refused with member_name_taken, joins nothing, and succeeds under another name', async () => {
    const admin = await createMember();
    await joined(admin, 'Ana Engenheira', 'leitura');
    const email = uniqueEmail('ana');
    const invitation = await invite(admin, email);
    const invitee = await createUser(email, undefined, 'ana engenheira');

    const taken = await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(taken.error).toMatchObject({ code: 'P0001', message: 'member_name_taken' });
    expect(await nameOf(invitee.user.id, admin.company.id)).toBeUndefined();
    const { rows } = await db.query<{ accepted_at: string | null }>(
      'select accepted_at from public.company_invitations where id = $1',
      [invitation.id],
    );
    expect(rows[0]?.accepted_at).toBeNull();

    // The name chosen on the page is checked too.
    const alsoTaken = await invitee.client.rpc('accept_invitation', {
      p_token: invitation.token,
      p_full_name: 'Ána  Engenheira',
    });
    expect(alsoTaken.error?.message).toBe('member_name_taken');

    const accepted = await invitee.client.rpc('accept_invitation', {
      p_token: invitation.token,
      p_full_name: '  Ana Souza  ',
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({ full_name: 'Ana Souza', company_id: admin.company.id });
  });
});

describe('the migration on a database that already holds shared names', () => {
  // The de-duplication statements of 20261130010200, run again on duplicates made with the index
  // dropped, in a transaction that is rolled back.
  const migration = readFileSync(
    new URL('../../supabase/migrations/20261130010200_member_names_unique.sql', import.meta.url),
    'utf8',
  );
  const dedupe = migration.match(/^with ranked as \([\s\S]*?;$/gm) ?? [];
  const index = migration.match(/^create unique index user_profiles_company_name_key[\s\S]*?;$/m);

  it('keeps the first name, appends the e-mail to the others, then the index holds', async () => {
    expect(dedupe).toHaveLength(2);
    const admin = await createMember();
    const [second, third] = [await joined(admin, 'Segundo'), await joined(admin, 'Terceiro')];
    const client = await db.connect();
    try {
      await client.query('begin');
      await client.query('drop index public.user_profiles_company_name_key');
      await client.query(
        `update public.user_profiles set full_name = case user_id
           when $2 then 'Pedro Álvares' when $3 then 'pedro alvares' else 'PEDRO ÁLVARES' end
         where company_id = $1`,
        [admin.company.id, admin.user.id, second.user.id],
      );
      for (const statement of dedupe) await client.query(statement);
      await client.query(index?.[0] ?? 'select 1/0');
      const { rows } = await client.query<{ user_id: string; full_name: string }>(
        'select user_id, full_name from public.user_profiles where company_id = $1',
        [admin.company.id],
      );
      const names = Object.fromEntries(rows.map((r) => [r.user_id, r.full_name]));
      expect(names).toEqual({
        [admin.user.id]: 'Pedro Álvares',
        [second.user.id]: `pedro alvares (${second.email.toLowerCase()})`,
        [third.user.id]: `PEDRO ÁLVARES (${third.email.toLowerCase()})`,
      });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
