-- Choosing a member's role and, for an 'obra' member, their obras (roles: 20261127010100).
--
-- 1. company_invitations.project_ids: the obras an invitation as 'obra' gives (empty otherwise).
-- 2. set_member_access(profile, role, obras): admins change a member's role and obras in one step;
--    the last-admin rule holds (the profile guard trigger); 'obra' needs obras (projects_required);
--    every obra must be of the company (project_not_found); the member's project_access rows are
--    replaced (none unless 'obra').
-- 3. create_invitation takes p_project_ids (same answer as before); accept_invitation creates the
--    membership with the invited role and, for 'obra', its project_access rows.
-- 4. A direct update of user_profiles.role to 'obra' is refused (projects_required): an 'obra'
--    member without obras would see nothing; set_member_access is the way.

-- 1. ---------------------------------------------------------------------------------------------

alter table public.company_invitations
  add column project_ids uuid[] not null default '{}',
  add constraint company_invitations_project_ids_check
    check ((role = 'obra') = (cardinality(project_ids) > 0) and array_position(project_ids, null) is null);
comment on column public.company_invitations.project_ids is
  'The obras an invitation as ''obra'' gives (project_access rows on acceptance); empty for the other roles.';

revoke all on public.company_invitations from anon, authenticated;
grant select (id, company_id, email, role, project_ids, invited_by, created_at, expires_at, accepted_at,
              accepted_by, revoked_at),
      delete
  on public.company_invitations to authenticated;

-- Shared by set_member_access and create_invitation: the obras, deduplicated, of the company.
create or replace function private.member_projects(p_company_id uuid, p_role text, p_project_ids uuid[])
returns uuid[]
language plpgsql
stable
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  if p_role is null or p_role not in ('admin', 'financeiro', 'obra', 'leitura') then
    raise exception using errcode = 'P0001', message = 'invalid_role';
  end if;
  if p_role <> 'obra' then
    -- Only an 'obra' member is limited to obras; the others see them all.
    return '{}';
  end if;
  select coalesce(array_agg(distinct x order by x), '{}') into v_ids
  from unnest(coalesce(p_project_ids, '{}')) x where x is not null;
  if cardinality(v_ids) = 0 then
    raise exception using errcode = 'P0001', message = 'projects_required';
  end if;
  if cardinality(v_ids) > 500 then
    raise exception using errcode = 'P0001', message = 'project_not_found';
  end if;
  if exists (
    select 1 from unnest(v_ids) x
    where not exists (select 1 from public.projects p where p.id = x and p.company_id = p_company_id)
  ) then
    raise exception using errcode = 'P0001', message = 'project_not_found';
  end if;
  return v_ids;
end;
$$;
comment on function private.member_projects(uuid, text, uuid[]) is
  'The obras of a role: invalid_role, {} unless ''obra'', else the distinct ids (projects_required '
  'when none, project_not_found when one is not of the company).';
revoke all on function private.member_projects(uuid, text, uuid[]) from public, anon, authenticated;

-- Replaces a member's obras (definer bodies only).
create or replace function private.replace_project_access(p_company_id uuid, p_user_id uuid,
                                                          p_project_ids uuid[], p_by uuid)
returns void
language sql
set search_path = ''
as $$
  delete from public.project_access a
  where a.company_id = p_company_id and a.user_id = p_user_id and a.project_id <> all (p_project_ids);
  insert into public.project_access (company_id, project_id, user_id, created_by)
  select p_company_id, p.id, p_user_id, p_by
  from public.projects p
  where p.company_id = p_company_id and p.id = any (p_project_ids)
  on conflict (project_id, user_id) do nothing;
$$;
revoke all on function private.replace_project_access(uuid, uuid, uuid[], uuid) from public, anon, authenticated;

-- 2. ---------------------------------------------------------------------------------------------

