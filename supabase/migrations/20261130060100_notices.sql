-- Avisos: the app speaks first (issue 32, the in-app half). One row per recipient, written only by
-- the database (definer triggers and functions in private), read and marked read only by its
-- recipient while an active member of its company. Each notice is written once per recipient, kind
-- and event (or day, for the due-bills summary): unique (user_id, company_id, kind, event_key),
-- every writer inserts with on conflict do nothing.
--
-- Not audited (audit-complete.test.ts names it as the one exception): a notice is a copy, for one
-- reader, of an event the audit log already holds (the payable's approval change, the invitation's
-- acceptance, the import), and read_at is that reader's own state. Auditing it would write one
-- audit row per recipient per event and one per tap on the bell, and show admins in Atividade what
-- each member read.

create table public.notices (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('approval_pending', 'approval_approved', 'approval_refused',
                                     'invitation_accepted', 'nfe_imported', 'statement_imported',
                                     'due_summary')),
  -- What makes two notices of a kind the same event: the payable and its version, the
  -- invitation, the NF-e key, the statement, the day of the summary.
  event_key text not null constraint notices_event_key_length check (char_length(event_key) <= 200),
  -- What it is about: an entry (opens its detail) or another screen of the app (link).
  entry_kind text check (entry_kind in ('expense', 'income')),
  entry_id uuid,
  link text not null constraint notices_link_format check (link ~ '^/')
    constraint notices_link_length check (char_length(link) <= 300),
  title text not null constraint notices_title_check check (btrim(title) <> '')
    constraint notices_title_length check (char_length(title) <= 300),
  body text constraint notices_body_length check (char_length(body) <= 1000),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  check ((entry_kind is null) = (entry_id is null)),
  unique (user_id, company_id, kind, event_key)
);
comment on table public.notices is 'Avisos: one row per recipient, written by the database only (private.notify_* triggers, private.write_due_notices); the recipient reads them and sets read_at. Not audited (a copy of audited events; read_at is personal).';
comment on column public.notices.event_key is 'The event within its kind (payable id and version, invitation id, NF-e key, statement id, yyyy-MM-dd of a summary): with user_id, company_id and kind, unique, so a notice is never written twice.';
comment on column public.notices.link is 'The app path the notice opens (/lancamentos/expense/<id>, /empresa, …).';
comment on column public.notices.read_at is 'When the recipient opened it or marked all read; null = unread. Set by the recipient (update of read_at only), kept by private.guard_notice_update.';

-- The bell's count: the recipient's unread of one company, from a small partial index.
create index notices_unread_idx on public.notices (user_id, company_id) where read_at is null;
-- The list, newest first.
create index notices_list_idx on public.notices (user_id, company_id, created_at desc, id desc);
create index notices_company_id_idx on public.notices (company_id);
-- A decided request's notices, marked read (private.notify_payable_approval).
create index notices_entry_idx on public.notices (entry_id) where entry_id is not null;

alter table public.notices enable row level security;

create policy notices_select on public.notices
  as permissive for select to authenticated
  using (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));

create policy notices_update on public.notices
  as permissive for update to authenticated
  using (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()))
  with check (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));

-- The recipient may only say "read" (now) or "unread": not a read time of their choosing.
create function private.guard_notice_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.read_at := case when new.read_at is null then null else coalesce(old.read_at, now()) end;
  return new;
end;
$$;
comment on function private.guard_notice_update() is 'Trigger: a notice''s read_at is the time it was first marked read (now()), whatever the client sent; null marks it unread again.';
revoke all on function private.guard_notice_update() from public, anon, authenticated;

create trigger notices_guard_update before update on public.notices
  for each row execute function private.guard_notice_update();

revoke all on public.notices from anon, authenticated;
grant select, update (read_at) on public.notices to authenticated;
grant all on public.notices to service_role;

