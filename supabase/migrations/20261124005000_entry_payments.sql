-- Settle with the real facts (issue 10): a payment has a date (never in the future), a principal
-- part (valor pago; less than the open amount = a partial payment) and juros, multa and desconto.
--
-- Model: each payment is ONE ledger row (public.transactions) of the entry, whose amount is what
-- really moved (principal + juros + multa − desconto) and which keeps each part
-- (principal_amount, interest_amount, fine_amount, discount_amount). The entry keeps the sums of its
-- standing (not reversed) payments: paid_amount (principal), interest_amount, fine_amount,
-- discount_amount, and two generated columns: open_amount = amount − paid_amount (what is still
-- due) and paid_total = paid_amount + juros + multa − desconto (what moved). An entry is 'paid' only
-- when its open amount reaches zero; a pending entry with paid_amount > 0 is partially paid.
-- Estorno (reopen_*) reverses every standing payment of the entry and makes it fully open again.
--
-- Also here, so that every aggregate agrees: the one definition of "ledger rows that still stand"
-- (view public.standing_transactions), the aggregates rewritten on it and on public.entries (the
-- one payables ∪ receivables union), pending totals on open_amount.

-- ---------------------------------------------------------------------------------------------
-- Columns
-- ---------------------------------------------------------------------------------------------

alter table public.accounts_payable
  add column paid_amount numeric(14, 2) not null default 0,
  add column interest_amount numeric(14, 2) not null default 0,
  add column fine_amount numeric(14, 2) not null default 0,
  add column discount_amount numeric(14, 2) not null default 0;
alter table public.accounts_receivable
  add column paid_amount numeric(14, 2) not null default 0,
  add column interest_amount numeric(14, 2) not null default 0,
  add column fine_amount numeric(14, 2) not null default 0,
  add column discount_amount numeric(14, 2) not null default 0;
update public.accounts_payable set paid_amount = amount where status = 'paid';
update public.accounts_receivable set paid_amount = amount where status = 'paid';
alter table public.accounts_payable
  add column open_amount numeric(14, 2) generated always as (amount - paid_amount) stored,
  add column paid_total numeric(14, 2) generated always as (paid_amount + interest_amount + fine_amount - discount_amount) stored,
  add constraint accounts_payable_paid_amount_check
    check (paid_amount >= 0 and paid_amount <= amount and (status = 'paid') = (paid_amount = amount)),
  add constraint accounts_payable_interest_amount_check check (interest_amount >= 0 and interest_amount < 1000000000000),
  add constraint accounts_payable_fine_amount_check check (fine_amount >= 0 and fine_amount < 1000000000000),
  add constraint accounts_payable_discount_amount_check check (discount_amount >= 0 and discount_amount < 1000000000000);
alter table public.accounts_receivable
  add column open_amount numeric(14, 2) generated always as (amount - paid_amount) stored,
  add column paid_total numeric(14, 2) generated always as (paid_amount + interest_amount + fine_amount - discount_amount) stored,
  add constraint accounts_receivable_paid_amount_check
    check (paid_amount >= 0 and paid_amount <= amount and (status = 'paid') = (paid_amount = amount)),
  add constraint accounts_receivable_interest_amount_check check (interest_amount >= 0 and interest_amount < 1000000000000),
  add constraint accounts_receivable_fine_amount_check check (fine_amount >= 0 and fine_amount < 1000000000000),
  add constraint accounts_receivable_discount_amount_check check (discount_amount >= 0 and discount_amount < 1000000000000);
comment on column public.accounts_payable.paid_amount is 'Principal paid by the standing payments (ledger rows); = amount when paid.';
comment on column public.accounts_payable.open_amount is 'amount − paid_amount: what is still due.';
comment on column public.accounts_payable.paid_total is 'What really moved: paid_amount + interest_amount + fine_amount − discount_amount.';
comment on column public.accounts_receivable.paid_amount is 'Principal received by the standing payments (ledger rows); = amount when paid.';
comment on column public.accounts_receivable.open_amount is 'amount − paid_amount: what is still due.';
comment on column public.accounts_receivable.paid_total is 'What really moved: paid_amount + interest_amount + fine_amount − discount_amount.';

-- A payment row keeps its parts; transfers (and their estornos) have none.
alter table public.transactions
  add column principal_amount numeric(14, 2),
  add column interest_amount numeric(14, 2),
  add column fine_amount numeric(14, 2),
  add column discount_amount numeric(14, 2);