create or replace function private.set_member_access(p_profile_id uuid, p_role text, p_project_ids uuid[])
returns public.user_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_profile public.user_profiles;
  v_ids uuid[];
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select * into v_profile from public.user_profiles p
  where p.id = p_profile_id and p.company_id in (select private.user_company_ids());
  if not found then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if v_profile.company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;
  v_ids := private.member_projects(v_profile.company_id, p_role, p_project_ids);

  -- The guard trigger locks the company row and keeps an active admin (last_admin).
  update public.user_profiles p set role = p_role
  where p.id = p_profile_id and p.role is distinct from p_role;
  perform private.replace_project_access(v_profile.company_id, v_profile.user_id, v_ids, v_uid);

  select * into v_profile from public.user_profiles p where p.id = p_profile_id;
  return v_profile;
end;
$$;

create or replace function public.set_member_access(p_profile_id uuid, p_role text,
                                                    p_project_ids uuid[] default '{}')
returns public.user_profiles
language sql
set search_path = ''
as $$
  select * from private.set_member_access(p_profile_id, p_role, p_project_ids)
$$;
comment on function public.set_member_access(uuid, text, uuid[]) is
  'Admins set a member''s role and, for ''obra'', their obras (the member''s project_access rows are '
  'replaced; none for the other roles). Body: private.set_member_access. Raises not_authenticated, '
  'not_a_member (a membership of no company of the caller), not_admin, invalid_role, '
  'projects_required, project_not_found, last_admin.';

revoke all on function private.set_member_access(uuid, text, uuid[]) from public, anon, authenticated;
revoke all on function public.set_member_access(uuid, text, uuid[]) from public, anon, authenticated;
grant execute on function private.set_member_access(uuid, text, uuid[]) to authenticated;
grant execute on function public.set_member_access(uuid, text, uuid[]) to authenticated, service_role;

-- 3. ---------------------------------------------------------------------------------------------

drop function public.create_invitation(uuid, text, text);
drop function private.create_invitation(uuid, text, text);

