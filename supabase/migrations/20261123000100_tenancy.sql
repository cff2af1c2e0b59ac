-- Tenancy: companies, memberships (user_profiles), invitations, and the helpers every policy uses.
-- Every business row carries company_id; a caller sees a row only when that company is one of their
-- active memberships. The helpers live in `private`, which PostgREST does not expose.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Generic trigger functions
-- ---------------------------------------------------------------------------------------------

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- A row never moves to another company: that would smuggle it past every composite foreign key.
create or replace function private.forbid_company_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.company_id is distinct from old.company_id then
    raise exception using errcode = 'P0001', message = 'company_change_forbidden';
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- companies
-- ---------------------------------------------------------------------------------------------

create table public.companies (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  document text check (length(document) <= 30),
  email text check (length(email) <= 320),
  phone text check (length(phone) <= 40),
  address text check (length(address) <= 300),
  city text check (length(city) <= 120),
  state text check (length(state) <= 60),
  zip_code text check (length(zip_code) <= 20),
  created_by uuid not null references auth.users (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.companies is 'A tenant. Created only through create_company(), which also makes the caller its admin.';
create index companies_created_by_idx on public.companies (created_by);
create trigger companies_set_updated_at before update on public.companies
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- user_profiles: membership of a user in a company
-- ---------------------------------------------------------------------------------------------

create table public.user_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  email text not null check (length(email) <= 320),
  full_name text not null check (length(btrim(full_name)) between 1 and 200),
  role text not null default 'member' check (role in ('admin', 'member')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, company_id)
);
comment on table public.user_profiles is 'Membership of a user in a company. Inactive memberships grant nothing.';
create index user_profiles_company_id_idx on public.user_profiles (company_id);
create index user_profiles_user_id_active_idx on public.user_profiles (user_id) where is_active;
create trigger user_profiles_set_updated_at before update on public.user_profiles
  for each row execute function private.set_updated_at();
create trigger user_profiles_forbid_company_change before update on public.user_profiles
  for each row execute function private.forbid_company_change();

-- The companies of the caller's active memberships. security definer so that policies on
-- user_profiles itself can call it without recursing through RLS.
create or replace function private.user_company_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.company_id
  from public.user_profiles p
  where p.user_id = (select auth.uid()) and p.is_active
$$;

create or replace function private.admin_company_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.company_id
  from public.user_profiles p
  where p.user_id = (select auth.uid()) and p.is_active and p.role = 'admin'
$$;

revoke all on function private.user_company_ids() from public;
revoke all on function private.admin_company_ids() from public;
grant execute on function private.user_company_ids() to authenticated;
grant execute on function private.admin_company_ids() to authenticated;

-- Members may change their own name; only an admin changes role or active flag, and a company
-- always keeps at least one active admin.
-- Runs as the caller (not security definer) so that current_user tells an API caller from our own
-- security definer functions.
create or replace function private.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.role is distinct from old.role or new.is_active is distinct from old.is_active
      or new.user_id is distinct from old.user_id or new.email is distinct from old.email) then
    if current_user in ('authenticated', 'anon')
       and old.company_id not in (select private.admin_company_ids()) then
      raise exception using errcode = 'P0001', message = 'not_admin';
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
create trigger user_profiles_guard_update before update on public.user_profiles
  for each row execute function private.guard_profile_update();

-- ---------------------------------------------------------------------------------------------
-- company_invitations
-- ---------------------------------------------------------------------------------------------

create table public.company_invitations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  role text not null default 'member' check (role in ('admin', 'member')),
  invited_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null
);
comment on table public.company_invitations is 'An admin invites an email; the user signed in with that email accepts through accept_invitation().';
create unique index company_invitations_pending_email_key on public.company_invitations (company_id, email)
  where accepted_at is null;
create index company_invitations_company_id_idx on public.company_invitations (company_id);
create index company_invitations_email_idx on public.company_invitations (email) where accepted_at is null;
create index company_invitations_invited_by_idx on public.company_invitations (invited_by);
create index company_invitations_accepted_by_idx on public.company_invitations (accepted_by);

-- ---------------------------------------------------------------------------------------------
-- RLS and grants
-- ---------------------------------------------------------------------------------------------

alter table public.companies enable row level security;
alter table public.user_profiles enable row level security;
alter table public.company_invitations enable row level security;