update public.transactions set principal_amount = amount, interest_amount = 0, fine_amount = 0, discount_amount = 0
where type <> 'transfer';
alter table public.transactions
  add constraint transactions_parts_sum_check check (
    (principal_amount is null and interest_amount is null and fine_amount is null and discount_amount is null)
    or (principal_amount > 0 and interest_amount >= 0 and fine_amount >= 0 and discount_amount >= 0
        and amount = principal_amount + interest_amount + fine_amount - discount_amount));
comment on column public.transactions.principal_amount is
  'On a payment row (and its estorno): the part of the entry''s amount it pays; amount = principal + juros + multa − desconto.';

-- Rows written directly by the superuser (the demo seed, fixtures) as already 'paid', and ledger
-- rows written without parts, get the consistent defaults: a paid entry has paid its whole amount; a
-- payment row without parts is all principal. The API cannot write these columns.
create or replace function private.default_payment_parts()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'transactions' then
    if new.type <> 'transfer' and new.principal_amount is null and new.interest_amount is null
       and new.fine_amount is null and new.discount_amount is null then
      new.principal_amount := new.amount;
      new.interest_amount := 0;
      new.fine_amount := 0;
      new.discount_amount := 0;
    end if;
  elsif new.status = 'paid' and new.paid_amount = 0 then
    new.paid_amount := new.amount;
  end if;
  return new;
end;
$$;
revoke all on function private.default_payment_parts() from public, anon, authenticated;
create trigger accounts_payable_default_payment_parts before insert on public.accounts_payable
  for each row execute function private.default_payment_parts();
create trigger accounts_receivable_default_payment_parts before insert on public.accounts_receivable
  for each row execute function private.default_payment_parts();
create trigger transactions_default_payment_parts before insert on public.transactions
  for each row execute function private.default_payment_parts();

-- ---------------------------------------------------------------------------------------------
-- The one definition of the ledger rows that still stand
-- ---------------------------------------------------------------------------------------------

create view public.standing_transactions with (security_invoker = true) as
select t.*
from public.transactions t
where t.reversal_of is null
  and not exists (select 1 from public.transactions r where r.reversal_of = t.id);
comment on view public.standing_transactions is
  'Ledger rows that still stand: neither an estorno row nor a row an estorno reversed (such pairs net '
  'out). Every aggregate of "what moved" reads this view. RLS of transactions applies (security_invoker).';
revoke all on public.standing_transactions from public, anon, authenticated;
grant select on public.standing_transactions to authenticated;

-- An estorno copies the parts of the row it reverses.
create or replace function private.reverse_ledger_row(p_row public.transactions, p_on date)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   transfer_group_id, reversal_of, created_by, principal_amount,
                                   interest_amount, fine_amount, discount_amount)
  values (p_row.company_id, p_row.type, case p_row.direction when 'in' then 'out' else 'in' end,
          left('Estorno: ' || p_row.description, 250), p_row.amount, p_on, p_row.bank_account_id,
          p_row.category_id, p_row.project_id, p_row.payable_id, p_row.receivable_id,
          p_row.transfer_group_id, p_row.id, (select auth.uid()), p_row.principal_amount,
          p_row.interest_amount, p_row.fine_amount, p_row.discount_amount);
end;
$$;
revoke all on function private.reverse_ledger_row(public.transactions, date) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Guards: a paid entry keeps amount and account; an entry with payments keeps its amount and is not
-- deleted (reverse first).
-- ---------------------------------------------------------------------------------------------

create or replace function private.guard_settled_entry()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.status = 'paid' then
      raise exception using errcode = 'P0001', message = 'entry_already_settled';
    end if;
    if old.paid_amount > 0 then
      raise exception using errcode = 'P0001', message = 'entry_has_payments';
    end if;
    return old;
  end if;
  if old.status = 'paid' and new.status = 'paid'
     and (new.amount is distinct from old.amount or new.bank_account_id is distinct from old.bank_account_id) then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  if old.paid_amount > 0 and new.paid_amount = old.paid_amount and new.amount is distinct from old.amount then
    raise exception using errcode = 'P0001', message = 'entry_has_payments';
  end if;
  return new;
end;
$$;

-- Editing an entry that has payments moves its standing ledger rows with it (category, obra,
-- description), so entry-based and ledger-based reports agree. Replaces the issue-8 version, which
-- looked at fully paid entries only.
create or replace function private.sync_paid_entry_to_ledger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.transactions t
  set category_id = new.category_id, project_id = new.project_id, description = left(new.description, 250)
  where t.id in (
    select s.id from public.standing_transactions s
    where s.company_id = new.company_id
      and case tg_table_name when 'accounts_payable' then s.payable_id else s.receivable_id end = new.id);
  return null;
