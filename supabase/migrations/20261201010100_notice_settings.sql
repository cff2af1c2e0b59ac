-- Issue 32, outside the app: what each user chooses per kind of notice (in the app at all, by
-- e-mail, on the phone), and the devices (Web Push subscriptions) of a user.
--
-- Preference kinds (five): approval_pending, approval_decided (approval_approved, approval_refused),
-- due_summary, invitation_accepted, imports (nfe_imported, statement_imported). Defaults when the
-- user saved nothing are computed here only (private.notice_default): enabled except due_summary for
-- leitura ("leitura gets none unless they turn it on"), e-mail only for due_summary, push always
-- (it does something only where a device is subscribed).
--
-- Neither table is audited (audit-complete.test.ts names them): a user's own preferences and their
-- own devices, not company data, which nobody but that user reads (RLS); auditing them would show
-- admins in Atividade what each member chose to receive and which browsers they use.

-- ---------------------------------------------------------------------------------------------
-- The kinds and their defaults
-- ---------------------------------------------------------------------------------------------

create function private.notice_pref_kind(p_notice_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_notice_kind
           when 'approval_approved' then 'approval_decided'
           when 'approval_refused' then 'approval_decided'
           when 'nfe_imported' then 'imports'
           when 'statement_imported' then 'imports'
           else p_notice_kind
         end
$$;
comment on function private.notice_pref_kind(text) is 'The preference kind a notice kind belongs to (approval_approved/refused → approval_decided, nfe/statement_imported → imports; the others are their own).';
revoke all on function private.notice_pref_kind(text) from public, anon, authenticated;

create function private.notice_default(p_role text, p_kind text, p_channel text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case p_channel
           when 'enabled' then not (p_kind = 'due_summary' and p_role = 'leitura')
           when 'email' then p_kind = 'due_summary'
           when 'push' then true
         end
$$;
comment on function private.notice_default(text, text, text) is 'The one place defaults are decided: p_channel enabled → true except due_summary for leitura; email → due_summary only; push → always.';
revoke all on function private.notice_default(text, text, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- notice_settings: one row per (company, user, kind) the user saved
-- ---------------------------------------------------------------------------------------------

create table public.notice_settings (
  -- A handle for the API's row filters (the key is the triple below).
  id uuid not null default gen_random_uuid() unique,
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null constraint notice_settings_kind_check
    check (kind in ('approval_pending', 'approval_decided', 'due_summary', 'invitation_accepted', 'imports')),
  enabled boolean not null,
  email boolean not null,
  push boolean not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, user_id, kind)
);
comment on table public.notice_settings is 'What a user chose per preference kind in a company (Preferências → Notificações): enabled (receives it at all, in the app included), email, push. No row = the defaults (private.notice_default). Read and written by that user alone while an active member. Not audited (personal preferences).';
create index notice_settings_user_idx on public.notice_settings (user_id, company_id);

alter table public.notice_settings enable row level security;

-- SELECT(notice_settings): the user's own rows, of companies they are an active member of.
create policy notice_settings_select on public.notice_settings
  as permissive for select to authenticated
  using (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));
-- INSERT(notice_settings): the same.
create policy notice_settings_insert on public.notice_settings
  as permissive for insert to authenticated
  with check (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));
-- UPDATE(notice_settings): the same.
create policy notice_settings_update on public.notice_settings
  as permissive for update to authenticated
  using (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()))
  with check (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));
-- DELETE(notice_settings): the same (back to the defaults).
create policy notice_settings_delete on public.notice_settings
  as permissive for delete to authenticated
  using (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));

create trigger notice_settings_set_updated_at before update on public.notice_settings
  for each row execute function private.set_updated_at();

revoke all on public.notice_settings from anon, authenticated;
grant select, delete on public.notice_settings to authenticated;
grant insert (company_id, kind, enabled, email, push) on public.notice_settings to authenticated;
grant update (enabled, email, push) on public.notice_settings to authenticated;
grant all on public.notice_settings to service_role;

