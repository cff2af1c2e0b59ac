-- Invitations that cannot be taken over (issue 8).
--
-- Before: anyone who signed up with an invited address could list the invitation
-- (my_pending_invitations) and accept it by id. Owning an address is not proof enough when sign-up
-- does not confirm it. Now an invitation carries a random secret, generated here and returned once
-- to the inviting admin, who sends the link (/convite/<token>) to the person. Only its sha256 is
-- stored. Accepting needs the secret AND a signed-in user whose e-mail is the invited one. An
-- invitation expires after 7 days, can be revoked (deleted) by an admin, and is cancelled when its
-- inviter stops being an active admin or its address's membership is deactivated.
--
-- Security definer bodies live in `private` (not exposed by PostgREST); `public` keeps security
-- invoker wrappers, so no definer function is reachable through the API.

-- ---------------------------------------------------------------------------------------------
-- The old path goes away
-- ---------------------------------------------------------------------------------------------

drop function public.my_pending_invitations();
drop function public.accept_invitation(uuid);

-- ---------------------------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------------------------

-- A row inserted without going through create_invitation() (seeds, fixtures) gets the hash of a
-- secret nobody knows: it can only be accepted after an admin renews it.
alter table public.company_invitations
  add column token_hash bytea not null default sha256(extensions.gen_random_bytes(32)),
  add column expires_at timestamptz not null default now() + interval '7 days',
  add column revoked_at timestamptz;

-- Invitations made before tokens existed are unusable (their secret is unknown); give them their
-- real age so they show as expired until an admin copies a new link.
update public.company_invitations
set expires_at = created_at + interval '7 days'
where accepted_at is null;

-- Addresses longer than SMTP allows (254) were never deliverable nor signable-up.
delete from public.company_invitations where char_length(email) > 254 and accepted_at is null;

alter table public.company_invitations
  add constraint company_invitations_email_length check (char_length(email) <= 254),
  add constraint company_invitations_token_hash_length check (octet_length(token_hash) = 32),
  add constraint company_invitations_expiry check (expires_at > created_at);

comment on table public.company_invitations is
  'An admin invites an e-mail (create_invitation); the person signed in with that e-mail accepts through the secret link (accept_invitation).';
comment on column public.company_invitations.token_hash is
  'sha256 of the secret of the invitation link. The secret itself is never stored; not readable through the API.';
comment on column public.company_invitations.expires_at is
  'After this the link no longer works (7 days after creation or the last renew_invitation).';
comment on column public.company_invitations.revoked_at is
  'Set when the invitation was cancelled: its inviter stopped being an active admin, the membership of its address was deactivated, or it expired and was replaced.';

create unique index company_invitations_token_hash_key on public.company_invitations (token_hash);

-- One open invitation per address and company; cancelled ones do not count.
drop index public.company_invitations_pending_email_key;
create unique index company_invitations_pending_email_key on public.company_invitations (company_id, email)
  where accepted_at is null and revoked_at is null;

-- ---------------------------------------------------------------------------------------------
-- RLS and grants: admins read and revoke; every write goes through the functions below
-- ---------------------------------------------------------------------------------------------

drop policy company_invitations_select on public.company_invitations;
drop policy company_invitations_insert on public.company_invitations;
drop policy company_invitations_delete on public.company_invitations;

-- SELECT(company_invitations): admins of the company (the addresses are personal data, and
-- nobody reads an invitation by its address any more)
create policy company_invitations_select on public.company_invitations for select to authenticated
  using (company_id in (select private.admin_company_ids()));
-- DELETE(company_invitations): admins revoke invitations not accepted yet
create policy company_invitations_delete on public.company_invitations for delete to authenticated
  using (company_id in (select private.admin_company_ids()) and accepted_at is null);

revoke all on public.company_invitations from anon, authenticated;
-- Every column but token_hash.
grant select (id, company_id, email, role, invited_by, created_at, expires_at, accepted_at,
              accepted_by, revoked_at),
      delete
  on public.company_invitations to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

-- 32 random bytes as URL-safe base64 without padding (43 characters).
create or replace function private.new_invitation_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/=\n', '-_')
$$;

