-- Issue 33 (rateio) at scale: movement_summary with a search matching obras' names ("são josé"
-- matches every obra of the bench's company) took 2 991 ms at 200 000 entries with a third split
-- (docs/performance.md, "`npm run bench -- --scale 200k` after the kept split rows"). Its kept path
-- is the obras' all-time rows (private.entry_totals, dim project_all), which take a split entry
-- once per matched obra with its parts of it; the list shows it once, whole, so every split entry
-- of those obras was read back one by one (private.parts_display, parts_matched_dims).
--
-- 20261203010100 solved it for one or two categorias matched with private.split_pair_totals; pairs
-- cannot serve obras: a search may match any number of obras (every one, "obra"), and an entry with
-- three or more of them would need the triples (and so on) to be counted once. Kept instead, by the
-- same statement trigger (private.apply_split_entries):
--
-- * private.split_project_sets: per company, kind, paid, sem comprovante (as the all-time rows:
--   no month) and SET of distinct obras of a split entry's parts (project_ids, sorted; Geral = the
--   nil uuid), one row per obra of the set: the entries having exactly that set (entry_count) and
--   the display of their parts of that obra (display_total). Σ display_total over a set's rows =
--   its entries' whole display. For the matched obras K, per set meeting K: plus its rows outside
--   K (whole minus the parts the all-time rows took), plus its entry count once minus once per row
--   in K. The sets are few (entries are split among a few obras of their time).
--
-- Results identical (tests/db/movements-split-kept.test.ts: the sets compared with the parts after
-- random writes; the obra-name search's summary with the unpaged list).

create table private.split_project_sets (
  company_id uuid not null references public.companies (id) on delete cascade,
  kind text not null check (kind in ('expense', 'income')),
  -- The distinct obras of the entries' parts, sorted (nil uuid: Geral).
  project_ids uuid[] not null,
  -- One of project_ids.
  project_id uuid not null,
  paid boolean not null,
  sem_comprovante boolean not null,
  entry_count bigint not null default 0,
  -- paid_total + open_amount of the entries' parts with project_id (private.entry_part_figures).
  display_total numeric(16, 2) not null default 0,
  constraint split_project_sets_key primary key (company_id, kind, project_ids, project_id, paid, sem_comprovante),
  constraint split_project_sets_member check (project_id = any (project_ids))
);
comment on table private.split_project_sets is
  'Split entries listed in Movimentações (approved payables, receivables), per company, kind, paid, '
  'sem_comprovante and set of distinct obras of their parts (project_ids sorted, nil uuid = Geral), one '
  'row per obra of the set: entry_count (entries with exactly that set) and display_total (paid_total + '
  'open_amount of their parts of that obra; over the set''s rows: the entries'' whole display). Kept by '
  'private.track_split_entries (private.apply_split_entries); read by private.movement_search_totals (a '
  'search matching obras'' names, their all-time rows).';
revoke all on table private.split_project_sets from public, anon, authenticated, service_role;

create or replace function private.apply_split_entries(p_rows jsonb)
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

  -- 20261203070100: the entries per set of distinct obras (Geral: the nil uuid), one row per obra
  -- of the set with the display of their parts of it; signed, upserted in key order.
  insert into private.split_project_sets as t
    (company_id, kind, project_ids, project_id, paid, sem_comprovante, entry_count, display_total)
  select d.company_id, d.kind, s.ids, x.project_id, d.paid, d.sem_comprovante, sum(d.sign),
         sum(d.sign * x.display)
  from jsonb_to_recordset(p_rows) as d(company_id uuid, kind text, listed boolean, paid boolean,
                                       sem_comprovante boolean, parts jsonb, amount numeric,
                                       paid_amount numeric, interest_amount numeric, fine_amount numeric,
                                       discount_amount numeric, sign integer)
  cross join lateral (
    select array_agg(s.dim_id order by s.dim_id) as ids, array_agg(s.display order by s.dim_id) as displays
    from private.split_dims(d.parts, d.amount, d.paid_amount, d.interest_amount, d.fine_amount,
                            d.discount_amount) s
    where s.dim = 'project'
  ) s
  cross join lateral unnest(s.ids, s.displays) as x(project_id, display)
  where d.listed and s.ids is not null
    and exists (select 1 from public.companies c where c.id = d.company_id)
  group by d.company_id, d.kind, s.ids, x.project_id, d.paid, d.sem_comprovante
  order by d.company_id, d.kind, s.ids, x.project_id, d.paid, d.sem_comprovante
  on conflict on constraint split_project_sets_key do update
    set entry_count = t.entry_count + excluded.entry_count,
        display_total = t.display_total + excluded.display_total;
end;
$$;
comment on function private.apply_split_entries(jsonb) is 'Moves split entries'' rows (signed: -1 old, 1 new, from private.track_split_entries) into private.split_entry_dims (old rows out, new listed rows in), private.split_pair_totals (signed sums per pair of their distinct obras / categorias) and private.split_project_sets (signed sums per set of their distinct obras, per obra of the set).';
revoke all on function private.apply_split_entries(jsonb) from public, anon, authenticated;


-- Backfill (the split entries already there; set-based).
insert into private.split_project_sets
  (company_id, kind, project_ids, project_id, paid, sem_comprovante, entry_count, display_total)
select e.company_id, e.kind, s.ids, x.project_id, e.paid, e.sem_comprovante, count(*), sum(x.display)
from (
  select p.company_id, 'expense'::text as kind, p.status = 'paid' as paid,
         p.paid_amount > 0 and not p.has_comprovante as sem_comprovante, p.parts, p.amount,
         p.paid_amount, p.interest_amount, p.fine_amount, p.discount_amount
  from public.accounts_payable p
  where p.parts is not null and p.approval_status = 'approved'
  union all
  select r.company_id, 'income', r.status = 'paid', r.paid_amount > 0 and not r.has_comprovante,
         r.parts, r.amount, r.paid_amount, r.interest_amount, r.fine_amount, r.discount_amount
  from public.accounts_receivable r
  where r.parts is not null
) e
cross join lateral (
  select array_agg(s.dim_id order by s.dim_id) as ids, array_agg(s.display order by s.dim_id) as displays
  from private.split_dims(e.parts, e.amount, e.paid_amount, e.interest_amount, e.fine_amount,
                          e.discount_amount) s
  where s.dim = 'project'
) s
cross join lateral unnest(s.ids, s.displays) as x(project_id, display)
where s.ids is not null
group by 1, 2, 3, 4, 5, 6;
-- Its planner statistics now (the read hashes the sets when it knows they are many).
analyze private.split_project_sets;

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
  -- A search matching obras' names, their all-time rows read (project_all), no obra filter
  -- (20261203070100): the split entries with parts of them summed whole from
  -- private.split_project_sets, not read one by one.
  v_split_sets boolean := false;
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
      v_split_sets := not v_by_parts;
      if v_split_sets then
        -- Every obra the search matches is kept (no obra filter): their split entries are all
        -- summed below from the sets, none by the search's arms on the rows.
        v_part_project_ids := '{}';
      end if;
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
  elsif v_split_sets then
    -- The all-time rows took each split entry with parts of those obras (M: its obras among them)
    -- once per obra of M, with those parts' display; the list shows it once, whole. Per set of
    -- distinct obras meeting them: plus the display of the parts of the set's other obras (Geral
    -- included: whole minus the parts of M), plus its entries once (the set's first obra's row)
    -- minus once per obra of M.
    -- The obras matched joined by hash (a search may match hundreds: no array compared per row).
    return query
      select s.kind, coalesce(sum(s.outside), 0), (sum(s.entries) - sum(s.inside))::bigint
      from (
        select t.kind,
               sum(t.display_total) filter (where k.id is null) as outside,
               sum(t.entry_count) filter (where t.project_id = t.project_ids[1]) as entries,
               coalesce(sum(t.entry_count) filter (where k.id is not null), 0) as inside
        from private.split_project_sets t
        left join (select distinct x.id from unnest(v_kept_projects) x(id)) k on k.id = t.project_id
        where t.company_id = p_company_id
          and (coalesce(cardinality(p_kinds), 0) = 0 or t.kind = any (p_kinds))
          and case when t.paid then v_paid else v_open end
          and (not v_without or t.sem_comprovante)
        group by t.kind, t.project_ids, t.paid, t.sem_comprovante
        having bool_or(k.id is not null)
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
        and (not v_split_sets or p.parts is null or not p.part_project_ids && v_kept_projects)
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
        and (not v_split_sets or r.parts is null or not r.part_project_ids && v_kept_projects)
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
comment on function private.movement_search_totals(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary with a search text or sem comprovante, per kind (a kind may have two rows, to be added): total (display amounts) and entry_count of the rows search_movements would list. Without a search (sem comprovante), from the kept month totals (private.movement_kept_totals, key sem_comprovante). With one, the entries of categories whose name matches the search (else of obras whose name matches) from the kept totals (private.movement_kept_totals; an obra''s all-time rows without period, account or category filter and without telling open from overdue; sem comprovante by the key sem_comprovante); the rows matched otherwise and outside those categories (obras) summed on the tables (each search arm on its index; sem comprovante by the entries'' has_comprovante). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura). Rateio: split entries by their matching parts under an obra or category filter; a search matches them by their parts'' names too, summed from the rows (the kept path''s share of their parts taken back; for one or two categorias matched, without obra, category or account filter, from private.split_pair_totals for whole months; for obras matched on their all-time rows, without obra filter, from private.split_project_sets).';

