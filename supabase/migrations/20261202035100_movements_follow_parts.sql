-- Issue 33 (rateio), Movimentações: the obra and category filters follow the parts.
--
-- A split entry (parts not null; its own project_id / category_id null) is listed by an obra or
-- category filter when one of its parts matches every such filter given (obra: the part's obra, or
-- Geral for "Sem obra"; categoria: the part's category), ONCE, with the figures of the parts that
-- match summed (amount, paid_amount, open_amount, paid_total; display = paid_total + open_amount):
-- each part's figures are the entry's apportioned by private.entry_part_figures. Without an obra or
-- category filter a split entry is listed as before, with its own figures. The totals
-- (movement_summary: movement_kept_totals, movement_search_totals) add the same figures and count
-- a listed entry once. A search matches a split entry by the names of its parts' obras and
-- categories too (it is not a filter: the entry's own figures).
--
-- search_movements returns one more column, parts: null when not split, else each part with its
-- obra, etapa and categoria (ids and names), its figures and whether it matches the filters (what
-- the screen labels "Rateio" and what the CSV writes one line per part). Every helper run per row
-- is plpgsql (a SQL function with its search_path set is never inlined: planned again per call). The entries view gains
-- parts and part_project_names (the parts' obras' names, in the order of the parts; null for Geral),
-- for the lists' "Rateio" labels.

-- ---------------------------------------------------------------------------------------------
-- Which parts match
-- ---------------------------------------------------------------------------------------------

create function private.part_matches(
  p_project_id uuid, p_category_id uuid, p_project_ids uuid[], p_include_no_project boolean,
  p_category_ids uuid[]
)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- plpgsql, one expression: evaluated without an executor per call (a SQL body with its
  -- search_path set is never inlined and ran as a query at every part).
  return coalesce(
    (not (coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false))
     or p_project_id = any (coalesce(p_project_ids, '{}'))
     or (coalesce(p_include_no_project, false) and p_project_id is null))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or p_category_id = any (p_category_ids)),
    false);
end;
$$;
comment on function private.part_matches(uuid, uuid, uuid[], boolean, uuid[]) is 'Movimentações'' obra and category filters on one part (or unsplit entry): its obra in p_project_ids (or none, with p_include_no_project: Sem obra / Geral) when an obra filter is given, and its category in p_category_ids when a category filter is given. True without filters.';
revoke all on function private.part_matches(uuid, uuid, uuid[], boolean, uuid[]) from public, anon, authenticated;
grant execute on function private.part_matches(uuid, uuid, uuid[], boolean, uuid[]) to authenticated;

create function private.parts_match(
  p_parts jsonb, p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[]
)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_part jsonb;
  v_i integer;
begin
  -- plpgsql: run per row, a SQL body would be planned again at every call.
  if p_parts is null then
    return false;
  end if;
  for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
    v_part := p_parts -> v_i;
    if private.part_matches((v_part ->> 'project_id')::uuid, (v_part ->> 'category_id')::uuid,
                            p_project_ids, p_include_no_project, p_category_ids) then
      return true;
    end if;
  end loop;
  return false;
end;
$$;
comment on function private.parts_match(jsonb, uuid[], boolean, uuid[]) is 'A split entry matches Movimentações'' obra and category filters: one of its parts matches them all (private.part_matches).';
revoke all on function private.parts_match(jsonb, uuid[], boolean, uuid[]) from public, anon, authenticated;
grant execute on function private.parts_match(jsonb, uuid[], boolean, uuid[]) to authenticated;

create function private.parts_matched_dims(
  p_parts jsonb, p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[]
)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_part jsonb;
  v_i integer;
  v_seen text[] := '{}';
  v_key text;
begin
  -- The kept totals (private.entry_totals, dims category / project) count a split entry once per
  -- category / obra it has: how many of those rows a filter of ONE dim adds up for this entry.
  if p_parts is null then
    return 0;
  end if;
  for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
    v_part := p_parts -> v_i;
    if private.part_matches((v_part ->> 'project_id')::uuid, (v_part ->> 'category_id')::uuid,
                            p_project_ids, p_include_no_project, p_category_ids) then
      v_key := case when coalesce(cardinality(p_category_ids), 0) > 0 then coalesce(v_part ->> 'category_id', '')
                    else coalesce(v_part ->> 'project_id', '') end;
      if not v_key = any (v_seen) then
        v_seen := v_seen || v_key;
      end if;
    end if;
  end loop;
  return cardinality(v_seen);
end;
$$;
comment on function private.parts_matched_dims(jsonb, uuid[], boolean, uuid[]) is 'How many distinct categories (a category filter) or obras (an obra filter; Geral counts as one) of a split entry''s parts match the filter: the rows of private.entry_totals the entry adds to that filter''s kept sum.';
revoke all on function private.parts_matched_dims(jsonb, uuid[], boolean, uuid[]) from public, anon, authenticated;

create function private.parts_display(
  p_parts jsonb, p_amount numeric, p_paid_amount numeric, p_interest numeric, p_fine numeric,
  p_discount numeric, p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[]
)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_part jsonb;
  v_i integer;
  v_sum numeric := 0;
  v_any boolean := false;
begin
  -- The display amount (paid_total + open_amount) of the parts that match the filters. A part's
  -- paid share and open amount add up to its amount (open = amount − paid share), so without juros,
  -- multa and desconto its display amount IS its amount: summed from the parts, no apportioning.
  -- With them, each part's figures from private.entry_part_figures. Null when none matches.
  if p_parts is null then
    return null;
  end if;
  if coalesce(p_interest, 0) = 0 and coalesce(p_fine, 0) = 0 and coalesce(p_discount, 0) = 0 then
    for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
      v_part := p_parts -> v_i;
      if private.part_matches((v_part ->> 'project_id')::uuid, (v_part ->> 'category_id')::uuid,
                              p_project_ids, p_include_no_project, p_category_ids) then
        v_sum := v_sum + (v_part ->> 'amount')::numeric;
        v_any := true;
      end if;
    end loop;
    return case when v_any then v_sum end;
  end if;
  return (select sum(f.paid_total + f.open_amount)
          from private.entry_part_figures(p_parts, null, null, null, p_amount, p_paid_amount,
                                          p_interest, p_fine, p_discount) f
          where private.part_matches(f.project_id, f.category_id, p_project_ids,
                                     p_include_no_project, p_category_ids));
