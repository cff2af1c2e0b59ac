-- A searched Movimentações (its totals and its pages) and a searched bank account evaluated
-- private.search_text() (unaccent) again for every row the trigram index returned: the index is
-- lossy, so each candidate is rechecked, ~100 µs a row, and a search matching 15 000 rows of 60 000
-- spent most of its 200 ms there. The search form of each row's texts is now stored beside them
-- (search_key, a generated column: Postgres keeps it on every insert and update, after the BEFORE
-- triggers have filled supplier_name/client_name, so no write path can forget it), the trigram
-- indexes are on it, and the recheck is a plain comparison. The searches compare the same text as
-- before, so they find the same rows.
--
-- Also: public.transfers joined each transfer's incoming row without type = 'transfer', so the join
-- could not use transactions_company_transfer_idx (a partial index on type = 'transfer') and, in a
-- company with transfers, read the company's whole ledger.

-- The search form of an entry's texts: what accounts_*_search_idx indexed as an expression.
alter table public.accounts_payable
  add column search_key text not null generated always as
    (private.search_text(description || E'\n' || coalesce(supplier_name, '') || E'\n' || coalesce(notes, ''))) stored;
comment on column public.accounts_payable.search_key is 'private.search_text of description, supplier_name and notes (one per line), kept by Postgres (generated): what a search compares, trigram-indexed (accounts_payable_search_key_idx).';
alter table public.accounts_receivable
  add column search_key text not null generated always as
    (private.search_text(description || E'\n' || coalesce(client_name, '') || E'\n' || coalesce(notes, ''))) stored;
comment on column public.accounts_receivable.search_key is 'private.search_text of description, client_name and notes (one per line), kept by Postgres (generated): what a search compares, trigram-indexed (accounts_receivable_search_key_idx).';
alter table public.transactions
  add column search_key text not null generated always as (private.search_text(description)) stored;
comment on column public.transactions.search_key is 'private.search_text of description, kept by Postgres (generated): what a bank account''s search compares, trigram-indexed (transactions_search_key_idx).';

create index accounts_payable_search_key_idx on public.accounts_payable using gin (search_key extensions.gin_trgm_ops);
create index accounts_receivable_search_key_idx on public.accounts_receivable using gin (search_key extensions.gin_trgm_ops);
create index transactions_search_key_idx on public.transactions using gin (search_key extensions.gin_trgm_ops);
-- The same texts as expressions: nothing reads them any more, and every write paid for them.
drop index public.accounts_payable_search_idx;
drop index public.accounts_receivable_search_idx;
drop index public.transactions_search_idx;

-- The entries view gains search_key (last column), for search_movements.
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
    u.search_key
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
            p.search_key
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
            r.search_key
           FROM public.accounts_receivable r) u
     LEFT JOIN public.suppliers s ON u.kind = 'expense'::text AND s.company_id = u.company_id AND s.id = u.counterparty_id
     LEFT JOIN public.clients cl ON u.kind = 'income'::text AND cl.company_id = u.company_id AND cl.id = u.counterparty_id
     LEFT JOIN public.projects pr ON pr.company_id = u.company_id AND pr.id = u.project_id
     LEFT JOIN public.categories c ON c.company_id = u.company_id AND c.id = u.category_id
     LEFT JOIN public.bank_accounts b ON b.company_id = u.company_id AND b.id = u.bank_account_id
     LEFT JOIN public.project_stages st ON st.company_id = u.company_id AND st.id = u.stage_id;;
comment on view public.entries is 'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point at (stage_name: the etapa of the obra) and the payment columns (paid_amount, open_amount, interest/fine/discount_amount, paid_total); document_count: documents of the entry and of its payments (the paperclip); has_comprovante: one of them is a comprovante; boleto_code, pix_code, nfe_key: the codes a payable was recorded from (null for a receivable); search_key: the stored search form of description, counterparty text and notes (what a search compares). The one union of the two tables: every aggregate reads it. Flattened: the tables'' rows unioned first, names and document columns computed on top (a page is read from an index in its order). RLS of the underlying tables applies (documents included: an ''obra'' member counts those of its obras).';
revoke all on table public.entries from public, anon, authenticated;
grant all on table public.entries to service_role;
grant select on table public.entries to authenticated;

