-- Histórico / Atividade (issue 10): every insert, update and delete of entries, ledger rows (which
-- include transfers), bank accounts, categories, suppliers, clients, obras and memberships is
-- recorded by an AFTER trigger in an append-only table: who (auth.uid()), when, which row, and
-- {column: {before, after}} of the columns that changed (insert: after only; delete: before only).
-- Nobody writes it through the API: authenticated holds SELECT only (RLS: members read the history
-- of entries, admins everything of their company); the trigger body is security definer in private.
-- updated_at and bank_accounts.current_balance (moved by the ledger, which is itself recorded) are
-- not recorded; an update that changes nothing else writes no row.

create table public.audit_log (
  id bigint generated always as identity primary key,
  -- No foreign key: the history outlives what it describes (deleted rows, a deleted company's
  -- cascade writes its own delete rows).
  company_id uuid not null,
  actor uuid,
  table_name text not null,
  row_id uuid not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  changed jsonb not null default '{}'::jsonb,
  at timestamptz not null default now()
);
comment on table public.audit_log is
  'Append-only history written by private.audit_row() (AFTER trigger). changed = {column: {before, after}} '
  'of the changed columns. actor null = written by the database itself (migrations, seed).';
create index audit_log_company_at_idx on public.audit_log (company_id, at desc, id desc);
create index audit_log_row_idx on public.audit_log (row_id, at desc);
create index audit_log_company_actor_idx on public.audit_log (company_id, actor);

alter table public.audit_log enable row level security;
-- SELECT(audit_log): admins of the company read all of it; members the rows of entries (an
-- entry's Histórico). No insert/update/delete policy and no grant: only the trigger writes.
create policy audit_log_select on public.audit_log for select to authenticated
  using (company_id in (select private.admin_company_ids())
         or (table_name in ('accounts_payable', 'accounts_receivable')
             and company_id in (select private.user_company_ids())));
revoke all on public.audit_log from public, anon, authenticated;
grant select on public.audit_log to authenticated;

-- Append-only even for roles that bypass grants (service_role goes through PostgREST too).
create or replace function private.forbid_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = 'audit_log_append_only';
end;
$$;
revoke all on function private.forbid_audit_change() from public, anon, authenticated;
create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.forbid_audit_change();

create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changed jsonb;
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
  insert into public.audit_log (company_id, actor, table_name, row_id, action, changed)
  values ((v_row ->> 'company_id')::uuid, (select auth.uid()), tg_table_name, (v_row ->> 'id')::uuid,
          lower(tg_op), v_changed);
  return null;
end;
$$;
comment on function private.audit_row() is 'Trigger: writes the audit_log row of an insert, update or delete.';
revoke all on function private.audit_row() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['accounts_payable', 'accounts_receivable', 'transactions', 'bank_accounts',
                           'categories', 'suppliers', 'clients', 'projects', 'user_profiles'] loop
    execute format('create trigger %I after insert or update or delete on public.%I
      for each row execute function private.audit_row()', t || '_audit', t);
  end loop;
end;
$$;

-- The names of the people in the history: any membership of the actor in the company (also an
-- inactive one: a former member still did what they did).
create or replace function public.entry_history(p_kind text, p_id uuid)
returns table (
  id bigint,
  at timestamptz,
  actor uuid,
  actor_name text,
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
  select a.id, a.at, a.actor,
         (select p.full_name from public.user_profiles p
          where p.company_id = a.company_id and p.user_id = a.actor limit 1),
         a.action, a.changed
  from public.audit_log a
  where a.company_id = v_company_id
    and a.table_name = case p_kind when 'expense' then 'accounts_payable' else 'accounts_receivable' end
    and a.row_id = p_id
  order by a.at desc, a.id desc;
end;
$$;
comment on function public.entry_history(text, uuid) is
  'Histórico of an entry (any member): its audit rows, newest first, with the actor''s name. Raises '
  'invalid_kind, entry_not_found (also another company''s).';

create or replace function public.company_activity(
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
  table_name text,
  row_id uuid,
  action text,
  changed jsonb
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
  return query
  select a.id, a.at, a.actor,
         (select p.full_name from public.user_profiles p
          where p.company_id = a.company_id and p.user_id = a.actor limit 1),
         a.table_name, a.row_id, a.action, a.changed
  from public.audit_log a
  where a.company_id = p_company_id
    and (p_actor is null or a.actor = p_actor)
    and (p_table is null or a.table_name = p_table)
    and (p_start is null or a.at >= (p_start::timestamp at time zone 'America/Sao_Paulo'))
    and (p_end is null or a.at < ((p_end + 1)::timestamp at time zone 'America/Sao_Paulo'))
  order by a.at desc, a.id desc;
end;
$$;
comment on function public.company_activity(uuid, uuid, text, date, date) is
  'Atividade (admins): the company''s audit rows, newest first, filtered by actor, table and period '
  '(dates in America/Sao_Paulo, inclusive). Page with .range() and count: ''exact''. Raises not_a_member, '
  'invalid_date, not_admin.';

revoke all on function public.entry_history(text, uuid) from public, anon, authenticated;
revoke all on function public.company_activity(uuid, uuid, text, date, date) from public, anon, authenticated;
grant execute on function public.entry_history(text, uuid) to authenticated;
grant execute on function public.company_activity(uuid, uuid, text, date, date) to authenticated;