end;
$$;
comment on function private.parts_display(jsonb, numeric, numeric, numeric, numeric, numeric, uuid[], boolean, uuid[]) is 'A split entry''s display amount (paid_total + open_amount) over its parts that match the obra and category filters (private.part_matches), exact: the parts'' amounts when the entry has no juros, multa nor desconto (paid share + open = amount), else private.entry_part_figures. Null when no part matches.';
revoke all on function private.parts_display(jsonb, numeric, numeric, numeric, numeric, numeric, uuid[], boolean, uuid[]) from public, anon, authenticated;
grant execute on function private.parts_display(jsonb, numeric, numeric, numeric, numeric, numeric, uuid[], boolean, uuid[]) to authenticated;

-- search_movements runs as the caller and apportions the page's split entries.
revoke all on function private.apportion(numeric[], numeric) from public, anon, authenticated;
grant execute on function private.apportion(numeric[], numeric) to authenticated;
revoke all on function private.part_shares(jsonb, numeric) from public, anon, authenticated;
grant execute on function private.part_shares(jsonb, numeric) to authenticated;
revoke all on function private.entry_part_figures(jsonb, uuid, uuid, uuid, numeric, numeric, numeric, numeric, numeric) from public, anon, authenticated;
grant execute on function private.entry_part_figures(jsonb, uuid, uuid, uuid, numeric, numeric, numeric, numeric, numeric) to authenticated;