-- The searches compare the stored key (same text as before).
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
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
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
  return query
    select m.kind, sum(m.amount), count(*)
    from (
      select 'expense'::text as kind, p.paid_total + p.open_amount as amount
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
        and (not v_without
             or (p.paid_amount > 0
                 and not exists (select 1 from public.documents d
                                 where d.payable_id = p.id and d.kind = 'comprovante')
                 and not exists (select 1 from public.transactions t
                                 join public.documents d on d.payment_id = t.id
                                 where t.company_id = p.company_id and t.payable_id = p.id
                                   and d.kind = 'comprovante')))
        and (v_pattern is null or p.id in (
              -- Each arm of the search on its own index (trigram; supplier, category, obra, account).
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id
                and x.search_key like v_pattern
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.supplier_id = any (v_supplier_ids)
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.category_id = any (v_category_ids)
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.project_id = any (v_project_ids)
              union
              select x.id from public.accounts_payable x
              where x.company_id = p_company_id and x.bank_account_id = any (v_account_ids)))
      union all
      select 'income'::text, r.paid_total + r.open_amount
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
        and (not v_without
             or (r.paid_amount > 0
                 and not exists (select 1 from public.documents d
                                 where d.receivable_id = r.id and d.kind = 'comprovante')
                 and not exists (select 1 from public.transactions t
                                 join public.documents d on d.payment_id = t.id
                                 where t.company_id = r.company_id and t.receivable_id = r.id
                                   and d.kind = 'comprovante')))
        and (v_pattern is null or r.id in (
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id
                and x.search_key like v_pattern
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.client_id = any (v_client_ids)
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.category_id = any (v_category_ids)
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.project_id = any (v_project_ids)
              union
              select x.id from public.accounts_receivable x
              where x.company_id = p_company_id and x.bank_account_id = any (v_account_ids)))
    ) m
    group by m.kind;
end;
$function$;
revoke all on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) from public, anon, authenticated;
grant execute on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) to authenticated;

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
$function$;
revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) from public, anon, authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text) to authenticated, service_role;

