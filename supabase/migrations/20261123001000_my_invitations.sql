-- The invitations waiting for the signed-in user, with the inviting company's name. The invited
-- user is not a member yet, so RLS on companies hides the name: this function shows exactly the
-- name of the companies that invited the caller's own (verified) email, and nothing else.

create or replace function public.my_pending_invitations()
returns table (
  id uuid,
  company_id uuid,
  company_name text,
  role text,
  invited_by_name text,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.company_id, c.name, i.role, p.full_name, i.created_at
  from public.company_invitations i
  join public.companies c on c.id = i.company_id
  left join public.user_profiles p on p.user_id = i.invited_by and p.company_id = i.company_id
  where i.accepted_at is null
    and i.email = (select lower(u.email) from auth.users u where u.id = (select auth.uid()))
  order by i.created_at, i.id
$$;
comment on function public.my_pending_invitations is
  'Pending invitations addressed to the caller''s email, with the company name (accept with accept_invitation).';

revoke all on function public.my_pending_invitations() from public, anon;
grant execute on function public.my_pending_invitations() to authenticated;
