// my_pending_invitations(): an invited user sees the inviting company's name before joining, and
// nobody else learns anything through it.
import { describe, expect, it } from 'vitest';
import { anonClient, createMember, createUser, noExecute } from './helpers';

describe('my_pending_invitations', () => {
  it('shows the invited user the company name, role and inviter; nothing to anyone else', async () => {
    const admin = await createMember('Construtora Convite');
    const invitee = await createUser(undefined, undefined, 'Convidado Teste');
    const stranger = await createMember('Construtora Estranha');

    const invite = await admin.client
      .from('company_invitations')
      .insert({ company_id: admin.company.id, email: invitee.email.toLowerCase(), role: 'admin' })
      .select('id')
      .single();
    expect(invite.error).toBeNull();

    const mine = await invitee.client.rpc('my_pending_invitations');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([
      expect.objectContaining({
        id: invite.data!.id,
        company_id: admin.company.id,
        company_name: 'Construtora Convite',
        role: 'admin',
        invited_by_name: 'Admin Construtora Convite',
      }),
    ]);

    // The admin (whose own email was not invited) and another company's user see nothing.
    expect((await admin.client.rpc('my_pending_invitations')).data).toEqual([]);
    expect((await stranger.client.rpc('my_pending_invitations')).data).toEqual([]);
    // Not callable without signing in.
    const anon = await anonClient().rpc('my_pending_invitations');
    expect(anon.error).toMatchObject(noExecute('my_pending_invitations'));
    expect(anon.data).toBeNull();

    // Once accepted it is no longer pending, and the company becomes visible through RLS.
    const accepted = await invitee.client.rpc('accept_invitation', {
      p_invitation_id: invite.data!.id,
    });
    expect(accepted.error).toBeNull();
    expect((await invitee.client.rpc('my_pending_invitations')).data).toEqual([]);
    const company = await invitee.client
      .from('companies')
      .select('name')
      .eq('id', admin.company.id);
    expect(company.data).toEqual([{ name: 'Construtora Convite' }]);
  });

  it('matches the email case-insensitively and skips revoked invitations', async () => {
    const admin = await createMember();
    const invitee = await createUser(`Pessoa-${crypto.randomUUID()}@Example.com`);
    const first = await admin.client
      .from('company_invitations')
      .insert({ company_id: admin.company.id, email: invitee.email.toLowerCase(), role: 'member' })
      .select('id')
      .single();
    expect((await invitee.client.rpc('my_pending_invitations')).data).toHaveLength(1);
    await admin.client.from('company_invitations').delete().eq('id', first.data!.id);
    expect((await invitee.client.rpc('my_pending_invitations')).data).toEqual([]);
  });
});
