-- Invitations from an app cached before the roles (20261127010100): its form sends 'member', which
-- is now 'financeiro' (what the invited person could do then). Without this, inviting from such an
-- app fails with invalid_role until it updates itself.

create or replace function private.create_invitation(p_company_id uuid, p_email text, p_role text,
                                          p_project_ids uuid[])
returns table (id uuid, email text, role text, expires_at timestamptz, token text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text := lower(btrim(p_email));
  v_token text := private.new_invitation_token();
  -- 'member' was the only other role until 20261127010100: an app still cached from before
  -- (the service worker keeps it until the next visit) sends it for what is now 'financeiro'.
  v_role text := case when p_role = 'member' then 'financeiro' else p_role end;
  v_ids uuid[];
  v_row public.company_invitations;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;
  if v_email is null or char_length(v_email) > 254 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception using errcode = 'P0001', message = 'invalid_email';
  end if;
  v_ids := private.member_projects(p_company_id, v_role, p_project_ids);
  perform private.assert_not_member(p_company_id, v_email);

  -- An open invitation for the address: still valid → refused (its link can be copied again from
  -- the list); expired → replaced by this one.
  select * into v_row
  from public.company_invitations i
  where i.company_id = p_company_id and i.email = v_email
    and i.accepted_at is null and i.revoked_at is null
  for update;
  if found then
    if v_row.expires_at > now() then
      raise exception using errcode = 'P0001', message = 'invitation_pending';
    end if;
    update public.company_invitations i set revoked_at = now() where i.id = v_row.id;
  end if;

  begin
    insert into public.company_invitations (company_id, email, role, project_ids, invited_by, token_hash)
    values (p_company_id, v_email, v_role, v_ids, v_uid, private.invitation_token_hash(v_token))
    returning * into v_row;
  exception when unique_violation then
    -- Another admin invited the same address at the same moment.
    raise exception using errcode = 'P0001', message = 'invitation_pending';
  end;

  return query select v_row.id, v_row.email, v_row.role, v_row.expires_at, v_token;
end;
$$;

comment on function public.create_invitation(uuid, text, text, uuid[]) is
  'Admins invite an e-mail with a role (admin | financeiro | obra | leitura; the former ''member'' is '
  'taken as financeiro) and, for obra, its obras (p_project_ids). Returns the invitation and the '
  'secret of its link, once (only its hash is kept). Raises not_a_member, not_admin, invalid_email, '
  'invalid_role, projects_required, project_not_found, already_member, invitation_pending.';
