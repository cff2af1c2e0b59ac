-- Rules the tables themselves enforce, whoever writes (issue 8, points 3 and 7).
--
-- Dates: every date column accepts 2000-01-01 … 2100-12-31 only (no ±infinity, no year 1 or 9999),
-- through a check constraint named <table>_<column>_range; src/lib/errors.ts maps a violation of a
-- constraint with that suffix to the key invalid_date (function parameters raise the key directly
-- through private.assert_valid_date). The one exception is suppliers.founded_on: a supplier founded
-- in 1985 is real, so it accepts 1800-01-01 … 2100-12-31 (still finite, same key).
--
-- Amounts: the columns stay numeric(14,2). Through the table API, PostgREST casts the JSON number to
-- the column type before any trigger runs: too large (1e20) fails with SQLSTATE 22003 and more than
-- two decimals are rounded to centavos (the API takes centavos; the front end always sends
-- integer centavos / 100). 'NaN' is a valid numeric(14,2) that compares greater than every number,
-- so `amount > 0` let it through: the money checks now also require `< 1e12`. src/lib/errors.ts maps
-- 22003 and these money checks to invalid_amount. Function parameters are plain numeric and go
-- through private.assert_valid_amount, which also refuses a third decimal.

-- ---------------------------------------------------------------------------------------------
-- Dates
-- ---------------------------------------------------------------------------------------------

alter table public.accounts_payable
  add constraint accounts_payable_due_date_range
    check (due_date between date '2000-01-01' and date '2100-12-31'),
  add constraint accounts_payable_payment_date_range
    check (payment_date between date '2000-01-01' and date '2100-12-31');
alter table public.accounts_receivable
  add constraint accounts_receivable_due_date_range
    check (due_date between date '2000-01-01' and date '2100-12-31'),
  add constraint accounts_receivable_received_date_range
    check (received_date between date '2000-01-01' and date '2100-12-31');
alter table public.transactions
  add constraint transactions_transaction_date_range
    check (transaction_date between date '2000-01-01' and date '2100-12-31');
alter table public.projects
  add constraint projects_start_date_range
    check (start_date between date '2000-01-01' and date '2100-12-31'),
  add constraint projects_end_date_range
    check (end_date between date '2000-01-01' and date '2100-12-31');
alter table public.project_stages
  add constraint project_stages_completion_date_range
    check (completion_date between date '2000-01-01' and date '2100-12-31');
alter table public.supplier_orders
  add constraint supplier_orders_order_date_range
    check (order_date between date '2000-01-01' and date '2100-12-31'),
  add constraint supplier_orders_delivery_date_range
    check (delivery_date between date '2000-01-01' and date '2100-12-31');
alter table public.suppliers
  add constraint suppliers_founded_on_range
    check (founded_on between date '1800-01-01' and date '2100-12-31');

-- ---------------------------------------------------------------------------------------------
-- Amounts: the same names as before (<table>_<column>_check), now refusing 'NaN' too
-- ---------------------------------------------------------------------------------------------

alter table public.accounts_payable drop constraint accounts_payable_amount_check,
  add constraint accounts_payable_amount_check check (amount > 0 and amount < 1000000000000);
alter table public.accounts_receivable drop constraint accounts_receivable_amount_check,
  add constraint accounts_receivable_amount_check check (amount > 0 and amount < 1000000000000);
alter table public.transactions drop constraint transactions_amount_check,
  add constraint transactions_amount_check check (amount > 0 and amount < 1000000000000);
alter table public.supplier_orders drop constraint supplier_orders_amount_check,
  add constraint supplier_orders_amount_check check (amount > 0 and amount < 1000000000000);
alter table public.supplier_products drop constraint supplier_products_price_check,
  add constraint supplier_products_price_check check (price > 0 and price < 1000000000000);
alter table public.projects drop constraint projects_budget_check,
  add constraint projects_budget_check check (budget >= 0 and budget < 1000000000000);
alter table public.project_stages drop constraint project_stages_estimated_cost_check,
  add constraint project_stages_estimated_cost_check check (estimated_cost >= 0 and estimated_cost < 1000000000000);
alter table public.project_stages drop constraint project_stages_actual_cost_check,
  add constraint project_stages_actual_cost_check check (actual_cost >= 0 and actual_cost < 1000000000000);
