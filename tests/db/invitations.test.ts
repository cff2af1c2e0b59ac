// Invitations, attacked through supabase-js: joining a company needs the secret of the
// invitation link AND the invited address; owning the address alone is not enough.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  adminDb,
  anonClient,
  createMember,
  createUser,
  uniqueEmail,
  type TestClient,
} from './helpers';

let db: pg.Pool;
beforeAll(() => {
  db = adminDb();
});
afterAll(async () => {
  await db.end();
});

type Admin = Awaited<ReturnType<typeof createMember>>;

async function invite(
  admin: Admin,
  email: string,
  role: 'admin' | 'financeiro' | 'leitura' = 'financeiro',
) {
  const { data, error } = await admin.client
    .rpc('create_invitation', { p_company_id: admin.company.id, p_email: email, p_role: role })
    .single();
  if (error) throw error;
  return data;
}

async function companyNames(client: TestClient, companyId: string) {
  const { data } = await client.from('companies').select('name').eq('id', companyId);
  return data;
}

describe('taking over a company by owning the invited address', () => {
  it('signing up with the invited address without the link joins nothing', async () => {
    const admin = await createMember('Construtora Alvo');
    const email = uniqueEmail('cfo');
    const invitation = await invite(admin, email, 'admin');

    const attacker = await createUser(email);
    // The old path is gone: listing and accepting by id are not functions any more.
    const list = await attacker.client.rpc('my_pending_invitations' as never);
    expect(list.error?.code).toBe('PGRST202');
    const byId = await attacker.client.rpc('accept_invitation', {
      p_invitation_id: invitation.id,
    } as never);
    expect(byId.error?.code).toBe('PGRST202');
    // The invitation id is not a token.
    const guess = await attacker.client.rpc('accept_invitation', { p_token: invitation.id });
    expect(guess.error?.message).toBe('invitation_not_found');
    // And the invitee cannot read the invitation (nor its hash) to learn anything.
    const peek = await attacker.client.from('company_invitations').select('id, email');
    expect(peek.error).toBeNull();
    expect(peek.data).toEqual([]);

    expect(await companyNames(attacker.client, admin.company.id)).toEqual([]);
    const { count } = await db
      .query(`select 1 from public.user_profiles where user_id = $1`, [attacker.user.id])
      .then((r) => ({ count: r.rowCount }));
    expect(count).toBe(0);
  });

  it('the link with the invited address joins, with the invited role, once', async () => {
    const admin = await createMember('Construtora Convite');
    const email = uniqueEmail('Pessoa').replace('pessoa', 'Pessoa');
    const invitation = await invite(admin, email, 'admin');
    expect(invitation.email).toBe(email.toLowerCase());
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(invitation.expires_at).getTime() - Date.now()).toBeGreaterThan(
      6.9 * 24 * 3600 * 1000,
    );

    // Case-insensitive: the account's address has capitals, the invitation is stored lower-case.
    const invitee = await createUser(email, undefined, 'Pessoa Convidada');
    const accepted = await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({
      company_id: admin.company.id,
      user_id: invitee.user.id,
      role: 'admin',
      full_name: 'Pessoa Convidada',
      is_active: true,
    });
    expect(await companyNames(invitee.client, admin.company.id)).toEqual([
      { name: 'Construtora Convite' },
    ]);

    const again = await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(again.error?.message).toBe('invitation_already_accepted');
  });

  it('the token is not stored in clear anywhere in the row', async () => {
    const admin = await createMember();
    const invitation = await invite(admin, uniqueEmail());
    const { rows } = await db.query<Record<string, unknown>>(
      `select * from public.company_invitations where id = $1`,
      [invitation.id],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    for (const [column, value] of Object.entries(row)) {
      const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
      expect(text, column).not.toContain(invitation.token);
    }
    // What is stored is its sha256.
    const { rows: match } = await db.query(
      `select 1 from public.company_invitations
       where id = $1 and token_hash = sha256(convert_to($2, 'UTF8'))`,
      [invitation.id, invitation.token],
    );
    expect(match).toHaveLength(1);
  });
});

