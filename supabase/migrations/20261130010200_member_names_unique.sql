-- Names in the audit cannot be borrowed (issue 31): a financeiro renamed itself to the admin's name,
-- and Atividade and Histórico then showed the admin as the author of its writes. Two members of a
-- company can no longer share a display name, compared with accents, case and spacing ignored
-- (private.member_name_key, on the search form private.search_text the searches use): a unique
-- index, race-proof, whatever writes the name (a member's own edit, an admin's, an invitation
-- accepted). Inactive members keep theirs: the audit still names them.
--
-- Hosted may already hold such pairs: before the index, every member but the first (oldest
-- created_at, then id) of each colliding group gets its e-mail appended ("Ana (ana@x.com)"), the
-- e-mail being unique per company; what still collides after that (a cut at 200 characters) gets
-- the profile id's first 8 characters. The renames are audited as the database's own writes.
--
-- accept_invitation takes the name to use (p_full_name, optional: else the sign-up name): a name
-- already taken is refused with member_name_taken, and the invitation page asks for another.

create function private.member_name_key(p_name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.search_text(regexp_replace(btrim(p_name), '\s+', ' ', 'g'))
$$;
comment on function private.member_name_key(text) is 'The form in which two members'' names must differ (user_profiles_company_name_key): trimmed, inner spaces collapsed, accents and case removed.';
-- In the index expression below: whoever writes user_profiles.full_name runs it.
revoke all on function private.member_name_key(text) from public, anon, authenticated;
grant execute on function private.member_name_key(text) to authenticated;

-- Existing duplicates, deterministically: the first of each group keeps the name.
with ranked as (
  select p.id, p.email, p.full_name,
         row_number() over (partition by p.company_id, private.member_name_key(p.full_name)
                            order by p.created_at, p.id) as n
  from public.user_profiles p
)
update public.user_profiles p
set full_name = left(r.full_name, greatest(1, 200 - char_length(r.email) - 3)) || ' (' || r.email || ')'
from ranked r
where p.id = r.id and r.n > 1;

with ranked as (
  select p.id, p.full_name,
         row_number() over (partition by p.company_id, private.member_name_key(p.full_name)
                            order by p.created_at, p.id) as n
  from public.user_profiles p
)
update public.user_profiles p
set full_name = left(r.full_name, 190) || ' #' || left(r.id::text, 8)
from ranked r
where p.id = r.id and r.n > 1;

create unique index user_profiles_company_name_key
  on public.user_profiles (company_id, private.member_name_key(full_name));
comment on index public.user_profiles_company_name_key is 'Two members of a company never share a name (accents, case and spacing ignored): 23505 → member_name_taken.';

drop function if exists public.accept_invitation(text);
drop function if exists private.accept_invitation(text);

CREATE FUNCTION private.accept_invitation(p_token text, p_full_name text)
 RETURNS public.user_profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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

  -- The name chosen on the invitation page, else whatever the person typed at sign-up, within the
  -- column's limit.
  v_full_name := btrim(left(
    coalesce(nullif(btrim(p_full_name), ''),
             nullif(btrim(v_user.raw_user_meta_data ->> 'full_name'), ''),
             split_part(v_user.email, '@', 1)),
    200
  ));
  -- Names in the audit cannot be borrowed: a name another member of the company holds (accents,
  -- case and spacing ignored) is refused, and the page asks for another. A member coming back
  -- keeps the name they had. The unique index closes the race this check leaves.
  if exists (
    select 1 from public.user_profiles p
    where p.company_id = v_invitation.company_id and p.user_id <> v_uid
      and private.member_name_key(p.full_name) = private.member_name_key(v_full_name)
  ) and not exists (
    select 1 from public.user_profiles p
    where p.company_id = v_invitation.company_id and p.user_id = v_uid
  ) then
    raise exception using errcode = 'P0001', message = 'member_name_taken', detail = v_full_name;
  end if;

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
$function$;
revoke all on function private.accept_invitation(text, text) from public, anon, authenticated;
grant execute on function private.accept_invitation(text, text) to authenticated;

create function public.accept_invitation(p_token text, p_full_name text default null)
returns public.user_profiles
language sql
set search_path = ''
as $$
  select * from private.accept_invitation(p_token, p_full_name)
$$;
comment on function public.accept_invitation(text, text) is 'The signed-in user joins the company of the invitation whose link secret is p_token, when its e-mail is the invited one, under the name p_full_name (else the sign-up name). Raises not_authenticated, invitation_not_found (unknown, revoked or cancelled), invitation_already_accepted, invitation_expired, email_not_confirmed, invitation_email_mismatch, already_member, member_name_taken (another member of the company has that name; DETAIL = the name). A name over 200 characters is cut.';
revoke all on function public.accept_invitation(text, text) from public, anon, authenticated;
grant execute on function public.accept_invitation(text, text) to authenticated, service_role;
