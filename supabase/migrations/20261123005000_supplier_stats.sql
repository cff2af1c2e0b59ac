-- Supplier statistics for the Fornecedores list and the supplier detail cards, computed in SQL so
-- that their cost does not grow with the rows a browser would otherwise download.
--
-- Definitions (one meaning each, used by every screen):
-- - total spent ("Total gasto"): the sum of the supplier's PAID payables (accounts_payable with
--   status 'paid' and supplier_id = the supplier). Pending payables and payables that only carry a
--   free-text supplier_name are not spending yet / not linked, so they do not count.
-- - orders ("Total de pedidos"): the supplier's supplier_orders that are not cancelled
--   (pending or delivered).
-- - orders total: the sum of those orders' amounts.
-- - average ticket ("Ticket médio"): orders total / number of orders, rounded to centavos; 0 when
--   there are no orders.
-- - last order ("Último pedido"): the latest order_date among those orders; null when none.

-- Per supplier of one company. RLS of the underlying tables applies (security invoker); a caller
-- who is not a member of the company gets not_a_member instead of an empty answer.
create or replace function public.supplier_stats(p_company_id uuid, p_supplier_id uuid default null)
returns table (
  supplier_id uuid,
  order_count integer,
  orders_total numeric,
  average_ticket numeric,
  total_spent numeric,
  last_order_on date
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;

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
    select ap.supplier_id as sid, sum(ap.amount) as total
    from public.accounts_payable ap
    where ap.company_id = p_company_id
      and ap.status = 'paid'
      and ap.supplier_id is not null
      and (p_supplier_id is null or ap.supplier_id = p_supplier_id)
    group by ap.supplier_id
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
$$;
comment on function public.supplier_stats(uuid, uuid) is
  'Per supplier of p_company_id (or only p_supplier_id), in reais: order_count = non-cancelled '
  'supplier_orders; orders_total = their summed amount; average_ticket = orders_total / order_count '
  '(rounded to centavos, 0 without orders); total_spent = sum of the supplier''s PAID accounts_payable; '
  'last_order_on = latest order_date of a non-cancelled order. Security invoker: RLS applies.';

-- The two numbers at the top of the Fornecedores list.
create or replace function public.supplier_summary(p_company_id uuid)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  select json_build_object(
    'active_count', (select count(*) from public.suppliers s
                     where s.company_id = p_company_id and s.is_active),
    'inactive_count', (select count(*) from public.suppliers s
                       where s.company_id = p_company_id and not s.is_active),
    'total_spent', (select coalesce(sum(ap.amount), 0) from public.accounts_payable ap
                    where ap.company_id = p_company_id and ap.status = 'paid'
                      and ap.supplier_id is not null)
  ) into v_result;
  return v_result;
end;
$$;
comment on function public.supplier_summary(uuid) is
  'Fornecedores list header, in reais: active_count, inactive_count, and total_spent = sum of the '
  'company''s PAID accounts_payable that point at a supplier (active or not). Security invoker.';

revoke all on function public.supplier_stats(uuid, uuid) from public, anon;
revoke all on function public.supplier_summary(uuid) from public, anon;
grant execute on function public.supplier_stats(uuid, uuid) to authenticated;
grant execute on function public.supplier_summary(uuid) to authenticated;