describe('accepting refuses', () => {
  it('a token for another address: invitation_email_mismatch', async () => {
    const admin = await createMember();
    const invitation = await invite(admin, uniqueEmail('certo'));
    const other = await createUser(uniqueEmail('errado'));
    const { error } = await other.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(error?.message).toBe('invitation_email_mismatch');
    expect(await companyNames(other.client, admin.company.id)).toEqual([]);
  });

  it('an expired invitation: invitation_expired', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const invitation = await invite(admin, email);
    await db.query(
      `update public.company_invitations set expires_at = now() - interval '1 minute', created_at = now() - interval '8 days' where id = $1`,
      [invitation.id],
    );
    const invitee = await createUser(email);
    const { error } = await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(error?.message).toBe('invitation_expired');

    // An expired invitation does not block a new one for the same address, which works.
    const fresh = await invite(admin, email);
    const accepted = await invitee.client.rpc('accept_invitation', { p_token: fresh.token });
    expect(accepted.error).toBeNull();
  });

  it('a revoked invitation: invitation_not_found', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const invitation = await invite(admin, email);
    const revoked = await admin.client
      .from('company_invitations')
      .delete()
      .eq('id', invitation.id)
      .select('id');
    expect(revoked.data).toEqual([{ id: invitation.id }]);
    const invitee = await createUser(email);
    const { error } = await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(error?.message).toBe('invitation_not_found');
  });

  it('an unknown or absurd token, and an anonymous caller', async () => {
    const user = await createUser();
    for (const token of ['x'.repeat(43), '', 'a'.repeat(10_000)]) {
      const { error } = await user.client.rpc('accept_invitation', { p_token: token });
      expect(error?.message).toBe('invitation_not_found');
    }
    const anon = await anonClient().rpc('accept_invitation', { p_token: 'x'.repeat(43) });
    expect(anon.error?.code).toBe('42501');
  });

  it('a full_name over the limit is cut, not an error', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const invitation = await invite(admin, email);
    const invitee = await createUser(email, undefined, `  ${'Nome '.repeat(100)}`);
    const { data, error } = await invitee.client.rpc('accept_invitation', {
      p_token: invitation.token,
    });
    expect(error).toBeNull();
    expect(data?.full_name.length).toBeLessThanOrEqual(200);
    expect(data?.full_name.startsWith('Nome Nome')).toBe(true);
  });
});

describe('inviting', () => {
  it('an active member cannot be invited again; a deactivated one can come back', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const member = await createUser(email);
    await member.client.rpc('accept_invitation', { p_token: (await invite(admin, email)).token });

    const twice = await admin.client.rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: email.toUpperCase(),
    });
    expect(twice.error?.message).toBe('already_member');
    const self = await admin.client.rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: admin.email,
    });
    expect(self.error?.message).toBe('already_member');

    const off = await admin.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('user_id', member.user.id)
      .eq('company_id', admin.company.id);
    expect(off.error).toBeNull();
    const back = await invite(admin, email, 'admin');
    const rejoined = await member.client.rpc('accept_invitation', { p_token: back.token });
    expect(rejoined.error).toBeNull();
    expect(rejoined.data).toMatchObject({ is_active: true, role: 'admin' });
  });

  it('a pending invitation for the same address is refused: invitation_pending', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    await invite(admin, email);
    const dup = await admin.client.rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: ` ${email.toUpperCase()} `,
    });
    expect(dup.error?.message).toBe('invitation_pending');
  });

  it('refuses bad addresses and roles, in the function and in the table', async () => {
    const admin = await createMember();
    const cases: [string, string, string][] = [
      ['sem-arroba.example.com', 'financeiro', 'invalid_email'],
      [`${'a'.repeat(250)}@example.com`, 'financeiro', 'invalid_email'],
      ['', 'financeiro', 'invalid_email'],
      [uniqueEmail(), 'owner', 'invalid_role'],
    ];
    for (const [email, role, key] of cases) {
      const { error } = await admin.client.rpc('create_invitation', {
        p_company_id: admin.company.id,
        p_email: email,
        p_role: role,
      });
      expect(error?.message, email).toBe(key);
    }
    await expect(
      db.query(
        `insert into public.company_invitations (company_id, email, invited_by) values ($1, $2, $3)`,
        [admin.company.id, `${'a'.repeat(250)}@example.com`, admin.user.id],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('a member, another company and an anonymous caller cannot invite', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const member = await createUser(email);
    await member.client.rpc('accept_invitation', { p_token: (await invite(admin, email)).token });
    const outsider = await createMember();

    const byMember = await member.client.rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: uniqueEmail(),
    });
    expect(byMember.error?.message).toBe('not_admin');
    const byOutsider = await outsider.client.rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: uniqueEmail(),
    });
    expect(byOutsider.error?.message).toBe('not_a_member');
    const nullCompany = await admin.client.rpc('create_invitation', {
      p_company_id: null as never,
      p_email: uniqueEmail(),
    });
    expect(nullCompany.error?.message).toBe('not_a_member');
    const anon = await anonClient().rpc('create_invitation', {
      p_company_id: admin.company.id,
      p_email: uniqueEmail(),
    });
    expect(anon.error?.code).toBe('42501');
    // Nor insert rows directly, with a hash of their choosing.
    const direct = await admin.client
      .from('company_invitations')
      .insert({ company_id: admin.company.id, email: uniqueEmail(), token_hash: '\\x00' });
    expect(direct.error?.code).toBe('42501');
  });
});