-- ---------------------------------------------------------------------------------------------
-- Split entries in page order (the date orders read them apart from the filter's index)
-- ---------------------------------------------------------------------------------------------

create index accounts_payable_split_movement_idx on public.accounts_payable
  (company_id, coalesce(payment_date, due_date), created_at, id)
  where parts is not null and approval_status = 'approved';
create index accounts_receivable_split_movement_idx on public.accounts_receivable
  (company_id, coalesce(received_date, due_date), created_at, id)
  where parts is not null;

-- ---------------------------------------------------------------------------------------------
-- The entries view: parts, and the names of the parts' obras
-- ---------------------------------------------------------------------------------------------

create or replace view public.entries with (security_invoker=true) as
 SELECT u.kind,
    u.id,
    u.company_id,
    u.description,
    u.amount,
    u.due_date,
    u.status,
    u.settled_on,
    u.counterparty_id,
    COALESCE(
        CASE u.kind
            WHEN 'expense'::text THEN s.name
            ELSE cl.name
        END, u.counterparty_text) AS counterparty_name,
    u.project_id,
    pr.name AS project_name,
    u.category_id,
    c.name AS category_name,
    c.color AS category_color,
    u.bank_account_id,
    b.name AS bank_account_name,
    u.payment_method,
    u.notes,
    u.series_id,
    u.series_kind,
    u.installment_number,
    u.installment_count,
    u.created_at,
    u.paid_amount,
    u.open_amount,
    u.interest_amount,
    u.fine_amount,
    u.discount_amount,
    u.paid_total,
    u.counterparty_text,
    u.updated_at,
    u.created_by,
    u.stage_id,
    st.name AS stage_name,
    u.approval_status,
    u.approval_reason,
        CASE u.kind
            WHEN 'expense'::text THEN (( SELECT count(*)::integer AS count
               FROM public.documents d
              WHERE d.payable_id = u.id)) + (( SELECT count(*)::integer AS count
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.payable_id = u.id))
            ELSE (( SELECT count(*)::integer AS count
               FROM public.documents d
              WHERE d.receivable_id = u.id)) + (( SELECT count(*)::integer AS count
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.receivable_id = u.id))
        END AS document_count,
        CASE u.kind
            WHEN 'expense'::text THEN (EXISTS ( SELECT 1
               FROM public.documents d
              WHERE d.payable_id = u.id AND d.kind = 'comprovante'::text)) OR (EXISTS ( SELECT 1
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.payable_id = u.id AND d.kind = 'comprovante'::text))
            ELSE (EXISTS ( SELECT 1
               FROM public.documents d
              WHERE d.receivable_id = u.id AND d.kind = 'comprovante'::text)) OR (EXISTS ( SELECT 1
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.receivable_id = u.id AND d.kind = 'comprovante'::text))
        END AS has_comprovante,
    u.boleto_code,
    u.pix_code,
    u.nfe_key,
    u.search_key,
    u.parts,
        CASE
            WHEN u.parts IS NOT NULL THEN ARRAY( SELECT pp.name
               FROM ( SELECT (x.e ->> 'project_id'::text)::uuid AS project_id,
                        min(x.o) AS first_pos
                       FROM jsonb_array_elements(u.parts) WITH ORDINALITY x(e, o)
                      GROUP BY ((x.e ->> 'project_id'::text)::uuid)) q
                 LEFT JOIN public.projects pp ON pp.company_id = u.company_id AND pp.id = q.project_id
              ORDER BY q.first_pos)
            ELSE NULL::text[]
        END AS part_project_names
   FROM ( SELECT 'expense'::text AS kind,
            p.id,
            p.company_id,
            p.description,
            p.amount,
            p.due_date,
            p.status,
            p.payment_date AS settled_on,
            p.supplier_id AS counterparty_id,
            p.project_id,
            p.category_id,
            p.bank_account_id,
            p.payment_method,
            p.notes,
            p.series_id,
            p.series_kind,
            p.installment_number,
            p.installment_count,
            p.created_at,
            p.paid_amount,
            p.open_amount,
            p.interest_amount,
            p.fine_amount,
            p.discount_amount,
            p.paid_total,
            p.supplier_name AS counterparty_text,
            p.updated_at,
            p.created_by,
            p.stage_id,
            p.approval_status,
            p.approval_reason,
            p.boleto_code,
            p.pix_code,
            p.nfe_key,
            p.search_key,
            p.parts
           FROM public.accounts_payable p
        UNION ALL
         SELECT 'income'::text AS text,
            r.id,
            r.company_id,
            r.description,
            r.amount,
            r.due_date,
            r.status,
            r.received_date,
            r.client_id,
            r.project_id,
            r.category_id,
            r.bank_account_id,
            r.payment_method,
            r.notes,
            r.series_id,
            r.series_kind,
            r.installment_number,
            r.installment_count,
            r.created_at,
            r.paid_amount,
            r.open_amount,
            r.interest_amount,
            r.fine_amount,
            r.discount_amount,
            r.paid_total,
            r.client_name,
            r.updated_at,
            r.created_by,
            r.stage_id,
            'approved'::text AS text,
            NULL::text AS text,
            NULL::text AS text,
            NULL::text AS text,
            NULL::text AS text,
            r.search_key,
            r.parts
           FROM public.accounts_receivable r) u
     LEFT JOIN public.suppliers s ON u.kind = 'expense'::text AND s.company_id = u.company_id AND s.id = u.counterparty_id
     LEFT JOIN public.clients cl ON u.kind = 'income'::text AND cl.company_id = u.company_id AND cl.id = u.counterparty_id
     LEFT JOIN public.projects pr ON pr.company_id = u.company_id AND pr.id = u.project_id
     LEFT JOIN public.categories c ON c.company_id = u.company_id AND c.id = u.category_id
     LEFT JOIN public.bank_accounts b ON b.company_id = u.company_id AND b.id = u.bank_account_id
     LEFT JOIN public.project_stages st ON st.company_id = u.company_id AND st.id = u.stage_id;
comment on view public.entries is 'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point at (stage_name: the etapa of the obra) and the payment columns (paid_amount, open_amount, interest/fine/discount_amount, paid_total); document_count: documents of the entry and of its payments (the paperclip); has_comprovante: one of them is a comprovante; boleto_code, pix_code, nfe_key: the codes a payable was recorded from (null for a receivable); search_key: the stored search form of description, counterparty text and notes (what a search compares); parts: the rateio (null when not split; project_id, category_id, stage_id and their names are then null); part_project_names: the names of the parts'' obras, distinct, in the order of the parts (null for a Geral part). The one union of the two tables: every aggregate reads it. Flattened: the tables'' rows unioned first, names and document columns computed on top (a page is read from an index in its order). RLS of the underlying tables applies (documents included: an ''obra'' member counts those of its obras).';

-- ---------------------------------------------------------------------------------------------
-- The functions of Movimentações
-- ---------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION private.movement_kept_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean)
 RETURNS TABLE(kind text, total numeric, entry_count bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_today_month date := date_trunc('month', coalesce(p_today, current_date)::timestamp)::date;
  v_any_status boolean := coalesce(cardinality(p_statuses), 0) = 0;
  v_paid boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'paid' = any (p_statuses);
  v_open boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'open' = any (p_statuses);
  v_overdue boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'overdue' = any (p_statuses);
  v_by_account boolean := coalesce(cardinality(p_account_ids), 0) > 0;
  v_by_category boolean := coalesce(cardinality(p_category_ids), 0) > 0;
  v_by_project boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_kinds text[] := case when coalesce(cardinality(p_kinds), 0) = 0 then array['expense', 'income'] else p_kinds end;
  v_dim text;
  -- Whole months of the period (first days), read from the kept totals.
  v_first date;
  v_last date;
  -- Day ranges summed from the rows; v_pending_only: only the pending rows of that range.
  v_los date[] := '{}';
  v_his date[] := '{}';
  v_pending_only boolean[] := '{}';
  v_split boolean;
  -- Split entries (issue 33): an obra or category filter sums the figures of their matching parts.
  v_by_parts boolean := coalesce(cardinality(p_category_ids), 0) > 0 or coalesce(cardinality(p_project_ids), 0) > 0
                        or coalesce(p_include_no_project, false);
  -- The kept rows of one dim count a split entry once per obra / category of it: with two or more
  -- ids of the filter (Sem obra one of them), an entry may be counted more than once there.
  v_multi boolean := coalesce(cardinality(p_category_ids), 0) + coalesce(cardinality(p_project_ids), 0)
                     + coalesce(p_include_no_project, false)::int > 1;
  -- The pairs of the filter's ids: an entry counted more than once has two of them (the parts'
  -- GIN index finds it by the pair).
  v_pair_a uuid[];
  v_pair_b uuid[];
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  v_split := v_open <> v_overdue;
  v_dim := case when v_by_account::int + v_by_category::int + v_by_project::int > 1 then null
                when v_by_account then 'account' when v_by_category then 'category'
                when v_by_project then 'project' else 'all' end;
  v_first := case when p_start is null then '-infinity'::date
                  when p_start = date_trunc('month', p_start::timestamp)::date then p_start
                  else (date_trunc('month', p_start::timestamp) + interval '1 month')::date end;
  v_last := case when p_end is null then 'infinity'::date
                 when p_end = (date_trunc('month', p_end::timestamp) + interval '1 month - 1 day')::date
                   then date_trunc('month', p_end::timestamp)::date
                 else (date_trunc('month', p_end::timestamp) - interval '1 month')::date end;

  if v_dim is null or v_first > v_last then
    -- No whole month the kept totals can answer: the period from the rows.
    v_dim := null;
    v_los := array[coalesce(p_start, '-infinity'::date)];
    v_his := array[coalesce(p_end, 'infinity'::date)];
    v_pending_only := array[false];
  else
    if p_start is not null and p_start < v_first then
      v_los := v_los || p_start;
      v_his := v_his || (v_first - 1);
      v_pending_only := v_pending_only || false;
    end if;
    if p_end is not null and p_end >= (v_last + interval '1 month')::date then
      v_los := v_los || (v_last + interval '1 month')::date;
      v_his := v_his || p_end;
      v_pending_only := v_pending_only || false;
    end if;
    -- A pending row of today's month is open or overdue by its day: from the rows.
    if v_split and v_today_month between v_first and v_last then
      v_los := v_los || v_today_month;
      v_his := v_his || (v_today_month + interval '1 month - 1 day')::date;
      v_pending_only := v_pending_only || true;
    end if;
  end if;

  if v_multi and v_dim in ('category', 'project') then
    select array_agg(a.id order by a.id, b.id), array_agg(b.id order by a.id, b.id)
    into v_pair_a, v_pair_b
    from (select distinct x.id from unnest(case v_dim when 'category' then p_category_ids
                                                      else coalesce(p_project_ids, '{}') end) x(id)) a
    join (select distinct x.id from unnest(case v_dim when 'category' then p_category_ids
                                                      else coalesce(p_project_ids, '{}') end) x(id)) b
      on a.id < b.id;
  end if;

  return query
  with sums as (
    select t.kind, t.display_total as total, t.entry_count
    from private.entry_totals t
    where v_dim is not null
      and t.company_id = p_company_id and t.dim = v_dim and t.kind = any (v_kinds)
      and t.month between v_first and v_last
      and (not v_without or t.sem_comprovante)
      and case when t.paid then v_paid
               when not v_split then v_open
               when t.month < v_today_month then v_overdue
               when t.month > v_today_month then v_open
               else false end
      and case v_dim
            when 'account' then t.dim_id = any (p_account_ids)
            when 'category' then t.dim_id = any (p_category_ids)
            when 'project' then t.dim_id = any (coalesce(p_project_ids, '{}'))
                                or (coalesce(p_include_no_project, false) and t.dim_id is null)
            else true end
    union all
    -- A split entry under an obra or category filter: the figures of its matching parts.
    select e.kind,
           case when e.parts is null or not v_by_parts then e.paid_total + e.open_amount
                else private.parts_display(e.parts, e.amount, e.paid_amount, e.interest_amount,
                                     e.fine_amount, e.discount_amount, p_project_ids,
                                     p_include_no_project, p_category_ids) end,
           1::bigint
    from unnest(v_los, v_his, v_pending_only) as g(lo, hi, pending_only)
    cross join lateral (
      select 'expense'::text as kind, p.status, p.due_date, p.bank_account_id, p.category_id, p.project_id,
             p.paid_total, p.open_amount, p.paid_amount, p.has_comprovante, p.parts, p.amount,
             p.interest_amount, p.fine_amount, p.discount_amount, p.part_category_ids, p.part_project_ids
      from public.accounts_payable p
      where 'expense' = any (v_kinds) and p.company_id = p_company_id and p.approval_status = 'approved'
        and coalesce(p.payment_date, p.due_date) between g.lo and g.hi
      union all
      select 'income'::text, r.status, r.due_date, r.bank_account_id, r.category_id, r.project_id,
             r.paid_total, r.open_amount, r.paid_amount, r.has_comprovante, r.parts, r.amount,
             r.interest_amount, r.fine_amount, r.discount_amount, r.part_category_ids, r.part_project_ids
      from public.accounts_receivable r
      where 'income' = any (v_kinds) and r.company_id = p_company_id
        and coalesce(r.received_date, r.due_date) between g.lo and g.hi
    ) e
    where (not g.pending_only or e.status = 'pending')
      and case when e.status = 'paid' then v_paid when e.due_date < v_today then v_overdue else v_open end
      and (not v_without or (e.paid_amount > 0 and not e.has_comprovante))
      and (not v_by_account or e.bank_account_id = any (p_account_ids))
      -- An OR of two arms, each on its indexes (the filter's btree; the parts' GIN index).
      and ((e.parts is null
            and (not v_by_category or e.category_id = any (p_category_ids))
            and (not v_by_project
                 or e.project_id = any (coalesce(p_project_ids, '{}'))
                 or (coalesce(p_include_no_project, false) and e.project_id is null)))
           or (e.parts is not null
               and (not v_by_category or e.part_category_ids && p_category_ids)
               and (not v_by_project or coalesce(p_include_no_project, false)
                    or e.part_project_ids && coalesce(p_project_ids, '{}'))
               and (not v_by_parts
                    or private.parts_match(e.parts, p_project_ids, p_include_no_project, p_category_ids))))
    union all
    -- The kept rows of the whole months counted a split entry once per matching obra / category:
    -- once is what the list shows. Its split rows of those months, as the kept rows took them (the
    -- months, their status and sem comprovante as above), on the parts' GIN index.
    select c.kind, 0::numeric,
           (1 - case when coalesce(p_include_no_project, false)
                     then private.parts_matched_dims(c.parts, p_project_ids, p_include_no_project, p_category_ids)
                     -- The distinct ids of the parts in the filter (the generated columns are distinct).
                     else cardinality(array(select unnest(c.dim_ids)
                                            intersect all
                                            select distinct unnest(case v_dim when 'category' then p_category_ids
                                                                              else p_project_ids end)))
                end)::bigint
    from (
      select distinct on (x.kind, x.id) x.*
      from (
        -- Two ids of the filter in its parts: by each pair on the parts' GIN index.
        select 'expense'::text as kind, p.id, p.status, p.due_date,
               coalesce(p.payment_date, p.due_date) as movement_date, p.parts, p.paid_amount,
               p.has_comprovante,
               case v_dim when 'category' then p.part_category_ids else p.part_project_ids end as dim_ids
        from unnest(v_pair_a, v_pair_b) pr(a, b)
        cross join lateral (
          select * from public.accounts_payable p
          where 'expense' = any (v_kinds) and not coalesce(p_include_no_project, false)
            and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
            and (v_dim <> 'category' or p.part_category_ids @> array[pr.a, pr.b])
            and (v_dim <> 'project' or p.part_project_ids @> array[pr.a, pr.b])
            and coalesce(p.payment_date, p.due_date) >= v_first
            and coalesce(p.payment_date, p.due_date) < (v_last + interval '1 month')::date
        ) p
        union all
        select 'income'::text, r.id, r.status, r.due_date, coalesce(r.received_date, r.due_date),
               r.parts, r.paid_amount, r.has_comprovante,
               case v_dim when 'category' then r.part_category_ids else r.part_project_ids end
        from unnest(v_pair_a, v_pair_b) pr(a, b)
        cross join lateral (
          select * from public.accounts_receivable r
          where 'income' = any (v_kinds) and not coalesce(p_include_no_project, false)
            and r.company_id = p_company_id and r.parts is not null
            and (v_dim <> 'category' or r.part_category_ids @> array[pr.a, pr.b])
            and (v_dim <> 'project' or r.part_project_ids @> array[pr.a, pr.b])
            and coalesce(r.received_date, r.due_date) >= v_first
            and coalesce(r.received_date, r.due_date) < (v_last + interval '1 month')::date
        ) r
        union all
        -- Sem obra with obras: a Geral part beside a part of one of them (no index has Geral: every
        -- split entry of those obras, on the parts' GIN index).
        select 'expense'::text, p.id, p.status, p.due_date, coalesce(p.payment_date, p.due_date),
               p.parts, p.paid_amount, p.has_comprovante, p.part_project_ids
        from public.accounts_payable p
        where v_multi and v_dim = 'project' and coalesce(p_include_no_project, false)
          and 'expense' = any (v_kinds)
          and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
          and p.part_project_ids && p_project_ids
          and coalesce(p.payment_date, p.due_date) >= v_first
          and coalesce(p.payment_date, p.due_date) < (v_last + interval '1 month')::date
        union all
        select 'income'::text, r.id, r.status, r.due_date, coalesce(r.received_date, r.due_date),
               r.parts, r.paid_amount, r.has_comprovante, r.part_project_ids
        from public.accounts_receivable r
        where v_multi and v_dim = 'project' and coalesce(p_include_no_project, false)
          and 'income' = any (v_kinds)
          and r.company_id = p_company_id and r.parts is not null
          and r.part_project_ids && p_project_ids
          and coalesce(r.received_date, r.due_date) >= v_first
          and coalesce(r.received_date, r.due_date) < (v_last + interval '1 month')::date
      ) x
      order by x.kind, x.id
    ) c
    where (not v_without or (c.paid_amount > 0 and not c.has_comprovante))
      and case when c.status = 'paid' then v_paid
               when not v_split then v_open
               when c.movement_date < v_today_month then v_overdue
               when c.movement_date >= (v_today_month + interval '1 month')::date then v_open
               else false end
  )
  select sums.kind, sum(sums.total), sum(sums.entry_count)::bigint from sums group by sums.kind;
end;
$function$;
comment on function private.movement_kept_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary without search, per kind: total (display amounts) and entry_count, from private.entry_totals for whole months and from the rows for the edge days (and today''s month''s pending rows when open and overdue are told apart); p_without_comprovante: only the entries with money paid and no comprovante (the sem_comprovante key; has_comprovante on the rows). Body of movement_entry_totals and of movement_search_totals'' kept part: called by those security definer functions only (no grant). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura). Rateio: under an obra or category filter a split entry counts once, with the sum of its matching parts (rows: private.entry_part_figures; kept months: entry_totals by parts, their extra counts taken back for a filter of two or more ids).';