end;
$$;
comment on function private.sync_paid_entry_to_ledger() is
  'Trigger: copies the new category_id / project_id / description of an entry with payments to its standing ledger rows.';
revoke all on function private.sync_paid_entry_to_ledger() from public, anon, authenticated;

drop trigger accounts_payable_sync_ledger on public.accounts_payable;
drop trigger accounts_receivable_sync_ledger on public.accounts_receivable;
create trigger accounts_payable_sync_ledger after update of category_id, project_id, description on public.accounts_payable
  for each row
  when (old.paid_amount > 0 and new.paid_amount > 0
        and (old.category_id is distinct from new.category_id or old.project_id is distinct from new.project_id
             or old.description is distinct from new.description))
  execute function private.sync_paid_entry_to_ledger();
create trigger accounts_receivable_sync_ledger after update of category_id, project_id, description on public.accounts_receivable
  for each row
  when (old.paid_amount > 0 and new.paid_amount > 0
        and (old.category_id is distinct from new.category_id or old.project_id is distinct from new.project_id
             or old.description is distinct from new.description))
  execute function private.sync_paid_entry_to_ledger();

-- ---------------------------------------------------------------------------------------------
-- Settlement: one body for both kinds
-- ---------------------------------------------------------------------------------------------

-- Runs inside the definer bodies below (never granted). Locks the entry, then the account.
create or replace function private.settle_entry(
  p_kind text,
  p_id uuid,
  p_bank_account_id uuid,
  p_paid_on date,
  p_amount_paid numeric,
  p_interest numeric,
  p_fine numeric,
  p_discount numeric,
  p_today date
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_today date;
  v_on date;
  v_company_id uuid;
  v_amount numeric;
  v_paid numeric;
  v_status text;
  v_description text;
  v_category_id uuid;
  v_project_id uuid;
  v_principal numeric;
  v_interest numeric := coalesce(p_interest, 0);
  v_fine numeric := coalesce(p_fine, 0);
  v_discount numeric := coalesce(p_discount, 0);
  v_total numeric;
  v_done boolean;
begin
  perform private.assert_valid_date(p_paid_on);
  perform private.assert_valid_date(p_today);
  -- The browser's today (a Brazilian evening is already tomorrow in UTC), never beyond the
  -- database's tomorrow.
  v_today := least(coalesce(p_today, current_date), current_date + 1);
  v_on := coalesce(p_paid_on, v_today);
  perform private.assert_valid_date(v_on);
  if v_on > v_today then
    raise exception using errcode = 'P0001', message = 'payment_date_in_future';
  end if;
  perform private.assert_valid_amount(v_interest, p_allow_zero => true);
  perform private.assert_valid_amount(v_fine, p_allow_zero => true);
  perform private.assert_valid_amount(v_discount, p_allow_zero => true);

  if p_kind = 'expense' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id
    from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  elsif p_kind = 'income' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id
    from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  else
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;

  v_principal := coalesce(p_amount_paid, v_amount - v_paid);
  perform private.assert_valid_amount(v_principal);
  if v_principal > v_amount - v_paid then
    raise exception using errcode = 'P0001', message = 'payment_exceeds_open_amount';
  end if;
  v_total := v_principal + v_interest + v_fine - v_discount;
  if v_total <= 0 then
    raise exception using errcode = 'P0001', message = 'invalid_amount';
  end if;
  perform private.lock_active_account(v_company_id, p_bank_account_id);
  v_done := v_paid + v_principal = v_amount;

  if p_kind = 'expense' then
    update public.accounts_payable
    set paid_amount = paid_amount + v_principal,
        interest_amount = interest_amount + v_interest,
        fine_amount = fine_amount + v_fine,
        discount_amount = discount_amount + v_discount,
        status = case when v_done then 'paid' else 'pending' end,
        payment_date = case when v_done then v_on end,
        bank_account_id = p_bank_account_id
    where id = p_id;
  else
    update public.accounts_receivable
    set paid_amount = paid_amount + v_principal,
        interest_amount = interest_amount + v_interest,
        fine_amount = fine_amount + v_fine,
        discount_amount = discount_amount + v_discount,
        status = case when v_done then 'paid' else 'pending' end,
        received_date = case when v_done then v_on end,
        bank_account_id = p_bank_account_id
    where id = p_id;
  end if;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   created_by, principal_amount, interest_amount, fine_amount, discount_amount)
  values (v_company_id, p_kind, case p_kind when 'expense' then 'out' else 'in' end, left(v_description, 250),
          v_total, v_on, p_bank_account_id, v_category_id, v_project_id,
          case when p_kind = 'expense' then p_id end, case when p_kind = 'income' then p_id end,
          (select auth.uid()), v_principal, v_interest, v_fine, v_discount);
