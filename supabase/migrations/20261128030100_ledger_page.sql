-- A bank account's history read the account's whole ledger for every page: account_ledger is a
-- plpgsql `returns table` function (its result is built in full), and PostgREST then sorted it,
-- cut 50 and counted all (3.6 s at 200 000 entries). With p_limit it now returns one page itself,
-- in one of the orders the screen offers (p_order, a whitelist), read from an index in that order
-- and stopping at the page; nothing is counted (the screen asks one row more than it shows to know
-- whether there is a next page). Without p_limit it answers every row as before
-- (bank_account_summary reads it that way).
--
-- The rows that still stand are found row by row (not an estorno, not reversed: the
-- standing_transactions view's own condition, as a join on the unique index of reversal_of)
-- instead of as a semi-join with the view, which built the account's whole standing set before the
-- first row; the other side of a transfer is found on the transfer index (its rows are type
-- 'transfer'), not by scanning the company's ledger; the names are joined to the page's rows only.

-- By value (signed as shown: + in, − out), one account at a time.
create index transactions_account_signed_idx
  on public.transactions (company_id, bank_account_id, (case direction when 'in' then amount else -amount end));

drop function public.account_ledger(uuid, date, date, text, boolean);
create function public.account_ledger(p_bank_account_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_search text DEFAULT NULL::text, p_include_reversed boolean DEFAULT false, p_order text DEFAULT 'date_desc'::text, p_limit integer DEFAULT NULL::integer, p_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, transaction_date date, type text, direction text, description text, amount numeric, signed_amount numeric, category_id uuid, category_name text, project_id uuid, project_name text, payable_id uuid, receivable_id uuid, transfer_group_id uuid, counterpart_account_id uuid, counterpart_account_name text, reversal_of uuid, reversed boolean, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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
           or private.search_text(t.description) like $6
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
$$;
comment on function public.account_ledger(uuid, date, date, text, boolean, text, integer, integer) is
  'History of one bank account (payments, receipts, transfers in and out): rows that still stand, or every row '
  'with p_include_reversed (estorno rows and the rows they reversed flagged reversed). Period [p_start, p_end] on '
  'transaction_date; p_search: text in description, category, obra or the other account of a transfer, ignoring '
  'case and accents (private.search_text). signed_amount: + in, − out. p_order: date_desc (default: '
  'transaction_date desc, created_at desc, id), date_asc (transaction_date, created_at, id), value_desc / '
  'value_asc (signed_amount, then transaction_date desc, created_at desc, id). p_limit (1..5000): one page, '
  'p_offset rows in, nothing counted (ask one row more to know whether there is a next page); null: every row '
  'in p_order. Raises invalid_date, text_too_long, invalid_page (limit, offset or order), bank_account_not_found '
  '(also another company''s).';
revoke all on function public.account_ledger(uuid, date, date, text, boolean, text, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.account_ledger(uuid, date, date, text, boolean, text, integer, integer)
  to authenticated, service_role;