-- SELECT(companies): members of the company
create policy companies_select on public.companies for select to authenticated
  using (id in (select private.user_company_ids()));
-- UPDATE(companies): admins of the company
create policy companies_update on public.companies for update to authenticated
  using (id in (select private.admin_company_ids()))
  with check (id in (select private.admin_company_ids()));

-- SELECT(user_profiles): members see the company's members; everyone sees their own memberships
create policy user_profiles_select on public.user_profiles for select to authenticated
  using (user_id = (select auth.uid()) or company_id in (select private.user_company_ids()));
-- UPDATE(user_profiles): yourself (name only, see guard trigger) or an admin of the company
create policy user_profiles_update on public.user_profiles for update to authenticated
  using (user_id = (select auth.uid()) or company_id in (select private.admin_company_ids()))
  with check (user_id = (select auth.uid()) or company_id in (select private.admin_company_ids()));

-- SELECT(company_invitations): members of the company, and the invited email itself
create policy company_invitations_select on public.company_invitations for select to authenticated
  using (
    company_id in (select private.user_company_ids())
    or email = lower((select auth.jwt()) ->> 'email')
  );
-- INSERT(company_invitations): admins, in their own name
create policy company_invitations_insert on public.company_invitations for insert to authenticated
  with check (company_id in (select private.admin_company_ids()) and invited_by = (select auth.uid()));
-- DELETE(company_invitations): admins revoke pending invitations
create policy company_invitations_delete on public.company_invitations for delete to authenticated
  using (company_id in (select private.admin_company_ids()) and accepted_at is null);

revoke all on public.companies from anon, authenticated;
grant select, update (name, document, email, phone, address, city, state, zip_code)
  on public.companies to authenticated;
revoke all on public.user_profiles from anon, authenticated;
grant select, update (full_name, role, is_active) on public.user_profiles to authenticated;
revoke all on public.company_invitations from anon, authenticated;
grant select, insert (company_id, email, role), delete on public.company_invitations to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- security definer: a company and its first (admin) membership have to be created together, and
-- nobody may insert memberships directly.
create or replace function public.create_company(
  p_name text,
  p_full_name text,
  p_document text default null,
  p_email text default null,
  p_phone text default null,
  p_address text default null,
  p_city text default null,
  p_state text default null,
  p_zip_code text default null
)
returns public.companies
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text;
  v_company public.companies;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select u.email into v_email from auth.users u where u.id = v_uid;
  if v_email is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;

  insert into public.companies (name, document, email, phone, address, city, state, zip_code, created_by)
  values (
    btrim(p_name), nullif(btrim(p_document), ''), nullif(btrim(p_email), ''), nullif(btrim(p_phone), ''),
    nullif(btrim(p_address), ''), nullif(btrim(p_city), ''), nullif(btrim(p_state), ''),
    nullif(btrim(p_zip_code), ''), v_uid
  )
  returning * into v_company;

  insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
  values (v_uid, v_company.id, v_email, btrim(p_full_name), 'admin', true);

  return v_company;
end;
$$;
comment on function public.create_company is 'Creates a company and makes the caller its admin, in one transaction.';

-- security definer: it creates a membership, which nobody may insert directly.
create or replace function public.accept_invitation(p_invitation_id uuid)
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
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select * into v_user from auth.users u where u.id = v_uid;

  select * into v_invitation
  from public.company_invitations i
  where i.id = p_invitation_id and i.accepted_at is null and i.email = lower(v_user.email)
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'invitation_not_found';
  end if;

  insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
  values (
    v_uid, v_invitation.company_id, v_user.email,
    coalesce(nullif(btrim(v_user.raw_user_meta_data ->> 'full_name'), ''), v_user.email),
    v_invitation.role, true
  )
  on conflict (user_id, company_id) do update set is_active = true, role = excluded.role
  returning * into v_profile;

  update public.company_invitations
  set accepted_at = now(), accepted_by = v_uid
  where id = v_invitation.id;

  return v_profile;
end;
$$;
comment on function public.accept_invitation is 'The invited user (JWT email = invitation email) joins the company with the invited role.';

revoke all on function public.create_company(text, text, text, text, text, text, text, text, text) from public, anon;
revoke all on function public.accept_invitation(uuid) from public, anon;
grant execute on function public.create_company(text, text, text, text, text, text, text, text, text) to authenticated;
grant execute on function public.accept_invitation(uuid) to authenticated;