end;
$$;
revoke all on function private.settle_entry(text, uuid, uuid, date, numeric, numeric, numeric, numeric, date)
  from public, anon, authenticated;

-- Estorno of every standing payment of the entry; it is fully open again.
create or replace function private.reopen_entry(p_kind text, p_id uuid, p_reopened_on date)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_paid numeric;
  v_row public.transactions;
begin
  perform private.assert_valid_date(p_reopened_on);
  if p_kind = 'expense' then
    select e.company_id, e.paid_amount into v_company_id, v_paid from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  else
    select e.company_id, e.paid_amount into v_company_id, v_paid from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_paid = 0 then
    raise exception using errcode = 'P0001', message = 'entry_not_settled';
  end if;
  for v_row in
    select t.* from public.transactions t
    where t.id in (select s.id from public.standing_transactions s
                   where s.company_id = v_company_id
                     and case p_kind when 'expense' then s.payable_id else s.receivable_id end = p_id)
    order by t.created_at
    for update
  loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reopened_on, current_date));
  end loop;
  if p_kind = 'expense' then
    update public.accounts_payable
    set status = 'pending', payment_date = null, paid_amount = 0, interest_amount = 0, fine_amount = 0,
        discount_amount = 0
    where id = p_id;
  else
    update public.accounts_receivable
    set status = 'pending', received_date = null, paid_amount = 0, interest_amount = 0, fine_amount = 0,
        discount_amount = 0
    where id = p_id;
  end if;
end;
$$;
revoke all on function private.reopen_entry(text, uuid, date) from public, anon, authenticated;

-- The old three-argument versions go: one function per name, so PostgREST never sees two overloads.
drop function public.settle_payable(uuid, uuid, date);
drop function public.settle_receivable(uuid, uuid, date);
drop function private.settle_payable(uuid, uuid, date);
drop function private.settle_receivable(uuid, uuid, date);

create function private.settle_payable(
  p_payable_id uuid,
  p_bank_account_id uuid,
  p_paid_on date,
  p_amount_paid numeric,
  p_interest numeric,
  p_fine numeric,
  p_discount numeric,
  p_today date
)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
begin
  perform private.settle_entry('expense', p_payable_id, p_bank_account_id, p_paid_on, p_amount_paid,
                               p_interest, p_fine, p_discount, p_today);
  select * into v_entry from public.accounts_payable where id = p_payable_id;
  return v_entry;
end;
$$;

create function public.settle_payable(
  p_payable_id uuid,
  p_bank_account_id uuid,
  p_paid_on date default null,
  p_amount_paid numeric default null,
  p_interest numeric default 0,
  p_fine numeric default 0,
  p_discount numeric default 0,
  p_today date default null
)
returns public.accounts_payable
language sql
security invoker
set search_path = ''
as $$
  select * from private.settle_payable(p_payable_id, p_bank_account_id, p_paid_on, p_amount_paid, p_interest,
                                       p_fine, p_discount, p_today)
$$;
comment on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) is
  'Dar Baixa (a payment) of a payable into an active account on p_paid_on (null = p_today). '
  'p_amount_paid = principal paid (null = the open amount; less = partial payment, the rest stays '
  'pending on the entry); p_interest (juros), p_fine (multa), p_discount (desconto) ≥ 0; the ledger row '
  'holds principal + juros + multa − desconto. p_today = the browser''s date (null = the database''s). '
  'Raises invalid_date, payment_date_in_future, invalid_amount, payment_exceeds_open_amount, '
  'entry_not_found, entry_already_settled, bank_account_not_found, bank_account_inactive. '
  '(body: private.settle_payable)';

create function private.settle_receivable(
  p_receivable_id uuid,
  p_bank_account_id uuid,
  p_received_on date,
  p_amount_paid numeric,
  p_interest numeric,
  p_fine numeric,
  p_discount numeric,
  p_today date
)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
begin
  perform private.settle_entry('income', p_receivable_id, p_bank_account_id, p_received_on, p_amount_paid,
                               p_interest, p_fine, p_discount, p_today);
  select * into v_entry from public.accounts_receivable where id = p_receivable_id;
  return v_entry;
end;
$$;

create function public.settle_receivable(
  p_receivable_id uuid,
  p_bank_account_id uuid,
  p_received_on date default null,
  p_amount_paid numeric default null,
  p_interest numeric default 0,
  p_fine numeric default 0,
  p_discount numeric default 0,
  p_today date default null
)
returns public.accounts_receivable
language sql
security invoker
set search_path = ''
as $$
  select * from private.settle_receivable(p_receivable_id, p_bank_account_id, p_received_on, p_amount_paid,
                                          p_interest, p_fine, p_discount, p_today)
