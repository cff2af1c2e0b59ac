-- Search that forgives accents and case, at the cost of a page whatever the history's size.
--
-- People type on a phone without accents: "eletrica" found nothing where the entry says
-- "Elétrica". Searches compare private.search_text of both sides: lower-case, accents removed
-- (unaccent's default rules). Both extensions are on hosted Supabase and trusted, so the database
-- owner creates them, in schema `extensions` as hosted does.
--
-- Speed: the search ran `strpos(lower(...))` over every row of the company. A trigram index
-- (pg_trgm) over the same expression the searches use answers `like '%text%'` from the index, so
-- a search reads the rows that match, not the history. An entry's own texts (description, the
-- counterparty as typed, notes) are one indexed expression; names of other rows (category, obra,
-- supplier, account) are matched in their own small tables first and then by id, on indexes that
-- exist: so every arm of the search is an index, and Postgres ORs the bitmaps.

create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- Immutable (unaccent itself is only stable, since its dictionary could change): an index needs an
-- immutable expression, and the dictionary is named with its schema so no search_path is read.
create function private.search_text(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, '')))
$$;
comment on function private.search_text(text) is
  'Search form of a text: lower case, accents removed; null → ''''. Searches compare this on both sides, '
  'and the trigram indexes are built on it.';

-- What the user typed as a `like` pattern that finds it anywhere: normalised, and % _ \ taken
-- literally (what the user types is text, never a pattern). Null for an empty search.
create function private.search_pattern(p_search text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when btrim(coalesce(p_search, '')) = '' then null
    else '%' || replace(replace(replace(private.search_text(btrim(p_search)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;
comment on function private.search_pattern(text) is
  'The like pattern of a typed search: private.search_text of it, trimmed, with % _ \ escaped, between %; '
  'null when blank.';

revoke all on function private.search_text(text) from public, anon, authenticated, service_role;
revoke all on function private.search_pattern(text) from public, anon, authenticated, service_role;
-- The list functions run as the caller.
grant execute on function private.search_text(text) to authenticated, service_role;
grant execute on function private.search_pattern(text) to authenticated, service_role;

-- An entry's own texts, as the searches write them (the newline cannot be typed in a search box,
-- so no search matches across two fields).
create index accounts_payable_search_idx on public.accounts_payable using gin (
  private.search_text(description || E'\n' || coalesce(supplier_name, '') || E'\n' || coalesce(notes, ''))
  extensions.gin_trgm_ops
);
create index accounts_receivable_search_idx on public.accounts_receivable using gin (
  private.search_text(description || E'\n' || coalesce(client_name, '') || E'\n' || coalesce(notes, ''))
  extensions.gin_trgm_ops
);
create index transactions_search_idx on public.transactions using gin (
  private.search_text(description) extensions.gin_trgm_ops
);

-- A bank account's history: the search as above (the row's description from the trigram index;
-- category, obra and the other account of a transfer by the ids whose names match).
create or replace function public.account_ledger(
  p_bank_account_id uuid,
  p_start date default null,
  p_end date default null,
  p_search text default null,
  p_include_reversed boolean default false
)
returns table (
  id uuid, transaction_date date, type text, direction text, description text, amount numeric,
  signed_amount numeric, category_id uuid, category_name text, project_id uuid, project_name text,
  payable_id uuid, receivable_id uuid, transfer_group_id uuid, counterpart_account_id uuid,
  counterpart_account_name text, reversal_of uuid, reversed boolean, created_at timestamptz
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company_id uuid;
  v_pattern text := private.search_pattern(p_search);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(btrim(p_search)) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
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

  return query
  select t.id, t.transaction_date, t.type, t.direction, t.description, t.amount,
         (case t.direction when 'in' then t.amount else -t.amount end)::numeric,
         t.category_id, c.name, t.project_id, p.name, t.payable_id, t.receivable_id, t.transfer_group_id,
         other.bank_account_id, oa.name, t.reversal_of,
         (t.reversal_of is not null or exists (select 1 from public.transactions r where r.reversal_of = t.id)),
         t.created_at
  from public.transactions t
  left join public.categories c on c.company_id = t.company_id and c.id = t.category_id
  left join public.projects p on p.company_id = t.company_id and p.id = t.project_id
  left join lateral (
    select x.bank_account_id from public.transactions x
    where t.transfer_group_id is not null and x.company_id = t.company_id
      and x.transfer_group_id = t.transfer_group_id and x.id <> t.id and x.direction <> t.direction
      and (x.reversal_of is null) = (t.reversal_of is null)
    limit 1
  ) other on true
  left join public.bank_accounts oa on oa.company_id = t.company_id and oa.id = other.bank_account_id
  where t.company_id = v_company_id and t.bank_account_id = p_bank_account_id
    and (coalesce(p_include_reversed, false)
         or t.id in (select s.id from public.standing_transactions s
                     where s.company_id = v_company_id and s.bank_account_id = p_bank_account_id))
    and (p_start is null or t.transaction_date >= p_start)
    and (p_end is null or t.transaction_date <= p_end)
    and (v_pattern is null
         or private.search_text(t.description) like v_pattern
         or t.category_id = any (v_category_ids)
         or t.project_id = any (v_project_ids)
         or other.bank_account_id = any (v_account_ids))
  order by t.transaction_date desc, t.created_at desc, t.id;
end;
$$;
comment on function public.account_ledger(uuid, date, date, text, boolean) is
  'History of one bank account (payments, receipts, transfers in and out), newest first: rows that still '
  'stand, or every row with p_include_reversed (estorno rows and the rows they reversed flagged reversed). '
  'Period [p_start, p_end] on transaction_date; p_search: text in description, category, obra or the other '
  'account of a transfer, ignoring case and accents (private.search_text). signed_amount: + in, − out. Page '
  'with .range() and count: ''exact''. Raises invalid_date, text_too_long, bank_account_not_found (also '
  'another company''s).';

-- Movimentações (and its totals, movement_summary, which sums this function): the search as above.
create or replace function public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false)
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
                      else r.paid_total + r.open_amount end)::numeric,
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
end;
$$;
