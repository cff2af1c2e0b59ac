-- Issue 33 (rateio) at scale: three Movimentações calls read every split entry of their filter
-- (200 000 entries, a third of them split: 223 / 635 ms, 243 ms, 896 ms; docs/performance.md,
-- "Rateio at scale"). The figures they needed, kept by trigger in the same transaction:
--
-- * private.split_entry_dims: per split entry (approved), one row per distinct obra of its parts
--   (dim 'project'; Geral as the nil uuid) and per distinct categoria (dim 'category'; none as the
--   nil uuid), with the display amount (paid_total + open_amount) of ITS parts of that obra /
--   categoria: what the list shows for it under a filter of that one id. Not one row per part: a
--   split entry with two parts of the filtered categoria is listed once with their sum, and only
--   a row per (entry, id) holds the value the page is ordered by. Indexed in value order, so "by
--   value under an obra or a category" reads a page, not every split entry of the filter.
-- * private.split_pair_totals: per company, dim, kind, paid, sem comprovante and month (as
--   private.entry_totals), per pair of ids a <= b of a split entry's distinct obras / categorias:
--   how many split entries have both (entry_count), their whole display amount (display_total) and,
--   for a = b, the display of their parts of that id (part_display_total). A filter of two ids
--   counts an entry having both once (the kept months counted it twice: minus the pair's count); a
--   search matching one or two categorias' names sums their split entries whole (the kept path took
--   their parts of those categorias: plus whole minus parts, minus the pair's whole).
--
-- Three ids or more, an obra and a categoria together, an account filter with a search: as before
-- (the rows). Results identical (tests/db/movements-split-kept.test.ts compares the kept rows with
-- the parts after random writes, and each call with the unpaged list).

-- ---------------------------------------------------------------------------------------------
-- The kept rows
-- ---------------------------------------------------------------------------------------------

create table private.split_entry_dims (
  company_id uuid not null references public.companies (id) on delete cascade,
  kind text not null check (kind in ('expense', 'income')),
  entry_id uuid not null,
  dim text not null check (dim in ('project', 'category')),
  -- The obra / categoria; the nil uuid for Geral / none.
  dim_id uuid not null,
  -- paid_total + open_amount of the entry's parts with that obra / categoria (private.entry_part_figures).
  display numeric(16, 2) not null,
  -- The entry's coalesce(payment/received date, due date) and created_at: the page's ties.
  movement_date date not null,
  created_at timestamptz not null,
  constraint split_entry_dims_key primary key (kind, entry_id, dim, dim_id)
);
comment on table private.split_entry_dims is
  'Per split entry listed in Movimentações (approved payables, receivables), one row per distinct obra '
  '(dim project, Geral = nil uuid) and categoria (dim category, none = nil uuid) of its parts: display = '
  'paid_total + open_amount of its parts with that id (what the list shows under a filter of that id), '
  'movement_date and created_at of the entry. Kept by private.track_split_entries in the writing '
  'transaction; read by private.movement_split_value_ids (a page by value under one obra or categoria).';
revoke all on table private.split_entry_dims from public, anon, authenticated, service_role;
-- The page's order: value (either way), then its ties sorted incrementally.
create index split_entry_dims_value_idx on private.split_entry_dims
  (company_id, kind, dim, dim_id, display);

create table private.split_pair_totals (
  company_id uuid not null references public.companies (id) on delete cascade,
  dim text not null check (dim in ('project', 'category')),
  kind text not null check (kind in ('expense', 'income')),
  -- Two distinct ids of the entry's parts (a = b: one), nil uuid for Geral / none.
  id_a uuid not null,
  id_b uuid not null,
  -- First day of the month of coalesce(payment/received date, due date), as private.entry_totals.
  month date not null,
  paid boolean not null,
  sem_comprovante boolean not null,
  entry_count bigint not null default 0,
  display_total numeric(16, 2) not null default 0,
  part_display_total numeric(16, 2) not null default 0,
  constraint split_pair_totals_key primary key (company_id, dim, kind, id_a, id_b, month, paid, sem_comprovante),
  constraint split_pair_totals_pair check (id_a <= id_b),
  constraint split_pair_totals_month check (extract(day from month) = 1)
);
comment on table private.split_pair_totals is
  'Split entries listed in Movimentações, per company, dim (project | category), kind, month of the '
  'movement date, paid and sem_comprovante (as private.entry_totals), per pair id_a <= id_b of the '
  'distinct obras / categorias of their parts (nil uuid: Geral / none; id_a = id_b: entries having '
  'that id): entry_count, display_total (the entries'' own paid_total + open_amount) and, for id_a = '
  'id_b, part_display_total (their parts of that id). Kept by private.track_split_entries; read by '
  'private.movement_kept_totals (a filter of two ids) and private.movement_search_totals (a search '
  'matching one or two categorias'' names).';
revoke all on table private.split_pair_totals from public, anon, authenticated, service_role;

create function private.split_dims(
  p_parts jsonb, p_amount numeric, p_paid_amount numeric, p_interest numeric, p_fine numeric,
  p_discount numeric
)
returns table (dim text, dim_id uuid, display numeric)
language sql
immutable
set search_path = ''
as $$
  -- A split entry's parts summed per distinct obra and per distinct categoria (nil uuid: none).
  select x.dim, x.dim_id, sum(f.paid_total + f.open_amount)
  from private.entry_part_figures(p_parts, null, null, null, p_amount, p_paid_amount, p_interest,
                                  p_fine, p_discount) f
  cross join lateral (
    values ('project', coalesce(f.project_id, '00000000-0000-0000-0000-000000000000'::uuid)),
           ('category', coalesce(f.category_id, '00000000-0000-0000-0000-000000000000'::uuid))
  ) x(dim, dim_id)
  where p_parts is not null
  group by x.dim, x.dim_id
$$;
comment on function private.split_dims(jsonb, numeric, numeric, numeric, numeric, numeric) is 'A split entry''s display amount (paid_total + open_amount, private.entry_part_figures) summed per distinct obra (dim project) and per distinct categoria (dim category) of its parts; the nil uuid for Geral / none. Nothing when not split.';
revoke all on function private.split_dims(jsonb, numeric, numeric, numeric, numeric, numeric) from public, anon, authenticated;

create function private.apply_split_entries(p_rows jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- p_rows: the statement's old rows (sign -1) and new rows (sign 1) of split entries. The old
  -- entries' dims rows go, the new ones' come (an update: both, in that order); the pairs' totals
  -- take the signed figures, upserted in key order (the lock order of every writer).
  delete from private.split_entry_dims d
  using jsonb_to_recordset(p_rows) as r(kind text, id uuid, sign integer)
  where r.sign = -1 and d.kind = r.kind and d.entry_id = r.id;

  insert into private.split_entry_dims (company_id, kind, entry_id, dim, dim_id, display, movement_date, created_at)
  select r.company_id, r.kind, r.id, s.dim, s.dim_id, s.display, r.movement_date, r.created_at
  from jsonb_to_recordset(p_rows) as r(company_id uuid, kind text, id uuid, movement_date date,
                                       created_at timestamptz, listed boolean, parts jsonb, amount numeric,
                                       paid_amount numeric, interest_amount numeric, fine_amount numeric,
                                       discount_amount numeric, sign integer)
  cross join lateral private.split_dims(r.parts, r.amount, r.paid_amount, r.interest_amount,
                                        r.fine_amount, r.discount_amount) s
  where r.sign = 1 and r.listed
    -- A company being deleted takes its rows with it (its entries go by the same cascade).
    and exists (select 1 from public.companies c where c.id = r.company_id);

  insert into private.split_pair_totals as t
    (company_id, dim, kind, id_a, id_b, month, paid, sem_comprovante, entry_count, display_total,
     part_display_total)
  select d.company_id, a.dim, d.kind, a.dim_id, b.dim_id, d.month, d.paid, d.sem_comprovante,
         sum(d.sign), sum(d.sign * d.display),
         sum(d.sign * case when a.dim_id = b.dim_id then a.display else 0 end)
  from (
    select r.*, date_trunc('month', r.movement_date::timestamp)::date as month
    from jsonb_to_recordset(p_rows) as r(company_id uuid, kind text, id uuid, movement_date date,
                                         listed boolean, paid boolean, sem_comprovante boolean,
                                         display numeric, parts jsonb, amount numeric,
                                         paid_amount numeric, interest_amount numeric, fine_amount numeric,
                                         discount_amount numeric, sign integer)
    where r.listed and exists (select 1 from public.companies c where c.id = r.company_id)
  ) d
  cross join lateral (
    select s.dim, s.dim_id, s.display
    from private.split_dims(d.parts, d.amount, d.paid_amount, d.interest_amount, d.fine_amount,
                            d.discount_amount) s
  ) a
  join lateral (
    select s.dim, s.dim_id
    from private.split_dims(d.parts, d.amount, d.paid_amount, d.interest_amount, d.fine_amount,
                            d.discount_amount) s
  ) b on b.dim = a.dim and a.dim_id <= b.dim_id
  group by d.company_id, a.dim, d.kind, a.dim_id, b.dim_id, d.month, d.paid, d.sem_comprovante
  order by d.company_id, a.dim, d.kind, a.dim_id, b.dim_id, d.month, d.paid, d.sem_comprovante
  on conflict on constraint split_pair_totals_key do update
    set entry_count = t.entry_count + excluded.entry_count,
        display_total = t.display_total + excluded.display_total,
        part_display_total = t.part_display_total + excluded.part_display_total;
end;
$$;
comment on function private.apply_split_entries(jsonb) is 'Moves split entries'' rows (signed: -1 old, 1 new, from private.track_split_entries) into private.split_entry_dims (old rows out, new listed rows in) and private.split_pair_totals (signed sums per pair of their distinct obras / categorias).';
revoke all on function private.apply_split_entries(jsonb) from public, anon, authenticated;

create function private.track_split_entries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rows jsonb := '[]';
begin
  -- Statement-level (transition tables, one trigger per event): only split rows, old or new.
  if tg_table_name = 'accounts_payable' then
    if tg_op in ('UPDATE', 'DELETE') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', o.company_id, 'kind', 'expense', 'id', o.id, 'created_at', o.created_at,
          'movement_date', coalesce(o.payment_date, o.due_date), 'listed', o.approval_status = 'approved',
          'paid', o.status = 'paid', 'sem_comprovante', o.paid_amount > 0 and not o.has_comprovante,
          'display', o.paid_total + o.open_amount, 'parts', o.parts, 'amount', o.amount,
          'paid_amount', o.paid_amount, 'interest_amount', o.interest_amount,
          'fine_amount', o.fine_amount, 'discount_amount', o.discount_amount, 'sign', -1))
        from old_rows o where o.parts is not null), '[]');
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', n.company_id, 'kind', 'expense', 'id', n.id, 'created_at', n.created_at,
          'movement_date', coalesce(n.payment_date, n.due_date), 'listed', n.approval_status = 'approved',
          'paid', n.status = 'paid', 'sem_comprovante', n.paid_amount > 0 and not n.has_comprovante,
          'display', n.paid_total + n.open_amount, 'parts', n.parts, 'amount', n.amount,
          'paid_amount', n.paid_amount, 'interest_amount', n.interest_amount,
          'fine_amount', n.fine_amount, 'discount_amount', n.discount_amount, 'sign', 1))
        from new_rows n where n.parts is not null), '[]');
    end if;
  else
    if tg_op in ('UPDATE', 'DELETE') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', o.company_id, 'kind', 'income', 'id', o.id, 'created_at', o.created_at,
          'movement_date', coalesce(o.received_date, o.due_date), 'listed', true,
          'paid', o.status = 'paid', 'sem_comprovante', o.paid_amount > 0 and not o.has_comprovante,
          'display', o.paid_total + o.open_amount, 'parts', o.parts, 'amount', o.amount,
          'paid_amount', o.paid_amount, 'interest_amount', o.interest_amount,
          'fine_amount', o.fine_amount, 'discount_amount', o.discount_amount, 'sign', -1))
        from old_rows o where o.parts is not null), '[]');
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', n.company_id, 'kind', 'income', 'id', n.id, 'created_at', n.created_at,
          'movement_date', coalesce(n.received_date, n.due_date), 'listed', true,
          'paid', n.status = 'paid', 'sem_comprovante', n.paid_amount > 0 and not n.has_comprovante,
          'display', n.paid_total + n.open_amount, 'parts', n.parts, 'amount', n.amount,
          'paid_amount', n.paid_amount, 'interest_amount', n.interest_amount,
          'fine_amount', n.fine_amount, 'discount_amount', n.discount_amount, 'sign', 1))
        from new_rows n where n.parts is not null), '[]');
    end if;
  end if;
  if jsonb_array_length(v_rows) > 0 then
    perform private.apply_split_entries(v_rows);
  end if;
  return null;