$$;
comment on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) is
  'Dar Baixa (a receipt) of a receivable; same rules and keys as settle_payable. (body: private.settle_receivable)';

create or replace function private.reopen_payable(p_payable_id uuid, p_reopened_on date)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
begin
  perform private.reopen_entry('expense', p_payable_id, p_reopened_on);
  select * into v_entry from public.accounts_payable where id = p_payable_id;
  return v_entry;
end;
$$;
comment on function public.reopen_payable(uuid, date) is
  'Estorno of every standing payment of a payable (paid or partially paid): reversing ledger rows dated '
  'p_reopened_on (null = today); the entry is fully open again. Raises invalid_date, entry_not_found, '
  'entry_not_settled (no payment to reverse). (body: private.reopen_payable)';

create or replace function private.reopen_receivable(p_receivable_id uuid, p_reopened_on date)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
begin
  perform private.reopen_entry('income', p_receivable_id, p_reopened_on);
  select * into v_entry from public.accounts_receivable where id = p_receivable_id;
  return v_entry;
end;
$$;
comment on function public.reopen_receivable(uuid, date) is
  'Estorno of every standing receipt of a receivable; same rules and keys as reopen_payable. (body: private.reopen_receivable)';

revoke all on function private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) from public, anon, authenticated;
revoke all on function private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) from public, anon, authenticated;
revoke all on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) from public, anon, authenticated;
revoke all on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) from public, anon, authenticated;
grant execute on function private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) to authenticated;
grant execute on function private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) to authenticated;
grant execute on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) to authenticated;
grant execute on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The entries view: the one payables ∪ receivables union, now with the payment columns
-- ---------------------------------------------------------------------------------------------

create or replace view public.entries with (security_invoker = true) as
select
  'expense'::text as kind, p.id, p.company_id, p.description, p.amount, p.due_date, p.status,
  p.payment_date as settled_on, p.supplier_id as counterparty_id,
  coalesce(s.name, p.supplier_name) as counterparty_name,
  p.project_id, pr.name as project_name, p.category_id, c.name as category_name, c.color as category_color,
  p.bank_account_id, b.name as bank_account_name, p.payment_method, p.notes,
  p.series_id, p.series_kind, p.installment_number, p.installment_count, p.created_at,
  p.paid_amount, p.open_amount, p.interest_amount, p.fine_amount, p.discount_amount, p.paid_total,
  p.supplier_name as counterparty_text, p.updated_at, p.created_by
from public.accounts_payable p
left join public.suppliers s on s.company_id = p.company_id and s.id = p.supplier_id
left join public.projects pr on pr.company_id = p.company_id and pr.id = p.project_id
left join public.categories c on c.company_id = p.company_id and c.id = p.category_id
left join public.bank_accounts b on b.company_id = p.company_id and b.id = p.bank_account_id
union all
select
  'income'::text, r.id, r.company_id, r.description, r.amount, r.due_date, r.status,
  r.received_date, r.client_id, coalesce(cl.name, r.client_name),
  r.project_id, pr.name, r.category_id, c.name, c.color,
  r.bank_account_id, b.name, r.payment_method, r.notes,
  r.series_id, r.series_kind, r.installment_number, r.installment_count, r.created_at,
  r.paid_amount, r.open_amount, r.interest_amount, r.fine_amount, r.discount_amount, r.paid_total,
  r.client_name, r.updated_at, r.created_by
from public.accounts_receivable r
left join public.clients cl on cl.company_id = r.company_id and cl.id = r.client_id
left join public.projects pr on pr.company_id = r.company_id and pr.id = r.project_id
left join public.categories c on c.company_id = r.company_id and c.id = r.category_id
left join public.bank_accounts b on b.company_id = r.company_id and b.id = r.bank_account_id;
comment on view public.entries is
  'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point '
  'at and the payment columns (paid_amount, open_amount, interest/fine/discount_amount, paid_total). The '
  'one union of the two tables: every aggregate reads it. RLS of the underlying tables applies.';

-- The payments of an entry (Dar Baixa history on the entry detail), reversed ones flagged.
create view public.entry_payments with (security_invoker = true) as
select
  case when t.payable_id is not null then 'expense' else 'income' end as kind,
  coalesce(t.payable_id, t.receivable_id) as entry_id,
  t.id, t.company_id, t.transaction_date as paid_on, t.bank_account_id, b.name as bank_account_name,
  t.amount, t.principal_amount, t.interest_amount, t.fine_amount, t.discount_amount,
  exists (select 1 from public.transactions r where r.reversal_of = t.id) as reversed,
  (select r.transaction_date from public.transactions r where r.reversal_of = t.id) as reversed_on,
  t.created_by, t.created_at