-- Balances may be negative (overdraft, credit card), never NaN.
alter table public.bank_accounts
  add constraint bank_accounts_initial_balance_check
    check (initial_balance > -1000000000000 and initial_balance < 1000000000000),
  add constraint bank_accounts_current_balance_check
    check (current_balance > -1000000000000 and current_balance < 1000000000000);

-- ---------------------------------------------------------------------------------------------
-- Installments: a number needs the count it is a part of (number <= count already held when both
-- were set; a number alone passed that check as unknown).
-- ---------------------------------------------------------------------------------------------

alter table public.accounts_payable add constraint accounts_payable_installment_needs_count
  check (installment_number is null or installment_count is not null);
alter table public.accounts_receivable add constraint accounts_receivable_installment_needs_count
  check (installment_number is null or installment_count is not null);

-- ---------------------------------------------------------------------------------------------
-- A payable takes an expense category, a receivable an income one
-- ---------------------------------------------------------------------------------------------

-- Runs as the caller: a category of another company is invisible here and the composite foreign
-- key refuses it afterwards. FOR SHARE makes a concurrent change of the category's type wait (or
-- be seen), so the check below and categories_guard_type cannot both pass on stale data.
create or replace function private.check_entry_category()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_expected text := case tg_table_name when 'accounts_payable' then 'expense' else 'income' end;
  v_type text;
begin
  if new.category_id is not null then
    select c.type into v_type
    from public.categories c
    where c.company_id = new.company_id and c.id = new.category_id
    for share;
    if found and v_type <> v_expected then
      raise exception using errcode = 'P0001', message = 'category_type_mismatch';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_entry_category() is
  'Trigger: a payable''s category must be an expense category, a receivable''s an income one (category_type_mismatch).';

create trigger accounts_payable_check_category before insert or update of category_id, company_id
  on public.accounts_payable for each row execute function private.check_entry_category();
create trigger accounts_receivable_check_category before insert or update of category_id, company_id
  on public.accounts_receivable for each row execute function private.check_entry_category();

-- The other side: a category used by payables cannot become income (and vice versa).
create or replace function private.guard_category_type()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.type is distinct from old.type
     and ((new.type <> 'expense' and exists (select 1 from public.accounts_payable e
                                               where e.company_id = old.company_id and e.category_id = old.id))
          or (new.type <> 'income' and exists (select 1 from public.accounts_receivable e
                                                 where e.company_id = old.company_id and e.category_id = old.id))) then
    raise exception using errcode = 'P0001', message = 'category_type_mismatch';
  end if;
  return new;
end;
$$;
comment on function private.guard_category_type() is
  'Trigger: refuses changing the type of a category that payables (expense) or receivables (income) use (category_type_mismatch).';

create trigger categories_guard_type before update of type on public.categories
  for each row execute function private.guard_category_type();

-- ---------------------------------------------------------------------------------------------
-- A paid entry's category or obra change reaches its ledger row
-- ---------------------------------------------------------------------------------------------

-- Entry-based reports (report_summary, project_financials) read the entry; ledger-based ones
-- (category_stats, the account history) read its ledger row. Editing a paid entry's category or
-- obra moves the standing ledger row with it (not reversed pairs: they are history and net out).
-- security definer: callers never write the ledger.
create or replace function private.sync_paid_entry_to_ledger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.transactions t
  set category_id = new.category_id, project_id = new.project_id
  where t.company_id = new.company_id
    and t.reversal_of is null
    and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
    and case tg_table_name when 'accounts_payable' then t.payable_id else t.receivable_id end = new.id;
  return null;
end;
$$;
comment on function private.sync_paid_entry_to_ledger() is
  'Trigger: copies a paid entry''s new category_id / project_id to its standing ledger row.';

create trigger accounts_payable_sync_ledger after update of category_id, project_id on public.accounts_payable
  for each row
  when (old.status = 'paid' and new.status = 'paid'
        and (old.category_id is distinct from new.category_id or old.project_id is distinct from new.project_id))
  execute function private.sync_paid_entry_to_ledger();
create trigger accounts_receivable_sync_ledger after update of category_id, project_id on public.accounts_receivable
  for each row
  when (old.status = 'paid' and new.status = 'paid'
        and (old.category_id is distinct from new.category_id or old.project_id is distinct from new.project_id))
  execute function private.sync_paid_entry_to_ledger();

revoke all on function private.check_entry_category() from public, anon, authenticated;
revoke all on function private.guard_category_type() from public, anon, authenticated;
revoke all on function private.sync_paid_entry_to_ledger() from public, anon, authenticated;
