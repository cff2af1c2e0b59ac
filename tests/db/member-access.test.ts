// An admin chooses each member's role and, for an 'obra' member, their obras: when inviting
// (create_invitation → accept_invitation) and later (set_member_access). The last-admin rule holds,
// an 'obra' member always has obras, and every obra is of the company.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser, stackEnv, uniqueEmail } from './helpers';
import type { Member } from './money-helpers';

let db: pg.Pool;
let admin: Member;
let other: Member;
let obraA: string;
let obraB: string;
let foreignObra: string;

async function project(member: Member, name: string) {
  const { data, error } = await member.client
    .from('projects')
    .insert({ company_id: member.company.id, name })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** A new user who joined the admin's company through an invitation with that role and obras. */
async function join(role: string, projectIds: string[] = []) {
  const email = uniqueEmail(role);
  const invitation = await admin.client
    .rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: email,
      p_role: role,
      p_project_ids: projectIds,
    })
    .single();
  if (invitation.error) throw invitation.error;
  const user = await createUser(email);
  const accepted = await user.client.rpc('accept_invitation', { p_token: invitation.data.token });
  if (accepted.error) throw accepted.error;
  return { ...user, profile: accepted.data };
}

async function access(userId: string) {
  const { rows } = await db.query<{ project_id: string }>(
    `select project_id from public.project_access where user_id = $1 and company_id = $2
     order by project_id`,
    [userId, admin.company.id],
  );
  return rows.map((r) => r.project_id).sort();
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 2 });
  [admin, other] = await Promise.all([
    createMember('Construtora Equipe'),
    createMember('Construtora Vizinha'),
  ]);
  [obraA, obraB, foreignObra] = await Promise.all([
    project(admin, 'Obra Centro'),
    project(admin, 'Obra Norte'),
    project(other, 'Obra alheia'),
  ]);
});
afterAll(async () => {
  await db.end();
});

describe('inviting with a role and obras', () => {
  it('an engineer invited to one obra joins as obra and sees only that obra', async () => {
    const engineer = await join('obra', [obraA, obraA]);
    expect(engineer.profile).toMatchObject({ role: 'obra', is_active: true });
    expect(await access(engineer.user.id)).toEqual([obraA]);
    const { data } = await engineer.client.from('projects').select('id');
    expect(data).toEqual([{ id: obraA }]);
  });

  it('the invitation keeps its obras; the preview shows the role', async () => {
    const email = uniqueEmail('previa');
    const invitation = await admin.client
      .rpc('create_invitation', {
        p_company_id: admin.company.id,
        p_email: email,
        p_role: 'obra',
        p_project_ids: [obraB],
      })
      .single();
    expect(invitation.data).toMatchObject({ email, role: 'obra' });
    const listed = await admin.client
      .from('company_invitations')
      .select('role, project_ids')
      .eq('id', invitation.data!.id)
      .single();
    expect(listed.data).toEqual({ role: 'obra', project_ids: [obraB] });
    const invitee = await createUser(email);
    const preview = await invitee.client
      .rpc('invitation_preview', { p_token: invitation.data!.token })
      .single();
    expect(preview.data).toMatchObject({ role: 'obra', status: 'pending', email_matches: true });
  });

  it('other roles get no obras, whatever was sent', async () => {
    const accountant = await join('leitura', [obraA]);
    expect(accountant.profile.role).toBe('leitura');
    expect(await access(accountant.user.id)).toEqual([]);
  });

  it('refuses obra without obras, an obra of another company, an unknown role', async () => {
    const cases: [string, string[], string][] = [
      ['obra', [], 'projects_required'],
      ['obra', [foreignObra], 'project_not_found'],
      ['obra', [obraA, crypto.randomUUID()], 'project_not_found'],
      ['dono', [], 'invalid_role'],
    ];
    for (const [role, projectIds, key] of cases) {
      const { error } = await admin.client.rpc('create_invitation', {
        p_company_id: admin.company.id,
        p_email: uniqueEmail('recusado'),
        p_role: role,
        p_project_ids: projectIds,
      });
      expect(error?.message, `${role} ${projectIds.join()}`).toBe(key);
    }
  });

  it("an app cached from before the roles invites as 'member': that is financeiro", async () => {
    const invitation = await admin.client
      .rpc('create_invitation', {
        p_company_id: admin.company.id,
        p_email: uniqueEmail('antigo'),
        p_role: 'member',
      })
      .single();
    expect(invitation.error).toBeNull();
    expect(invitation.data?.role).toBe('financeiro');
  });

  it('the table refuses an obra invitation without obras, and obras for another role', async () => {
    for (const [role, ids] of [
      ['obra', '{}'],
      ['financeiro', `{${obraA}}`],
    ] as const) {
      await expect(
        db.query(
          `insert into public.company_invitations (company_id, email, role, project_ids, invited_by)
           values ($1, $2, $3, $4, $5)`,
          [admin.company.id, uniqueEmail('tabela'), role, ids, admin.user.id],
        ),
      ).rejects.toMatchObject({
        code: '23514',
        constraint: 'company_invitations_project_ids_check',
      });
    }
  });
});

