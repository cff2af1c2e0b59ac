-- Issue 35: Movimentações' totals count a company's transfers by one read of its own rows.
--
-- movement_summary counted transfers through the view public.transfers, which joins each transfer's
-- out row to its in row (to name the destination account) and to its estorno. Neither join can be
-- dropped by the planner (the in row is an inner join), so every transfer cost a descent into
-- transactions_company_transfer_idx, an index of every company's transfer rows, whose depth grows
-- with the database: the largest company's 2 000 transfers were 11.9 of the call's 20.9 ms, and
-- its pages 7 089 alone and 9 529 among 1 000 companies (the call 1.71x in the eighth run).
--
-- The totals need the in row only for an account filter (to) or a search matching an account's
-- name; they now read the company's out rows along transactions_transfer_out_date_idx (company,
-- date), look the in row up only under those filters, and the estorno in the small index of
-- reversals (transactions_one_reversal_key). Same rows and figures as the view gives: a transfer
-- is one out row and one in row of its group (create_transfer writes both), reversed once.
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

  -- Transfers as search_movements lists them (public.transfers): no status, category nor obra, no
  -- comprovante. Read from the company's out rows; the in row (the destination account) only when
  -- an account filter or a search by account name needs it.
  select coalesce(sum(o.amount) filter (where not exists (select 1 from public.transactions r
                                                          where r.reversal_of = o.id)), 0),
         count(*)
  into v_transfer_total, v_transfer_count
  from public.transactions o
  where o.company_id = p_company_id and o.type = 'transfer' and o.direction = 'out' and o.reversal_of is null
    and not v_without
    and (p_start is null or o.transaction_date >= p_start)
    and (p_end is null or o.transaction_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or o.bank_account_id = any (p_account_ids)
         or exists (select 1 from public.transactions i
                    where i.company_id = p_company_id and i.type = 'transfer'
                      and i.transfer_group_id = o.transfer_group_id and i.direction = 'in'
                      and i.reversal_of is null and i.bank_account_id = any (p_account_ids)))
    and (v_pattern is null
         -- public.transfers' search_key
         or (case when o.description is null then private.search_text('Transferência') else o.search_key end)
            like v_pattern
         or o.bank_account_id = any (v_account_ids)
         or exists (select 1 from public.transactions i
                    where i.company_id = p_company_id and i.type = 'transfer'
                      and i.transfer_group_id = o.transfer_group_id and i.direction = 'in'
                      and i.reversal_of is null and i.bank_account_id = any (v_account_ids)));

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