end;
$$;
comment on function private.track_split_entries() is 'Trigger (statement, transition tables) on accounts_payable / accounts_receivable: the split rows written (old and new) into private.split_entry_dims and private.split_pair_totals (private.apply_split_entries).';
revoke all on function private.track_split_entries() from public, anon, authenticated;

create trigger accounts_payable_split_insert after insert on public.accounts_payable
  referencing new table as new_rows for each statement execute function private.track_split_entries();
create trigger accounts_payable_split_update after update on public.accounts_payable
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_split_entries();
create trigger accounts_payable_split_delete after delete on public.accounts_payable
  referencing old table as old_rows for each statement execute function private.track_split_entries();
create trigger accounts_receivable_split_insert after insert on public.accounts_receivable
  referencing new table as new_rows for each statement execute function private.track_split_entries();
create trigger accounts_receivable_split_update after update on public.accounts_receivable
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_split_entries();
create trigger accounts_receivable_split_delete after delete on public.accounts_receivable
  referencing old table as old_rows for each statement execute function private.track_split_entries();

-- ---------------------------------------------------------------------------------------------
-- Backfill (the split entries already there; set-based)
-- ---------------------------------------------------------------------------------------------

create temporary table split_backfill as
select p.company_id, 'expense'::text as kind, p.id, coalesce(p.payment_date, p.due_date) as movement_date,
       p.created_at, p.status = 'paid' as paid, p.paid_amount > 0 and not p.has_comprovante as sem_comprovante,
       p.paid_total + p.open_amount as entry_display, s.dim, s.dim_id, s.display