CREATE OR REPLACE FUNCTION public.account_ledger(p_bank_account_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_search text DEFAULT NULL::text, p_include_reversed boolean DEFAULT false, p_order text DEFAULT 'date_desc'::text, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, transaction_date date, type text, direction text, description text, amount numeric, signed_amount numeric, category_id uuid, category_name text, project_id uuid, project_name text, payable_id uuid, receivable_id uuid, transfer_group_id uuid, counterpart_account_id uuid, counterpart_account_name text, reversal_of uuid, reversed boolean, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_company_id uuid;
  v_pattern text := private.search_pattern(p_search);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  -- The orders the screen offers, each ending with id so that a page boundary never repeats or
  -- skips a row (the same terms the app used to send PostgREST).
  v_order text := case p_order
    when 'date_desc' then 't.transaction_date desc, t.created_at desc, t.id'
    when 'date_asc' then 't.transaction_date, t.created_at, t.id'
    when 'value_desc' then '(case t.direction when ''in'' then t.amount else -t.amount end) desc, t.transaction_date desc, t.created_at desc, t.id'
    when 'value_asc' then '(case t.direction when ''in'' then t.amount else -t.amount end), t.transaction_date desc, t.created_at desc, t.id'
  end;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(btrim(p_search)) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  -- A page is 1..5000 rows from offset 0..1000000 in a known order (null limit: every row).
  if v_order is null or p_limit < 1 or p_limit > 5000 or p_offset is null or p_offset < 0
     or p_offset > 1000000 then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  if v_pattern is not null then
    v_category_ids := array(select c.id from public.categories c
                            where c.company_id = v_company_id and private.search_text(c.name) like v_pattern);
    v_project_ids := array(select p.id from public.projects p
                           where p.company_id = v_company_id and private.search_text(p.name) like v_pattern);
    v_account_ids := array(select b.id from public.bank_accounts b
                           where b.company_id = v_company_id and private.search_text(b.name) like v_pattern);
  end if;

  -- One statement text, its order from the whitelist above; EXECUTE plans it with this call's
  -- values, so the page size and the filters left out are known to the planner.
  return query execute format($q$
  with page as (
    select t.*, rv.id as reversed_by, other.bank_account_id as other_account_id
    from public.transactions t
    -- The estorno of the row, if any (at most one: transactions_one_reversal_key).
    %2$s
    left join lateral (
      select x.bank_account_id from public.transactions x
      where t.type = 'transfer' and x.type = 'transfer' and x.company_id = t.company_id
        and x.transfer_group_id = t.transfer_group_id and x.id <> t.id and x.direction <> t.direction
        and (x.reversal_of is null) = (t.reversal_of is null)
      limit 1
    ) other on true
    where t.company_id = $1 and t.bank_account_id = $2
      and ($3 or (t.reversal_of is null and rv.id is null))
      and ($4::date is null or t.transaction_date >= $4)
      and ($5::date is null or t.transaction_date <= $5)
      and ($6::text is null
           or t.search_key like $6
           or t.category_id = any ($7)
           or t.project_id = any ($8)
           or other.bank_account_id = any ($9))
    order by %1$s
    limit $10 offset $11
  )
  -- The names of the page's rows only.
  select t.id, t.transaction_date, t.type, t.direction, t.description, t.amount,
         (case t.direction when 'in' then t.amount else -t.amount end)::numeric,
         t.category_id, c.name, t.project_id, p.name, t.payable_id, t.receivable_id, t.transfer_group_id,
         t.other_account_id, oa.name, t.reversal_of,
         (t.reversal_of is not null or t.reversed_by is not null),
         t.created_at
  from page t
  left join public.categories c on c.company_id = t.company_id and c.id = t.category_id
  left join public.projects p on p.company_id = t.company_id and p.id = t.project_id
  left join public.bank_accounts oa on oa.company_id = t.company_id and oa.id = t.other_account_id
  order by %1$s
  $q$, v_order,
  -- A page probes it per row on that index (as a subquery in a filter or in the columns, or as a
  -- plain join whose "no estorno" the planner thought rare, it was planned as a hash of the
  -- company's whole ledger, then a sort of every row, to show 51); every row joins it once.
  case when p_limit is null then 'left join public.transactions rv on rv.reversal_of = t.id'
       else 'left join lateral (select r.id from public.transactions r where r.reversal_of = t.id limit 1) rv on true'
  end)
  using v_company_id, p_bank_account_id, coalesce(p_include_reversed, false), p_start, p_end,
        v_pattern, v_category_ids, v_project_ids, v_account_ids, p_limit,
        case when p_limit is null then 0 else p_offset end;
end;
$function$;
revoke all on function public.account_ledger(uuid, date, date, text, boolean, text, integer, integer) from public, anon, authenticated;
grant execute on function public.account_ledger(uuid, date, date, text, boolean, text, integer, integer) to authenticated, service_role;

-- The audit history records what people changed, not the key derived from it.
CREATE OR REPLACE FUNCTION private.audit_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Secrets are never copied into the history (the invitation link's hash), nor the stored search
  -- form of a row's texts (derived from them: a change to it is the change to the texts).
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'token_hash' - 'search_key' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'token_hash' - 'search_key' end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changed jsonb;
  v_company_id uuid;
  v_actor uuid := (select auth.uid());
  v_actor_name text;
  v_actor_email text;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('before', v_old -> n.key, 'after', n.value))
    into v_changed
    from jsonb_each(v_new) n
    where n.value is distinct from v_old -> n.key
      and n.key not in ('updated_at', 'current_balance');
    if v_changed is null then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', null, 'after', n.value)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_new) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  else
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', n.value, 'after', null)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_old) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  end if;
  -- companies has no company_id: the row is the company.
  v_company_id := case when tg_table_name = 'companies' then (v_row ->> 'id')::uuid
                       else (v_row ->> 'company_id')::uuid end;
  if v_actor is not null then
    select p.full_name, p.email into v_actor_name, v_actor_email
    from public.user_profiles p
    where p.company_id = v_company_id and p.user_id = v_actor;
    if v_actor_email is null then
      select u.email into v_actor_email from auth.users u where u.id = v_actor;
    end if;
  end if;
  insert into public.audit_log (company_id, actor, actor_name, actor_email, table_name, row_id, action, changed)
  values (v_company_id, v_actor, v_actor_name, v_actor_email, tg_table_name, (v_row ->> 'id')::uuid,
          lower(tg_op), v_changed);
  return null;
end;
$function$;
revoke all on function private.audit_row() from public, anon, authenticated;

-- The incoming row of a transfer through the transfer index (same columns).
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
    o.created_at
   FROM public.transactions o
     JOIN public.transactions i ON i.company_id = o.company_id AND i.type = 'transfer'::text AND i.transfer_group_id = o.transfer_group_id AND i.direction = 'in'::text AND i.reversal_of IS NULL
     LEFT JOIN public.transactions ro ON ro.reversal_of = o.id
     LEFT JOIN public.bank_accounts fa ON fa.company_id = o.company_id AND fa.id = o.bank_account_id
     LEFT JOIN public.bank_accounts ta ON ta.company_id = i.company_id AND ta.id = i.bank_account_id
  WHERE o.type = 'transfer'::text AND o.direction = 'out'::text AND o.reversal_of IS NULL;;
revoke all on table public.transfers from public, anon, authenticated;
grant all on table public.transfers to service_role;
grant select on table public.transfers to authenticated;
