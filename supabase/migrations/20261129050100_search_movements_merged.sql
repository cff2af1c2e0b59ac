-- search_movements as both of this stop's changes to it have it: a filtered page read along its
-- filter (20261129030200: page ids from private.movement_page_ids, transfers from the ledger in page
-- order) and a search that matches few entries cut from those entries alone (20261129010200:
-- private.movement_search_ids; they were written in parallel, each on the definition before the
-- other). Transfers are searched by their stored key. Sem comprovante reads the entries' kept
-- has_comprovante (20261129025000), not two NOT EXISTS over documents per row.

CREATE OR REPLACE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0, p_order text DEFAULT 'date_desc'::text)
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric, document_count integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  -- The search as a pattern (accents and case removed, % _ \ literal), and the rows of other
  -- tables whose names match it: entries are then found by id on their own indexes.
  v_pattern text := private.search_pattern(p_search);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  v_supplier_ids uuid[];
  v_client_ids uuid[];
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_page_ids uuid[];
  -- The entries the search matches, when they are few (see below); null: not searched, or many.
  v_ids uuid[];
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
  -- A page is 1..5000 rows from offset 0..1000000 in an order the screen offers (null limit: every
  -- row, unordered, as before).
  if p_limit < 1 or p_limit > 5000 or p_offset is null or p_offset < 0 or p_offset > 1000000
     or p_order is null or p_order not in ('date_desc', 'date_asc', 'value_desc', 'value_asc') then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;
  if v_pattern is not null then
    v_category_ids := array(select c.id from public.categories c
                            where c.company_id = p_company_id and private.search_text(c.name) like v_pattern);
    v_project_ids := array(select p.id from public.projects p
                           where p.company_id = p_company_id and private.search_text(p.name) like v_pattern);
    v_account_ids := array(select b.id from public.bank_accounts b
                           where b.company_id = p_company_id and private.search_text(b.name) like v_pattern);
    v_supplier_ids := array(select s.id from public.suppliers s
                            where s.company_id = p_company_id and private.search_text(s.name) like v_pattern);
    v_client_ids := array(select c.id from public.clients c
                          where c.company_id = p_company_id and private.search_text(c.name) like v_pattern);
    -- The matching entries on their indexes (trigram, counterparty, category, obra, account), found
    -- by a security definer (private.movement_search_ids). Up to 2 000, the page is cut from them
    -- alone: a search that matches few rows or none walked the whole history looking for a page.
    if p_limit is not null then
      v_ids := array(select private.movement_search_ids(p_company_id, v_pattern, v_category_ids, v_project_ids,
                                                        v_account_ids, v_supplier_ids, v_client_ids, 2001));
      if cardinality(v_ids) > 2000 then
        v_ids := null;
      end if;
    end if;
  end if;

  if p_limit is null then
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
                      else r.paid_total + r.open_amount end)::numeric as signed_amount,
         r.document_count
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
    -- Sem comprovante: money moved (paid, or partly) and no comprovante on the entry nor its payments.
    and (not coalesce(p_without_comprovante, false) or (r.paid_amount > 0 and not r.has_comprovante))
    and (not v_filter_projects
         or r.project_id = any (coalesce(p_project_ids, '{}'))
         or (coalesce(p_include_no_project, false) and r.project_id is null))
    -- The entry's own texts in their stored search form (search_key, trigram-indexed); names of
    -- other rows by id. The counterparty matches by its
    -- register's name or the name typed on the entry.
    and (v_pattern is null
         or r.search_key like v_pattern
         or r.counterparty_id = any (case r.kind when 'expense' then v_supplier_ids else v_client_ids end)
         or r.category_id = any (v_category_ids)
         or r.project_id = any (v_project_ids)
         or r.bank_account_id = any (v_account_ids))
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount, 0
  from public.transfers t
  where t.company_id = p_company_id
    and not coalesce(p_without_comprovante, false)
    and (p_start is null or t.transfer_date >= p_start)
    and (p_end is null or t.transfer_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or t.from_account_id = any (p_account_ids) or t.to_account_id = any (p_account_ids))
    and (v_pattern is null
         or t.search_key like v_pattern
         or t.from_account_id = any (v_account_ids)
         or t.to_account_id = any (v_account_ids));
    return;
  end if;

  -- By value (the amount as shown, paid + open, signed): a page of ids from each table in that
  -- order by its value index (accounts_payable_value_idx, accounts_receivable_value_idx: an expense
  -- is negative, so value_desc reads the payables' smallest amounts first), each row filtered as it
  -- is read and the walk stopping at offset + limit; only then the page's rows through the entries
  -- view, with their names and document counts. (Through the view, the names and counts were
  -- joined to every matching row before a top-N sort of them all.)
  if v_ids is not null then
    -- The few matching entries, in the page's order: read by primary key into a materialized set
    -- (as a plain condition the planner walked a date or value index filtering by id, the walk
    -- this avoids), filtered there. has_comprovante: the entry's kept flag.
    v_page_ids := array(
      with hit as materialized (
        select 'expense'::text as kind, p.id, coalesce(p.payment_date, p.due_date) as movement_date,
               p.due_date, p.status, p.created_at, -(p.paid_total + p.open_amount) as signed_amount,
               p.bank_account_id, p.category_id, p.project_id, p.paid_amount, p.has_comprovante
        from public.accounts_payable p
        where p.company_id = p_company_id and p.id = any (v_ids) and p.approval_status = 'approved'
        union all
        select 'income'::text, r.id, coalesce(r.received_date, r.due_date), r.due_date, r.status,
               r.created_at, r.paid_total + r.open_amount, r.bank_account_id, r.category_id,
               r.project_id, r.paid_amount, r.has_comprovante
        from public.accounts_receivable r
        where r.company_id = p_company_id and r.id = any (v_ids)
      )
      select h.id from hit h
      where (p_start is null or h.movement_date >= p_start)
        and (p_end is null or h.movement_date <= p_end)
        and (coalesce(cardinality(p_kinds), 0) = 0 or h.kind = any (p_kinds))
        and (coalesce(cardinality(p_statuses), 0) = 0
             or (case when h.status = 'paid' then 'paid' when h.due_date < v_today then 'overdue'
                      else 'open' end) = any (p_statuses))
        and (coalesce(cardinality(p_account_ids), 0) = 0 or h.bank_account_id = any (p_account_ids))
        and (coalesce(cardinality(p_category_ids), 0) = 0 or h.category_id = any (p_category_ids))
        and (not v_filter_projects
             or h.project_id = any (coalesce(p_project_ids, '{}'))
             or (coalesce(p_include_no_project, false) and h.project_id is null))
        and (not coalesce(p_without_comprovante, false) or (h.paid_amount > 0 and not h.has_comprovante))
      order by case when p_order = 'date_asc' then h.movement_date end,
               case when p_order = 'date_asc' then h.created_at end,
               case when p_order = 'date_asc' then h.id end,
               case when p_order = 'value_asc' then h.signed_amount end,
               case when p_order = 'value_desc' then h.signed_amount end desc,
               h.movement_date desc, h.created_at desc, h.id desc
      limit p_offset + p_limit);
  elsif p_order in ('value_desc', 'value_asc') then
    -- The ids first, on their own: given to the page as a list of values, they are looked up by
    -- primary key (as a join, the planner hashed them against every row of the view).
    v_page_ids := array(
      (select p.id
       from public.accounts_payable p
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
         and p.company_id = p_company_id and p.approval_status = 'approved'
         and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
         and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when p.status = 'paid' then 'paid' when p.due_date < v_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
         and (coalesce(cardinality(p_category_ids), 0) = 0 or p.category_id = any (p_category_ids))
         and (not v_filter_projects
              or p.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and p.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (p.paid_amount > 0 and not p.has_comprovante))
         and (v_pattern is null
              or p.search_key like v_pattern
              or p.supplier_id = any (v_supplier_ids)
              or p.category_id = any (v_category_ids)
              or p.project_id = any (v_project_ids)
              or p.bank_account_id = any (v_account_ids))
       order by case when p_order = 'value_desc' then p.paid_total + p.open_amount end,
                case when p_order = 'value_asc' then p.paid_total + p.open_amount end desc,
                coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
       limit p_offset + p_limit)
      union all
      (select r.id
       from public.accounts_receivable r
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
         and r.company_id = p_company_id
         and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
         and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when r.status = 'paid' then 'paid' when r.due_date < v_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
         and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
         and (not v_filter_projects
              or r.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and r.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (r.paid_amount > 0 and not r.has_comprovante))
         and (v_pattern is null
              or r.search_key like v_pattern
              or r.client_id = any (v_client_ids)
              or r.category_id = any (v_category_ids)
              or r.project_id = any (v_project_ids)
              or r.bank_account_id = any (v_account_ids))
       order by case when p_order = 'value_desc' then r.paid_total + r.open_amount end desc,
                case when p_order = 'value_asc' then r.paid_total + r.open_amount end,
                coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
       limit p_offset + p_limit));
  else
    -- By date: the page's ids from private.movement_page_ids (security definer): as the caller,
    -- row security kept the period (a coalesce, not leakproof) and the search's like from being
    -- index conditions, and a filter had no index in the page's order.
    v_page_ids := array(select private.movement_page_ids(
      p_company_id, v_today, p_start, p_end, p_kinds, p_statuses, p_account_ids, p_project_ids,
      p_include_no_project, p_category_ids, p_without_comprovante, v_pattern, v_supplier_ids,
      v_client_ids, v_category_ids, v_project_ids, v_account_ids, p_order, p_offset + p_limit));
  end if;

  -- The page: the rows of those ids through the entries view (names, document counts), looked up
  -- by primary key, and the transfers' first offset + limit in the same order; the page is cut
  -- from the two. Nothing is counted. The order is written as terms that are null unless their
  -- order is asked for: each call is planned with its values (plan_cache_mode below), so the terms
  -- of the other orders fold to constants and drop out.
  return query
  select * from (
    (
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from public.entries e
    where e.company_id = p_company_id and e.id = any (v_page_ids)
  )
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric as signed_amount,
         r.document_count
  from m r
    )
    union all
    (
  -- A transfer has no status, category nor obra: any of those filters leaves it out. The transfers
  -- view's rows, read here from the ledger: its out side in the page's order
  -- (transactions_transfer_out_date_idx, transactions_transfer_out_amount_idx), the in side,
  -- estorno and names per row read, so a page stops after offset + limit transfers (through the
  -- view, both sides of every transfer of the company were hashed and sorted first).
  select 'transfer'::text, 'transfer'::text, o.transfer_group_id, coalesce(o.description, 'Transferência'),
         o.amount, o.transaction_date, 'paid'::text, o.transaction_date, null::text, null::uuid,
         null::text, null::uuid, null::text, null::text, o.bank_account_id, fa.name, i.bank_account_id,
         ta.name, null::text, null::integer, null::integer, o.created_at, o.transaction_date,
         'transfer'::text, o.amount, 0::numeric, o.amount, o.amount, ro.id is not null,
         ro.transaction_date, o.amount, 0
  from public.transactions o
  join lateral (
    select x.bank_account_id from public.transactions x
    where x.company_id = o.company_id and x.type = 'transfer' and x.transfer_group_id = o.transfer_group_id
      and x.direction = 'in' and x.reversal_of is null
    limit 1
  ) i on true
  left join lateral (
    select r.id, r.transaction_date from public.transactions r
    where r.reversal_of is not null and r.reversal_of = o.id
    limit 1
  ) ro on true
  left join public.bank_accounts fa on fa.company_id = o.company_id and fa.id = o.bank_account_id
  left join public.bank_accounts ta on ta.company_id = o.company_id and ta.id = i.bank_account_id
  where o.company_id = p_company_id and o.type = 'transfer' and o.direction = 'out'
    and o.reversal_of is null
    and not coalesce(p_without_comprovante, false)
    and (p_start is null or o.transaction_date >= p_start)
    and (p_end is null or o.transaction_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or o.bank_account_id = any (p_account_ids) or i.bank_account_id = any (p_account_ids))
    and (v_pattern is null
         or (case when o.description is null then private.search_text('Transferência')
                  else o.search_key end) like v_pattern
         or o.bank_account_id = any (v_account_ids)
         or i.bank_account_id = any (v_account_ids))
  order by case when p_order = 'date_asc' then o.transaction_date end,
           case when p_order = 'date_asc' then o.created_at end,
           case when p_order = 'date_asc' then o.transfer_group_id end,
           case when p_order = 'value_asc' then o.amount end,
           case when p_order = 'value_desc' then o.amount end desc,
           o.transaction_date desc, o.created_at desc, o.transfer_group_id desc
  limit p_offset + p_limit
    )
  ) x
  order by case when p_order = 'date_asc' then x.movement_date end,
           case when p_order = 'date_asc' then x.created_at end,
           case when p_order = 'date_asc' then x.id end,
           case when p_order = 'value_asc' then x.signed_amount end,
           case when p_order = 'value_desc' then x.signed_amount end desc,
           x.movement_date desc, x.created_at desc, x.id desc
  limit p_limit offset p_offset;
end;
$function$;
revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) from public, anon, authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) to authenticated, service_role;