from public.accounts_payable p
cross join lateral private.split_dims(p.parts, p.amount, p.paid_amount, p.interest_amount,
                                      p.fine_amount, p.discount_amount) s
where p.parts is not null and p.approval_status = 'approved'
union all
select r.company_id, 'income', r.id, coalesce(r.received_date, r.due_date), r.created_at,
       r.status = 'paid', r.paid_amount > 0 and not r.has_comprovante, r.paid_total + r.open_amount,
       s.dim, s.dim_id, s.display
from public.accounts_receivable r
cross join lateral private.split_dims(r.parts, r.amount, r.paid_amount, r.interest_amount,
                                      r.fine_amount, r.discount_amount) s
where r.parts is not null;

insert into private.split_entry_dims (company_id, kind, entry_id, dim, dim_id, display, movement_date, created_at)
select b.company_id, b.kind, b.id, b.dim, b.dim_id, b.display, b.movement_date, b.created_at
from split_backfill b;

insert into private.split_pair_totals
  (company_id, dim, kind, id_a, id_b, month, paid, sem_comprovante, entry_count, display_total,
   part_display_total)
select a.company_id, a.dim, a.kind, a.dim_id, b.dim_id, date_trunc('month', a.movement_date::timestamp)::date,
       a.paid, a.sem_comprovante, count(*), sum(a.entry_display),
       sum(case when a.dim_id = b.dim_id then a.display else 0 end)
