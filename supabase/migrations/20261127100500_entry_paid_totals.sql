-- Contas a Pagar / Receber's "Pago" card summed every paid entry of the company's history on every
-- visit (entry_list_summary: 0.5 s at 112 000 paid payables, and growing with each year). The paid
-- totals are now kept by a trigger in private.entry_paid_totals, one row per company and kind,
-- moved by exactly what each write changes (a settle, a reversal, a reopen, an edit, a delete, an
-- approval), so the card reads one row. The pending figures stay sums over the pending rows (what
-- is still open is a page of the books, not their history), read from a partial index that holds
-- every column they sum, so no table row is visited.
--
-- The totals row of a company is locked by each write that changes its paid figures until that
-- transaction ends: two people settling bills of one company at the same instant wait for each
-- other for the few milliseconds of a settle, which is what keeps the sum exact.

create table private.entry_paid_totals (
  company_id uuid not null references public.companies (id) on delete cascade,
  kind text not null check (kind in ('expense', 'income')),
  -- Sums of paid_total (what moved, juros/multa/desconto included) of the paid, approved entries.
  paid_total numeric(16, 2) not null default 0,
  paid_count bigint not null default 0,
  primary key (company_id, kind)
);
comment on table private.entry_paid_totals is
  'Per company and kind (expense = payables, income = receivables): sum of paid_total and count of the '
  'entries with status paid (payables: approved only), kept by private.track_entry_paid_totals. Read by '
  'entry_list_summary through private.entry_paid_total. tests/db/paid-totals.test.ts compares it with the '
  'sum over the rows after random writes.';
revoke all on table private.entry_paid_totals from public, anon, authenticated, service_role;

-- Security definer: a member's settle moves the totals, and members have no access to the table.
create function private.track_entry_paid_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := case tg_table_name when 'accounts_payable' then 'expense' else 'income' end;
  v_old_counts boolean := false;
  v_new_counts boolean := false;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    v_old_counts := old.status = 'paid'
      and (tg_table_name <> 'accounts_payable' or to_jsonb(old) ->> 'approval_status' = 'approved');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    v_new_counts := new.status = 'paid'
      and (tg_table_name <> 'accounts_payable' or to_jsonb(new) ->> 'approval_status' = 'approved');
  end if;
  if v_old_counts and v_new_counts and old.company_id = new.company_id and old.paid_total = new.paid_total then
    return null;
  end if;
  if v_old_counts then
    insert into private.entry_paid_totals as t (company_id, kind, paid_total, paid_count)
    values (old.company_id, v_kind, -old.paid_total, -1)
    on conflict (company_id, kind) do update
      set paid_total = t.paid_total + excluded.paid_total, paid_count = t.paid_count + excluded.paid_count;
  end if;
  if v_new_counts then
    insert into private.entry_paid_totals as t (company_id, kind, paid_total, paid_count)
    values (new.company_id, v_kind, new.paid_total, 1)
    on conflict (company_id, kind) do update
      set paid_total = t.paid_total + excluded.paid_total, paid_count = t.paid_count + excluded.paid_count;
  end if;
  return null;
end;
$$;
revoke all on function private.track_entry_paid_totals() from public, anon, authenticated, service_role;

create trigger accounts_payable_paid_totals
  after insert or update or delete on public.accounts_payable
  for each row execute function private.track_entry_paid_totals();
create trigger accounts_receivable_paid_totals
  after insert or update or delete on public.accounts_receivable
  for each row execute function private.track_entry_paid_totals();

-- The totals of the books as they are now (same lock as the trigger's writers would take: none is
-- running during a migration).
insert into private.entry_paid_totals (company_id, kind, paid_total, paid_count)
select company_id, 'expense', sum(paid_total), count(*)
from public.accounts_payable where status = 'paid' and approval_status = 'approved'
group by company_id;
insert into private.entry_paid_totals (company_id, kind, paid_total, paid_count)
select company_id, 'income', sum(paid_total), count(*)
from public.accounts_receivable where status = 'paid'
group by company_id;

-- The kept totals of a company the caller may read (the invoker summary calls it).
create function private.entry_paid_total(p_company_id uuid, p_kind text)
returns table (paid_total numeric, paid_count bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
  select coalesce(max(t.paid_total), 0), coalesce(max(t.paid_count), 0)::bigint
  from private.entry_paid_totals t
  where t.company_id = p_company_id and t.kind = p_kind;
end;
$$;
comment on function private.entry_paid_total(uuid, text) is
  'The kept paid totals (private.entry_paid_totals) of a company the caller reads (admin, financeiro, '
  'leitura); zero when it has none. Raises not_a_member.';
revoke all on function private.entry_paid_total(uuid, text) from public, anon, authenticated, service_role;
grant execute on function private.entry_paid_total(uuid, text) to authenticated;

-- What the pending figures read: the open, approved entries of a company with every column summed.
create index accounts_payable_pending_sums_idx on public.accounts_payable (company_id, due_date)
  include (open_amount, paid_amount, paid_total)
  where status = 'pending' and approval_status = 'approved';
create index accounts_receivable_pending_sums_idx on public.accounts_receivable (company_id, due_date)
  include (open_amount, paid_amount, paid_total)
  where status = 'pending';

create or replace function public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_result json;
  v_paid_total numeric;
  v_paid_count bigint;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  select t.paid_total, t.paid_count into v_paid_total, v_paid_count
  from private.entry_paid_total(p_company_id, p_kind) t;
  select json_build_object(
    'pending_total', coalesce(sum(e.open_amount), 0),
    'pending_count', count(*),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.due_date < p_today), 0),
    'overdue_count', count(*) filter (where e.due_date < p_today),
    'paid_total', v_paid_total,
    'paid_count', v_paid_count,
    'partial_paid_total', coalesce(sum(e.paid_total) filter (where e.paid_amount > 0), 0),
    'partial_count', count(*) filter (where e.paid_amount > 0)
  ) into v_result
  from (
    select p.open_amount, p.due_date, p.paid_amount, p.paid_total from public.accounts_payable p
    where p_kind = 'expense' and p.company_id = p_company_id and p.status = 'pending'
      and p.approval_status = 'approved'
    union all
    select r.open_amount, r.due_date, r.paid_amount, r.paid_total from public.accounts_receivable r
    where p_kind = 'income' and r.company_id = p_company_id and r.status = 'pending'
  ) e;
  return v_result;
end;
$$;
comment on function public.entry_list_summary(uuid, text, date) is
  'Contas a Pagar/Receber cards, in reais: pending_total/overdue_total = open amounts of pending entries; '
  'paid_total = what moved for fully paid entries (juros/multa/desconto included), kept by a trigger '
  '(private.entry_paid_totals) instead of summed over the history; partial_paid_total / partial_count = what '
  'was paid so far on pending, partially paid entries. Raises not_a_member, invalid_kind.';