-- R$ 1.234,56 whatever the server's locale.
create function private.format_brl(p_amount numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'R$ ' || case when p_amount < 0 then '-' else '' end
         || translate(to_char(abs(p_amount), 'FM999,999,999,999,990.00'), ',.', '.,')
$$;
comment on function private.format_brl(numeric) is 'An amount as the app shows it: R$ 1.234,56.';
revoke all on function private.format_brl(numeric) from public, anon, authenticated;

-- Active members of a company with one of the roles, but not p_except.
create function private.notice_recipients(p_company_id uuid, p_roles text[], p_except uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.user_id from public.user_profiles p
  where p.company_id = p_company_id and p.is_active and p.role = any (p_roles)
    and p.user_id is distinct from p_except
$$;
comment on function private.notice_recipients(uuid, text[], uuid) is 'The active members of the company with one of p_roles, except p_except (who did it).';
revoke all on function private.notice_recipients(uuid, text[], uuid) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Approvals: a request → admins and financeiros (not its author); a decision → its author.
-- On the payable's approval_status, whoever changes it (approve_payable, refuse_payable, the
-- approval trigger on an obra member's insert or correction).
-- ---------------------------------------------------------------------------------------------

create function private.notify_payable_approval()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_what text;
  v_link text := '/lancamentos/expense/' || new.id;
begin
  select new.description || ' — ' || private.format_brl(new.amount)
         || coalesce(' — ' || (select pr.name from public.projects pr where pr.id = new.project_id), '')
  into v_what;

  if new.approval_status = 'pending'
     and (tg_op = 'INSERT' or old.approval_status is distinct from 'pending') then
    insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
    select new.company_id, r, 'approval_pending', new.id || '@' || new.updated_at, 'expense', new.id,
           v_link, left('Aprovação pendente: ' || v_what, 300),
           coalesce('Lançado por ' || (select p.full_name from public.user_profiles p
                                       where p.company_id = new.company_id and p.user_id = new.created_by), null)
    from private.notice_recipients(new.company_id, array['admin', 'financeiro'], new.created_by) r
    on conflict do nothing;
  elsif tg_op = 'UPDATE' and old.approval_status = 'pending'
        and new.approval_status in ('approved', 'refused') then
    -- Decided: the request waits for nobody any more (the deciders' bells drop it; the list keeps it).
    update public.notices n set read_at = now()
    where n.entry_id = new.id and n.kind = 'approval_pending' and n.read_at is null;
    if new.created_by is not distinct from new.approval_decided_by
       or not exists (select 1 from public.user_profiles p
                      where p.company_id = new.company_id and p.user_id = new.created_by and p.is_active) then
      return null;
    end if;
    insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
    values (new.company_id, new.created_by,
            case new.approval_status when 'approved' then 'approval_approved' else 'approval_refused' end,
            new.id || '@' || coalesce(new.approval_decided_at, now()), 'expense', new.id, v_link,
            left(case new.approval_status when 'approved' then 'Despesa aprovada: ' else 'Despesa recusada: ' end
                 || v_what, 300),
            case when new.approval_status = 'refused' then 'Motivo: ' || new.approval_reason end)
    on conflict do nothing;
  end if;
  return null;
end;
$$;
comment on function private.notify_payable_approval() is 'Trigger: a payable that starts waiting for approval → a notice to the company''s active admins and financeiros but its author; approved or refused (with the reason) → a notice to its author while an active member, and the request''s notices are marked read.';
revoke all on function private.notify_payable_approval() from public, anon, authenticated;

create trigger accounts_payable_notify_approval
  after insert or update on public.accounts_payable
  for each row execute function private.notify_payable_approval();

-- ---------------------------------------------------------------------------------------------
-- An invitation accepted → who invited (while an active member of the company).
-- ---------------------------------------------------------------------------------------------

create function private.notify_invitation_accepted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  if old.accepted_at is not null or new.accepted_at is null
     or new.invited_by is not distinct from new.accepted_by then
    return null;
  end if;
  select p.full_name into v_name from public.user_profiles p
  where p.company_id = new.company_id and p.user_id = new.accepted_by;
  insert into public.notices (company_id, user_id, kind, event_key, link, title, body)
  select new.company_id, r, 'invitation_accepted', new.id::text, '/preferencias',
         left('Convite aceito: ' || coalesce(v_name, new.email) || ' entrou na equipe', 300),
         new.email || ' — perfil ' || case new.role when 'admin' then 'Administrador'
                                                     when 'financeiro' then 'Financeiro'
                                                     when 'obra' then 'Obra'
                                                     else 'Leitura' end
  from private.notice_recipients(new.company_id, array['admin', 'financeiro', 'obra', 'leitura'], null) r
  where r = new.invited_by
  on conflict do nothing;
  return null;
end;
$$;
comment on function private.notify_invitation_accepted() is 'Trigger: an invitation accepted → a notice to who invited, while an active member of the company.';
revoke all on function private.notify_invitation_accepted() from public, anon, authenticated;

create trigger company_invitations_notify_accepted
  after update on public.company_invitations
  for each row execute function private.notify_invitation_accepted();

-- ---------------------------------------------------------------------------------------------
-- Imports by someone else → the admins: an NF-e (its payables, one per installment, share nfe_key:
-- one notice per key, summed), a bank statement.
-- ---------------------------------------------------------------------------------------------

create function private.notify_nfe_imported()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
  select n.company_id, r, 'nfe_imported', n.nfe_key, 'expense', n.first_id, '/lancamentos/expense/' || n.first_id,
         left('NF-e importada: ' || coalesce(n.supplier_name, n.description) || ' — ' || private.format_brl(n.total), 300),
         coalesce('Importada por ' || (select p.full_name from public.user_profiles p
                                       where p.company_id = n.company_id and p.user_id = n.created_by), null)
  from (
    select e.company_id, e.nfe_key, e.created_by, sum(e.amount) as total, min(e.supplier_name) as supplier_name,
           min(e.description) as description,
           (array_agg(e.id order by e.installment_number nulls first, e.due_date))[1] as first_id
    from new_rows e where e.nfe_key is not null
    group by e.company_id, e.nfe_key, e.created_by
  ) n
  cross join lateral private.notice_recipients(n.company_id, array['admin'], n.created_by) r
  on conflict do nothing;
  return null;
end;
$$;
comment on function private.notify_nfe_imported() is 'Trigger (statement): the payables of an imported NF-e → one notice per NF-e key, its total, to the company''s active admins but who imported it.';
revoke all on function private.notify_nfe_imported() from public, anon, authenticated;

create trigger accounts_payable_notify_nfe
  after insert on public.accounts_payable
  referencing new table as new_rows
  for each statement execute function private.notify_nfe_imported();

create function private.notify_statement_imported()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.notices (company_id, user_id, kind, event_key, link, title, body)
  select new.company_id, r, 'statement_imported', new.id::text,
         '/contas-bancarias/' || new.bank_account_id || '/conciliacao',
         left('Extrato importado: ' || a.name || ' — ' || new.line_count
              || case when new.line_count = 1 then ' lançamento' else ' lançamentos' end, 300),
         coalesce('Importado por ' || (select p.full_name from public.user_profiles p
                                       where p.company_id = new.company_id and p.user_id = new.imported_by)
                  || coalesce(' (' || new.file_name || ')', ''), new.file_name)
  from public.bank_accounts a
  cross join lateral private.notice_recipients(new.company_id, array['admin'], new.imported_by) r
  where a.id = new.bank_account_id
  on conflict do nothing;
  return null;
end;
$$;
comment on function private.notify_statement_imported() is 'Trigger: a bank statement imported → a notice to the company''s active admins but who imported it.';
revoke all on function private.notify_statement_imported() from public, anon, authenticated;

create trigger bank_statements_notify_imported
  after insert on public.bank_statements
  for each row execute function private.notify_statement_imported();

-- ---------------------------------------------------------------------------------------------
-- The daily due-bills summary, for the schedule to call (not built yet): one notice per recipient,
-- company and day, summing what is open (approved payables, receivables) due today, in the next 3
-- days and overdue. Admin and financeiro: the whole company; an 'obra' member: the payables of
-- their obras (they read no receivable); leitura: none. Nothing due → no
-- notice. Run twice for a day, written once.
-- ---------------------------------------------------------------------------------------------

create function private.write_due_notices(p_today date)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  perform private.assert_valid_date(p_today);
  if p_today is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  with open_entries as (
    select 'pagar'::text as side, e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_payable e
    where e.status = 'pending' and e.approval_status = 'approved' and e.due_date <= p_today + 3
    union all
    select 'receber', e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_receivable e
    where e.status = 'pending' and e.due_date <= p_today + 3
  ),
  recipients as (
    select p.company_id, p.user_id, p.role from public.user_profiles p
    where p.is_active and p.role in ('admin', 'financeiro', 'obra')
  ),
  sums as (
    select m.company_id, m.user_id, m.role, o.side,
           count(*) filter (where o.due_date = p_today) as today_n,
           coalesce(sum(o.open_amount) filter (where o.due_date = p_today), 0) as today_total,
           count(*) filter (where o.due_date > p_today) as soon_n,
           coalesce(sum(o.open_amount) filter (where o.due_date > p_today), 0) as soon_total,
           count(*) filter (where o.due_date < p_today) as late_n,
           coalesce(sum(o.open_amount) filter (where o.due_date < p_today), 0) as late_total
    from recipients m
    join open_entries o on o.company_id = m.company_id
    -- An 'obra' member reads payables of their obras only (no receivable, nothing "Geral").
    where m.role <> 'obra'
       or (o.side = 'pagar'
           and o.project_id in (select a.project_id from public.project_access a
                                where a.company_id = m.company_id and a.user_id = m.user_id))
    group by m.company_id, m.user_id, m.role, o.side
  ),
  lines as (
    select s.company_id, s.user_id, s.role,
           sum(s.today_n + s.soon_n + s.late_n) over (partition by s.company_id, s.user_id) as all_n,
           sum(s.today_n) over (partition by s.company_id, s.user_id) as today_n,
           sum(s.late_n) over (partition by s.company_id, s.user_id) as late_n,
           s.side,
           case s.side when 'pagar' then 'A pagar' else 'A receber' end || ': '
           || concat_ws(', ',
                case when s.today_n > 0 then s.today_n || ' hoje (' || private.format_brl(s.today_total) || ')' end,
                case when s.soon_n > 0 then s.soon_n || ' nos próximos 3 dias (' || private.format_brl(s.soon_total) || ')' end,
                case when s.late_n > 0 then s.late_n || case when s.late_n = 1 then ' vencida (' else ' vencidas (' end
                                            || private.format_brl(s.late_total) || ')' end) as line
    from sums s
  ),
  per_user as (
    select l.company_id, l.user_id, l.role, max(l.all_n) as all_n, max(l.today_n) as today_n, max(l.late_n) as late_n,
           string_agg(l.line, E'\n' order by l.side) as body,
           bool_and(l.side = 'receber') as only_receber
    from lines l
    group by l.company_id, l.user_id, l.role
  ),
  written as (
    insert into public.notices (company_id, user_id, kind, event_key, link, title, body)
    select u.company_id, u.user_id, 'due_summary', to_char(p_today, 'YYYY-MM-DD'),
           -- An 'obra' member has no Contas a Pagar: their home lists their obras' payables.
           case when u.role = 'obra' then '/' when u.only_receber then '/contas-receber' else '/contas-pagar' end,
           'Contas a vencer: ' || concat_ws(', ',
             case when u.today_n > 0 then u.today_n || ' hoje' end,
             case when u.late_n > 0 then u.late_n || case when u.late_n = 1 then ' vencida' else ' vencidas' end end,
             case when u.today_n = 0 and u.late_n = 0 then u.all_n || ' nos próximos 3 dias' end),
           u.body
    from per_user u
    where u.all_n > 0
    on conflict do nothing
    returning 1
  )
  select count(*) into v_count from written;
  return v_count;
end;
$$;
comment on function private.write_due_notices(date) is 'The daily due-bills summary (for the schedule; p_today = the day in America/Sao_Paulo): one notice per active admin, financeiro and obra member (their obras'' payables only) and company with anything open due by p_today + 3, summing today, the next 3 days and overdue, a pagar and a receber. Idempotent per day. Returns how many notices it wrote. Raises invalid_date.';
revoke all on function private.write_due_notices(date) from public, anon, authenticated;
grant execute on function private.write_due_notices(date) to service_role;