create or replace function private.invitation_token_hash(p_token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select sha256(convert_to(p_token, 'UTF8'))
$$;

revoke all on function private.new_invitation_token() from public, anon, authenticated;
revoke all on function private.invitation_token_hash(text) from public, anon, authenticated;

-- Raises already_member when an active member of the company signs in with p_email.
create or replace function private.assert_not_member(p_company_id uuid, p_email text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if exists (
    select 1
    from public.user_profiles p
    join auth.users u on u.id = p.user_id
    where p.company_id = p_company_id and p.is_active
      and (lower(u.email) = p_email or lower(p.email) = p_email)
  ) then
    raise exception using errcode = 'P0001', message = 'already_member';
  end if;
end;
$$;
revoke all on function private.assert_not_member(uuid, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- create_invitation
-- ---------------------------------------------------------------------------------------------

create or replace function private.create_invitation(p_company_id uuid, p_email text, p_role text)
returns table (id uuid, email text, role text, expires_at timestamptz, token text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text := lower(btrim(p_email));
  v_token text := private.new_invitation_token();
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
  if p_role is null or p_role not in ('admin', 'member') then
    raise exception using errcode = 'P0001', message = 'invalid_role';
  end if;
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
    insert into public.company_invitations (company_id, email, role, invited_by, token_hash)
    values (p_company_id, v_email, p_role, v_uid, private.invitation_token_hash(v_token))
    returning * into v_row;
  exception when unique_violation then
    -- Another admin invited the same address at the same moment.
    raise exception using errcode = 'P0001', message = 'invitation_pending';
  end;

  return query select v_row.id, v_row.email, v_row.role, v_row.expires_at, v_token;
end;
$$;

create or replace function public.create_invitation(p_company_id uuid, p_email text, p_role text default 'member')
returns table (id uuid, email text, role text, expires_at timestamptz, token text)
language sql
security invoker
set search_path = ''
as $$
  select * from private.create_invitation(p_company_id, p_email, p_role)
$$;
comment on function public.create_invitation is
  'Admins invite an e-mail with a role. Returns the invitation and the secret of its link, once (only its hash is kept). Raises not_a_member, not_admin, invalid_email, invalid_role, already_member, invitation_pending.';

-- ---------------------------------------------------------------------------------------------
-- renew_invitation: "Copiar link do convite" on a pending invitation issues a new secret
-- ---------------------------------------------------------------------------------------------

create or replace function private.renew_invitation(p_invitation_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_token text := private.new_invitation_token();
  v_row public.company_invitations;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select * into v_row
  from public.company_invitations i
  where i.id = p_invitation_id and i.accepted_at is null and i.revoked_at is null
    and i.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'invitation_not_found';
  end if;
  if v_row.company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;
  perform private.assert_not_member(v_row.company_id, v_row.email);

  -- The renewing admin now answers for the invitation (it is cancelled if they lose the role).
  update public.company_invitations i
  set token_hash = private.invitation_token_hash(v_token),
      expires_at = now() + interval '7 days',
      invited_by = v_uid
  where i.id = v_row.id;
  return v_token;
end;
$$;

create or replace function public.renew_invitation(p_invitation_id uuid)
returns text
language sql
security invoker
set search_path = ''
as $$
  select private.renew_invitation(p_invitation_id)
$$;
comment on function public.renew_invitation is
  'Admins get a new link for a pending invitation: new secret (the old link stops working), 7 more days. Raises invitation_not_found, not_admin, already_member.';

-- ---------------------------------------------------------------------------------------------
-- accept_invitation
-- ---------------------------------------------------------------------------------------------

-- security definer: it creates a membership, which nobody may insert directly.
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

  update public.company_invitations i
  set accepted_at = now(), accepted_by = v_uid
  where i.id = v_invitation.id;

  return v_profile;
end;
$$;

create or replace function public.accept_invitation(p_token text)
returns public.user_profiles
language sql
security invoker
set search_path = ''
as $$
  select * from private.accept_invitation(p_token)
$$;
comment on function public.accept_invitation(text) is
  'The signed-in user joins the company of the invitation whose link secret is p_token, when its e-mail is the invited one. Raises not_authenticated, invitation_not_found (unknown, revoked or cancelled), invitation_already_accepted, invitation_expired, email_not_confirmed, invitation_email_mismatch, already_member.';

revoke all on function private.create_invitation(uuid, text, text) from public, anon, authenticated;
revoke all on function private.renew_invitation(uuid) from public, anon, authenticated;
revoke all on function private.accept_invitation(text) from public, anon, authenticated;
revoke all on function public.create_invitation(uuid, text, text) from public, anon, authenticated;
revoke all on function public.renew_invitation(uuid) from public, anon, authenticated;
revoke all on function public.accept_invitation(text) from public, anon, authenticated;
-- The invoker wrappers run as the caller, who therefore needs the private bodies too.
grant execute on function private.create_invitation(uuid, text, text) to authenticated;
grant execute on function private.renew_invitation(uuid) to authenticated;
grant execute on function private.accept_invitation(text) to authenticated;
grant execute on function public.create_invitation(uuid, text, text) to authenticated;
grant execute on function public.renew_invitation(uuid) to authenticated;
grant execute on function public.accept_invitation(text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Cancel invitations whose authority is gone
-- ---------------------------------------------------------------------------------------------

-- security definer: the admin who deactivates someone has no write grant on invitations.
create or replace function private.cancel_invitations_on_profile_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_active and not new.is_active then
    -- What the member sent, and what is addressed to them in this company.
    update public.company_invitations i
    set revoked_at = now()
    where i.company_id = new.company_id and i.accepted_at is null and i.revoked_at is null
      and (i.invited_by = new.user_id or i.email = lower(new.email));
  elsif old.role = 'admin' and new.role <> 'admin' then
    update public.company_invitations i
    set revoked_at = now()
    where i.company_id = new.company_id and i.accepted_at is null and i.revoked_at is null
      and i.invited_by = new.user_id;
  end if;
  return null;
end;
$$;
revoke all on function private.cancel_invitations_on_profile_change() from public, anon, authenticated;

create trigger user_profiles_cancel_invitations after update of is_active, role on public.user_profiles
  for each row execute function private.cancel_invitations_on_profile_change();
