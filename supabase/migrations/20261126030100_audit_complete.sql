-- A complete and truthful audit trail.
--
-- 1. Every table holding company data is audited. supplier_orders, supplier_products,
--    project_team_members, companies (its own id is the company) and company_invitations had no
--    trigger: their changes left no trace. tests/db/audit.test.ts lists every table in public with a
--    company_id column (and companies) and fails when one lacks the trigger.
-- 2. An audit row names its actor as they were when they acted. Histórico and Atividade used to
--    look up the actor's *current* full_name, which each user may change: a member who renamed
--    themselves "Admin A" rewrote every past row of theirs. The trigger now stores the actor's name
--    and e-mail from their membership in that company (falling back to the auth e-mail when there
--    is no membership, e.g. create_company before the admin profile exists), and both functions
--    return what was stored.
-- 3. A secret never enters the history: company_invitations.token_hash is left out of before/after.
-- 4. A deactivated member cannot change their own profile (membership_inactive): a former member
--    must not be able to rewrite how they are named.

alter table public.audit_log
  add column actor_name text,
  add column actor_email text;
comment on column public.audit_log.actor_name is
  'The actor''s full_name in the company when the row was written (null: no membership then, or the '
  'database itself). Rows written before 20261126030100 were backfilled from the profile as it was '
  'at that migration: the names they had before it are not known.';
comment on column public.audit_log.actor_email is
  'The actor''s e-mail when the row was written: their membership''s, else their sign-in e-mail.';

-- Old rows: the only names known are the current ones (see the column comment). append-only
-- forbids updates, so the guard trigger is set aside for this backfill only, in this transaction.
alter table public.audit_log disable trigger audit_log_append_only;
update public.audit_log a
set actor_name = p.full_name,
    actor_email = p.email
from public.user_profiles p
where a.actor is not null and p.company_id = a.company_id and p.user_id = a.actor;
update public.audit_log a
set actor_email = u.email
from auth.users u
where a.actor is not null and a.actor_email is null and u.id = a.actor;
alter table public.audit_log enable trigger audit_log_append_only;

create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Secrets are never copied into the history (the invitation link's hash).
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'token_hash' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'token_hash' end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changed jsonb;
  v_company_id uuid;
  v_actor uuid := (select auth.uid());
  v_actor_name text;
  v_actor_email text;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('before', v_old -> n.key, 'after', n.value))
    into v_changed
    from jsonb_each(v_new) n
    where n.value is distinct from v_old -> n.key
      and n.key not in ('updated_at', 'current_balance');
    if v_changed is null then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', null, 'after', n.value)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_new) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  else
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', n.value, 'after', null)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_old) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  end if;
  -- companies has no company_id: the row is the company.
  v_company_id := case when tg_table_name = 'companies' then (v_row ->> 'id')::uuid
                       else (v_row ->> 'company_id')::uuid end;
  if v_actor is not null then
    select p.full_name, p.email into v_actor_name, v_actor_email
    from public.user_profiles p
    where p.company_id = v_company_id and p.user_id = v_actor;
    if v_actor_email is null then
      select u.email into v_actor_email from auth.users u where u.id = v_actor;
    end if;
  end if;
  insert into public.audit_log (company_id, actor, actor_name, actor_email, table_name, row_id, action, changed)
  values (v_company_id, v_actor, v_actor_name, v_actor_email, tg_table_name, (v_row ->> 'id')::uuid,
          lower(tg_op), v_changed);
  return null;
end;
$$;
comment on function private.audit_row() is
  'Trigger: writes the audit_log row of an insert, update or delete, with the actor''s name and e-mail '
  'as they are now (token_hash is never recorded).';
