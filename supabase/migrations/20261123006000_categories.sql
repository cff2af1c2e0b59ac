-- Categories: removal that archives a used category, and the statistics of the detail screen
-- (DESIGN §2: "Category detail … real statistics and recent transactions; edit and delete work").

-- Removing a category: really delete one nothing points at; archive (is_active = false) one that
-- entries or ledger rows point at, so the history keeps its name (the entries view and the ledger
-- joins ignore is_active). Runs as the caller: RLS decides which categories and entries they see.
create or replace function public.remove_category(p_category_id uuid)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_category public.categories;
begin
  -- Locking the row makes a concurrent insert of an entry pointing at it wait (its foreign key
  -- check takes a key-share lock), so "unused" cannot become "used" between the check and the delete.
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  if exists (select 1 from public.accounts_payable e
             where e.company_id = v_category.company_id and e.category_id = v_category.id)
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_category.company_id and e.category_id = v_category.id)
     or exists (select 1 from public.transactions t
                where t.company_id = v_category.company_id and t.category_id = v_category.id) then
    update public.categories set is_active = false where id = v_category.id;
    return 'archived';
  end if;

  delete from public.categories where id = v_category.id;
  return 'deleted';
end;
$$;
comment on function public.remove_category(uuid) is
  'Removes a category of the caller''s company. Returns ''deleted'' when nothing used it, or ''archived'' '
  '(is_active = false: hidden from pickers and the list, still named on old entries) when payables, '
  'receivables or ledger rows point at it. Error key category_not_found.';

-- Statistics of one category for its detail screen, computed in SQL.
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
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids());
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  -- A category's use counts from the ledger (what money really moved), not from entry status: the
  -- rows that still stand. An estorno (reopen_*) writes a reversing row (reversal_of = the original);
  -- both rows of such a pair cancel out and are left out. Transfers carry no category.
  with used as (
    select t.* from public.transactions t
    where t.company_id = v_category.company_id and t.category_id = v_category.id
      and t.type <> 'transfer'
      and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
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
comment on function public.category_stats(uuid, date) is
  'Detail statistics of a category (amounts in reais). A "transaction" is a ledger row of the category '
  'that still stands: a settled payable or receivable, excluding reversed pairs (the estorno row, '
  'which has reversal_of, and the row it reverses) and transfers; a row keeps the category its entry '
  'had when it was settled. transaction_count, total_amount (sum of amounts), average_amount '
  '(total / count, 2 decimals, null without transactions), last_used_on (latest transaction_date), '
  'last_90_days_count (transaction_date in (p_today - 90, p_today]) and frequency from it: '
  'high (Alta) >= 9, about three a month or more; medium (Média) 3 to 8, about monthly; low (Baixa) '
  '1 or 2; none (Sem uso) 0. recent: the latest 10 such rows with bank account and obra names. '
  'p_today comes from the browser (the database''s current_date is UTC). Error key category_not_found.';

revoke all on function public.remove_category(uuid) from public, anon;
revoke all on function public.category_stats(uuid, date) from public, anon;
grant execute on function public.remove_category(uuid) to authenticated;
grant execute on function public.category_stats(uuid, date) to authenticated;
