-- Four roles instead of two, so that a builder can hand the app to the people who are not the owner
-- without handing them the company's cash:
--   admin       everything, incl. members, roles, company settings, Atividade
--   financeiro  every money operation (what 'member' could do until now)
--   obra        the engineer / foreman: only the obras assigned to them (public.project_access)
--   leitura     the accountant: reads what an admin reads except member management; writes nothing
--
-- 1. Every 'member' becomes 'financeiro' (memberships and invitations): nobody loses or gains a
--    right by this migration. Defaults are 'financeiro'. The audit trigger records the change with
--    a null actor (written by the database itself).
-- 2. public.project_access: the obras an 'obra' member may see. Read by admins of the company and
--    by the member for their own rows; written only by functions (set_member_access,
--    accept_invitation).
-- 3. The helpers every policy and function gate uses (private, security definer so that a policy
--    on user_profiles can call them without recursing into its own RLS):
--    company_role, reader_company_ids, writer_company_ids, obra_project_ids, assert_role.
-- 4. create_invitation takes the new roles ('obra' needs obras: projects_required until the
--    function takes them).

-- 1. Roles ----------------------------------------------------------------------------------------

alter table public.user_profiles drop constraint if exists user_profiles_role_check;
alter table public.company_invitations drop constraint if exists company_invitations_role_check;

update public.user_profiles set role = 'financeiro' where role = 'member';
-- Accepted, revoked and expired invitations too: the check below holds for every row.
update public.company_invitations set role = 'financeiro' where role = 'member';

alter table public.user_profiles
  alter column role set default 'financeiro',
  add constraint user_profiles_role_check
    check (role in ('admin', 'financeiro', 'obra', 'leitura'));
alter table public.company_invitations
  alter column role set default 'financeiro',
  add constraint company_invitations_role_check
    check (role in ('admin', 'financeiro', 'obra', 'leitura'));

comment on column public.user_profiles.role is
  'admin | financeiro | obra (only the obras in project_access) | leitura (reads, never writes).';

-- 2. Obra access -----------------------------------------------------------------------------------

create table public.project_access (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  unique (project_id, user_id)
);
comment on table public.project_access is
  'The obras an ''obra'' member may see (and record payables for). Written only by '
  'set_member_access and accept_invitation; meaningless for the other roles.';
create index project_access_company_id_idx on public.project_access (company_id);
create index project_access_user_id_idx on public.project_access (user_id);
create index project_access_created_by_idx on public.project_access (created_by);

alter table public.project_access enable row level security;

create trigger project_access_audit
  after insert or update or delete on public.project_access
  for each row execute function private.audit_row();

revoke all on public.project_access from anon, authenticated;
grant select on public.project_access to authenticated;

-- 3. Helpers ---------------------------------------------------------------------------------------

create or replace function private.company_role(p_company_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role
  from public.user_profiles p
  where p.user_id = (select auth.uid()) and p.company_id = p_company_id and p.is_active
$$;
comment on function private.company_role(uuid) is
  'The caller''s role in the company while their membership is active; null otherwise.';

create or replace function private.reader_company_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.company_id
  from public.user_profiles p
  where p.user_id = (select auth.uid()) and p.is_active
    and p.role in ('admin', 'financeiro', 'leitura')
$$;
comment on function private.reader_company_ids() is
  'Companies whose data the caller reads in full (active admin, financeiro, leitura).';

create or replace function private.writer_company_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.company_id
  from public.user_profiles p
  where p.user_id = (select auth.uid()) and p.is_active and p.role in ('admin', 'financeiro')
$$;
comment on function private.writer_company_ids() is
  'Companies whose money and registers the caller writes (active admin, financeiro).';

create or replace function private.obra_project_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.project_id
  from public.project_access a
  join public.user_profiles p on p.company_id = a.company_id and p.user_id = a.user_id
  where a.user_id = (select auth.uid()) and p.is_active and p.role = 'obra'
$$;
comment on function private.obra_project_ids() is
  'Obras assigned to the caller where they are an active ''obra'' member (rows left over from an '
  'earlier role count for nothing).';

create or replace function private.assert_role(p_company_id uuid, p_roles text[])
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text;
begin
  v_role := case when p_company_id is not null then private.company_role(p_company_id) end;
  if v_role is null then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if not (v_role = any (p_roles)) then
    raise exception using errcode = 'P0001', message = 'forbidden_role';
  end if;
end;
$$;
comment on function private.assert_role(uuid, text[]) is
  'Raises not_a_member unless the caller is an active member of p_company_id (null included), '
  'forbidden_role unless their role is one of p_roles.';

revoke all on function private.company_role(uuid) from public, anon, authenticated;
revoke all on function private.reader_company_ids() from public, anon, authenticated;
revoke all on function private.writer_company_ids() from public, anon, authenticated;
revoke all on function private.obra_project_ids() from public, anon, authenticated;
revoke all on function private.assert_role(uuid, text[]) from public, anon, authenticated;
-- Policies and security invoker functions call them as the API role.
grant execute on function private.company_role(uuid) to authenticated;
grant execute on function private.reader_company_ids() to authenticated;
grant execute on function private.writer_company_ids() to authenticated;
grant execute on function private.obra_project_ids() to authenticated;
grant execute on function private.assert_role(uuid, text[]) to authenticated;

-- An admin reads every obra assignment of the company; a member their own while active.
create policy project_access_select on public.project_access
  for select to authenticated
  using (
    company_id in (select private.admin_company_ids())
    or (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()))
  );

-- 4. Invitations take the new roles ----------------------------------------------------------------

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
  if p_role is null or p_role not in ('admin', 'financeiro', 'obra', 'leitura') then
    raise exception using errcode = 'P0001', message = 'invalid_role';
  end if;
  -- An 'obra' member sees only their obras: inviting one needs them (a later signature takes them).
  if p_role = 'obra' then
    raise exception using errcode = 'P0001', message = 'projects_required';
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

create or replace function public.create_invitation(p_company_id uuid, p_email text,
                                                    p_role text default 'financeiro')
returns table (id uuid, email text, role text, expires_at timestamptz, token text)
language sql
set search_path = ''
as $$
  select * from private.create_invitation(p_company_id, p_email, p_role)
$$;
comment on function public.create_invitation(uuid, text, text) is
  'Admins invite an e-mail with a role (admin | financeiro | leitura; obra needs obras). Returns the '
  'invitation and the secret of its link, once (only its hash is kept). Raises not_a_member, '
  'not_admin, invalid_email, invalid_role, projects_required, already_member, invitation_pending.';
