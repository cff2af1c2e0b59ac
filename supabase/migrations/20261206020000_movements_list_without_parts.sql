-- Issue 35 (Lighthouse ≥ 95 on Movimentações as the largest company's admin): the lists' rows
-- without the parts.
--
-- A phone's first page of Movimentações (20 cards) was ≈ 25 kB of JSON, a third of it the `parts`
-- of split entries, and the page's LCP is that answer. The lists (the phone's cards, the desktop's
-- table) show of a split entry only "Rateio (N)" and its obras' names; the parts themselves are
-- the CSV export's. search_movements returns two more columns for them: part_count (null unless
-- split) and part_project_names (the entries view's: the parts' obras' names, distinct, in the
-- order of the parts, null for Geral), so a list selects those and not `parts`. The rows are
-- read through the entries view already, which computes part_project_names: the body is
-- otherwise unchanged, and so is its plan.
--
-- A new `returns table` is a drop and a create; the grants are the same as before (the reset of
-- privileges grants it again by its unchanged arguments).

drop function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text);
create function public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0, p_order text DEFAULT 'date_desc'::text)
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric, document_count integer, parts jsonb, part_count integer, part_project_names text[])
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
  -- An obra or category filter: a split entry shows the figures of its matching parts (issue 33).
  v_by_parts boolean := coalesce(cardinality(p_category_ids), 0) > 0 or v_filter_projects;
  -- By value under ONE obra (Sem obra: the nil uuid) or ONE categoria, nothing else of those
  -- filters: the split entries' page from their kept value there (private.movement_split_value_ids,
  -- 20261203010100), not every one of them valued.
  v_split_dim text;
  v_split_id uuid;
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
  with m0 as materialized (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status,
      -- A split entry: the sums of its parts that match the obra and category filters (all of
      -- them without such filters: the entry's own figures) and its parts, with their names (read
      -- under row security), figures (private.entry_part_figures) and whether they match.
      case when e.parts is not null then (
        select jsonb_build_object(
          'amount', coalesce(sum(f.amount) filter (where f.ok), 0),
          'paid_amount', coalesce(sum(f.paid_amount) filter (where f.ok), 0),
          'open_amount', coalesce(sum(f.open_amount) filter (where f.ok), 0),
          'paid_total', coalesce(sum(f.paid_total) filter (where f.ok), 0),
          'parts', jsonb_agg(jsonb_build_object(
            'project_id', f.project_id,
            'project_name', (select pr.name from public.projects pr
                             where pr.company_id = e.company_id and pr.id = f.project_id),
            'stage_id', f.stage_id,
            'stage_name', (select st.name from public.project_stages st
                           where st.company_id = e.company_id and st.id = f.stage_id),
            'category_id', f.category_id,
            'category_name', (select c.name from public.categories c
                              where c.company_id = e.company_id and c.id = f.category_id),
            'category_color', (select c.color from public.categories c
                               where c.company_id = e.company_id and c.id = f.category_id),
            'amount', f.amount, 'paid_amount', f.paid_amount, 'open_amount', f.open_amount,
            'paid_total', f.paid_total, 'display_amount', f.paid_total + f.open_amount,
            'match', f.ok) order by f.pos))
        from (select x.*, private.part_matches(x.project_id, x.category_id, p_project_ids,
                                               p_include_no_project, p_category_ids) as ok
              from private.entry_part_figures(e.parts, null, null, null, e.amount, e.paid_amount,
                                              e.interest_amount, e.fine_amount, e.discount_amount) x) f
      ) end as split
    from (select * from public.entries x where x.approval_status = 'approved') e
    where e.company_id = p_company_id
  ),
  -- A split entry: the figures of its parts that match the obra and category filters (all of them,
  -- the entry's own, without such filters).
  m as (
    select m0.*, coalesce((m0.split ->> 'amount')::numeric, m0.amount) as f_amount,
           coalesce((m0.split ->> 'paid_amount')::numeric, m0.paid_amount) as f_paid_amount,
           coalesce((m0.split ->> 'open_amount')::numeric, m0.open_amount) as f_open_amount,
           coalesce((m0.split ->> 'paid_total')::numeric, m0.paid_total) as f_paid_total
    from m0
  )
  select 'entry'::text, r.kind, r.id, r.description, r.f_amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.f_paid_amount, r.f_open_amount, r.f_paid_total, (r.f_paid_total + r.f_open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.f_paid_total + r.f_open_amount)
                      else r.f_paid_total + r.f_open_amount end)::numeric as signed_amount,
         r.document_count, r.split -> 'parts',
         -- What a list shows of a split entry ("Rateio (3)", its obras' names), without the parts.
         case when r.parts is not null then jsonb_array_length(r.parts) end, r.part_project_names
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    -- Sem comprovante: money moved (paid, or partly) and no comprovante on the entry nor its payments.
    and (not coalesce(p_without_comprovante, false) or (r.paid_amount > 0 and not r.has_comprovante))
    -- Obra and category: a split entry by its parts (one of them matching every such filter).
    and case when r.parts is null then
               (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
               and (not v_filter_projects
                    or r.project_id = any (coalesce(p_project_ids, '{}'))
                    or (coalesce(p_include_no_project, false) and r.project_id is null))
             else not v_by_parts
                  or private.parts_match(r.parts, p_project_ids, p_include_no_project, p_category_ids) end
    -- The entry's own texts in their stored search form (search_key, trigram-indexed); names of
    -- other rows by id. The counterparty matches by its
    -- register's name or the name typed on the entry.
    and (v_pattern is null
         or r.search_key like v_pattern
         or r.counterparty_id = any (case r.kind when 'expense' then v_supplier_ids else v_client_ids end)
         or r.category_id = any (v_category_ids)
         or r.project_id = any (v_project_ids)
         or r.bank_account_id = any (v_account_ids)
         or (r.parts is not null and cardinality(v_category_ids) > 0
             and private.parts_match(r.parts, null, false, v_category_ids))
         or (r.parts is not null and cardinality(v_project_ids) > 0
             and private.parts_match(r.parts, v_project_ids, false, null)))
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount, 0, null::jsonb, null::integer, null::text[]
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
               p.bank_account_id, p.category_id, p.project_id, p.paid_amount, p.has_comprovante, p.parts,
               p.amount, p.interest_amount, p.fine_amount, p.discount_amount
        from public.accounts_payable p
        where p.company_id = p_company_id and p.id = any (v_ids) and p.approval_status = 'approved'
        union all
        select 'income'::text, r.id, coalesce(r.received_date, r.due_date), r.due_date, r.status,
               r.created_at, r.paid_total + r.open_amount, r.bank_account_id, r.category_id,
               r.project_id, r.paid_amount, r.has_comprovante, r.parts, r.amount, r.interest_amount,
               r.fine_amount, r.discount_amount
        from public.accounts_receivable r
        where r.company_id = p_company_id and r.id = any (v_ids)
      )
      select h.id
      from hit h0
      -- The value as listed: a split entry's matching parts under an obra or category filter.
      cross join lateral (
        select h0.*,
               case when h0.parts is null or not v_by_parts then h0.signed_amount
                    else (case h0.kind when 'expense' then -1 else 1 end)
                         * private.parts_display(h0.parts, h0.amount, h0.paid_amount, h0.interest_amount,
                                     h0.fine_amount, h0.discount_amount, p_project_ids,
                                     p_include_no_project, p_category_ids) end
                 as shown_amount
      ) h
      where (p_start is null or h.movement_date >= p_start)
        and (p_end is null or h.movement_date <= p_end)
        and (coalesce(cardinality(p_kinds), 0) = 0 or h.kind = any (p_kinds))
        and (coalesce(cardinality(p_statuses), 0) = 0
             or (case when h.status = 'paid' then 'paid' when h.due_date < v_today then 'overdue'
                      else 'open' end) = any (p_statuses))
        and (coalesce(cardinality(p_account_ids), 0) = 0 or h.bank_account_id = any (p_account_ids))
        and case when h.parts is null then
                   (coalesce(cardinality(p_category_ids), 0) = 0 or h.category_id = any (p_category_ids))
                   and (not v_filter_projects
                        or h.project_id = any (coalesce(p_project_ids, '{}'))
                        or (coalesce(p_include_no_project, false) and h.project_id is null))
                 else not v_by_parts
                      or private.parts_match(h.parts, p_project_ids, p_include_no_project, p_category_ids) end
        and (not coalesce(p_without_comprovante, false) or (h.paid_amount > 0 and not h.has_comprovante))
      order by case when p_order = 'date_asc' then h.movement_date end,
               case when p_order = 'date_asc' then h.created_at end,
               case when p_order = 'date_asc' then h.id end,
               case when p_order = 'value_asc' then h.shown_amount end,
               case when p_order = 'value_desc' then h.shown_amount end desc,
               h.movement_date desc, h.created_at desc, h.id desc
      limit p_offset + p_limit);
  elsif p_order in ('value_desc', 'value_asc') then
    if (select count(distinct x) from unnest(p_category_ids) x) = 1
       and coalesce(cardinality(p_project_ids), 0) = 0 and not coalesce(p_include_no_project, false) then
      v_split_dim := 'category';
      v_split_id := p_category_ids[1];
    elsif coalesce(cardinality(p_category_ids), 0) = 0
          and (select count(distinct x) from unnest(p_project_ids) x)
              + coalesce(p_include_no_project, false)::int = 1 then
      v_split_dim := 'project';
      v_split_id := coalesce(p_project_ids[1], '00000000-0000-0000-0000-000000000000'::uuid);
    end if;
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
         -- Under an obra or category filter a split entry shows its parts' value: read apart below.
         and (not v_by_parts or p.parts is null)
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
              or p.bank_account_id = any (v_account_ids)
              or p.part_category_ids && v_category_ids
              or p.part_project_ids && v_project_ids)
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
         -- Under an obra or category filter a split entry shows its parts' value: read apart below.
         and (not v_by_parts or r.parts is null)
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
              or r.bank_account_id = any (v_account_ids)
              or r.part_category_ids && v_category_ids
              or r.part_project_ids && v_project_ids)
       order by case when p_order = 'value_desc' then r.paid_total + r.open_amount end desc,
                case when p_order = 'value_asc' then r.paid_total + r.open_amount end,
                coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
       limit p_offset + p_limit)
      union all
      -- Split entries under an obra or category filter, by the value of their matching parts: every
      -- split entry of the filter (the parts' GIN index) valued, the first offset + limit kept.
      (select p.id
       from public.accounts_payable p
       cross join lateral (
         select private.parts_display(p.parts, p.amount, p.paid_amount, p.interest_amount,
                                      p.fine_amount, p.discount_amount, p_project_ids,
                                      p_include_no_project, p_category_ids) as shown
       ) v
       where v_by_parts and v_split_dim is null
         and (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
         and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
         and (coalesce(cardinality(p_category_ids), 0) = 0 or p.part_category_ids && p_category_ids)
         and (coalesce(cardinality(p_project_ids), 0) = 0 or coalesce(p_include_no_project, false)
              or p.part_project_ids && p_project_ids)
         -- One part matching both filters, or Geral: checked part by part (the parts' ids above tell
       -- the rest).
       and (not ((coalesce(cardinality(p_category_ids), 0) > 0 and v_filter_projects)
                 or coalesce(p_include_no_project, false))
            or private.parts_match(p.parts, p_project_ids, p_include_no_project, p_category_ids))
         and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
         and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when p.status = 'paid' then 'paid' when p.due_date < v_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
         and (not coalesce(p_without_comprovante, false)
              or (p.paid_amount > 0 and not p.has_comprovante))
         and (v_pattern is null
              or p.search_key like v_pattern
              or p.supplier_id = any (v_supplier_ids)
              or p.bank_account_id = any (v_account_ids)
              or p.part_category_ids && v_category_ids
              or p.part_project_ids && v_project_ids)
       order by case when p_order = 'value_desc' then v.shown end,
                case when p_order = 'value_asc' then v.shown end desc,
                coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
       limit p_offset + p_limit)
      union all
      -- Split entries under an obra or category filter, by the value of their matching parts: every
      -- split entry of the filter (the parts' GIN index) valued, the first offset + limit kept.
      (select r.id
       from public.accounts_receivable r
       cross join lateral (
         select private.parts_display(r.parts, r.amount, r.paid_amount, r.interest_amount,
                                      r.fine_amount, r.discount_amount, p_project_ids,
                                      p_include_no_project, p_category_ids) as shown
       ) v
       where v_by_parts and v_split_dim is null
         and (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
         and r.company_id = p_company_id and r.parts is not null
         and (coalesce(cardinality(p_category_ids), 0) = 0 or r.part_category_ids && p_category_ids)
         and (coalesce(cardinality(p_project_ids), 0) = 0 or coalesce(p_include_no_project, false)
              or r.part_project_ids && p_project_ids)
         -- One part matching both filters, or Geral: checked part by part (the parts' ids above tell
       -- the rest).
       and (not ((coalesce(cardinality(p_category_ids), 0) > 0 and v_filter_projects)
                 or coalesce(p_include_no_project, false))
            or private.parts_match(r.parts, p_project_ids, p_include_no_project, p_category_ids))
         and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
         and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when r.status = 'paid' then 'paid' when r.due_date < v_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
         and (not coalesce(p_without_comprovante, false)
              or (r.paid_amount > 0 and not r.has_comprovante))
         and (v_pattern is null
              or r.search_key like v_pattern
              or r.client_id = any (v_client_ids)
              or r.bank_account_id = any (v_account_ids)
              or r.part_category_ids && v_category_ids
              or r.part_project_ids && v_project_ids)
       order by case when p_order = 'value_asc' then v.shown end,
                case when p_order = 'value_desc' then v.shown end desc,
                coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
       limit p_offset + p_limit)
      );
    if v_split_dim is not null then
      v_page_ids := v_page_ids || array(select private.movement_split_value_ids(
        p_company_id, v_today, p_start, p_end, p_kinds, p_statuses, p_account_ids, v_split_dim, v_split_id,
        p_without_comprovante, v_pattern, v_supplier_ids, v_client_ids, v_category_ids, v_project_ids,
        v_account_ids, p_order, p_offset + p_limit));
    end if;
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
  with m0 as materialized (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status,
      -- A split entry: the sums of its parts that match the obra and category filters (all of
      -- them without such filters: the entry's own figures) and its parts, with their names (read
      -- under row security), figures (private.entry_part_figures) and whether they match.
      case when e.parts is not null then (
        select jsonb_build_object(
          'amount', coalesce(sum(f.amount) filter (where f.ok), 0),
          'paid_amount', coalesce(sum(f.paid_amount) filter (where f.ok), 0),
          'open_amount', coalesce(sum(f.open_amount) filter (where f.ok), 0),
          'paid_total', coalesce(sum(f.paid_total) filter (where f.ok), 0),
          'parts', jsonb_agg(jsonb_build_object(
            'project_id', f.project_id,
            'project_name', (select pr.name from public.projects pr
                             where pr.company_id = e.company_id and pr.id = f.project_id),
            'stage_id', f.stage_id,
            'stage_name', (select st.name from public.project_stages st
                           where st.company_id = e.company_id and st.id = f.stage_id),
            'category_id', f.category_id,
            'category_name', (select c.name from public.categories c
                              where c.company_id = e.company_id and c.id = f.category_id),
            'category_color', (select c.color from public.categories c
                               where c.company_id = e.company_id and c.id = f.category_id),
            'amount', f.amount, 'paid_amount', f.paid_amount, 'open_amount', f.open_amount,
            'paid_total', f.paid_total, 'display_amount', f.paid_total + f.open_amount,
            'match', f.ok) order by f.pos))
        from (select x.*, private.part_matches(x.project_id, x.category_id, p_project_ids,
                                               p_include_no_project, p_category_ids) as ok
              from private.entry_part_figures(e.parts, null, null, null, e.amount, e.paid_amount,
                                              e.interest_amount, e.fine_amount, e.discount_amount) x) f
      ) end as split
    from public.entries e
    where e.company_id = p_company_id and e.id = any (v_page_ids)
  ),
  m as (
    select m0.*, coalesce((m0.split ->> 'amount')::numeric, m0.amount) as f_amount,
           coalesce((m0.split ->> 'paid_amount')::numeric, m0.paid_amount) as f_paid_amount,
           coalesce((m0.split ->> 'open_amount')::numeric, m0.open_amount) as f_open_amount,
           coalesce((m0.split ->> 'paid_total')::numeric, m0.paid_total) as f_paid_total
    from m0
  )
  select 'entry'::text, r.kind, r.id, r.description, r.f_amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.f_paid_amount, r.f_open_amount, r.f_paid_total, (r.f_paid_total + r.f_open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.f_paid_total + r.f_open_amount)
                      else r.f_paid_total + r.f_open_amount end)::numeric as signed_amount,
         r.document_count, r.split -> 'parts',
         -- What a list shows of a split entry ("Rateio (3)", its obras' names), without the parts.
         case when r.parts is not null then jsonb_array_length(r.parts) end, r.part_project_names
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
         ro.transaction_date, o.amount, 0, null::jsonb, null::integer, null::text[]
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
comment on function public.search_movements(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_limit integer, p_offset integer, p_order text) is 'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every filter given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter leaves transfers out; an account filter keeps a transfer when either side matches; p_without_comprovante: only entries with money paid (paid_amount > 0) and no comprovante on them or their payments, no transfers). p_search ignores case and accents. movement_date = settlement date of a paid entry, else its due date; a transfer''s date. display_status paid | overdue | open | transfer; display_amount = paid_total + open_amount (a transfer: its amount); signed_amount = display_amount, negative for an expense (a transfer: its amount); document_count = the paperclip (0 for a transfer). p_limit (1..5000): one page, p_offset rows in, nothing counted, in p_order: date_desc (default: movement_date, created_at, id all desc), date_asc (all asc), value_desc / value_asc (signed_amount, then movement_date, created_at, id desc); null: every row, unordered. Raises not_a_member, invalid_date, text_too_long, invalid_kind, invalid_status, invalid_page (limit, offset or order). Rateio: under an obra or category filter a split entry is listed once when one of its parts matches every such filter, its figures the sums of its matching parts; parts: null unless split, else each part (ids, names, figures, match). part_count and part_project_names: null unless split, else the number of parts and the names of their obras, distinct, in the order of the parts (null for a Geral part), as the entries view''s part_project_names: what a list shows of a split entry without asking for the parts. A search matches a split entry by its parts'' category and obra names. By value under one obra or one categoria, the split entries'' page is read in the order of their kept value there (private.movement_split_value_ids).';
revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) from public, anon, authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) to authenticated;
