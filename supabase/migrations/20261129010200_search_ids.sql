-- A search that matches few entries or none (a typo, a rare name) walked Movimentações' whole history
-- in date order looking for 51 rows: 286 ms at 200 000 entries with no match, as the caller's row
-- security keeps like off the trigram index. search_movements (its definition: 20261129050100) now
-- asks the security definer here (private.movement_search_ids) for the matching entries on their
-- indexes; up to 2 000, the page is cut from them by primary key. Transfers are searched by a stored key (public.transfers.search_key,
-- the ledger row's generated search_key, or 'transferencia' when it has no description): unaccent
-- once per transfer cost 40 ms at 2 000 transfers in every searched movement_summary.

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
    o.created_at,
    CASE WHEN o.description IS NULL THEN private.search_text('Transferência') ELSE o.search_key END AS search_key
   FROM public.transactions o
     JOIN public.transactions i ON i.company_id = o.company_id AND i.type = 'transfer'::text AND i.transfer_group_id = o.transfer_group_id AND i.direction = 'in'::text AND i.reversal_of IS NULL
     LEFT JOIN public.transactions ro ON ro.reversal_of = o.id
     LEFT JOIN public.bank_accounts fa ON fa.company_id = o.company_id AND fa.id = o.bank_account_id
     LEFT JOIN public.bank_accounts ta ON ta.company_id = i.company_id AND ta.id = i.bank_account_id
  WHERE o.type = 'transfer'::text AND o.direction = 'out'::text AND o.reversal_of IS NULL;

comment on view public.transfers is 'Transfers between accounts (Movimentações): id = transfer group, from/to account, reversed = an estorno (reverse_transfer) wrote the opposite pair on reversed_on; search_key = what a search compares (the description''s stored search form, or ''transferencia'' when it has none). RLS of transactions applies.';

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
            or p.bank_account_id = any (p_account_ids))
     limit p_limit)
    union all
    (select r.id from public.accounts_receivable r
     where r.company_id = p_company_id
       and (r.search_key like p_pattern
            or r.client_id = any (p_client_ids)
            or r.category_id = any (p_category_ids)
            or r.project_id = any (p_project_ids)
            or r.bank_account_id = any (p_account_ids))
     limit p_limit);
end;
$function$;
comment on function private.movement_search_ids(p_company_id uuid, p_pattern text, p_category_ids uuid[], p_project_ids uuid[], p_account_ids uuid[], p_supplier_ids uuid[], p_client_ids uuid[], p_limit integer) is 'The approved entries search_movements'' search matches (search_key like p_pattern, or supplier / client, category, obra or account in the ids given), each arm on its index: at most p_limit of each table. Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_search_ids(uuid, text, uuid[], uuid[], uuid[], uuid[], uuid[], integer) from public, anon, authenticated;
grant execute on function private.movement_search_ids(uuid, text, uuid[], uuid[], uuid[], uuid[], uuid[], integer) to authenticated;

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

  -- Transfers as search_movements lists them: no status, category nor obra, no comprovante.
  select coalesce(sum(t.amount) filter (where not t.reversed), 0), count(*)
  into v_transfer_total, v_transfer_count
  from public.transfers t
  where t.company_id = p_company_id
    and not v_without
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
comment on function public.movement_summary(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'Totals of Movimentações over exactly the rows search_movements gives for the same arguments: income_total, expense_total, balance (sums of display_amount of entries; transfers are neither), count (every row), transfer_total (transfers not reversed), transfer_count. Without a search text or sem comprovante the entries'' part is read from kept month totals (private.movement_entry_totals); with them, summed over the matching rows of the tables with search_movements'' conditions. Raises what search_movements raises.';