describe('set_member_access', () => {
  it("changes a member's role and replaces their obras", async () => {
    const member = await join('financeiro');
    const toObra = await admin.client
      .rpc('set_member_access', {
        p_profile_id: member.profile.id,
        p_role: 'obra',
        p_project_ids: [obraA, obraB],
      })
      .single();
    expect(toObra.error).toBeNull();
    expect(toObra.data).toMatchObject({ id: member.profile.id, role: 'obra' });
    expect(await access(member.user.id)).toEqual([obraA, obraB].sort());

    await admin.client.rpc('set_member_access', {
      p_profile_id: member.profile.id,
      p_role: 'obra',
      p_project_ids: [obraB],
    });
    expect(await access(member.user.id)).toEqual([obraB]);
    const seen = await member.client.from('projects').select('id');
    expect(seen.data).toEqual([{ id: obraB }]);

    const toLeitura = await admin.client.rpc('set_member_access', {
      p_profile_id: member.profile.id,
      p_role: 'leitura',
    });
    expect(toLeitura.data).toMatchObject({ role: 'leitura' });
    expect(await access(member.user.id)).toEqual([]);
    // The accountant reads every obra and writes nothing.
    const all = await member.client
      .from('projects')
      .select('id')
      .eq('company_id', admin.company.id);
    expect(all.data).toHaveLength(2);
  });

  it('refuses a non-admin, a foreign membership, obra without obras, a foreign obra', async () => {
    const member = await join('financeiro');
    const byFinanceiro = await member.client.rpc('set_member_access', {
      p_profile_id: member.profile.id,
      p_role: 'admin',
    });
    expect(byFinanceiro.error?.message).toBe('not_admin');
    const foreignProfile = await db.query<{ id: string }>(
      `select id from public.user_profiles where company_id = $1`,
      [other.company.id],
    );
    const foreign = await admin.client.rpc('set_member_access', {
      p_profile_id: foreignProfile.rows[0]!.id,
      p_role: 'leitura',
    });
    expect(foreign.error?.message).toBe('not_a_member');
    const cases: [string, string[], string][] = [
      ['obra', [], 'projects_required'],
      ['obra', [foreignObra], 'project_not_found'],
      ['dono', [], 'invalid_role'],
    ];
    for (const [role, projectIds, key] of cases) {
      const { error } = await admin.client.rpc('set_member_access', {
        p_profile_id: member.profile.id,
        p_role: role,
        p_project_ids: projectIds,
      });
      expect(error?.message, role).toBe(key);
    }
    const { rows } = await db.query<{ role: string }>(
      `select role from public.user_profiles where id = $1`,
      [member.profile.id],
    );
    expect(rows[0]?.role).toBe('financeiro');
  });

  it('keeps the last admin', async () => {
    const own = await db.query<{ id: string }>(
      `select id from public.user_profiles where company_id = $1 and user_id = $2`,
      [admin.company.id, admin.user.id],
    );
    const { error } = await admin.client.rpc('set_member_access', {
      p_profile_id: own.rows[0]!.id,
      p_role: 'financeiro',
    });
    expect(error?.message).toBe('last_admin');
  });

  it('a direct update of the role to obra is refused: the obras come with it', async () => {
    const member = await join('financeiro');
    const { error } = await admin.client
      .from('user_profiles')
      .update({ role: 'obra' })
      .eq('id', member.profile.id);
    expect(error?.message).toBe('projects_required');
    // Other roles still change directly (the members list), under the same guard.
    const direct = await admin.client
      .from('user_profiles')
      .update({ role: 'leitura' })
      .eq('id', member.profile.id)
      .select('role')
      .single();
    expect(direct.data?.role).toBe('leitura');
  });
});
