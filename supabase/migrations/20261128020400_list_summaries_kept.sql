-- Fornecedores' header summed every paid payable of the history (0.35 s at 150 000 payables), and
-- Contas a Pagar/Receber's cards and the home's totals summed every pending row (they grow with
-- what is left open: 25 000 rows in the bench). All three now read the kept totals
-- (private.entry_totals): the all-time row of the payables that name a supplier, and the pending
-- months per kind, of which the months before today's are overdue and today's month is split by
-- its rows (the pending partial indexes). Same signatures and answers.

-- Pending figures per kind (expense = approved payables, income = receivables).
create function private.pending_entry_totals(p_company_id uuid, p_today date)
returns table (kind text, pending_total numeric, pending_count bigint, overdue_total numeric,
               overdue_count bigint, partial_paid_total numeric, partial_count bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_month date := date_trunc('month', p_today::timestamp)::date;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
  with kept as (
    select t.kind, sum(t.open_total) as pending_total, sum(t.entry_count) as pending_count,
           coalesce(sum(t.open_total) filter (where t.month < v_month), 0) as overdue_total,
           coalesce(sum(t.entry_count) filter (where t.month < v_month), 0) as overdue_count,
           sum(t.settled_total) as partial_paid_total, sum(t.settled_count) as partial_count
    from private.entry_totals t
    where t.company_id = p_company_id and t.dim = 'all' and not t.paid
    group by t.kind
  ),
  -- Pending rows of today's month due before today.
  today_month as (
    select 'expense'::text as kind, coalesce(sum(p.open_amount), 0) as total, count(*) as n
    from public.accounts_payable p
    where p.company_id = p_company_id and p.status = 'pending' and p.approval_status = 'approved'
      and p.due_date >= v_month and p.due_date < p_today
    union all
    select 'income'::text, coalesce(sum(r.open_amount), 0), count(*)
    from public.accounts_receivable r
    where r.company_id = p_company_id and r.status = 'pending'
      and r.due_date >= v_month and r.due_date < p_today
  )
  select k.kind, coalesce(c.pending_total, 0), coalesce(c.pending_count, 0)::bigint,
         coalesce(c.overdue_total, 0) + m.total, (coalesce(c.overdue_count, 0) + m.n)::bigint,
         coalesce(c.partial_paid_total, 0), coalesce(c.partial_count, 0)::bigint
  from (values ('expense'), ('income')) as k(kind)
  left join kept c on c.kind = k.kind
  join today_month m on m.kind = k.kind;
end;
$$;
comment on function private.pending_entry_totals(uuid, date) is
  'Per kind, the pending entries of a company the caller reads (admin, financeiro, leitura): pending_total / '
  'pending_count (open amounts), overdue_total / overdue_count (due before p_today), partial_paid_total / '
  'partial_count (pending entries with payments: what they paid so far), from private.entry_totals and, for '
  'today''s month, the pending rows. Raises not_a_member.';
revoke all on function private.pending_entry_totals(uuid, date) from public, anon, authenticated, service_role;
grant execute on function private.pending_entry_totals(uuid, date) to authenticated;

create or replace function public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_paid_total numeric;
  v_paid_count bigint;
  v_pending record;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  select t.paid_total, t.paid_count into v_paid_total, v_paid_count
  from private.entry_paid_total(p_company_id, p_kind) t;
  select * into v_pending from private.pending_entry_totals(p_company_id, p_today) t where t.kind = p_kind;
  return json_build_object(
    'pending_total', v_pending.pending_total,
    'pending_count', v_pending.pending_count,
    'overdue_total', v_pending.overdue_total,
    'overdue_count', v_pending.overdue_count,
    'paid_total', v_paid_total,
    'paid_count', v_paid_count,
    'partial_paid_total', v_pending.partial_paid_total,
    'partial_count', v_pending.partial_count
  );
end;
$$;
comment on function public.entry_list_summary(uuid, text, date) is
  'Contas a Pagar/Receber cards, in reais: pending_total/overdue_total = open amounts of pending entries; '
  'paid_total = what moved for fully paid entries (juros/multa/desconto included), kept by a trigger '
  '(private.entry_paid_totals); partial_paid_total / partial_count = what was paid so far on pending, partially '
  'paid entries. The pending figures from kept month totals (private.pending_entry_totals), not summed over '
  'the rows. Raises not_a_member, invalid_kind.';
revoke all on function public.entry_list_summary(uuid, text, date) from public, anon, authenticated;
grant execute on function public.entry_list_summary(uuid, text, date) to authenticated, service_role;

create or replace function public.dashboard_summary(p_company_id uuid, p_today date)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  select json_build_object(
    'receivable_total', coalesce(sum(t.pending_total) filter (where t.kind = 'income'), 0),
    'payable_total', coalesce(sum(t.pending_total) filter (where t.kind = 'expense'), 0),
    'overdue_total', coalesce(sum(t.overdue_total), 0),
    'receivable_pending_count', coalesce(sum(t.pending_count) filter (where t.kind = 'income'), 0),
    'payable_pending_count', coalesce(sum(t.pending_count) filter (where t.kind = 'expense'), 0),
    'overdue_count', coalesce(sum(t.overdue_count), 0)
  ) into v_result
  from private.pending_entry_totals(p_company_id, p_today) t;
  return v_result;
end;
$$;
comment on function public.dashboard_summary(uuid, date) is
  'Home totals A Receber, A Pagar, Em Atraso (pending entries due before p_today): sums of the OPEN amount (a '
  'partially paid entry counts its remainder), in reais; from kept month totals (private.pending_entry_totals).';
revoke all on function public.dashboard_summary(uuid, date) from public, anon, authenticated;
grant execute on function public.dashboard_summary(uuid, date) to authenticated, service_role;

-- Total spent with suppliers: the kept all-time row of the payables that name one.
create function private.supplier_spent_total(p_company_id uuid)
returns numeric
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return (select coalesce(sum(t.settled_total), 0) from private.entry_totals t
          where t.company_id = p_company_id and t.dim = 'counterparty_all' and t.kind = 'expense');
end;
$$;
comment on function private.supplier_spent_total(uuid) is
  'Sum of paid_total of the approved payables with payments (paid_amount > 0) that name a supplier, from '
  'private.entry_totals, for a company the caller reads (admin, financeiro, leitura). Raises not_a_member.';
revoke all on function private.supplier_spent_total(uuid) from public, anon, authenticated, service_role;
grant execute on function private.supplier_spent_total(uuid) to authenticated;

create or replace function public.supplier_summary(p_company_id uuid)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  select json_build_object(
    'active_count', (select count(*) from public.suppliers s
                     where s.company_id = p_company_id and s.is_active),
    'inactive_count', (select count(*) from public.suppliers s
                       where s.company_id = p_company_id and not s.is_active),
    'total_spent', private.supplier_spent_total(p_company_id)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.supplier_summary(uuid) is
  'Fornecedores list header, in reais: active_count, inactive_count, and total_spent = sum of the company''s '
  'PAID accounts_payable that point at a supplier (active or not), kept by a trigger '
  '(private.supplier_spent_total). Security invoker.';
revoke all on function public.supplier_summary(uuid) from public, anon, authenticated;
grant execute on function public.supplier_summary(uuid) to authenticated, service_role;