revoke all on function private.audit_row() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['supplier_orders', 'supplier_products', 'project_team_members', 'companies',
                           'company_invitations'] loop
    execute format('create trigger %I after insert or update or delete on public.%I
      for each row execute function private.audit_row()', t || '_audit', t);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Histórico and Atividade: the stored name (else the stored e-mail), and the stored e-mail
-- ---------------------------------------------------------------------------------------------

drop function public.entry_history(text, uuid);
create function public.entry_history(p_kind text, p_id uuid)
returns table (
  id bigint,
  at timestamptz,
  actor uuid,
  actor_name text,
  actor_email text,
  action text,
  changed jsonb
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company_id uuid;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  select e.company_id into v_company_id from public.entries e where e.kind = p_kind and e.id = p_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  return query
  select a.id, a.at, a.actor, coalesce(nullif(btrim(a.actor_name), ''), a.actor_email), a.actor_email,
         a.action, a.changed
  from public.audit_log a
  where a.company_id = v_company_id
    and a.table_name = case p_kind when 'expense' then 'accounts_payable' else 'accounts_receivable' end
    and a.row_id = p_id
  order by a.at desc, a.id desc;
end;
$$;
comment on function public.entry_history(text, uuid) is
  'Histórico of an entry (any member): its audit rows, newest first, with the actor''s name and e-mail '
  'as they were when the row was written (name falls back to the e-mail). Raises invalid_kind, '
  'entry_not_found (also another company''s).';

drop function public.company_activity(uuid, uuid, text, date, date);
create function public.company_activity(
  p_company_id uuid,
  p_actor uuid default null,
  p_table text default null,
  p_start date default null,
  p_end date default null
)
returns table (
  id bigint,
  at timestamptz,
  actor uuid,
  actor_name text,
  actor_email text,
  table_name text,
  row_id uuid,
  action text,
  changed jsonb,
  entity text,
  entry_kind text,
  entry_id uuid
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;
  if p_table is not null and p_table not in (
    'entry', 'payment', 'transfer', 'bank_account', 'category', 'supplier', 'client', 'project', 'member',
    'supplier_order', 'supplier_product', 'team_member', 'stage', 'company', 'invitation', 'statement',
    'statement_line',
    'accounts_payable', 'accounts_receivable', 'transactions', 'bank_accounts', 'categories', 'suppliers',
    'clients', 'projects', 'user_profiles', 'supplier_orders', 'supplier_products', 'project_team_members',
    'project_stages', 'companies', 'company_invitations', 'bank_statements', 'bank_statement_lines') then
    raise exception using errcode = 'P0001', message = 'invalid_activity_type';
  end if;
  return query
  with a as (
    select a.*,
      -- A ledger row's type and entry: from what the row recorded (insert/delete), else the row itself.
      coalesce(a.changed -> 'type' ->> 'after', a.changed -> 'type' ->> 'before', t.type) as ledger_type,
      coalesce((a.changed -> 'payable_id' ->> 'after')::uuid, (a.changed -> 'payable_id' ->> 'before')::uuid,
               t.payable_id) as ledger_payable_id,
      coalesce((a.changed -> 'receivable_id' ->> 'after')::uuid, (a.changed -> 'receivable_id' ->> 'before')::uuid,
               t.receivable_id) as ledger_receivable_id
    from public.audit_log a
    left join public.transactions t
      on a.table_name = 'transactions' and t.company_id = a.company_id and t.id = a.row_id
    where a.company_id = p_company_id
      and (p_actor is null or a.actor = p_actor)
      and (p_start is null or a.at >= (p_start::timestamp at time zone 'America/Sao_Paulo'))
      and (p_end is null or a.at < ((p_end + 1)::timestamp at time zone 'America/Sao_Paulo'))
  ), k as (
    select a.*,
      case a.table_name
        when 'accounts_payable' then 'entry'
        when 'accounts_receivable' then 'entry'
        when 'transactions' then case when a.ledger_type = 'transfer' then 'transfer' else 'payment' end
        when 'bank_accounts' then 'bank_account'
        when 'categories' then 'category'
        when 'suppliers' then 'supplier'
        when 'clients' then 'client'
        when 'projects' then 'project'
        when 'user_profiles' then 'member'
        when 'supplier_orders' then 'supplier_order'
        when 'supplier_products' then 'supplier_product'
        when 'project_team_members' then 'team_member'
        when 'project_stages' then 'stage'
        when 'companies' then 'company'
        when 'company_invitations' then 'invitation'
        when 'bank_statements' then 'statement'
        when 'bank_statement_lines' then 'statement_line'
        else a.table_name
      end as entity
    from a
  )
  select k.id, k.at, k.actor, coalesce(nullif(btrim(k.actor_name), ''), k.actor_email), k.actor_email,
         k.table_name, k.row_id, k.action, k.changed, k.entity,
         case
           when k.table_name = 'accounts_payable' or k.ledger_payable_id is not null then 'expense'
           when k.table_name = 'accounts_receivable' or k.ledger_receivable_id is not null then 'income'
         end,
         case
           when k.table_name in ('accounts_payable', 'accounts_receivable') then k.row_id
           else coalesce(k.ledger_payable_id, k.ledger_receivable_id)
         end
  from k
  where p_table is null or k.table_name = p_table or k.entity = p_table
  order by k.at desc, k.id desc;
end;
$$;
comment on function public.company_activity(uuid, uuid, text, date, date) is
  'Atividade (admins): the company''s audit rows, newest first, filtered by actor, kind and period (dates in '
  'America/Sao_Paulo, inclusive). p_table: a table name or an entity (entry, payment, transfer, '
  'bank_account, category, supplier, client, project, member, supplier_order, supplier_product, '
  'team_member, stage, company, invitation, statement, statement_line). actor_name/actor_email = as they '
  'were when the row was written. entity = what the row is to the user; entry_kind/entry_id = the entry '
  'of an entry or payment row. Page with .range() and count: ''exact''. Raises not_a_member, '
  'invalid_date, not_admin, invalid_activity_type.';

revoke all on function public.entry_history(text, uuid) from public, anon, authenticated;
revoke all on function public.company_activity(uuid, uuid, text, date, date) from public, anon, authenticated;
grant execute on function public.entry_history(text, uuid) to authenticated;
grant execute on function public.company_activity(uuid, uuid, text, date, date) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- A deactivated member cannot change their profile
-- ---------------------------------------------------------------------------------------------

-- Same rules as 20261124000500 (only admins change role/active flag, one active admin kept under a
-- lock of the company row), plus: an API caller whose own membership is inactive changes nothing
-- of it (membership_inactive). Our security definer functions (accept_invitation reactivating a
-- membership) run as their owner and are not concerned.
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
  'Trigger: a deactivated member changes nothing of their membership (membership_inactive); only admins '
  'change role/active flag (not_admin); a company keeps one active admin (last_admin), checked under a '
  'lock of the company row.';
revoke all on function private.guard_profile_update() from public, anon, authenticated;