describe('reading and managing invitations', () => {
  it('nobody reads the hashes; members do not read invitations; admins see the list', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const member = await createUser(email);
    await member.client.rpc('accept_invitation', { p_token: (await invite(admin, email)).token });
    const pending = await invite(admin, uniqueEmail());

    const hashes = await admin.client.from('company_invitations').select('id, token_hash');
    expect(hashes.error?.code).toBe('42501');
    const star = await admin.client.from('company_invitations').select('*');
    expect(star.error?.code).toBe('42501');
    const list = await admin.client
      .from('company_invitations')
      .select('id, email, role, expires_at')
      .is('accepted_at', null);
    expect(list.data?.map((r) => r.id)).toEqual([pending.id]);

    const asMember = await member.client.from('company_invitations').select('id');
    expect(asMember.error).toBeNull();
    expect(asMember.data).toEqual([]);
  });

  it('renewing gives a new link (the old one dies) and 7 more days; admins of the company only', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const invitation = await invite(admin, email);
    await db.query(
      `update public.company_invitations set expires_at = now() - interval '1 minute', created_at = now() - interval '8 days' where id = $1`,
      [invitation.id],
    );

    const memberEmail = uniqueEmail();
    const member = await createUser(memberEmail);
    await member.client.rpc('accept_invitation', {
      p_token: (await invite(admin, memberEmail)).token,
    });
    const outsider = await createMember();

    const byMember = await member.client.rpc('renew_invitation', {
      p_invitation_id: invitation.id,
    });
    expect(byMember.error?.message).toBe('not_admin');
    const byOutsider = await outsider.client.rpc('renew_invitation', {
      p_invitation_id: invitation.id,
    });
    expect(byOutsider.error?.message).toBe('invitation_not_found');
    const outsiderRevoke = await outsider.client
      .from('company_invitations')
      .delete()
      .eq('id', invitation.id)
      .select('id');
    expect(outsiderRevoke.data).toEqual([]);
    const memberRevoke = await member.client
      .from('company_invitations')
      .delete()
      .eq('id', invitation.id)
      .select('id');
    expect(memberRevoke.data).toEqual([]);

    const renewed = await admin.client.rpc('renew_invitation', { p_invitation_id: invitation.id });
    expect(renewed.error).toBeNull();
    expect(renewed.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.data).not.toBe(invitation.token);

    const invitee = await createUser(email);
    const old = await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    expect(old.error?.message).toBe('invitation_not_found');
    const accepted = await invitee.client.rpc('accept_invitation', { p_token: renewed.data! });
    expect(accepted.error).toBeNull();
    // Accepted: nothing left to renew.
    const afterAccept = await admin.client.rpc('renew_invitation', {
      p_invitation_id: invitation.id,
    });
    expect(afterAccept.error?.message).toBe('invitation_not_found');
  });

  it('deactivating or demoting an admin cancels the invitations they sent', async () => {
    const owner = await createMember();
    const secondEmail = uniqueEmail('admin2');
    const second = await createUser(secondEmail);
    await second.client.rpc('accept_invitation', {
      p_token: (await invite(owner, secondEmail, 'admin')).token,
    });
    const asSecond = { ...second, company: owner.company } as Admin;
    const sentEmail = uniqueEmail('enviado');
    const sent = await invite(asSecond, sentEmail);
    const demotedEmail = uniqueEmail('rebaixado');
    const sentBeforeDemotion = await invite(asSecond, demotedEmail);

    // Demoted first: the second invitation is cancelled, then deactivated: the first too.
    const demote = await owner.client
      .from('user_profiles')
      .update({ role: 'financeiro' })
      .eq('user_id', second.user.id)
      .eq('company_id', owner.company.id);
    expect(demote.error).toBeNull();
    const { rows: afterDemote } = await db.query<{ id: string; revoked: boolean }>(
      `select id, revoked_at is not null as revoked from public.company_invitations where id = any($1)`,
      [[sent.id, sentBeforeDemotion.id]],
    );
    expect(afterDemote.every((r) => r.revoked)).toBe(true);
    const renewDead = await owner.client.rpc('renew_invitation', { p_invitation_id: sent.id });
    expect(renewDead.error?.message).toBe('invitation_not_found');

    const invitee = await createUser(sentEmail);
    const { error } = await invitee.client.rpc('accept_invitation', { p_token: sent.token });
    expect(error?.message).toBe('invitation_not_found');
    // The address can be invited again by an admin in office.
    const fresh = await invite(owner, sentEmail);
    expect(
      (await invitee.client.rpc('accept_invitation', { p_token: fresh.token })).error,
    ).toBeNull();
  });

  it('deactivating an admin cancels what they sent', async () => {
    const owner = await createMember();
    const adminEmail = uniqueEmail('admin2');
    const second = await createUser(adminEmail);
    await second.client.rpc('accept_invitation', {
      p_token: (await invite(owner, adminEmail, 'admin')).token,
    });
    const sent = await invite({ ...second, company: owner.company } as Admin, uniqueEmail());
    const off = await owner.client
      .from('user_profiles')
      .update({ is_active: false })
      .eq('user_id', second.user.id)
      .eq('company_id', owner.company.id);
    expect(off.error).toBeNull();
    const { rows } = await db.query<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from public.company_invitations where id = $1`,
      [sent.id],
    );
    expect(rows).toEqual([{ revoked: true }]);
  });
});

describe('invitation_preview', () => {
  it('shows the link holder the company name and role, and whether the address matches', async () => {
    const admin = await createMember('Construtora Prévia');
    const email = uniqueEmail();
    const invitation = await invite(admin, email, 'admin');
    const invitee = await createUser(email);
    const other = await createUser();

    const mine = await invitee.client
      .rpc('invitation_preview', { p_token: invitation.token })
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data).toMatchObject({
      company_name: 'Construtora Prévia',
      role: 'admin',
      status: 'pending',
      email_matches: true,
    });
    const theirs = await other.client
      .rpc('invitation_preview', { p_token: invitation.token })
      .single();
    expect(theirs.data).toMatchObject({ email_matches: false, status: 'pending' });
    // Nothing about who was invited or by whom.
    expect(Object.keys(theirs.data ?? {}).sort()).toEqual(
      ['company_name', 'email_matches', 'expires_at', 'role', 'status'].sort(),
    );

    const unknown = await invitee.client.rpc('invitation_preview', { p_token: 'y'.repeat(43) });
    expect(unknown.error?.message).toBe('invitation_not_found');
    const anon = await anonClient().rpc('invitation_preview', { p_token: invitation.token });
    expect(anon.error?.code).toBe('42501');

    await invitee.client.rpc('accept_invitation', { p_token: invitation.token });
    const accepted = await invitee.client
      .rpc('invitation_preview', { p_token: invitation.token })
      .single();
    expect(accepted.data?.status).toBe('accepted');
  });

  it('says expired, and nothing once revoked', async () => {
    const admin = await createMember();
    const email = uniqueEmail();
    const invitation = await invite(admin, email);
    const invitee = await createUser(email);
    await db.query(
      `update public.company_invitations set expires_at = now() - interval '1 minute', created_at = now() - interval '8 days' where id = $1`,
      [invitation.id],
    );
    const expired = await invitee.client
      .rpc('invitation_preview', { p_token: invitation.token })
      .single();
    expect(expired.data?.status).toBe('expired');
    await admin.client.from('company_invitations').delete().eq('id', invitation.id);
    const revoked = await invitee.client.rpc('invitation_preview', { p_token: invitation.token });
    expect(revoked.error?.message).toBe('invitation_not_found');
  });
});
