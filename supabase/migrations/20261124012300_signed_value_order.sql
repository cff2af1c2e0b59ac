-- Sorting by Valor on the desktop tables that mix income and expense compares the signed value
-- (saídas negative), not the unsigned amount: an R$ 500 saída and an R$ 500 entrada no longer sort as
-- equal, and saídas no longer mix with entradas. The order stays in SQL (PostgREST order=) so that
-- "Carregar mais" continues it.
-- * search_movements (Movimentações) gains signed_amount at the end of its result (the same arguments,
--   so callers and movement_summary, which reads other columns by name, are unchanged; a function's
--   result columns cannot change in place, hence drop and create, then its grant again).
-- * The entries view (Últimos lançamentos) gets the computed field signed_amount(entries): PostgREST
--   orders by it as by a column (order=signed_amount.asc). A function, not a view column, so that the
--   row type public.entries that several functions return stays as it is.
-- * account_ledger (a bank account's history) already returns signed_amount (+ in, − out).
-- Contas a Pagar / Receber hold one kind only: they keep sorting by the amount.

drop function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]);

create function public.search_movements(
  p_company_id uuid,
  p_today date,
  p_search text default null,
  p_start date default null,
  p_end date default null,
  p_kinds text[] default null,
  p_statuses text[] default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false,
  p_category_ids uuid[] default null
)
returns table (
  row_type text,
  kind text,
  id uuid,
  description text,
  amount numeric,
  due_date date,
  status text,
  settled_on date,
  counterparty_name text,
  project_id uuid,
  project_name text,
  category_id uuid,
  category_name text,
  category_color text,
  bank_account_id uuid,
  bank_account_name text,
  to_account_id uuid,
  to_account_name text,
  payment_method text,
  installment_number integer,
  installment_count integer,
  created_at timestamptz,
  movement_date date,
  display_status text,
  paid_amount numeric,
  open_amount numeric,
  paid_total numeric,
  display_amount numeric,
  reversed boolean,
  reversed_on date,
  signed_amount numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

  return query
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from public.entries e
    where e.company_id = p_company_id
  )
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
    and (not v_filter_projects
         or r.project_id = any (coalesce(p_project_ids, '{}'))
         or (coalesce(p_include_no_project, false) and r.project_id is null))
    -- strpos, not ILIKE: what the user types is text, never a pattern (% and _ match themselves).
    and (v_search is null
         or strpos(lower(r.description), v_search) > 0
         or strpos(lower(coalesce(r.counterparty_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.category_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.project_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.bank_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.notes, '')), v_search) > 0)
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount
  from public.transfers t
  where t.company_id = p_company_id
    and (p_start is null or t.transfer_date >= p_start)
    and (p_end is null or t.transfer_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or t.from_account_id = any (p_account_ids) or t.to_account_id = any (p_account_ids))
    and (v_search is null
         or strpos(lower(coalesce(t.description, 'transferência')), v_search) > 0
         or strpos(lower(coalesce(t.from_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(t.to_account_name, '')), v_search) > 0);
end;
$$;
comment on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) is
  'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; '
  'bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every '
  'filter given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter '
  'leaves transfers out; an account filter keeps a transfer when either side matches). movement_date = '
  'settlement date of a paid entry, else its due date; a transfer''s date. display_status paid | overdue | '
  'open | transfer; display_amount = paid_total + open_amount (a transfer: its amount); signed_amount = '
  'display_amount, negative for an expense (a transfer has no direction: its amount), the desktop table''s '
  'order by Valor. Error key not_a_member.';

revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) from public, anon, authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;

create function public.signed_amount(public.entries)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case $1.kind when 'expense' then -$1.amount else $1.amount end;
$$;
comment on function public.signed_amount(public.entries) is
  'Computed field of the entries view: amount, negative for an expense (kind expense), positive for income. '
  'Últimos lançamentos orders by it (order=signed_amount) so that Valor sorts saídas before entradas.';
revoke all on function public.signed_amount(public.entries) from public, anon, authenticated;
grant execute on function public.signed_amount(public.entries) to authenticated;
