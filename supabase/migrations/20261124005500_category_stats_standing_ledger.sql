-- SQL hygiene (issue 10): category_stats reads the one definition of "ledger rows that still stand"
-- (view public.standing_transactions, 20261124005000) instead of repeating it. Body otherwise
-- unchanged; a transaction is a standing payment row, so a partial payment counts as one use.

create or replace function public.category_stats(p_category_id uuid, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_category public.categories;
  v_today date := coalesce(p_today, current_date);
  v_result json;
begin
  perform private.assert_valid_date(p_today);
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids());
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  -- A category's use counts from the ledger (what money really moved), not from entry status: the
  -- rows that still stand. An estorno (reopen_*) writes a reversing row (reversal_of = the original);
  -- both rows of such a pair cancel out and are left out. Transfers carry no category.
  with used as (
    select t.* from public.standing_transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
  ),
  totals as (
    select
      count(*) as transaction_count,
      coalesce(sum(amount), 0) as total_amount,
      max(transaction_date) as last_used_on,
      count(*) filter (where transaction_date > v_today - 90 and transaction_date <= v_today) as last_90_days_count
    from used
  ),
  recent as (
    select u.id, u.description, u.amount, u.transaction_date, u.direction,
           u.payable_id, u.receivable_id, b.name as bank_account_name, p.name as project_name
    from used u
    left join public.bank_accounts b on b.company_id = u.company_id and b.id = u.bank_account_id
    left join public.projects p on p.company_id = u.company_id and p.id = u.project_id
    order by u.transaction_date desc, u.created_at desc
    limit 10
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
