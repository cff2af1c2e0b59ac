-- Issue 33 (rateio) at scale: category_stats took 1 633 ms at 200 000 entries with a third split
-- (347 ms at 20 000; docs/performance.md, "`npm run bench -- --scale 200k` after the kept split
-- rows"). Its split arm (the standing rows with a part of the category, each valued by
-- private.part_shares) was read whole by `recent` (latest 10) and by `last_90_days_count`: every
-- split row of the category in the company's history, apportioned one by one.
--
-- Now each arm costs what the page shows:
-- * recent: the latest 10 of each arm in date order with a stop (the unsplit arm on
--   transactions_company_category_date_idx, the split arm on the new
--   transactions_company_split_date_idx, its category a filter), the two merged and cut to 10;
--   the shares (private.part_shares) only for the split rows among those 10.
--   Both arms from the first day of the month by which the kept month totals
--   (private.ledger_month_totals per month) hold the category's newest 10 rows: an arm with few rows
--   of the category stops there.
-- * last_90_days_count: each arm restricted by date on its index, counted without the shares (a
--   split row counts once whatever its share).
-- Same contract (the comment is unchanged) and the same answers.

-- The split ledger rows that still may stand, in the order of a category's latest rows.
create index transactions_company_split_date_idx
  on public.transactions (company_id, transaction_date desc, created_at desc)
  where parts is not null and reversal_of is null;

create or replace function public.category_stats(p_category_id uuid, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
declare
  v_category public.categories;
  v_today date := coalesce(p_today, current_date);
  v_result json;
begin
  perform private.assert_row_role('categories', p_category_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids());
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  -- A category's use counts from the ledger (what money really moved), not from entry status: the
  -- rows that still stand. An estorno (reopen_*) writes a reversing row (reversal_of = the original);
  -- both rows of such a pair cancel out and are left out. Transfers carry no category.
  -- A split row (rateio) is used by the category when one of its parts is, for the shares of those
  -- parts (private.part_shares), with their obras.
  with unsplit as not materialized (
    select t.id, t.company_id, t.description, t.amount, t.transaction_date, t.direction,
           t.payable_id, t.receivable_id, t.bank_account_id, t.project_id, t.created_at,
           null::jsonb as parts
    from public.standing_transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
  ),
  -- The split rows with a part of the category, their whole amount (valued below, for the rows
  -- shown only).
  split as not materialized (
    select t.id, t.company_id, t.description, t.amount, t.transaction_date, t.direction,
           t.payable_id, t.receivable_id, t.bank_account_id, null::uuid as project_id, t.created_at,
           t.parts
    from public.standing_transactions t
    where t.company_id = v_category.company_id and t.parts is not null
      and t.part_category_ids @> array[v_category.id]
      and t.type <> 'transfer'
  ),
  -- Count and total from the kept month totals (a decade is a few hundred month rows); the last 90
  -- days and the latest 10 of each arm from its index in date order (the unsplit rows'
  -- transactions_company_category_date_idx, the split rows' transactions_company_split_date_idx):
  -- none reads the history.
  kept as (
    select coalesce(sum(m.row_count), 0)::bigint as transaction_count, coalesce(sum(m.total), 0) as total_amount
    from private.ledger_month_totals(v_category.company_id, 'category', null, null, null,
                                     array[v_category.id]) m
  ),
  -- The first day of the newest month by which the category's newest months hold 10 rows (the
  -- oldest month with a row when it has fewer; none without rows), from the kept month totals,
  -- which count the rows of both arms in their own months: the latest 10 are on or after it. An
  -- arm with few rows of the category (a category few or no split rows have) then stops there
  -- instead of reading every split row of the company to know it has no more.
  months as (
    select m.month, sum(m.row_count) as row_count
    from private.ledger_month_totals(v_category.company_id, 'category', null, null, null,
                                     array[v_category.id], true) m
    group by m.month
  ),
  since as (
    select coalesce(
      (select max(c.month)
       from (select x.month, sum(x.row_count) over (order by x.month desc) as newer from months x) c
       where c.newer >= 10),
      (select min(x.month) from months x),
      'infinity'::date) as day
  ),
  latest as (
    select l.* from (
      (select * from unsplit x where x.transaction_date >= (select s.day from since s)
       order by x.transaction_date desc, x.created_at desc limit 10)
      union all
      (select * from split x where x.transaction_date >= (select s.day from since s)
       order by x.transaction_date desc, x.created_at desc limit 10)
    ) l
    order by l.transaction_date desc, l.created_at desc
    limit 10
  ),
  recent as (
    select u.id, u.description,
           -- A split row: the shares of its parts of this category.
           case when u.parts is null then u.amount
                else (select sum(x.share) from private.part_shares(u.parts, u.amount) x
                      where x.category_id = v_category.id)
           end as amount,
           u.transaction_date, u.direction,
           u.payable_id, u.receivable_id, b.name as bank_account_name,
           -- A split row: the obras of its parts of this category, as the lists label them (in the
           -- parts' order, "Geral" for a part without obra, joined by " e "; "Rateio" beyond two).
           case when u.parts is null then p.name
                else (select case when count(*) > 2 then 'Rateio'
                                  else string_agg(coalesce(n.name, 'Geral'), ' e ' order by n.pos) end
                      from (select min(x.o) as pos, sp.name
                            from jsonb_array_elements(u.parts) with ordinality x(e, o)
                            left join public.projects sp
                              on sp.company_id = u.company_id and sp.id = (x.e ->> 'project_id')::uuid
                            where (x.e ->> 'category_id')::uuid = v_category.id
                            group by (x.e ->> 'project_id'), sp.name) n)
           end as project_name
    from latest u
    left join public.bank_accounts b on b.company_id = u.company_id and b.id = u.bank_account_id
    left join public.projects p on p.company_id = u.company_id and p.id = u.project_id
    order by u.transaction_date desc, u.created_at desc
  ),
  -- Materialized: the outer select reads last_90_days_count twice (an inlined CTE would count twice).
  totals as materialized (
    select k.transaction_count, k.total_amount,
      (select max(r.transaction_date) from recent r) as last_used_on,
      (select count(*) from unsplit u where u.transaction_date > v_today - 90 and u.transaction_date <= v_today)
      + (select count(*) from split u where u.transaction_date > v_today - 90 and u.transaction_date <= v_today)
        as last_90_days_count
    from kept k
  )
  select json_build_object(
    'transaction_count', t.transaction_count,
    'total_amount', t.total_amount,
    'average_amount', case when t.transaction_count > 0 then round(t.total_amount / t.transaction_count, 2) end,
    'last_used_on', t.last_used_on,
    'last_90_days_count', t.last_90_days_count,
    'frequency', case
      when t.last_90_days_count >= 9 then 'high'
      when t.last_90_days_count >= 3 then 'medium'
      when t.last_90_days_count >= 1 then 'low'
      else 'none'
    end,
    'recent', coalesce((select json_agg(r) from recent r), '[]'::json)
  ) into v_result
  from totals t;
  return v_result;
end;
$$;
