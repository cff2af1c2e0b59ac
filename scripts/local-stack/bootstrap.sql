-- Local embedded stack: what the Supabase platform provides before our migrations run.
--
-- DEVELOPMENT AND TEST STAND-IN ONLY. Never run this against a hosted Supabase project: there the
-- platform already owns these roles, schemas, tables and functions.
--
-- Run as the cluster's superuser `supabase_admin` (as the platform runs its own init scripts),
-- before `supabase/migrations`, which the stack then applies as `postgres`: a non-superuser role
-- shaped like hosted Supabase's, so a migration that needs superuser fails here as it would at
-- `supabase db push`. Idempotent: every statement may be run again on a database that already has
-- it. Definitions follow Supabase's own (supabase/postgres init scripts, its "demote postgres"
-- migration, a hosted cluster's role dump, and the supabase/auth migrations), reduced to what the
-- local stack uses.

-- ---------------------------------------------------------------------------------------------
-- Never on a real Supabase database (hosted, or the CLI's Docker one): what follows would rewrite
-- the platform's own roles and auth tables. Its marks: the platform's roles (supabase_admin exists
-- on every Supabase database, so it counts unless it carries the local stack's own mark, a role
-- comment that only a superuser can set: the stack sets it right after initdb; supabase_auth_admin
-- does not count, this file creates it) or a real GoTrue's migration table. Same rule as
-- scripts/local-stack/platform-guard.ts.
-- ---------------------------------------------------------------------------------------------
do $$
declare
  marks text;
begin
  select nullif(concat_ws(', ',
           (select 'role ' || string_agg(rolname, ', role ' order by rolname)
              from pg_roles
             where rolname in ('supabase_admin', 'supabase_realtime_admin',
                               'supabase_replication_admin', 'supabase_read_only_user',
                               'supabase_functions_admin', 'dashboard_user')
               and not (rolname = 'supabase_admin'
                        and shobj_description(oid, 'pg_authid')
                            is not distinct from 'app-financas local stack superuser (development stand-in, never Supabase)')),
           case when to_regclass('auth.schema_migrations') is not null
                then 'table auth.schema_migrations' end,
           case when to_regclass('storage.migrations') is not null
                then 'table storage.migrations' end), '')
    into marks;
  if marks is not null then
    raise exception 'local stack bootstrap refused: this is a Supabase platform database (%)', marks
      using hint = 'bootstrap.sql is for the embedded local stand-in only; never run it on Supabase.';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The project's role `postgres`, as hosted Supabase gives it (supabase/postgres "demote postgres"
-- migration; a hosted cluster's `pg_dumpall --roles-only`): NOT a superuser; createrole, createdb,
-- replication, bypassrls, login. It owns the database (so schema `public`, owned by
-- pg_database_owner, is its own) and applies the migrations and the seed.
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if current_user <> 'supabase_admin' then
    raise exception 'bootstrap.sql runs as supabase_admin (the cluster superuser), not as %', current_user;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
end
$$;
alter role postgres with nosuperuser inherit createrole createdb login replication bypassrls password 'postgres';
alter role postgres set search_path = "$user", public, extensions;
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
end
$$;
-- Memberships hosted grants postgres (its role dump): the monitoring/read/signal built-ins.
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;

-- ---------------------------------------------------------------------------------------------
-- Roles (as on Supabase: the API roles cannot log in; PostgREST logs in as `authenticator` and
-- switches to the role named in the JWT).
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole password 'postgres';
  end if;
end
$$;

-- Keep the attributes right even when a role existed already.
alter role anon nologin noinherit;
alter role authenticated nologin noinherit;
alter role service_role nologin noinherit bypassrls;
alter role authenticator login noinherit password 'postgres';

grant anon, authenticated, service_role to authenticator;
-- As on hosted: postgres may `set role` to the API roles (and the auth role, below).
grant anon, authenticated, service_role to postgres;

-- Query time limits, set where and how hosted Supabase sets them (per role, read by PostgREST for
-- the role it switches to; its own connections as authenticator have theirs).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- ---------------------------------------------------------------------------------------------
-- Schema `extensions` (Supabase installs extensions there) and the database search_path
-- ("$user", public, extensions), so unqualified extension calls resolve as on hosted Supabase.
-- ---------------------------------------------------------------------------------------------
create schema if not exists extensions;
alter schema extensions owner to postgres; -- as on hosted
grant usage on schema extensions to postgres, anon, authenticated, service_role;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

do $$
begin
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Schema `public`: usage for the API roles; service_role gets everything, now and for tables
-- created later by postgres. anon/authenticated get NO default table privileges: hosted Supabase
-- no longer grants new tables to them, so our migrations grant exactly what each table needs.
-- ---------------------------------------------------------------------------------------------
grant usage on schema public to postgres, anon, authenticated, service_role;

grant all on all tables in schema public to service_role;
grant all on all sequences in schema public to service_role;
grant all on all routines in schema public to service_role;

alter default privileges for role postgres in schema public grant all on tables to service_role;
alter default privileges for role postgres in schema public grant all on sequences to service_role;
alter default privileges for role postgres in schema public grant all on routines to service_role;

-- ---------------------------------------------------------------------------------------------
-- Schema `auth` (GoTrue's tables, the columns GoTrue has today).
-- ---------------------------------------------------------------------------------------------
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to postgres;
grant supabase_auth_admin to postgres; -- as on hosted

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typname = 'aal_level'
  ) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

create table if not exists auth.users (
  instance_id uuid null,
  id uuid not null primary key,
  aud varchar(255) null,
  role varchar(255) null,
  email varchar(255) null,
  encrypted_password varchar(255) null,
  email_confirmed_at timestamptz null,
  invited_at timestamptz null,
  confirmation_token varchar(255) null,
  confirmation_sent_at timestamptz null,
  recovery_token varchar(255) null,
  recovery_sent_at timestamptz null,
  email_change_token_new varchar(255) null,
  email_change varchar(255) null,
  email_change_sent_at timestamptz null,
  last_sign_in_at timestamptz null,
  raw_app_meta_data jsonb null,
  raw_user_meta_data jsonb null,
  is_super_admin bool null,
  created_at timestamptz null,
  updated_at timestamptz null,
  phone text null unique default null,
  phone_confirmed_at timestamptz null,
  phone_change text null default '',
  phone_change_token varchar(255) null default '',
  phone_change_sent_at timestamptz null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) null default '',
  email_change_confirm_status smallint null default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz null,
  reauthentication_token varchar(255) null default '',
  reauthentication_sent_at timestamptz null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz null,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower((email)::text));
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz null,
  created_at timestamptz null,
  updated_at timestamptz null,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz null,
  updated_at timestamptz null,
  factor_id uuid null,
  aal auth.aal_level null,
  not_after timestamptz null,
  refreshed_at timestamp without time zone null,
  user_agent text null,
  ip inet null,
  tag text null
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);