from public.transactions t
left join public.bank_accounts b on b.company_id = t.company_id and b.id = t.bank_account_id
where t.type <> 'transfer' and t.reversal_of is null
  and (t.payable_id is not null or t.receivable_id is not null);
comment on view public.entry_payments is
  'One row per payment (Dar Baixa) of an entry: amount moved and its parts; reversed = an estorno undid it.';
revoke all on public.entry_payments from public, anon, authenticated;
grant select on public.entry_payments to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Aggregates on the one union and the one standing ledger
-- ---------------------------------------------------------------------------------------------

-- Pending totals count what is still open (a partially paid entry its remainder).
create or replace function public.dashboard_summary(p_company_id uuid, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  select json_build_object(
    'receivable_total', coalesce(sum(e.open_amount) filter (where e.kind = 'income'), 0),
    'payable_total', coalesce(sum(e.open_amount) filter (where e.kind = 'expense'), 0),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.due_date < p_today), 0),
    'receivable_pending_count', count(*) filter (where e.kind = 'income'),
    'payable_pending_count', count(*) filter (where e.kind = 'expense'),
    'overdue_count', count(*) filter (where e.due_date < p_today)
  ) into v_result
  from public.entries e
  where e.company_id = p_company_id and e.status = 'pending';
  return v_result;
end;
$$;
comment on function public.dashboard_summary(uuid, date) is
  'Home totals A Receber, A Pagar, Em Atraso (pending entries due before p_today): sums of the OPEN '
  'amount (a partially paid entry counts its remainder), in reais.';

create or replace function public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  select json_build_object(
    'pending_total', coalesce(sum(e.open_amount) filter (where e.status = 'pending'), 0),
    'pending_count', count(*) filter (where e.status = 'pending'),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.status = 'pending' and e.due_date < p_today), 0),
    'overdue_count', count(*) filter (where e.status = 'pending' and e.due_date < p_today),
    'paid_total', coalesce(sum(e.paid_total) filter (where e.status = 'paid'), 0),
    'paid_count', count(*) filter (where e.status = 'paid'),
    'partial_paid_total', coalesce(sum(e.paid_total) filter (where e.status = 'pending' and e.paid_amount > 0), 0),
    'partial_count', count(*) filter (where e.status = 'pending' and e.paid_amount > 0)
  ) into v_result
  from public.entries e
  where e.company_id = p_company_id and e.kind = p_kind;
  return v_result;
end;
$$;
comment on function public.entry_list_summary(uuid, text, date) is
  'Contas a Pagar/Receber cards, in reais: pending_total/overdue_total = open amounts of pending entries; '
  'paid_total = what moved for fully paid entries (juros/multa/desconto included); partial_paid_total / '
  'partial_count = what was paid so far on pending, partially paid entries. Raises not_a_member, invalid_kind.';

-- Movimentações: the same filters, plus the payment columns. display_amount = paid_total +
-- open_amount: what moved plus what is still due (a paid entry: what was really paid; a pending one:
-- its open remainder plus its partial payments). movement_summary sums display_amount.
drop function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]);
drop function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]);

create function public.search_movements(
  p_company_id uuid,
  p_today date,
  p_search text default null,
  p_start date default null,
  p_end date default null,
  p_kinds text[] default null,
  p_statuses text[] default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false,
  p_category_ids uuid[] default null
)
returns table (
  kind text,
  id uuid,
  description text,
  amount numeric,
  due_date date,
  status text,
  settled_on date,
  counterparty_name text,
  project_id uuid,
  project_name text,
  category_id uuid,
  category_name text,
  category_color text,
  bank_account_id uuid,
  bank_account_name text,
  payment_method text,
  installment_number integer,
  installment_count integer,
  created_at timestamptz,
  movement_date date,
  display_status text,
  paid_amount numeric,
  open_amount numeric,
  paid_total numeric,
  display_amount numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

  return query
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from public.entries e
    where e.company_id = p_company_id
  )
  select r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on, r.counterparty_name,
         r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, r.payment_method, r.installment_number,
         r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
    and (not v_filter_projects
         or r.project_id = any (coalesce(p_project_ids, '{}'))
         or (coalesce(p_include_no_project, false) and r.project_id is null))
    -- strpos, not ILIKE: what the user types is text, never a pattern (% and _ match themselves).
    and (v_search is null
         or strpos(lower(r.description), v_search) > 0
         or strpos(lower(coalesce(r.counterparty_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.category_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.project_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.bank_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.notes, '')), v_search) > 0);
