-- A search that matches few entries or none (a typo, a rare name) walked Movimentações' whole history
-- in date order looking for 51 rows: 286 ms at 200 000 entries with no match, as the caller's row
-- security keeps like off the trigram index. search_movements now asks a security definer
-- (private.movement_search_ids) for the matching entries on their indexes; up to 2 000, the page is
-- cut from them by primary key. Transfers are searched by a stored key (public.transfers.search_key,
-- the ledger row's generated search_key, or 'transferencia' when it has no description): unaccent
-- once per transfer cost 40 ms at 2 000 transfers in every searched movement_summary.

create or replace view public.transfers with (security_invoker=true) as
 SELECT o.transfer_group_id AS id,
    o.company_id,
    o.transaction_date AS transfer_date,
    o.amount,
    o.description,
    o.bank_account_id AS from_account_id,
    fa.name AS from_account_name,
    i.bank_account_id AS to_account_id,
    ta.name AS to_account_name,
    ro.id IS NOT NULL AS reversed,
    ro.transaction_date AS reversed_on,
    o.created_by,
    o.created_at,
    CASE WHEN o.description IS NULL THEN private.search_text('Transferência') ELSE o.search_key END AS search_key
   FROM public.transactions o
     JOIN public.transactions i ON i.company_id = o.company_id AND i.type = 'transfer'::text AND i.transfer_group_id = o.transfer_group_id AND i.direction = 'in'::text AND i.reversal_of IS NULL
     LEFT JOIN public.transactions ro ON ro.reversal_of = o.id
     LEFT JOIN public.bank_accounts fa ON fa.company_id = o.company_id AND fa.id = o.bank_account_id
     LEFT JOIN public.bank_accounts ta ON ta.company_id = i.company_id AND ta.id = i.bank_account_id
  WHERE o.type = 'transfer'::text AND o.direction = 'out'::text AND o.reversal_of IS NULL;

comment on view public.transfers is 'Transfers between accounts (Movimentações): id = transfer group, from/to account, reversed = an estorno (reverse_transfer) wrote the opposite pair on reversed_on; search_key = what a search compares (the description''s stored search form, or ''transferencia'' when it has none). RLS of transactions applies.';

CREATE OR REPLACE FUNCTION private.movement_search_ids(p_company_id uuid, p_pattern text, p_category_ids uuid[], p_project_ids uuid[], p_account_ids uuid[], p_supplier_ids uuid[], p_client_ids uuid[], p_limit integer)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
    (select p.id from public.accounts_payable p
     where p.company_id = p_company_id and p.approval_status = 'approved'
       and (p.search_key like p_pattern
            or p.supplier_id = any (p_supplier_ids)
            or p.category_id = any (p_category_ids)
            or p.project_id = any (p_project_ids)
            or p.bank_account_id = any (p_account_ids))
     limit p_limit)
    union all
    (select r.id from public.accounts_receivable r
     where r.company_id = p_company_id
       and (r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.category_id = any (p_category_ids)
            or r.project_id = any (p_project_ids)
            or r.bank_account_id = any (p_account_ids))
     limit p_limit);
end;
$function$;
comment on function private.movement_search_ids(p_company_id uuid, p_pattern text, p_category_ids uuid[], p_project_ids uuid[], p_account_ids uuid[], p_supplier_ids uuid[], p_client_ids uuid[], p_limit integer) is 'The approved entries search_movements'' search matches (search_key like p_pattern, or supplier / client, category, obra or account in the ids given), each arm on its index: at most p_limit of each table. Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_search_ids(uuid, text, uuid[], uuid[], uuid[], uuid[], uuid[], integer) from public, anon, authenticated;
grant execute on function private.movement_search_ids(uuid, text, uuid[], uuid[], uuid[], uuid[], uuid[], integer) to authenticated;

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
    -- The matching entries by their indexes (trigram, counterparty, category, obra, account),
    -- found by a security definer: as the caller, row security keeps like off the trigram index
    -- (like is not leakproof), and a search that found few rows or none walked the company's whole
    -- history in page order looking for a page (286 ms at 200 000 entries for a typo). Up to
    -- 2 000 entries: the page is cut from them; more, and the walk finds a page within a few rows.
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

  if v_ids is not null then
    -- The few matching entries, looked up by primary key (materialized: the planner would otherwise
    -- walk a date index filtering by id, the same walk as before), filtered and ordered here.
    return query
  select * from (
    (
  with m as materialized (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from public.entries e
    where e.company_id = p_company_id and e.id = any (v_ids) and e.approval_status = 'approved'
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
  order by case when p_order = 'date_asc' then r.movement_date end,
           case when p_order = 'date_asc' then r.created_at end,
           case when p_order = 'date_asc' then r.id end,
           case when p_order = 'value_asc' then (case r.kind when 'expense' then -(r.paid_total + r.open_amount) else r.paid_total + r.open_amount end) end,
           case when p_order = 'value_desc' then (case r.kind when 'expense' then -(r.paid_total + r.open_amount) else r.paid_total + r.open_amount end) end desc,
           r.movement_date desc, r.created_at desc, r.id desc
  limit p_offset + p_limit
    )
    union all
    (
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
         or t.to_account_id = any (v_account_ids))
  order by case when p_order = 'date_asc' then t.transfer_date end,
           case when p_order = 'date_asc' then t.created_at end,
           case when p_order = 'date_asc' then t.id end,
           case when p_order = 'value_asc' then t.amount end,
           case when p_order = 'value_desc' then t.amount end desc,
           t.transfer_date desc, t.created_at desc, t.id desc
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
    return;
  end if;

  -- By value (the amount as shown, paid + open, signed): a page of ids from each table in that
  -- order by its value index (accounts_payable_value_idx, accounts_receivable_value_idx: an expense
  -- is negative, so value_desc reads the payables' smallest amounts first), each row filtered as it
  -- is read and the walk stopping at offset + limit; only then the page's rows through the entries
  -- view, with their names and document counts. (Through the view, the names and counts were
  -- joined to every matching row before a top-N sort of them all.)
  if p_order in ('value_desc', 'value_asc') then
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
              or (p.paid_amount > 0
                  and not exists (select 1 from public.documents d
                                  where d.payable_id = p.id and d.kind = 'comprovante')
                  and not exists (select 1 from public.transactions t
                                  join public.documents d on d.payment_id = t.id
                                  where t.company_id = p.company_id and t.payable_id = p.id
                                    and d.kind = 'comprovante')))
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
              or (r.paid_amount > 0
                  and not exists (select 1 from public.documents d
                                  where d.receivable_id = r.id and d.kind = 'comprovante')
                  and not exists (select 1 from public.transactions t
                                  join public.documents d on d.payment_id = t.id
                                  where t.company_id = r.company_id and t.receivable_id = r.id
                                    and d.kind = 'comprovante')))
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
           or t.to_account_id = any (v_account_ids))
    order by case when p_order = 'value_asc' then t.amount end,
             case when p_order = 'value_desc' then t.amount end desc,
             t.transfer_date desc, t.created_at desc, t.id desc
    limit p_offset + p_limit
      )
    ) x
    order by case when p_order = 'value_asc' then x.signed_amount end,
             case when p_order = 'value_desc' then x.signed_amount end desc,
             x.movement_date desc, x.created_at desc, x.id desc
    limit p_limit offset p_offset;
    return;
  end if;

  -- A page in p_order: each part reads its first offset + limit rows in that order, and the page
  -- is cut from the two. Nothing is counted. The order is written as terms that are null unless
  -- their order is asked for: each call is planned with its values (plan_cache_mode below), so the
  -- terms of the other orders fold to constants and drop out, and a date order is read from the
  -- movement-date indexes (accounts_payable_movement_idx and accounts_receivable_movement_idx,
  -- merged, forwards or backwards) and stops at the page.
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
  order by case when p_order = 'date_asc' then r.movement_date end,
           case when p_order = 'date_asc' then r.created_at end,
           case when p_order = 'date_asc' then r.id end,
           case when p_order = 'value_asc' then (case r.kind when 'expense' then -(r.paid_total + r.open_amount) else r.paid_total + r.open_amount end) end,
           case when p_order = 'value_desc' then (case r.kind when 'expense' then -(r.paid_total + r.open_amount) else r.paid_total + r.open_amount end) end desc,
           r.movement_date desc, r.created_at desc, r.id desc
  limit p_offset + p_limit
    )
    union all
    (
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
         or t.to_account_id = any (v_account_ids))
  order by case when p_order = 'date_asc' then t.transfer_date end,
           case when p_order = 'date_asc' then t.created_at end,
           case when p_order = 'date_asc' then t.id end,
           case when p_order = 'value_asc' then t.amount end,
           case when p_order = 'value_desc' then t.amount end desc,
           t.transfer_date desc, t.created_at desc, t.id desc
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
comment on function public.search_movements(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_limit integer, p_offset integer, p_order text) is 'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every filter given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter leaves transfers out; an account filter keeps a transfer when either side matches; p_without_comprovante: only entries with money paid (paid_amount > 0) and no comprovante on them or their payments, no transfers). p_search ignores case and accents. movement_date = settlement date of a paid entry, else its due date; a transfer''s date. display_status paid | overdue | open | transfer; display_amount = paid_total + open_amount (a transfer: its amount); signed_amount = display_amount, negative for an expense (a transfer: its amount); document_count = the paperclip (0 for a transfer). p_limit (1..5000): one page, p_offset rows in, nothing counted, in p_order: date_desc (default: movement_date, created_at, id all desc), date_asc (all asc), value_desc / value_asc (signed_amount, then movement_date, created_at, id desc); null: every row, unordered. Raises not_a_member, invalid_date, text_too_long, invalid_kind, invalid_status, invalid_page (limit, offset or order).';