create table if not exists auth.refresh_tokens (
  instance_id uuid null,
  id bigserial primary key,
  token varchar(255) null unique,
  user_id varchar(255) null,
  revoked bool null,
  created_at timestamptz null,
  updated_at timestamptz null,
  parent varchar(255) null,
  session_id uuid null references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

-- Authentication methods of a session (feeds the `amr` claim), as GoTrue keeps them.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.mfa_amr_claims owner to supabase_auth_admin;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;

-- ---------------------------------------------------------------------------------------------
-- Helper functions, as Supabase defines them. PostgREST 12+ sets only `request.jwt.claims`;
-- the legacy per-claim settings (`request.jwt.claim.sub`, ...) are read first for compatibility.
-- ---------------------------------------------------------------------------------------------
create or replace function auth.uid()
returns uuid
language sql stable
as $$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create or replace function auth.role()
returns text
language sql stable
as $$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
$$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create or replace function auth.email()
returns text
language sql stable
as $$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
$$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create or replace function auth.jwt()
returns jsonb
language sql stable
as $$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;

grant execute on function auth.uid() to anon, authenticated, service_role;
grant execute on function auth.role() to anon, authenticated, service_role;
grant execute on function auth.email() to anon, authenticated, service_role;
grant execute on function auth.jwt() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Schema `storage`, as Supabase Storage (supabase/storage migrations) shapes it, reduced to what
-- the local Storage stand-in (scripts/local-stack/storage/) and the policies of our migrations
-- use: buckets, objects (RLS on, no policy of the platform's own: every object right comes from a
-- migration's policy), and the path helpers policies call. Owned by `supabase_storage_admin`,
-- which hosted grants to `postgres` (supabase/postgres migration 20220609081115) so that a
-- migration may insert buckets and create policies on storage.objects.
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
end
$$;
alter role supabase_storage_admin nologin noinherit createrole;
grant supabase_storage_admin to postgres; -- as on hosted

create schema if not exists storage;
alter schema storage owner to supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid null,
  created_at timestamptz null default now(),
  updated_at timestamptz null default now(),
  public boolean null default false,
  avif_autodetection boolean null default false,
  file_size_limit bigint null,
  allowed_mime_types text[] null,
  owner_id text null
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text null references storage.buckets (id),
  name text null,
  owner uuid null,
  created_at timestamptz null default now(),
  updated_at timestamptz null default now(),
  last_accessed_at timestamptz null default now(),
  metadata jsonb null,
  path_tokens text[] null generated always as (string_to_array(name, '/')) stored,
  version text null,
  owner_id text null,
  user_metadata jsonb null
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

-- The path helpers, as Supabase Storage defines them.
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;

-- Grants as a hosted project has them: the API roles reach the tables, RLS decides.
grant all on storage.buckets to postgres, anon, authenticated, service_role;
grant all on storage.objects to postgres, anon, authenticated, service_role;
grant execute on function storage.foldername(text) to postgres, anon, authenticated, service_role;
grant execute on function storage.filename(text) to postgres, anon, authenticated, service_role;
grant execute on function storage.extension(text) to postgres, anon, authenticated, service_role;