end;
$$;
comment on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) is
  'Movimentações: entries of the company matching every filter given (null or empty = no filter). '
  'movement_date = settlement date of a paid entry, else its due date; display_status paid | overdue | '
  'open; amount = the entry''s amount, paid_amount / open_amount / paid_total its payments, '
  'display_amount = paid_total + open_amount. Error key not_a_member.';

create function public.movement_summary(
  p_company_id uuid,
  p_today date,
  p_search text default null,
  p_start date default null,
  p_end date default null,
  p_kinds text[] default null,
  p_statuses text[] default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false,
  p_category_ids uuid[] default null
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  select json_build_object(
    'income_total', coalesce(sum(m.display_amount) filter (where m.kind = 'income'), 0),
    'expense_total', coalesce(sum(m.display_amount) filter (where m.kind = 'expense'), 0),
    'balance', coalesce(sum(case m.kind when 'income' then m.display_amount else -m.display_amount end), 0),
    'count', count(*)
  ) into v_result
  from public.search_movements(p_company_id, p_today, p_search, p_start, p_end, p_kinds, p_statuses,
                               p_account_ids, p_project_ids, p_include_no_project, p_category_ids) m;
  return v_result;
end;
$$;
comment on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) is
  'Totals of Movimentações over exactly the rows search_movements gives for the same arguments '
  '(sums of display_amount): income_total, expense_total, balance, count.';

revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) from public, anon, authenticated;
revoke all on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) from public, anon, authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;
grant execute on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;