-- Effective settings of one member (defaults applied), the five kinds in the screen's order. Used by
-- the database's writers (definer) for any user, and by notice_settings_for for the caller.
create function private.member_notice_settings(p_company_id uuid, p_user_id uuid)
returns table (kind text, enabled boolean, email boolean, push boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select k.kind,
         coalesce(s.enabled, private.notice_default(p.role, k.kind, 'enabled')),
         coalesce(s.email, private.notice_default(p.role, k.kind, 'email')),
         coalesce(s.push, private.notice_default(p.role, k.kind, 'push'))
  from unnest(array['approval_pending', 'approval_decided', 'due_summary', 'invitation_accepted', 'imports'])
         with ordinality as k(kind, ord)
  cross join (select max(pr.role) as role from public.user_profiles pr
              where pr.company_id = p_company_id and pr.user_id = p_user_id) p
  left join public.notice_settings s
    on s.company_id = p_company_id and s.user_id = p_user_id and s.kind = k.kind
  order by k.ord
$$;
comment on function private.member_notice_settings(uuid, uuid) is 'The effective notice settings of a member (saved rows, else the defaults for their role): all five kinds, always.';
revoke all on function private.member_notice_settings(uuid, uuid) from public, anon, authenticated;

-- Whether a member receives a notice kind at all (the notices' insert guard, the digest).
create function private.notice_enabled(p_company_id uuid, p_user_id uuid, p_notice_kind text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select s.enabled from public.notice_settings s
     where s.company_id = p_company_id and s.user_id = p_user_id
       and s.kind = private.notice_pref_kind(p_notice_kind)),
    private.notice_default((select p.role from public.user_profiles p
                            where p.company_id = p_company_id and p.user_id = p_user_id),
                           private.notice_pref_kind(p_notice_kind), 'enabled'))
$$;
comment on function private.notice_enabled(uuid, uuid, text) is 'Whether the member receives notices of this notice kind at all (their saved enabled, else the default for their role).';
revoke all on function private.notice_enabled(uuid, uuid, text) from public, anon, authenticated;

-- The caller's own only (member_notice_settings takes any user: not the API's to call).
create function private.notice_settings_for(p_company_id uuid)
returns table (kind text, enabled boolean, email boolean, push boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_member(p_company_id);
  return query select s.kind, s.enabled, s.email, s.push
               from private.member_notice_settings(p_company_id, (select auth.uid())) s;
end;
$$;
comment on function private.notice_settings_for(uuid) is 'Body of public.notice_settings_for: the caller''s effective settings. Raises not_a_member.';
revoke all on function private.notice_settings_for(uuid) from public, anon, authenticated;
grant execute on function private.notice_settings_for(uuid) to authenticated;

create function public.notice_settings_for(p_company_id uuid)
returns table (kind text, enabled boolean, email boolean, push boolean)
language sql
stable
set search_path = ''
as $$
  select s.kind, s.enabled, s.email, s.push from private.notice_settings_for(p_company_id) s
$$;
comment on function public.notice_settings_for(uuid) is 'The caller''s effective notice settings in the company (defaults applied), all five kinds in order: approval_pending, approval_decided, due_summary, invitation_accepted, imports. Raises not_a_member.';

create function public.save_notice_setting(p_company_id uuid, p_kind text, p_enabled boolean,
                                           p_email boolean, p_push boolean)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.assert_member(p_company_id);
  if p_kind is null or p_kind not in ('approval_pending', 'approval_decided', 'due_summary',
                                      'invitation_accepted', 'imports') then
    raise exception using errcode = 'P0001', message = 'unknown_notice_kind';
  end if;
  if p_enabled is null or p_email is null or p_push is null then
    raise exception using errcode = 'P0001', message = 'invalid_notice_setting';
  end if;
  insert into public.notice_settings (company_id, kind, enabled, email, push)
  values (p_company_id, p_kind, p_enabled, p_email, p_push)
  on conflict (company_id, user_id, kind)
  do update set enabled = excluded.enabled, email = excluded.email, push = excluded.push;
end;
$$;
comment on function public.save_notice_setting(uuid, text, boolean, boolean, boolean) is 'Saves the caller''s choice for one preference kind in the company (upsert). Raises not_a_member, unknown_notice_kind, invalid_notice_setting (a null flag).';

-- A notice is written only to whom has its kind enabled: one guard for every writer (the approval,
-- invitation and import triggers, the daily summary).
create function private.guard_notice_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.notice_enabled(new.company_id, new.user_id, new.kind) then
    return null;
  end if;
  return new;
end;
$$;
comment on function private.guard_notice_insert() is 'Trigger: a notice to someone who turned its kind off (or leitura''s default for due_summary) is not written.';
revoke all on function private.guard_notice_insert() from public, anon, authenticated;

create trigger notices_guard_insert before insert on public.notices
  for each row execute function private.guard_notice_insert();

-- ---------------------------------------------------------------------------------------------
-- push_subscriptions: a device (browser) of a user, not of a company
-- ---------------------------------------------------------------------------------------------

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null unique
    constraint push_subscriptions_endpoint_format check (endpoint ~ '^https://[^[:space:]]+$')
    constraint push_subscriptions_endpoint_length check (char_length(endpoint) <= 1000),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
  p256dh text not null constraint push_subscriptions_p256dh_format
    check (p256dh ~ '^[A-Za-z0-9_-]+={0,2}$' and char_length(p256dh) between 86 and 88),
  auth text not null constraint push_subscriptions_auth_format
    check (auth ~ '^[A-Za-z0-9_-]+={0,2}$' and char_length(auth) between 22 and 24),
  user_agent text constraint push_subscriptions_user_agent_length check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  last_success_at timestamptz
);
comment on table public.push_subscriptions is 'Web Push subscriptions: a browser of a user (any of their companies). Saved by save_push_subscription (an endpoint moves to whoever saves it last), removed by its user or when the push service answers 404/410 (finish_delivery p_gone). Not audited (a user''s own device).';
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