CREATE OR REPLACE FUNCTION public.movement_summary(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_pattern text := private.search_pattern(p_search);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_account_ids uuid[];
  v_income numeric;
  v_expense numeric;
  v_count bigint;
  v_transfer_total numeric;
  v_transfer_count bigint;
begin
  -- The checks search_movements makes, in its order.
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  if exists (select 1 from unnest(p_kinds) k where k is null or k not in ('expense', 'income', 'transfer')) then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or s not in ('open', 'overdue', 'paid')) then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;

  if v_pattern is null and not v_without then
    select coalesce(sum(e.total) filter (where e.kind = 'income'), 0),
           coalesce(sum(e.total) filter (where e.kind = 'expense'), 0),
           coalesce(sum(e.entry_count), 0)
    into v_income, v_expense, v_count
    from private.movement_entry_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                       p_account_ids, p_project_ids, p_include_no_project, p_category_ids) e;
  else
    -- A search or Sem comprovante: kept totals where they can answer, the matching rows otherwise.
    select coalesce(sum(e.total) filter (where e.kind = 'income'), 0),
           coalesce(sum(e.total) filter (where e.kind = 'expense'), 0),
           coalesce(sum(e.entry_count), 0)
    into v_income, v_expense, v_count
    from private.movement_search_totals(p_company_id, p_today, p_search, p_start, p_end, p_kinds,
                                        p_statuses, p_account_ids, p_project_ids, p_include_no_project,
                                        p_category_ids, p_without_comprovante) e;
    if v_pattern is not null then
      v_account_ids := array(select b.id from public.bank_accounts b
                             where b.company_id = p_company_id and private.search_text(b.name) like v_pattern);
    end if;
  end if;

  -- Transfers as search_movements lists them: no status, category nor obra, no comprovante.
  select coalesce(sum(t.amount) filter (where not t.reversed), 0), count(*)
  into v_transfer_total, v_transfer_count
  from public.transfers t
  where t.company_id = p_company_id
    and not v_without
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

  return json_build_object(
    'income_total', v_income,
    'expense_total', v_expense,
    'balance', v_income - v_expense,
    'count', v_count + v_transfer_count,
    'transfer_total', v_transfer_total,
    'transfer_count', v_transfer_count
  );
end;
$function$;
comment on function public.movement_summary(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'Totals of Movimentações over exactly the rows search_movements gives for the same arguments: income_total, expense_total, balance (sums of display_amount of entries; transfers are neither), count (every row), transfer_total (transfers not reversed), transfer_count. Without a search text or sem comprovante the entries'' part is read from kept month totals (private.movement_entry_totals); with them, summed over the matching rows of the tables with search_movements'' conditions. Raises what search_movements raises.';