from split_backfill a
join split_backfill b on b.kind = a.kind and b.id = a.id and b.dim = a.dim and a.dim_id <= b.dim_id
group by 1, 2, 3, 4, 5, 6, 7, 8;

drop table split_backfill;

-- ---------------------------------------------------------------------------------------------
-- A page by value under one obra or one categoria
-- ---------------------------------------------------------------------------------------------

create function private.movement_split_value_ids(
  p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[],
  p_account_ids uuid[], p_dim text, p_dim_id uuid, p_without_comprovante boolean, p_pattern text,
  p_supplier_ids uuid[], p_client_ids uuid[], p_name_category_ids uuid[], p_name_project_ids uuid[],
  p_name_account_ids uuid[], p_order text, p_limit integer
)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_order is null or p_order not in ('value_desc', 'value_asc') or p_limit is null or p_limit < 1
     or p_dim is null or p_dim not in ('project', 'category') or p_dim_id is null then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;
  -- The split entries with parts of that obra / categoria, in the order of their value there
  -- (split_entry_dims_value_idx; an expense is negative: value_desc reads the smallest first), each
  -- entry's other filters checked on its row as it is read, the walk stopping at p_limit. As the
  -- rows arm of search_movements before (20261202035100), which valued every one of them.
  return query
    (select d.entry_id
     from private.split_entry_dims d
     join public.accounts_payable p on p.id = d.entry_id
     where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
       and d.company_id = p_company_id and d.kind = 'expense' and d.dim = p_dim and d.dim_id = p_dim_id
       and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
       and (p_start is null or d.movement_date >= p_start)
       and (p_end is null or d.movement_date <= p_end)
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
     order by case when p_order = 'value_desc' then d.display end,
              case when p_order = 'value_asc' then d.display end desc,
              d.movement_date desc, d.created_at desc, d.entry_id desc
     limit p_limit)
    union all
    (select d.entry_id
     from private.split_entry_dims d
     join public.accounts_receivable r on r.id = d.entry_id
     where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
       and d.company_id = p_company_id and d.kind = 'income' and d.dim = p_dim and d.dim_id = p_dim_id
       and r.company_id = p_company_id and r.parts is not null
       and (p_start is null or d.movement_date >= p_start)
       and (p_end is null or d.movement_date <= p_end)
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
     order by case when p_order = 'value_asc' then d.display end,
              case when p_order = 'value_desc' then d.display end desc,
              d.movement_date desc, d.created_at desc, d.entry_id desc
     limit p_limit);
