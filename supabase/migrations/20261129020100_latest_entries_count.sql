-- Últimos lançamentos showed "Mostrando N transações" until its last page: the list counted nothing,
-- since counting the entries view reads every entry of the company's history. It now says
-- "{n} transações encontradas" with n the exact number of rows the list holds (the entries view as
-- the caller reads it: the company, due_date within the period, both bounds inclusive), at the cost
-- of a page.
--
-- The list filters by DUE date, so the kept counts are per company and due month, of every entry
-- the view shows (payables in any approval status, receivables): private.entry_totals counts by the
-- movement date (payment date once paid) and only approved payables, so a period by due date could
-- not be read from it. A period is its whole months from this table plus its edge days counted on
-- the (company_id, due_date, ...) indexes (index-only: at most two months' rows); "Todos" is the sum
-- of the company's months. Either way the cost follows the months of the period, not the rows of
-- the history (plans: docs/performance.md).
--
-- An 'obra' member reads only the payables of its obras: their count is the rows RLS shows them,
-- read by the (company_id, project_id) index (an obra's history, not the company's).
--
-- Kept per statement on insert and delete (transition tables, one upsert in key order, the lock order
-- of every writer, as private.entry_totals), and per row on an update that moves a due date (a
-- WHEN clause: settles, approvals and edits of other columns call nothing). company_id never changes
-- (private.forbid_company_change).

create table private.entry_due_counts (
  company_id uuid not null references public.companies (id) on delete cascade,
  -- First day of the month of due_date.
  month date not null check (extract(day from month) = 1),
  entry_count bigint not null default 0,
  primary key (company_id, month)
);
comment on table private.entry_due_counts is
  'Entries (payables in every approval status and receivables: the rows of public.entries) per company and '
  'month of due_date. Kept by private.track_entry_due_counts / private.move_entry_due_count; read by '
  'private.latest_entries_count_kept; tests/db/latest-entries-count.test.ts compares it with the rows.';
revoke all on table private.entry_due_counts from public, anon, authenticated, service_role;

-- Adds signed counts per (company, due date) to the kept months, in key order.
create function private.apply_entry_due_counts(p_rows jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.entry_due_counts as t (company_id, month, entry_count)
  select r.company_id, date_trunc('month', r.due_date::timestamp)::date, sum(r.n)
  from jsonb_to_recordset(p_rows) as r(company_id uuid, due_date date, n bigint)
  -- A company being deleted takes its counts with it (its entries go by the same cascade).
  where exists (select 1 from public.companies c where c.id = r.company_id)
  group by 1, 2
  having sum(r.n) <> 0
  order by 1, 2
  on conflict (company_id, month) do update set entry_count = t.entry_count + excluded.entry_count
$$;
revoke all on function private.apply_entry_due_counts(jsonb) from public, anon, authenticated, service_role;

-- Statement-level, after insert or delete on either entry table.
create function private.track_entry_due_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rows jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('company_id', g.company_id, 'due_date', g.due_date, 'n', g.n))
    into v_rows
    from (select n.company_id, n.due_date, count(*) as n from new_rows n group by 1, 2) g;
  else
    select jsonb_agg(jsonb_build_object('company_id', g.company_id, 'due_date', g.due_date, 'n', -g.n))
    into v_rows
    from (select o.company_id, o.due_date, count(*) as n from old_rows o group by 1, 2) g;
  end if;
  if v_rows is not null then
    perform private.apply_entry_due_counts(v_rows);
  end if;
  return null;
end;
$$;
revoke all on function private.track_entry_due_counts() from public, anon, authenticated, service_role;

-- Row-level, after an update that changes due_date (the trigger's WHEN clause).
create function private.move_entry_due_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.apply_entry_due_counts(jsonb_build_array(
    jsonb_build_object('company_id', old.company_id, 'due_date', old.due_date, 'n', -1),
    jsonb_build_object('company_id', new.company_id, 'due_date', new.due_date, 'n', 1)));
  return null;
end;
$$;
revoke all on function private.move_entry_due_count() from public, anon, authenticated, service_role;

create trigger accounts_payable_due_counts_insert after insert on public.accounts_payable
  referencing new table as new_rows for each statement execute function private.track_entry_due_counts();
create trigger accounts_payable_due_counts_delete after delete on public.accounts_payable
  referencing old table as old_rows for each statement execute function private.track_entry_due_counts();
create trigger accounts_payable_due_counts_update after update of due_date on public.accounts_payable
  for each row when (old.due_date is distinct from new.due_date)
  execute function private.move_entry_due_count();
create trigger accounts_receivable_due_counts_insert after insert on public.accounts_receivable
  referencing new table as new_rows for each statement execute function private.track_entry_due_counts();
create trigger accounts_receivable_due_counts_delete after delete on public.accounts_receivable
  referencing old table as old_rows for each statement execute function private.track_entry_due_counts();
create trigger accounts_receivable_due_counts_update after update of due_date on public.accounts_receivable
  for each row when (old.due_date is distinct from new.due_date)
  execute function private.move_entry_due_count();

-- The counts of the books as they are now (no writer runs during a migration).
insert into private.entry_due_counts (company_id, month, entry_count)
select e.company_id, e.month, count(*)
from (select p.company_id, date_trunc('month', p.due_date::timestamp)::date as month
      from public.accounts_payable p
      union all
      select r.company_id, date_trunc('month', r.due_date::timestamp)::date
      from public.accounts_receivable r) e
group by 1, 2;

-- The count for a company the caller reads in full: whole months kept, edge days counted.
create function private.latest_entries_count_kept(p_company_id uuid, p_start date, p_end date)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- The whole months of the period are [v_from, v_to) (null: open on that side).
  v_from date := case
    when p_start is null then null
    when extract(day from p_start) = 1 then p_start
    else (date_trunc('month', p_start::timestamp) + interval '1 month')::date
  end;
  v_to date := case
    when p_end is null then null
    else (date_trunc('month', (p_end + 1)::timestamp))::date
  end;
  v_count bigint := 0;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_start > p_end then
    return 0;
  end if;
  if v_from is not null and v_to is not null and v_from >= v_to then
    -- Within one month (or two partial ones): the rows, on the due-date indexes.
    return (select count(*) from public.accounts_payable p
            where p.company_id = p_company_id and p.due_date between p_start and p_end)
         + (select count(*) from public.accounts_receivable r
            where r.company_id = p_company_id and r.due_date between p_start and p_end);
  end if;
  select coalesce(sum(t.entry_count), 0) into v_count
  from private.entry_due_counts t
  where t.company_id = p_company_id
    and (v_from is null or t.month >= v_from)
    and (v_to is null or t.month < v_to);
  -- The days before the first whole month and after the last one.
  if p_start is not null and p_start < v_from then
    v_count := v_count
      + (select count(*) from public.accounts_payable p
         where p.company_id = p_company_id and p.due_date >= p_start and p.due_date < v_from)
      + (select count(*) from public.accounts_receivable r
         where r.company_id = p_company_id and r.due_date >= p_start and r.due_date < v_from);
  end if;
  if p_end is not null and p_end >= v_to then
    v_count := v_count
      + (select count(*) from public.accounts_payable p
         where p.company_id = p_company_id and p.due_date >= v_to and p.due_date <= p_end)
      + (select count(*) from public.accounts_receivable r
         where r.company_id = p_company_id and r.due_date >= v_to and r.due_date <= p_end);
  end if;
  return v_count;
end;
$$;
comment on function private.latest_entries_count_kept(uuid, date, date) is
  'Entries (payables in every approval status, receivables) of a company the caller reads in full (admin, '
  'financeiro, leitura) due within p_start..p_end (inclusive; null: open): the period''s whole months from '
  'private.entry_due_counts, its edge days from the rows. 0 when p_start > p_end. Raises not_a_member.';
revoke all on function private.latest_entries_count_kept(uuid, date, date) from public, anon, authenticated, service_role;
grant execute on function private.latest_entries_count_kept(uuid, date, date) to authenticated;

create function public.latest_entries_count(p_company_id uuid, p_start date default null, p_end date default null)
returns bigint
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'obra', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_company_id in (select private.reader_company_ids()) then
    return private.latest_entries_count_kept(p_company_id, p_start, p_end);
  end if;
  -- An 'obra' member: the payables of its obras, as RLS shows them (no receivables). The obras as an
  -- array: the (company_id, project_id) index then reads only their rows (as a join, the planner
  -- guesses 1000 obras and reads every payable of the company).
  return (select count(*) from public.accounts_payable p
          where p.company_id = p_company_id
            and p.project_id = any (array(select private.obra_project_ids()))
            and (p_start is null or p.due_date >= p_start)
            and (p_end is null or p.due_date <= p_end));
end;
$$;
comment on function public.latest_entries_count(uuid, date, date) is
  'Últimos lançamentos'' "{n} transações encontradas": the rows of public.entries the caller reads for '
  'p_company_id with due_date within p_start..p_end (inclusive; null: open on that side; 0 when p_start > '
  'p_end). Admin, financeiro, leitura: kept counts per due month (private.latest_entries_count_kept); an '
  '''obra'' member: the payables of its obras. Security invoker. Raises not_a_member, invalid_date.';
revoke all on function public.latest_entries_count(uuid, date, date) from public, anon, authenticated;
grant execute on function public.latest_entries_count(uuid, date, date) to authenticated, service_role;