CREATE OR REPLACE FUNCTION private.movement_page_ids(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_pattern text, p_supplier_ids uuid[], p_client_ids uuid[], p_name_category_ids uuid[], p_name_project_ids uuid[], p_name_account_ids uuid[], p_order text, p_limit integer)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  -- The filter the page is read along (its index: the filter's column, then the page's order):
  -- an obra, else a category, else an account; none: the movement-date indexes. The other
  -- filters are checked on the rows as they are read.
  v_by text := case
    when coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false) then 'project'
    when coalesce(cardinality(p_category_ids), 0) > 0 then 'category'
    when coalesce(cardinality(p_account_ids), 0) > 0 then 'account'
    else 'none' end;
  -- One read in page order per id of that filter (one, unfiltered, when there is none); an id
  -- given twice is read once (twice, its rows would take two places each in the page).
  v_keys uuid[] := array(select distinct k.id from unnest(case v_by
    when 'project' then coalesce(p_project_ids, '{}')
    when 'category' then p_category_ids
    when 'account' then p_account_ids
    else array[null::uuid] end) k(id));
  v_asc boolean := p_order = 'date_asc';
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_order is null or p_order not in ('date_desc', 'date_asc') or p_limit is null or p_limit < 1 then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;

  -- Each arm reads its first p_limit rows in the page's order (each call is planned with its
  -- values: the arms and terms not asked for fold away), and the page is cut from them. The order
  -- terms are null unless their order is asked for, as in search_movements.
  return query
  select x.id from (
    (select p.id, p.movement_date, p.created_at
     from unnest(v_keys) k(id)
     cross join lateral (
       select p.id, coalesce(p.payment_date, p.due_date) as movement_date, p.created_at
       from public.accounts_payable p
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
         and p.company_id = p_company_id and p.approval_status = 'approved'
         -- The filter read along is the key; its own condition below folds away (left in, an
         -- obra filter's "or project_id is null" tempted the planner into a bitmap and a sort).
         and (v_by <> 'project' or p.project_id = k.id)
         and (v_by <> 'category' or p.category_id = k.id)
         and (v_by <> 'account' or p.bank_account_id = k.id)
         and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
         and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when p.status = 'paid' then 'paid' when p.due_date < p_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (v_by = 'account' or coalesce(cardinality(p_account_ids), 0) = 0
              or p.bank_account_id = any (p_account_ids))
         and (v_by = 'category' or coalesce(cardinality(p_category_ids), 0) = 0
              or p.category_id = any (p_category_ids))
         and (v_by = 'project' or not v_filter_projects
              or p.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and p.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (p.paid_amount > 0 and not p.has_comprovante))
         and (p_pattern is null
              or p.search_key like p_pattern
              or p.supplier_id = any (p_supplier_ids)
              or p.category_id = any (p_name_category_ids)
              or p.project_id = any (p_name_project_ids)
              or p.bank_account_id = any (p_name_account_ids)
              or p.part_category_ids && p_name_category_ids
              or p.part_project_ids && p_name_project_ids)
       order by case when v_asc then coalesce(p.payment_date, p.due_date) end,
                case when v_asc then p.created_at end,
                case when v_asc then p.id end,
                coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
       limit p_limit) p)
    union all
    -- Sem obra: project_id is null is no equality, so the planner would not take the obra index's
    -- rows as ordered by date; ordered by project_id first (null in every row read), they are.
    (select p.id, coalesce(p.payment_date, p.due_date), p.created_at
     from public.accounts_payable p
     where v_by = 'project' and coalesce(p_include_no_project, false)
       and (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
       and p.company_id = p_company_id and p.approval_status = 'approved'
       and p.project_id is null and p.parts is null
       and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
       and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
       and (coalesce(cardinality(p_statuses), 0) = 0
            or (case when p.status = 'paid' then 'paid' when p.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
       and (coalesce(cardinality(p_category_ids), 0) = 0 or p.category_id = any (p_category_ids))
       and (not coalesce(p_without_comprovante, false)
            or (p.paid_amount > 0 and not p.has_comprovante))
       and (p_pattern is null
            or p.search_key like p_pattern
            or p.supplier_id = any (p_supplier_ids)
            or p.category_id = any (p_name_category_ids)
            or p.bank_account_id = any (p_name_account_ids))
     order by case when v_asc then p.project_id end,
              case when v_asc then coalesce(p.payment_date, p.due_date) end,
              case when v_asc then p.created_at end,
              case when v_asc then p.id end,
              p.project_id desc, coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
     limit p_limit)
    union all
    (select r.id, r.movement_date, r.created_at
     from unnest(v_keys) k(id)
     cross join lateral (
       select r.id, coalesce(r.received_date, r.due_date) as movement_date, r.created_at
       from public.accounts_receivable r
       where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
         and r.company_id = p_company_id
         and (v_by <> 'project' or r.project_id = k.id)
         and (v_by <> 'category' or r.category_id = k.id)
         and (v_by <> 'account' or r.bank_account_id = k.id)
         and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
         and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
         and (coalesce(cardinality(p_statuses), 0) = 0
              or (case when r.status = 'paid' then 'paid' when r.due_date < p_today then 'overdue'
                       else 'open' end) = any (p_statuses))
         and (v_by = 'account' or coalesce(cardinality(p_account_ids), 0) = 0
              or r.bank_account_id = any (p_account_ids))
         and (v_by = 'category' or coalesce(cardinality(p_category_ids), 0) = 0
              or r.category_id = any (p_category_ids))
         and (v_by = 'project' or not v_filter_projects
              or r.project_id = any (coalesce(p_project_ids, '{}'))
              or (coalesce(p_include_no_project, false) and r.project_id is null))
         and (not coalesce(p_without_comprovante, false)
              or (r.paid_amount > 0 and not r.has_comprovante))
         and (p_pattern is null
              or r.search_key like p_pattern
              or r.client_id = any (p_client_ids)
              or r.category_id = any (p_name_category_ids)
              or r.project_id = any (p_name_project_ids)
              or r.bank_account_id = any (p_name_account_ids)
              or r.part_category_ids && p_name_category_ids
              or r.part_project_ids && p_name_project_ids)
       order by case when v_asc then coalesce(r.received_date, r.due_date) end,
                case when v_asc then r.created_at end,
                case when v_asc then r.id end,
                coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
       limit p_limit) r)
    union all
    (select r.id, coalesce(r.received_date, r.due_date), r.created_at
     from public.accounts_receivable r
     where v_by = 'project' and coalesce(p_include_no_project, false)
       and (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
       and r.company_id = p_company_id
       and r.project_id is null and r.parts is null
       and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
       and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
       and (coalesce(cardinality(p_statuses), 0) = 0
            or (case when r.status = 'paid' then 'paid' when r.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
       and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
       and (not coalesce(p_without_comprovante, false)
            or (r.paid_amount > 0 and not r.has_comprovante))
       and (p_pattern is null
            or r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.category_id = any (p_name_category_ids)
            or r.bank_account_id = any (p_name_account_ids))
     order by case when v_asc then r.project_id end,
              case when v_asc then coalesce(r.received_date, r.due_date) end,
              case when v_asc then r.created_at end,
              case when v_asc then r.id end,
              r.project_id desc, coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
     limit p_limit)
    union all
    -- Split entries (issue 33) under an obra or category filter: their own project_id and
    -- category_id are null, so the filter's index has none of them. Listed when one part matches
    -- every filter (private.parts_match), read in page order on the split rows' movement-date index
    -- (or found by the parts' GIN index, as the planner prefers).
    (select p.id, coalesce(p.payment_date, p.due_date), p.created_at
     from public.accounts_payable p
     where v_by in ('project', 'category')
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
            or (case when p.status = 'paid' then 'paid' when p.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
       and (not coalesce(p_without_comprovante, false)
            or (p.paid_amount > 0 and not p.has_comprovante))
       and (p_pattern is null
            or p.search_key like p_pattern
            or p.supplier_id = any (p_supplier_ids)
            or p.bank_account_id = any (p_name_account_ids)
            or p.part_category_ids && p_name_category_ids
            or p.part_project_ids && p_name_project_ids)
     order by case when v_asc then coalesce(p.payment_date, p.due_date) end,
              case when v_asc then p.created_at end,
              case when v_asc then p.id end,
              coalesce(p.payment_date, p.due_date) desc, p.created_at desc, p.id desc
     limit p_limit)
    union all
    -- Split entries (issue 33) under an obra or category filter: their own project_id and
    -- category_id are null, so the filter's index has none of them. Listed when one part matches
    -- every filter (private.parts_match), read in page order on the split rows' movement-date index
    -- (or found by the parts' GIN index, as the planner prefers).
    (select r.id, coalesce(r.received_date, r.due_date), r.created_at
     from public.accounts_receivable r
     where v_by in ('project', 'category')
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
            or (case when r.status = 'paid' then 'paid' when r.due_date < p_today then 'overdue'
                     else 'open' end) = any (p_statuses))
       and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
       and (not coalesce(p_without_comprovante, false)
            or (r.paid_amount > 0 and not r.has_comprovante))
       and (p_pattern is null
            or r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.bank_account_id = any (p_name_account_ids)
            or r.part_category_ids && p_name_category_ids
            or r.part_project_ids && p_name_project_ids)
     order by case when v_asc then coalesce(r.received_date, r.due_date) end,
              case when v_asc then r.created_at end,
              case when v_asc then r.id end,
              coalesce(r.received_date, r.due_date) desc, r.created_at desc, r.id desc
     limit p_limit)
  ) x
  order by case when v_asc then x.movement_date end,
           case when v_asc then x.created_at end,
           case when v_asc then x.id end,
           x.movement_date desc, x.created_at desc, x.id desc
  limit p_limit;
end;
$function$;
comment on function private.movement_page_ids(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_pattern text, p_supplier_ids uuid[], p_client_ids uuid[], p_name_category_ids uuid[], p_name_project_ids uuid[], p_name_account_ids uuid[], p_order text, p_limit integer) is 'The ids of the first p_limit entries (payables and receivables, no transfers) search_movements lists in a date order (p_order date_desc | date_asc), with its filters (p_pattern: search_pattern of the search; p_supplier_ids, p_client_ids, p_name_*_ids: the registers whose names match it). Read along the obra, else category, else account filter (one read in page order per id, "sem obra" its own), else the movement-date indexes, every condition an index condition where one can be (no row security here). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura), invalid_page. Rateio: under an obra or category filter, split entries with a part matching every such filter are read apart (split movement-date index or the parts'' GIN index).';

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
            or p.bank_account_id = any (p_account_ids)
            -- A split entry by its parts' categories and obras (their GIN indexes).
            or (p.parts is not null and p.part_category_ids && p_category_ids)
            or (p.parts is not null and p.part_project_ids && p_project_ids))
     limit p_limit)
    union all
    (select r.id from public.accounts_receivable r
     where r.company_id = p_company_id
       and (r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.category_id = any (p_category_ids)
            or r.project_id = any (p_project_ids)
            or r.bank_account_id = any (p_account_ids)
            -- A split entry by its parts' categories and obras (their GIN indexes).
            or (r.parts is not null and r.part_category_ids && p_category_ids)
            or (r.parts is not null and r.part_project_ids && p_project_ids))
     limit p_limit);
end;
$function$;
comment on function private.movement_search_ids(p_company_id uuid, p_pattern text, p_category_ids uuid[], p_project_ids uuid[], p_account_ids uuid[], p_supplier_ids uuid[], p_client_ids uuid[], p_limit integer) is 'The approved entries search_movements'' search matches (search_key like p_pattern, or supplier / client, category, obra or account in the ids given; a split entry by its parts'' categories and obras), each arm on its index: at most p_limit of each table. Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';

CREATE OR REPLACE FUNCTION private.movement_search_totals(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean)
 RETURNS TABLE(kind text, total numeric, entry_count bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_pattern text := private.search_pattern(p_search);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  v_supplier_ids uuid[];
  v_client_ids uuid[];
  -- Categories whose name matches the search (within the category filter, if any): their entries
  -- are read from the kept month totals, and left out of the rows summed below.
  v_kept_ids uuid[] := '{}';
  -- Else obras whose name matches (within the obra filter): the same, from their kept totals.
  v_kept_projects uuid[] := '{}';
  v_open boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'open' = any (p_statuses);
  v_overdue boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'overdue' = any (p_statuses);
  v_paid boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'paid' = any (p_statuses);
  -- Split entries (issue 33): an obra or category filter sums their matching parts; the search
  -- matches them by their parts' category and obra names (all the names matched, kept or not).
  v_by_parts boolean := coalesce(cardinality(p_category_ids), 0) > 0 or v_filter_projects;
  v_part_category_ids uuid[];
  v_part_project_ids uuid[];
  -- The kept path taken: 'category' (v_kept_ids), 'project' (v_kept_projects, month rows) or
  -- 'project_all' (their all-time rows).
  v_kept_path text;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if v_pattern is null then
    -- Sem comprovante without a search: every entry from the kept month totals.
    return query
      select t.kind, t.total, t.entry_count
      from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                        p_account_ids, p_project_ids, p_include_no_project, p_category_ids,
                                        v_without) t;
    return;
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
  v_part_category_ids := v_category_ids;
  v_part_project_ids := v_project_ids;
  if v_pattern is not null and cardinality(v_category_ids) > 0 then
    v_kept_ids := case when coalesce(cardinality(p_category_ids), 0) = 0 then v_category_ids
                       else array(select unnest(v_category_ids) intersect select unnest(p_category_ids)) end;
    -- A row of a matched category outside the filter is not listed: no category arm is left.
    v_category_ids := '{}';
  elsif v_pattern is not null and cardinality(v_project_ids) > 0 then
    v_kept_projects := case when not v_filter_projects then v_project_ids
                            else array(select unnest(v_project_ids)
                                       intersect select unnest(coalesce(p_project_ids, '{}'))) end;
    v_project_ids := '{}';
  end if;
  if cardinality(v_kept_ids) > 0 then
    v_kept_path := 'category';
    return query
      select t.kind, t.total, t.entry_count
      from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                        p_account_ids, p_project_ids, p_include_no_project, v_kept_ids,
                                        v_without) t;
  elsif cardinality(v_kept_projects) > 0 then
    if p_start is null and p_end is null and v_open = v_overdue
       and coalesce(cardinality(p_account_ids), 0) = 0 and coalesce(cardinality(p_category_ids), 0) = 0 then
      v_kept_path := 'project_all';
      -- The whole history of those obras, open and overdue alike: their all-time rows (a company's
      -- every obra may match, "obra", and its month rows would be as many as its entries).
      return query
        select t.kind, sum(t.display_total), sum(t.entry_count)::bigint
        from private.entry_totals t
        where t.company_id = p_company_id and t.dim = 'project_all' and t.dim_id = any (v_kept_projects)
          and (coalesce(cardinality(p_kinds), 0) = 0 or t.kind = any (p_kinds))
          and case when t.paid then v_paid else v_open end
          and (not v_without or t.sem_comprovante)
        group by t.kind;
    else
      v_kept_path := 'project';
      return query
        select t.kind, t.total, t.entry_count
        from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                          p_account_ids, v_kept_projects, false, p_category_ids, v_without) t;
    end if;
  end if;
  if v_kept_path is not null then
    -- The kept totals took the split entries with parts in those categories (obras) by those parts
    -- only (once per entry; per obra in the all-time rows): taken out again here, the split entries
    -- the search matches are all summed from the rows below, as the list shows them. Each one of
    -- them on the parts' GIN index, its kept share recomputed by the kept rows' own rule.
    return query
      select c.kind, -coalesce(sum(k.total), 0), -coalesce(sum(k.entry_count), 0)::bigint
      from (
        select 'expense'::text as kind, p.parts, p.amount, p.paid_amount, p.interest_amount, p.fine_amount,
               p.discount_amount
        from public.accounts_payable p
        where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
          and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
          and (v_kept_path <> 'category' or p.part_category_ids && v_kept_ids)
          and (v_kept_path = 'category' or p.part_project_ids && v_kept_projects)
          and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
          and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
          and (coalesce(cardinality(p_statuses), 0) = 0
               or (case when p.status = 'paid' then 'paid' when p.due_date < v_today then 'overdue'
                        else 'open' end) = any (p_statuses))
          and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
          and (not v_without or (p.paid_amount > 0 and not p.has_comprovante))
        union all
        select 'income'::text, r.parts, r.amount, r.paid_amount, r.interest_amount, r.fine_amount,
               r.discount_amount
        from public.accounts_receivable r
        where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
          and r.company_id = p_company_id and r.parts is not null
          and (v_kept_path <> 'category' or r.part_category_ids && v_kept_ids)
          and (v_kept_path = 'category' or r.part_project_ids && v_kept_projects)
          and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
          and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
          and (coalesce(cardinality(p_statuses), 0) = 0
               or (case when r.status = 'paid' then 'paid' when r.due_date < v_today then 'overdue'
                        else 'open' end) = any (p_statuses))
          and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
          and (not v_without or (r.paid_amount > 0 and not r.has_comprovante))
      ) c
      cross join lateral (
        -- What the kept path took of the entry: its parts in those categories (obras) that match
        -- the other filters; counted once (per obra in the all-time rows).
        select case v_kept_path
                 when 'category' then private.parts_display(c.parts, c.amount, c.paid_amount,
                                        c.interest_amount, c.fine_amount, c.discount_amount,
                                        p_project_ids, p_include_no_project, v_kept_ids)
                 when 'project' then private.parts_display(c.parts, c.amount, c.paid_amount,
                                        c.interest_amount, c.fine_amount, c.discount_amount,
                                        v_kept_projects, false, p_category_ids)
                 else private.parts_display(c.parts, c.amount, c.paid_amount, c.interest_amount,
                                            c.fine_amount, c.discount_amount, v_kept_projects, false, null)
               end as total,
               case v_kept_path
                 when 'category' then private.parts_match(c.parts, p_project_ids, p_include_no_project,
                                                           v_kept_ids)::int
                 when 'project' then private.parts_match(c.parts, v_kept_projects, false, p_category_ids)::int
                 else private.parts_matched_dims(c.parts, v_kept_projects, false, null)
               end as entry_count
      ) k
      group by c.kind;
  end if;
  return query
    select m.kind, sum(m.amount), count(*)
    from (
      select 'expense'::text as kind,
             case when p.parts is null or not v_by_parts then p.paid_total + p.open_amount
                  else private.parts_display(p.parts, p.amount, p.paid_amount, p.interest_amount,
                                     p.fine_amount, p.discount_amount, p_project_ids,
                                     p_include_no_project, p_category_ids) end as amount
      from public.accounts_payable p
      where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
        and p.company_id = p_company_id and p.approval_status = 'approved'
        and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
        and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
        and (coalesce(cardinality(p_statuses), 0) = 0
             or (case when p.status = 'paid' then 'paid' when p.due_date < v_today then 'overdue'
                      else 'open' end) = any (p_statuses))
        and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
        and case when p.parts is null then
                   (coalesce(cardinality(p_category_ids), 0) = 0 or p.category_id = any (p_category_ids))
                   and (not v_filter_projects
                        or p.project_id = any (coalesce(p_project_ids, '{}'))
                        or (coalesce(p_include_no_project, false) and p.project_id is null))
                 else not v_by_parts
                      or private.parts_match(p.parts, p_project_ids, p_include_no_project, p_category_ids) end
        and (not v_without or (p.paid_amount > 0 and not p.has_comprovante))
        -- One pass: each arm of the search on its own index (trigram; supplier, category, obra,
        -- account), their bitmaps OR-ed, every matching row read once.
        and (cardinality(v_kept_ids) = 0 or p.category_id is null or p.category_id <> all (v_kept_ids))
        and (cardinality(v_kept_projects) = 0 or p.project_id is null or p.project_id <> all (v_kept_projects))
        -- (A split entry's category and obra are null: never left to the kept totals.)
        and (v_pattern is null
             or p.search_key like v_pattern
             or p.supplier_id = any (v_supplier_ids)
             or p.category_id = any (v_category_ids)
             or p.project_id = any (v_project_ids)
             or p.bank_account_id = any (v_account_ids)
             or (p.parts is not null and p.part_category_ids && v_part_category_ids)
             or (p.parts is not null and p.part_project_ids && v_part_project_ids))
      union all
      select 'income'::text,
             case when r.parts is null or not v_by_parts then r.paid_total + r.open_amount
                  else private.parts_display(r.parts, r.amount, r.paid_amount, r.interest_amount,
                                     r.fine_amount, r.discount_amount, p_project_ids,
                                     p_include_no_project, p_category_ids) end
      from public.accounts_receivable r
      where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
        and r.company_id = p_company_id
        and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
        and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
        and (coalesce(cardinality(p_statuses), 0) = 0
             or (case when r.status = 'paid' then 'paid' when r.due_date < v_today then 'overdue'
                      else 'open' end) = any (p_statuses))
        and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
        and case when r.parts is null then
                   (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
                   and (not v_filter_projects
                        or r.project_id = any (coalesce(p_project_ids, '{}'))
                        or (coalesce(p_include_no_project, false) and r.project_id is null))
                 else not v_by_parts
                      or private.parts_match(r.parts, p_project_ids, p_include_no_project, p_category_ids) end
        and (not v_without or (r.paid_amount > 0 and not r.has_comprovante))
        and (cardinality(v_kept_ids) = 0 or r.category_id is null or r.category_id <> all (v_kept_ids))
        and (cardinality(v_kept_projects) = 0 or r.project_id is null or r.project_id <> all (v_kept_projects))
        -- (A split entry's category and obra are null: never left to the kept totals.)
        and (v_pattern is null
             or r.search_key like v_pattern
             or r.client_id = any (v_client_ids)
             or r.category_id = any (v_category_ids)
             or r.project_id = any (v_project_ids)
             or r.bank_account_id = any (v_account_ids)
             or (r.parts is not null and r.part_category_ids && v_part_category_ids)
             or (r.parts is not null and r.part_project_ids && v_part_project_ids))
    ) m
    group by m.kind;
end;
$function$;
comment on function private.movement_search_totals(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary with a search text or sem comprovante, per kind (a kind may have two rows, to be added): total (display amounts) and entry_count of the rows search_movements would list. Without a search (sem comprovante), from the kept month totals (private.movement_kept_totals, key sem_comprovante). With one, the entries of categories whose name matches the search (else of obras whose name matches) from the kept totals (private.movement_kept_totals; an obra''s all-time rows without period, account or category filter and without telling open from overdue; sem comprovante by the key sem_comprovante); the rows matched otherwise and outside those categories (obras) summed on the tables (each search arm on its index; sem comprovante by the entries'' has_comprovante). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura). Rateio: split entries by their matching parts under an obra or category filter; a search matches them by their parts'' names too, summed from the rows (the kept path''s share of their parts taken back).';

-- One more column (parts): the function is made again.
drop function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text);
CREATE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0, p_order text DEFAULT 'date_desc'::text)
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric, document_count integer, parts jsonb)
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
         r.document_count, r.split -> 'parts'
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
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount, 0, null::jsonb
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
       where v_by_parts
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
       where v_by_parts
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
         r.document_count, r.split -> 'parts'
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
         ro.transaction_date, o.amount, 0, null::jsonb
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
comment on function public.search_movements(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_limit integer, p_offset integer, p_order text) is 'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every filter given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter leaves transfers out; an account filter keeps a transfer when either side matches; p_without_comprovante: only entries with money paid (paid_amount > 0) and no comprovante on them or their payments, no transfers). p_search ignores case and accents. movement_date = settlement date of a paid entry, else its due date; a transfer''s date. display_status paid | overdue | open | transfer; display_amount = paid_total + open_amount (a transfer: its amount); signed_amount = display_amount, negative for an expense (a transfer: its amount); document_count = the paperclip (0 for a transfer). p_limit (1..5000): one page, p_offset rows in, nothing counted, in p_order: date_desc (default: movement_date, created_at, id all desc), date_asc (all asc), value_desc / value_asc (signed_amount, then movement_date, created_at, id desc); null: every row, unordered. Raises not_a_member, invalid_date, text_too_long, invalid_kind, invalid_status, invalid_page (limit, offset or order). Rateio: under an obra or category filter a split entry is listed once when one of its parts matches every such filter, its figures the sums of its matching parts; parts: null unless split, else each part (ids, names, figures, match). A search matches a split entry by its parts'' category and obra names.';
