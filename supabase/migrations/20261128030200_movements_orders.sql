-- Movimentações in another order than latest first (the desktop table by value, or oldest first)
-- were still sorted and counted by PostgREST over the function's whole result. search_movements now
-- pages every order the screen offers itself (p_order, a whitelist, added last so that
-- movement_summary's positional call is unchanged); ties are broken by created_at and id in the
-- order's direction for dates, and latest first for equal values, so a page boundary never repeats
-- or skips a row.

drop function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer);
create function public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0, p_order text DEFAULT 'date_desc'::text)
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric, document_count integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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
    -- The entry's own texts as its trigram index has them (accounts_payable_search_idx,
    -- accounts_receivable_search_idx); names of other rows by id. The counterparty matches by its
    -- register's name or the name typed on the entry.
    and (v_pattern is null
         or private.search_text(r.description || E'\n' || coalesce(r.counterparty_text, '') || E'\n'
                                || coalesce(r.notes, '')) like v_pattern
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
         or private.search_text(coalesce(t.description, 'Transferência')) like v_pattern
         or t.from_account_id = any (v_account_ids)
         or t.to_account_id = any (v_account_ids));
    return;
  end if;

  -- A page in p_order: each part reads its first offset + limit rows in that order, and the page
  -- is cut from the two. Nothing is counted. The order is written as terms that are null unless
  -- their order is asked for: each call is planned with its values (plan_cache_mode below), so the
  -- terms of the other orders fold to constants and drop out, and a date order is read from the
  -- movement-date indexes (accounts_payable_movement_idx and accounts_receivable_movement_idx,
  -- merged, forwards or backwards) and stops at the page. By value is the amount as shown (paid +
  -- open), which no index holds: a top-N sort of the rows that match, still nothing counted.
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
    -- The entry's own texts as its trigram index has them (accounts_payable_search_idx,
    -- accounts_receivable_search_idx); names of other rows by id. The counterparty matches by its
    -- register's name or the name typed on the entry.
    and (v_pattern is null
         or private.search_text(r.description || E'\n' || coalesce(r.counterparty_text, '') || E'\n'
                                || coalesce(r.notes, '')) like v_pattern
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
         or private.search_text(coalesce(t.description, 'Transferência')) like v_pattern
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
$$;

comment on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) is
  'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; '
  'bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every filter '
  'given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter leaves '
  'transfers out; an account filter keeps a transfer when either side matches; p_without_comprovante: only '
  'entries with money paid (paid_amount > 0) and no comprovante on them or their payments, no transfers). '
  'p_search ignores case and accents. movement_date = settlement date of a paid entry, else its due date; a transfer''s date. '
  'display_status paid | overdue | open | transfer; display_amount = paid_total + open_amount (a transfer: its '
  'amount); signed_amount = display_amount, negative for an expense (a transfer: its amount); document_count = the paperclip (0 for a transfer). p_limit (1..5000): '
  'one page, p_offset rows in, nothing counted, in p_order: date_desc (default: movement_date, created_at, id '
  'all desc), date_asc (all asc), value_desc / value_asc (signed_amount, then movement_date, created_at, id desc); '
  'null: every row, unordered. Raises not_a_member, invalid_date, text_too_long, '
  'invalid_kind, invalid_status, invalid_page (limit, offset or order).';
revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text)
  from public, anon, authenticated, service_role;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text)
  to authenticated, service_role;
-- Each call planned with its values (see 20261127100800): the page size and the order.
alter function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text)
  set plan_cache_mode = force_custom_plan;
