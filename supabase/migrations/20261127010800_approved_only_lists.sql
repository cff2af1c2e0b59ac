-- What awaits approval (or was refused) counts nowhere (approval: 20261127010500): not in
-- Movimentações (search_movements, and so movement_summary) nor in a supplier's figures
-- (supplier_stats, supplier_summary). Those payables are listed in Aprovações and, for their
-- requester, in the obra's entries.

-- search_movements: approved payables only.
CREATE OR REPLACE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[])
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  -- Filters are the values the screen offers; anything else is refused, not matched against.
  if exists (select 1 from unnest(p_kinds) k where k is null or k not in ('expense', 'income', 'transfer')) then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or s not in ('open', 'overdue', 'paid')) then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;

  return query
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from (select * from public.entries x where x.approval_status = 'approved') e
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
$function$;

-- supplier_stats: approved payables only.
CREATE OR REPLACE FUNCTION public.supplier_stats(p_company_id uuid, p_supplier_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(supplier_id uuid, order_count integer, orders_total numeric, average_ticket numeric, total_spent numeric, last_order_on date)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);

  return query
  with orders as (
    select o.supplier_id as sid,
           count(*)::integer as n,
           sum(o.amount) as total,
           max(o.order_date) as last_on
    from public.supplier_orders o
    where o.company_id = p_company_id
      and o.status <> 'cancelled'
      and (p_supplier_id is null or o.supplier_id = p_supplier_id)
    group by o.supplier_id
  ),
  spent as (
    select e.counterparty_id as sid, sum(e.paid_total) as total
    from (select * from public.entries x where x.approval_status = 'approved') e
    where e.company_id = p_company_id
      and e.kind = 'expense'
      and e.paid_amount > 0
      and e.counterparty_id is not null
      and (p_supplier_id is null or e.counterparty_id = p_supplier_id)
    group by e.counterparty_id
  )
  select s.id,
         coalesce(orders.n, 0),
         coalesce(orders.total, 0)::numeric,
         case when coalesce(orders.n, 0) > 0 then round(orders.total / orders.n, 2) else 0 end::numeric,
         coalesce(spent.total, 0)::numeric,
         orders.last_on
  from public.suppliers s
  left join orders on orders.sid = s.id
  left join spent on spent.sid = s.id
  where s.company_id = p_company_id
    and (p_supplier_id is null or s.id = p_supplier_id)
  order by s.name;
end;
$function$;

-- supplier_summary: approved payables only.
CREATE OR REPLACE FUNCTION public.supplier_summary(p_company_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  select json_build_object(
    'active_count', (select count(*) from public.suppliers s
                     where s.company_id = p_company_id and s.is_active),
    'inactive_count', (select count(*) from public.suppliers s
                       where s.company_id = p_company_id and not s.is_active),
    'total_spent', (select coalesce(sum(e.paid_total), 0) from (select * from public.entries x where x.approval_status = 'approved') e
                    where e.company_id = p_company_id and e.kind = 'expense' and e.paid_amount > 0
                      and e.counterparty_id is not null)
  ) into v_result;
  return v_result;
end;
$function$;