end;
$$;
comment on function private.movement_split_value_ids(uuid, date, date, date, text[], text[], uuid[], text, uuid, boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) is 'The ids of the first p_limit split entries of each table search_movements lists by value (p_order value_desc | value_asc) under a filter of one obra (p_dim project; Sem obra: the nil uuid) or one categoria (p_dim category), ordered by the display amount of their parts of that id (private.split_entry_dims), with the other filters (p_pattern: search_pattern of the search; p_*_ids: the registers whose names match it). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura), invalid_page.';
revoke all on function private.movement_split_value_ids(uuid, date, date, date, text[], text[], uuid[], text, uuid, boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) from public, anon, authenticated;
-- search_movements (invoker) reads the page's ids through it; the body checks the role.
grant execute on function private.movement_split_value_ids(uuid, date, date, date, text[], text[], uuid[], text, uuid, boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The functions of Movimentações (20261202035100), changed where they read the kept rows
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
  -- Exactly two distinct ids of one dim (Sem obra the nil uuid): the entries having both, counted
  -- twice by the kept months, from private.split_pair_totals (20261203010100) instead of the rows.
  v_two uuid[] := array(select distinct x.id
                        from unnest(case when coalesce(cardinality(p_category_ids), 0) > 0 then p_category_ids
                                         else coalesce(p_project_ids, '{}')
                                              || case when coalesce(p_include_no_project, false)
                                                      then array['00000000-0000-0000-0000-000000000000'::uuid]
                                                      else '{}'::uuid[] end end) x(id)
                        order by 1);
  v_pair_kept boolean;
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

  v_pair_kept := v_multi and v_dim in ('category', 'project') and cardinality(v_two) = 2;
  if v_multi and v_dim in ('category', 'project') and not v_pair_kept then
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
    -- Two ids: the entries having both, counted twice by the kept months (their months, status and
    -- sem comprovante as the kept rows took them), once less.
    select t.kind, 0::numeric, -t.entry_count
    from private.split_pair_totals t
    where v_pair_kept
      and t.company_id = p_company_id and t.dim = v_dim and t.kind = any (v_kinds)
      and t.id_a = v_two[1] and t.id_b = v_two[2]
      and t.month between v_first and v_last
      and (not v_without or t.sem_comprovante)
      and case when t.paid then v_paid
               when not v_split then v_open
               when t.month < v_today_month then v_overdue
               when t.month > v_today_month then v_open
               else false end
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
        where v_multi and not v_pair_kept and v_dim = 'project' and coalesce(p_include_no_project, false)
          and 'expense' = any (v_kinds)
          and p.company_id = p_company_id and p.approval_status = 'approved' and p.parts is not null
          and p.part_project_ids && p_project_ids
          and coalesce(p.payment_date, p.due_date) >= v_first
          and coalesce(p.payment_date, p.due_date) < (v_last + interval '1 month')::date
        union all
        select 'income'::text, r.id, r.status, r.due_date, coalesce(r.received_date, r.due_date),
               r.parts, r.paid_amount, r.has_comprovante, r.part_project_ids
        from public.accounts_receivable r
        where v_multi and not v_pair_kept and v_dim = 'project' and coalesce(p_include_no_project, false)
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
comment on function private.movement_kept_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary without search, per kind: total (display amounts) and entry_count, from private.entry_totals for whole months and from the rows for the edge days (and today''s month''s pending rows when open and overdue are told apart); p_without_comprovante: only the entries with money paid and no comprovante (the sem_comprovante key; has_comprovante on the rows). Body of movement_entry_totals and of movement_search_totals'' kept part: called by those security definer functions only (no grant). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura). Rateio: under an obra or category filter a split entry counts once, with the sum of its matching parts (rows: private.entry_part_figures; kept months: entry_totals by parts, their extra counts taken back for a filter of two or more ids: two ids from private.split_pair_totals, three or more from the rows).';

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
  -- A search matching one or two categorias' names, no obra, category nor account filter
  -- (20261203010100): the split entries with parts of them summed whole from
  -- private.split_pair_totals for the whole months, not read one by one.
  v_split_whole boolean := false;
  v_kinds text[] := case when coalesce(cardinality(p_kinds), 0) = 0 then array['expense', 'income'] else p_kinds end;
  v_split boolean := (coalesce(cardinality(p_statuses), 0) = 0 or 'open' = any (p_statuses))
                     <> (coalesce(cardinality(p_statuses), 0) = 0 or 'overdue' = any (p_statuses));
  v_today_month date := date_trunc('month', coalesce(p_today, current_date)::timestamp)::date;
  v_first date;
  v_last date;
  v_months boolean;
  v_los date[] := '{}';
  v_his date[] := '{}';
  v_pending_only boolean[] := '{}';
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
    v_split_whole := not v_by_parts and coalesce(cardinality(p_account_ids), 0) = 0
                     and (select count(distinct x) from unnest(v_kept_ids) x) <= 2;
    if v_split_whole then
      -- Their split entries are all summed below (kept months, rows of the edge days), none by
      -- the search's arms on the rows.
      v_part_category_ids := '{}';
    end if;
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
  if v_split_whole then
    -- The kept path (private.movement_kept_totals over v_kept_ids) took each split entry with parts
    -- of those categorias once, with those parts' display; the list shows it whole. Whole months:
    -- plus its whole display, minus those parts' (id_a = id_b), minus the whole display of an entry
    -- having both (id_a < id_b: it was added twice). The days outside whole months (and today's
    -- month's pending rows when open and overdue are told apart), as movement_kept_totals reads
    -- them: from the rows, whole minus those parts. Counts: once already.
    v_first := case when p_start is null then '-infinity'::date
                    when p_start = date_trunc('month', p_start::timestamp)::date then p_start
                    else (date_trunc('month', p_start::timestamp) + interval '1 month')::date end;
    v_last := case when p_end is null then 'infinity'::date
                   when p_end = (date_trunc('month', p_end::timestamp) + interval '1 month - 1 day')::date
                     then date_trunc('month', p_end::timestamp)::date
                   else (date_trunc('month', p_end::timestamp) - interval '1 month')::date end;
    v_months := v_first <= v_last;
    if not v_months then
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
      if v_split and v_today_month between v_first and v_last then
        v_los := v_los || v_today_month;
        v_his := v_his || (v_today_month + interval '1 month - 1 day')::date;
        v_pending_only := v_pending_only || true;
      end if;
    end if;
    return query
      select s.kind, sum(s.total), 0::bigint
      from (
        select t.kind,
               case when t.id_a = t.id_b then t.display_total - t.part_display_total
                    else -t.display_total end as total
        from private.split_pair_totals t
        where v_months
          and t.company_id = p_company_id and t.dim = 'category' and t.kind = any (v_kinds)
          and t.id_a = any (v_kept_ids) and t.id_b = any (v_kept_ids)
          and t.month between v_first and v_last
          and (not v_without or t.sem_comprovante)
          and case when t.paid then v_paid
                   when not v_split then v_open
                   when t.month < v_today_month then v_overdue
                   when t.month > v_today_month then v_open
                   else false end
        union all
        select e.kind,
               e.paid_total + e.open_amount
               - coalesce(private.parts_display(e.parts, e.amount, e.paid_amount, e.interest_amount,
                                                e.fine_amount, e.discount_amount, null, false, v_kept_ids), 0)
        from unnest(v_los, v_his, v_pending_only) as g(lo, hi, pending_only)
        cross join lateral (
          select 'expense'::text as kind, p.status, p.due_date, p.paid_total, p.open_amount, p.paid_amount,
                 p.has_comprovante, p.parts, p.amount, p.interest_amount, p.fine_amount, p.discount_amount
          from public.accounts_payable p
          where 'expense' = any (v_kinds) and p.company_id = p_company_id and p.approval_status = 'approved'
            and p.parts is not null and p.part_category_ids && v_kept_ids
            and coalesce(p.payment_date, p.due_date) between g.lo and g.hi
          union all
          select 'income'::text, r.status, r.due_date, r.paid_total, r.open_amount, r.paid_amount,
                 r.has_comprovante, r.parts, r.amount, r.interest_amount, r.fine_amount, r.discount_amount
          from public.accounts_receivable r
          where 'income' = any (v_kinds) and r.company_id = p_company_id
            and r.parts is not null and r.part_category_ids && v_kept_ids
            and coalesce(r.received_date, r.due_date) between g.lo and g.hi
        ) e
        where (not g.pending_only or e.status = 'pending')
          and case when e.status = 'paid' then v_paid when e.due_date < v_today then v_overdue
                   else v_open end
          and (not v_without or (e.paid_amount > 0 and not e.has_comprovante))
      ) s
      group by s.kind;
  elsif v_kept_path is not null then
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
        and (not v_split_whole or p.parts is null or not p.part_category_ids && v_kept_ids)
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
        and (not v_split_whole or r.parts is null or not r.part_category_ids && v_kept_ids)
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
comment on function private.movement_search_totals(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary with a search text or sem comprovante, per kind (a kind may have two rows, to be added): total (display amounts) and entry_count of the rows search_movements would list. Without a search (sem comprovante), from the kept month totals (private.movement_kept_totals, key sem_comprovante). With one, the entries of categories whose name matches the search (else of obras whose name matches) from the kept totals (private.movement_kept_totals; an obra''s all-time rows without period, account or category filter and without telling open from overdue; sem comprovante by the key sem_comprovante); the rows matched otherwise and outside those categories (obras) summed on the tables (each search arm on its index; sem comprovante by the entries'' has_comprovante). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura). Rateio: split entries by their matching parts under an obra or category filter; a search matches them by their parts'' names too, summed from the rows (the kept path''s share of their parts taken back; for one or two categorias matched, without obra, category or account filter, from private.split_pair_totals for whole months).';

CREATE OR REPLACE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0, p_order text DEFAULT 'date_desc'::text)
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
comment on function public.search_movements(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean, p_limit integer, p_offset integer, p_order text) is 'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every filter given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter leaves transfers out; an account filter keeps a transfer when either side matches; p_without_comprovante: only entries with money paid (paid_amount > 0) and no comprovante on them or their payments, no transfers). p_search ignores case and accents. movement_date = settlement date of a paid entry, else its due date; a transfer''s date. display_status paid | overdue | open | transfer; display_amount = paid_total + open_amount (a transfer: its amount); signed_amount = display_amount, negative for an expense (a transfer: its amount); document_count = the paperclip (0 for a transfer). p_limit (1..5000): one page, p_offset rows in, nothing counted, in p_order: date_desc (default: movement_date, created_at, id all desc), date_asc (all asc), value_desc / value_asc (signed_amount, then movement_date, created_at, id desc); null: every row, unordered. Raises not_a_member, invalid_date, text_too_long, invalid_kind, invalid_status, invalid_page (limit, offset or order). Rateio: under an obra or category filter a split entry is listed once when one of its parts matches every such filter, its figures the sums of its matching parts; parts: null unless split, else each part (ids, names, figures, match). A search matches a split entry by its parts'' category and obra names. By value under one obra or one categoria, the split entries'' page is read in the order of their kept value there (private.movement_split_value_ids).';
