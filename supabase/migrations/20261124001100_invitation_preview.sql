-- What the invitation page (/convite/<token>) shows before "Aceitar convite": the company's name
-- and the role. The invited person is not a member yet, so RLS hides the company; holding the
-- link's secret is what entitles them to these two facts, and nothing else (not the invited
-- address, not the inviter).

create or replace function private.invitation_preview(p_token text)
returns table (company_name text, role text, status text, email_matches boolean, expires_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text;
  v_invitation public.company_invitations;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = v_uid;

  if p_token is not null and char_length(p_token) between 16 and 128 then
    select * into v_invitation
    from public.company_invitations i
    where i.token_hash = private.invitation_token_hash(p_token);
  end if;
  if v_invitation.id is null or v_invitation.revoked_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation_not_found';
  end if;

  return query
  select c.name,
         v_invitation.role,
         case
           when v_invitation.accepted_at is not null then 'accepted'
           when v_invitation.expires_at <= now() then 'expired'
           else 'pending'
         end,
         v_email is not distinct from v_invitation.email,
         v_invitation.expires_at
  from public.companies c
  where c.id = v_invitation.company_id;
end;
$$;

create or replace function public.invitation_preview(p_token text)
returns table (company_name text, role text, status text, email_matches boolean, expires_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.invitation_preview(p_token)
$$;
comment on function public.invitation_preview is
  'For the holder of an invitation link: the company name, role, status (pending | expired | accepted) and whether the signed-in e-mail is the invited one. Raises not_authenticated, invitation_not_found (unknown, revoked or cancelled).';

revoke all on function private.invitation_preview(text) from public, anon, authenticated;
revoke all on function public.invitation_preview(text) from public, anon, authenticated;
grant execute on function private.invitation_preview(text) to authenticated;
grant execute on function public.invitation_preview(text) to authenticated;