create function private.create_invitation(p_company_id uuid, p_email text, p_role text,
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
  v_ids := private.member_projects(p_company_id, p_role, p_project_ids);
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
    values (p_company_id, v_email, p_role, v_ids, v_uid, private.invitation_token_hash(v_token))
    returning * into v_row;
  exception when unique_violation then
    -- Another admin invited the same address at the same moment.
    raise exception using errcode = 'P0001', message = 'invitation_pending';
  end;

  return query select v_row.id, v_row.email, v_row.role, v_row.expires_at, v_token;
end;
$$;

create function public.create_invitation(p_company_id uuid, p_email text,
                                         p_role text default 'financeiro',
                                         p_project_ids uuid[] default '{}')
returns table (id uuid, email text, role text, expires_at timestamptz, token text)
language sql
set search_path = ''
as $$
  select * from private.create_invitation(p_company_id, p_email, p_role, p_project_ids)
$$;
comment on function public.create_invitation(uuid, text, text, uuid[]) is
  'Admins invite an e-mail with a role (admin | financeiro | obra | leitura) and, for obra, its obras '
  '(p_project_ids). Returns the invitation and the secret of its link, once (only its hash is kept). '
  'Raises not_a_member, not_admin, invalid_email, invalid_role, projects_required, project_not_found, '
  'already_member, invitation_pending.';

revoke all on function private.create_invitation(uuid, text, text, uuid[]) from public, anon, authenticated;
revoke all on function public.create_invitation(uuid, text, text, uuid[]) from public, anon, authenticated;
grant execute on function private.create_invitation(uuid, text, text, uuid[]) to authenticated;
grant execute on function public.create_invitation(uuid, text, text, uuid[]) to authenticated, service_role;

create or replace function private.accept_invitation(p_token text)
returns public.user_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_user auth.users;
  v_invitation public.company_invitations;
  v_profile public.user_profiles;
  v_full_name text;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select * into v_user from auth.users u where u.id = v_uid;
  if not found then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;

  if p_token is null or char_length(p_token) not between 16 and 128 then
    raise exception using errcode = 'P0001', message = 'invitation_not_found';
  end if;
  select * into v_invitation
  from public.company_invitations i
  where i.token_hash = private.invitation_token_hash(p_token)
  for update;
  if not found or v_invitation.revoked_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation_not_found';
  end if;
  if v_invitation.accepted_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation_already_accepted';
  end if;
  if v_invitation.expires_at <= now() then
    raise exception using errcode = 'P0001', message = 'invitation_expired';
  end if;
  if v_user.email_confirmed_at is null then
    raise exception using errcode = 'P0001', message = 'email_not_confirmed';
  end if;
  if lower(v_user.email) is distinct from v_invitation.email then
    raise exception using errcode = 'P0001', message = 'invitation_email_mismatch';
  end if;
  -- The inviter's authority must still stand (the trigger below also cancels, this closes races).
  if not exists (
    select 1 from public.user_profiles p
    where p.user_id = v_invitation.invited_by and p.company_id = v_invitation.company_id
      and p.is_active and p.role = 'admin'
  ) then
    raise exception using errcode = 'P0001', message = 'invitation_not_found';
  end if;
  perform private.assert_not_member(v_invitation.company_id, v_invitation.email);

  -- Whatever the person typed at sign-up, within the column's limit.
  v_full_name := btrim(left(
    coalesce(nullif(btrim(v_user.raw_user_meta_data ->> 'full_name'), ''), split_part(v_user.email, '@', 1)),
    200
  ));

  insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
  values (v_uid, v_invitation.company_id, v_user.email, v_full_name, v_invitation.role, true)
  -- A deactivated member invited again comes back with the new role.
  on conflict (user_id, company_id) do update
    set is_active = true, role = excluded.role, email = excluded.email
  returning * into v_profile;
  -- The obras of an 'obra' invitation (those deleted since are left out); none for the other
  -- roles, also when a former 'obra' member comes back with another role.
  perform private.replace_project_access(v_invitation.company_id, v_uid, v_invitation.project_ids,
                                         v_invitation.invited_by);

  update public.company_invitations i
  set accepted_at = now(), accepted_by = v_uid
  where i.id = v_invitation.id;

  return v_profile;
end;
$$;

-- 4. ---------------------------------------------------------------------------------------------

create or replace function private.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and not old.is_active
     and old.user_id = (select auth.uid()) then
    raise exception using errcode = 'P0001', message = 'membership_inactive';
  end if;
  if (new.role is distinct from old.role or new.is_active is distinct from old.is_active
      or new.user_id is distinct from old.user_id or new.email is distinct from old.email) then
    perform 1 from public.companies c where c.id = old.company_id for no key update;
    if current_user in ('authenticated', 'anon')
       and old.company_id not in (select private.admin_company_ids()) then
      raise exception using errcode = 'P0001', message = 'not_admin';
    end if;
    -- An 'obra' member needs obras: set_member_access sets both at once.
    if current_user in ('authenticated', 'anon') and new.role = 'obra'
       and old.role is distinct from 'obra' then
      raise exception using errcode = 'P0001', message = 'projects_required';
    end if;
    if old.role = 'admin' and old.is_active
       and (new.role <> 'admin' or not new.is_active)
       and not exists (
         select 1 from public.user_profiles o
         where o.company_id = old.company_id and o.id <> old.id and o.role = 'admin' and o.is_active
       ) then
      raise exception using errcode = 'P0001', message = 'last_admin';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.guard_profile_update() is
  'Trigger: a deactivated member changes nothing of their membership (membership_inactive); only '
  'admins change role/active flag (not_admin); a direct change to ''obra'' is refused '
  '(projects_required: set_member_access gives the obras too); a company keeps one active admin '
  '(last_admin), checked under a lock of the company row.';