-- Relatório: what moved, by payment date. Reads the standing payment rows of the ledger (each
-- payment of a partially paid entry on its own date; the amount really paid, juros included), so a
-- backdated Dar Baixa lands in its period.
create or replace function public.report_summary(
  p_company_id uuid,
  p_start date default null,
  p_end date default null,
  p_account_ids uuid[] default null,
  p_project_ids uuid[] default null,
  p_include_no_project boolean default false
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_result json;
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);

  with f as (
    select t.type as kind, t.id as transaction_id, coalesce(t.payable_id, t.receivable_id) as id,
           t.description, t.amount, t.transaction_date as settled_on, t.category_id, t.project_id,
           t.bank_account_id, t.receivable_id
    from public.standing_transactions t
    where t.company_id = p_company_id and t.type in ('income', 'expense')
      and (p_start is null or t.transaction_date >= p_start)
      and (p_end is null or t.transaction_date <= p_end)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or t.bank_account_id = any (p_account_ids))
      and (not v_filter_projects
           or t.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and t.project_id is null))
  ),
  totals as (
    select
      coalesce(sum(amount) filter (where kind = 'income'), 0) as revenue,
      coalesce(sum(amount) filter (where kind = 'expense'), 0) as expense,
      count(*) filter (where kind = 'income') as revenue_count,
      count(*) filter (where kind = 'expense') as expense_count
    from f
  ),
  by_category as (
    select f.kind, f.category_id, c.name, c.color, sum(f.amount) as total, count(*) as count
    from f
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    group by f.kind, f.category_id, c.name, c.color
  ),
  by_project as (
    select f.kind, f.project_id, pr.name, sum(f.amount) as total, count(*) as count
    from f
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    group by f.kind, f.project_id, pr.name
  ),
  top_receipts as (
    select f.id, f.transaction_id, f.description, f.amount, f.settled_on as received_date,
           coalesce(cl.name, ar.client_name) as client_name,
           c.name as category_name, pr.name as project_name
    from f
    left join public.accounts_receivable ar on ar.company_id = p_company_id and ar.id = f.receivable_id
    left join public.clients cl on cl.company_id = p_company_id and cl.id = ar.client_id
    left join public.categories c on c.company_id = p_company_id and c.id = f.category_id
    left join public.projects pr on pr.company_id = p_company_id and pr.id = f.project_id
    where f.kind = 'income'
    order by f.amount desc, f.settled_on desc, f.transaction_id
    limit 5
  )
  select json_build_object(
    'revenue_total', t.revenue,
    'expense_total', t.expense,
    'revenue_count', t.revenue_count,
    'expense_count', t.expense_count,
    'top_receipts', coalesce((select json_agg(x) from top_receipts x), '[]'::json),
    'revenue_by_category', coalesce((
      select json_agg(json_build_object(
        'id', b.category_id, 'name', b.name, 'color', b.color, 'total', b.total, 'count', b.count,
        'percentage', case when t.revenue > 0 then round(100 * b.total / t.revenue, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_category b where b.kind = 'income'), '[]'::json),
    'expense_by_category', coalesce((
      select json_agg(json_build_object(
        'id', b.category_id, 'name', b.name, 'color', b.color, 'total', b.total, 'count', b.count,
        'percentage', case when t.expense > 0 then round(100 * b.total / t.expense, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_category b where b.kind = 'expense'), '[]'::json),
    'revenue_by_project', coalesce((
      select json_agg(json_build_object(
        'id', b.project_id, 'name', b.name, 'total', b.total, 'count', b.count,
        'percentage', case when t.revenue > 0 then round(100 * b.total / t.revenue, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_project b where b.kind = 'income'), '[]'::json),
    'expense_by_project', coalesce((
      select json_agg(json_build_object(
        'id', b.project_id, 'name', b.name, 'total', b.total, 'count', b.count,
        'percentage', case when t.expense > 0 then round(100 * b.total / t.expense, 1) else 0 end)
        order by b.total desc, b.name nulls last)
      from by_project b where b.kind = 'expense'), '[]'::json)
  ) into v_result
  from totals t;
  return v_result;
end;
$$;
comment on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) is
  'Relatório, in reais: the payments (standing ledger rows of payables = expense, receivables = revenue) '
  'dated in [p_start, p_end], into one of p_account_ids, of one of p_project_ids / no obra. Amounts are '
  'what really moved (juros/multa included, desconto deducted); counts are payments. top_receipts: the 5 '
  'largest receipts { id (receivable), transaction_id, description, amount, received_date, client_name, '
  'category_name, project_name }. Error key not_a_member.';

-- Obra financials: what moved (standing ledger rows), partial payments included.
create or replace function public.project_financials(p_company_id uuid, p_project_id uuid default null)
returns table (
  project_id uuid,
  paid_expenses numeric,
  paid_revenues numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);

  return query
  with moved as (
    select t.project_id as pid,
           sum(t.amount) filter (where t.type = 'expense') as expenses,
           sum(t.amount) filter (where t.type = 'income') as revenues
    from public.standing_transactions t
    where t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.project_id is not null
      and (p_project_id is null or t.project_id = p_project_id)
    group by t.project_id
  )
  select p.id,
         coalesce(moved.expenses, 0)::numeric,
         coalesce(moved.revenues, 0)::numeric
  from public.projects p
  left join moved on moved.pid = p.id
  where p.company_id = p_company_id
    and (p_project_id is null or p.id = p_project_id);
end;
$$;

-- Fornecedores: total_spent = what was really paid to the supplier (partial payments included).
create or replace function public.supplier_stats(p_company_id uuid, p_supplier_id uuid default null)
returns table (
  supplier_id uuid,
  order_count integer,
  orders_total numeric,
  average_ticket numeric,
  total_spent numeric,
  last_order_on date
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);

  return query
  with orders as (
    select o.supplier_id as sid,
           count(*)::integer as n,
           sum(o.amount) as total,
           max(o.order_date) as last_on
    from public.supplier_orders o
    where o.company_id = p_company_id
      and o.status <> 'cancelled'
      and (p_supplier_id is null or o.supplier_id = p_supplier_id)
    group by o.supplier_id
  ),
  spent as (
    select e.counterparty_id as sid, sum(e.paid_total) as total
    from public.entries e
    where e.company_id = p_company_id
      and e.kind = 'expense'
      and e.paid_amount > 0
      and e.counterparty_id is not null
      and (p_supplier_id is null or e.counterparty_id = p_supplier_id)
    group by e.counterparty_id
  )
  select s.id,
         coalesce(orders.n, 0),
         coalesce(orders.total, 0)::numeric,
         case when coalesce(orders.n, 0) > 0 then round(orders.total / orders.n, 2) else 0 end::numeric,
         coalesce(spent.total, 0)::numeric,
         orders.last_on
  from public.suppliers s
  left join orders on orders.sid = s.id
  left join spent on spent.sid = s.id
  where s.company_id = p_company_id
    and (p_supplier_id is null or s.id = p_supplier_id)
  order by s.name;
end;
$$;

create or replace function public.supplier_summary(p_company_id uuid)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.assert_member(p_company_id);
  select json_build_object(
    'active_count', (select count(*) from public.suppliers s
                     where s.company_id = p_company_id and s.is_active),
    'inactive_count', (select count(*) from public.suppliers s
                       where s.company_id = p_company_id and not s.is_active),
    'total_spent', (select coalesce(sum(e.paid_total), 0) from public.entries e
                    where e.company_id = p_company_id and e.kind = 'expense' and e.paid_amount > 0
                      and e.counterparty_id is not null)
  ) into v_result;
  return v_result;
end;
$$;