-- SELECT(push_subscriptions): the user's own devices.
create policy push_subscriptions_select on public.push_subscriptions
  as permissive for select to authenticated
  using (user_id = (select auth.uid()));
-- DELETE(push_subscriptions): the user's own devices.
create policy push_subscriptions_delete on public.push_subscriptions
  as permissive for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.push_subscriptions from anon, authenticated;
grant select, delete on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;

create function private.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_user_agent text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_id uuid;
begin
  if v_user is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  if p_endpoint is null or p_endpoint !~ '^https://[^[:space:]]+$' or char_length(p_endpoint) > 1000
     or p_p256dh is null or p_p256dh !~ '^[A-Za-z0-9_-]+={0,2}$' or char_length(p_p256dh) not between 86 and 88
     or p_auth is null or p_auth !~ '^[A-Za-z0-9_-]+={0,2}$' or char_length(p_auth) not between 22 and 24 then
    raise exception using errcode = 'P0001', message = 'invalid_push_subscription';
  end if;
  -- The same endpoint is the same browser: whoever signs in on it now owns it (and its keys).
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
  values (v_user, p_endpoint, p_p256dh, p_auth, left(nullif(btrim(p_user_agent), ''), 500))
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
        user_agent = excluded.user_agent,
        created_at = case when public.push_subscriptions.user_id = excluded.user_id
                          then public.push_subscriptions.created_at else now() end,
        last_success_at = case when public.push_subscriptions.user_id = excluded.user_id
                               then public.push_subscriptions.last_success_at end
  returning id into v_id;
  return v_id;
end;
$$;
comment on function private.save_push_subscription(text, text, text, text) is 'Body of public.save_push_subscription: upsert by endpoint for the caller; an endpoint held by another user moves to the caller. Raises not_authenticated, invalid_push_subscription.';
revoke all on function private.save_push_subscription(text, text, text, text) from public, anon, authenticated;
grant execute on function private.save_push_subscription(text, text, text, text) to authenticated;

create function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text,
                                              p_user_agent text default null)
returns uuid
language sql
set search_path = ''
as $$
  select private.save_push_subscription(p_endpoint, p_p256dh, p_auth, p_user_agent)
$$;
comment on function public.save_push_subscription(text, text, text, text) is 'Saves this browser''s Web Push subscription for the caller (upsert by endpoint; an endpoint another user held moves to the caller: the same browser, signed in by someone else now). Returns its id. Raises not_authenticated, invalid_push_subscription.';

create function public.delete_push_subscription(p_endpoint text)
returns void
language sql
set search_path = ''
as $$
  delete from public.push_subscriptions s
  where s.endpoint = p_endpoint and s.user_id = (select auth.uid())
$$;
comment on function public.delete_push_subscription(text) is 'Removes the caller''s subscription of this endpoint ("Desativar neste aparelho"); another user''s endpoint is left alone.';

revoke all on function public.notice_settings_for(uuid) from public, anon;
revoke all on function public.save_notice_setting(uuid, text, boolean, boolean, boolean) from public, anon;
revoke all on function public.save_push_subscription(text, text, text, text) from public, anon;
revoke all on function public.delete_push_subscription(text) from public, anon;
grant execute on function public.notice_settings_for(uuid) to authenticated;
grant execute on function public.save_notice_setting(uuid, text, boolean, boolean, boolean) to authenticated;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated;
grant execute on function public.delete_push_subscription(text) to authenticated;
