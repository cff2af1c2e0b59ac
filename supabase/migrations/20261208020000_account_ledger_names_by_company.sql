-- Issue 35: a bank account's Extrato names its page's categories, obras and other accounts by
-- this company's rows only.
--
-- account_ledger reads its page in a subquery (`page`, with its limit) and then joins the names
-- on `t.company_id`. The company is a parameter inside `page`, but the planner does not carry it
-- across the limit: it saw the joins as over every company's registers and, at 1 000 companies,
-- hashed all 6 567 projects and 5 008 categories of every company for 51 rows (Seq Scan on
-- projects, 120 pages; on categories, 83): the largest company's page by value read 111 pages
-- alone and 327 among 1 000 (the mid company's 97 and 331). Joining on $1, the company the page
-- is of, the planner reads this company's few rows by their index.

create or replace function public.account_ledger(p_bank_account_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_search text DEFAULT NULL::text, p_include_reversed boolean DEFAULT false, p_order text DEFAULT 'date_desc'::text, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, transaction_date date, type text, direction text, description text, amount numeric, signed_amount numeric, category_id uuid, category_name text, project_id uuid, project_name text, payable_id uuid, receivable_id uuid, transfer_group_id uuid, counterpart_account_id uuid, counterpart_account_name text, reversal_of uuid, reversed boolean, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
#variable_conflict use_column
declare
  v_company_id uuid;
  v_pattern text := private.search_pattern(p_search);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  v_ids uuid[];
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
    -- The matching rows by their indexes (trigram, category, obra, the other side of a transfer),
    -- found by a security definer: as the caller, row security keeps the search's like off the
    -- trigram index (like is not leakproof), and a search that finds little or nothing walked the
    -- account's whole history in date order looking for a page. Up to 2 000 rows: the page is
    -- cut from them; more, and the walk finds a page soon (one row in every few matches).
    v_ids := array(select private.ledger_search_ids(v_company_id, p_bank_account_id, v_pattern,
                                                    v_category_ids, v_project_ids, v_account_ids, 2001));
    if cardinality(v_ids) > 2000 then
      v_ids := null;
    end if;
  end if;

  -- One statement text, its order from the whitelist above; EXECUTE plans it with this call's
  -- values, so the page size and the filters left out are known to the planner.
  return query execute format($q$
  with page as (
    select t.*, other.bank_account_id as other_account_id
    from public.transactions t
    left join lateral (
      select x.bank_account_id from public.transactions x
      where t.type = 'transfer' and x.type = 'transfer' and x.company_id = t.company_id
        and x.transfer_group_id = t.transfer_group_id and x.id <> t.id and x.direction <> t.direction
        and (x.reversal_of is null) = (t.reversal_of is null)
      limit 1
    ) other on true
    where t.company_id = $1 and t.bank_account_id = $2
      %2$s
      and ($4::date is null or t.transaction_date >= $4)
      and ($5::date is null or t.transaction_date <= $5)
      and ($6::text is null
           or ($12::uuid[] is not null and t.id = any ($12))
           or ($12::uuid[] is null
               and (t.search_key like $6
                    or t.category_id = any ($7)
                    or t.project_id = any ($8)
                    or t.part_category_ids && $7
                    or t.part_project_ids && $8
                    or other.bank_account_id = any ($9))))
    order by %1$s
    limit $10 offset $11
  )
  -- The names of the page's rows only.
  select t.id, t.transaction_date, t.type, t.direction, t.description, t.amount,
         (case t.direction when 'in' then t.amount else -t.amount end)::numeric,
         t.category_id,
         -- A split row (rateio) as the lists label it: "Rateio (n)"; its obras in the parts' order
         -- ("Geral" for a part without obra) joined by " e ", or "Rateio" beyond two.
         case when t.parts is null then c.name
              else 'Rateio (' || jsonb_array_length(t.parts) || ')' end,
         t.project_id,
         case when t.parts is null then p.name
              else (select case when count(*) > 2 then 'Rateio'
                                else string_agg(coalesce(n.name, 'Geral'), ' e ' order by n.pos) end
                    from (select min(x.o) as pos, sp.name
                          from jsonb_array_elements(t.parts) with ordinality x(e, o)
                          left join public.projects sp
                            on sp.company_id = t.company_id and sp.id = (x.e ->> 'project_id')::uuid
                          group by (x.e ->> 'project_id'), sp.name) n)
         end,
         t.payable_id, t.receivable_id, t.transfer_group_id,
         t.other_account_id, oa.name, t.reversal_of,
         -- Reversed: with estornos left out every row stands; otherwise asked of the page's rows only.
         (t.reversal_of is not null
          or ($3 and exists (select 1 from public.transactions r
                             where r.reversal_of is not null and r.reversal_of = t.id))),
         t.created_at
  from page t
  -- $1, not t.company_id: the page's company, which the planner does not carry out of `page`.
  left join public.categories c on c.company_id = $1 and c.id = t.category_id
  left join public.projects p on p.company_id = $1 and p.id = t.project_id
  left join public.bank_accounts oa on oa.company_id = $1 and oa.id = t.other_account_id
  order by %1$s
  $q$, v_order,
  -- Standing rows: not an estorno, and not reversed by one. Written into the statement only when
  -- estornos are left out, so that it is an anti-join, whose estimate comes from reversal_of's
  -- statistics (nearly every row stands); behind "$3 or" it could not be one. The estornos, few,
  -- are on transactions_one_reversal_key (partial: reversal_of not null).
  case when coalesce(p_include_reversed, false) then ''
       else 'and t.reversal_of is null
      and not exists (select 1 from public.transactions r
                      where r.reversal_of is not null and r.reversal_of = t.id)'
  end)
  using v_company_id, p_bank_account_id, coalesce(p_include_reversed, false), p_start, p_end,
        v_pattern, v_category_ids, v_project_ids, v_account_ids, p_limit,
        case when p_limit is null then 0 else p_offset end, v_ids;
end;
$function$;
