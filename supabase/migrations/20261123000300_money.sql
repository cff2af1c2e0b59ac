-- The money: payables, receivables, the ledger (transactions) and the functions that move money.
-- Status is 'pending' or 'paid'; "overdue" is derived (pending and due before the user's today),
-- never stored. Only our functions settle, reopen or write the ledger.

create table public.accounts_payable (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  description text not null check (length(btrim(description)) between 1 and 200),
  supplier_id uuid,
  supplier_name text check (length(supplier_name) <= 200),
  amount numeric(14, 2) not null check (amount > 0),
  due_date date not null,
  project_id uuid,
  category_id uuid,
  bank_account_id uuid,
  payment_method text check (payment_method in ('transfer', 'pix', 'card', 'cash')),
  notes text check (length(notes) <= 2000),
  status text not null default 'pending' check (status in ('pending', 'paid')),
  payment_date date,
  series_id uuid,
  series_kind text check (series_kind in ('recurrence', 'installment')),
  installment_number integer check (installment_number >= 1),
  installment_count integer check (installment_count between 1 and 360),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check ((status = 'paid') = (payment_date is not null)),
  check (status = 'pending' or bank_account_id is not null),
  check ((series_id is null) = (series_kind is null)),
  check (installment_number <= installment_count),
  foreign key (company_id, supplier_id) references public.suppliers (company_id, id) on delete restrict,
  foreign key (company_id, project_id) references public.projects (company_id, id) on delete restrict,
  foreign key (company_id, category_id) references public.categories (company_id, id) on delete restrict,
  foreign key (company_id, bank_account_id) references public.bank_accounts (company_id, id) on delete restrict
);
comment on column public.accounts_payable.series_id is 'Entries created together by a recurrence or an installment plan share it.';

create table public.accounts_receivable (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  description text not null check (length(btrim(description)) between 1 and 200),
  client_id uuid,
  client_name text check (length(client_name) <= 200),
  amount numeric(14, 2) not null check (amount > 0),
  due_date date not null,
  project_id uuid,
  category_id uuid,
  bank_account_id uuid,
  payment_method text check (payment_method in ('transfer', 'pix', 'card', 'cash')),
  notes text check (length(notes) <= 2000),
  status text not null default 'pending' check (status in ('pending', 'paid')),
  received_date date,
  series_id uuid,
  series_kind text check (series_kind in ('recurrence', 'installment')),
  installment_number integer check (installment_number >= 1),
  installment_count integer check (installment_count between 1 and 360),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check ((status = 'paid') = (received_date is not null)),
  check (status = 'pending' or bank_account_id is not null),
  check ((series_id is null) = (series_kind is null)),
  check (installment_number <= installment_count),
  foreign key (company_id, client_id) references public.clients (company_id, id) on delete restrict,
  foreign key (company_id, project_id) references public.projects (company_id, id) on delete restrict,
  foreign key (company_id, category_id) references public.categories (company_id, id) on delete restrict,
  foreign key (company_id, bank_account_id) references public.bank_accounts (company_id, id) on delete restrict
);

create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  type text not null check (type in ('income', 'expense', 'transfer')),
  direction text not null check (direction in ('in', 'out')),
  description text not null check (length(btrim(description)) between 1 and 250),
  amount numeric(14, 2) not null check (amount > 0),
  transaction_date date not null,
  bank_account_id uuid not null,
  category_id uuid,
  project_id uuid,
  payable_id uuid,
  receivable_id uuid,
  transfer_group_id uuid,
  reversal_of uuid references public.transactions (id) on delete restrict,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (type <> 'income' or direction = 'in' or reversal_of is not null),
  check (type <> 'expense' or direction = 'out' or reversal_of is not null),
  check ((type = 'transfer') = (transfer_group_id is not null)),
  foreign key (company_id, bank_account_id) references public.bank_accounts (company_id, id) on delete restrict,
  foreign key (company_id, category_id) references public.categories (company_id, id) on delete restrict,
  foreign key (company_id, project_id) references public.projects (company_id, id) on delete restrict,
  foreign key (company_id, payable_id) references public.accounts_payable (company_id, id)
    on delete set null (payable_id),
  foreign key (company_id, receivable_id) references public.accounts_receivable (company_id, id)
    on delete set null (receivable_id)
);
comment on table public.transactions is
  'The ledger. Written only by settle_*, reopen_* (estorno: a reversing row) and transfer_between_accounts. '
  'direction in = money into bank_account_id, out = money out of it.';
comment on column public.transactions.reversal_of is 'Set on an estorno row: the ledger row it reverses.';
create unique index transactions_one_reversal_key on public.transactions (reversal_of) where reversal_of is not null;

create index accounts_payable_company_status_due_idx on public.accounts_payable (company_id, status, due_date);
create index accounts_payable_company_supplier_idx on public.accounts_payable (company_id, supplier_id);
create index accounts_payable_company_project_idx on public.accounts_payable (company_id, project_id);
create index accounts_payable_company_category_idx on public.accounts_payable (company_id, category_id);
create index accounts_payable_company_bank_account_idx on public.accounts_payable (company_id, bank_account_id);
create index accounts_payable_series_idx on public.accounts_payable (series_id);
create index accounts_payable_created_by_idx on public.accounts_payable (created_by);
create index accounts_receivable_company_status_due_idx on public.accounts_receivable (company_id, status, due_date);
create index accounts_receivable_company_client_idx on public.accounts_receivable (company_id, client_id);
create index accounts_receivable_company_project_idx on public.accounts_receivable (company_id, project_id);
create index accounts_receivable_company_category_idx on public.accounts_receivable (company_id, category_id);
create index accounts_receivable_company_bank_account_idx on public.accounts_receivable (company_id, bank_account_id);
create index accounts_receivable_series_idx on public.accounts_receivable (series_id);
create index accounts_receivable_created_by_idx on public.accounts_receivable (created_by);
create index transactions_company_account_date_idx on public.transactions (company_id, bank_account_id, transaction_date desc);
create index transactions_company_category_idx on public.transactions (company_id, category_id);
create index transactions_company_project_idx on public.transactions (company_id, project_id);
create index transactions_company_payable_idx on public.transactions (company_id, payable_id);
create index transactions_company_receivable_idx on public.transactions (company_id, receivable_id);
create index transactions_bank_account_idx on public.transactions (bank_account_id);
create index transactions_created_by_idx on public.transactions (created_by);

-- ---------------------------------------------------------------------------------------------
-- Triggers
-- ---------------------------------------------------------------------------------------------

-- The ledger moves the balance: current_balance = initial_balance + Σ(in) − Σ(out).
create or replace function private.ledger_moves_balance()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update public.bank_accounts
    set current_balance = current_balance - case old.direction when 'in' then old.amount else -old.amount end
    where company_id = old.company_id and id = old.bank_account_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.bank_accounts
    set current_balance = current_balance + case new.direction when 'in' then new.amount else -new.amount end
    where company_id = new.company_id and id = new.bank_account_id;
  end if;
  return null;
end;
$$;
create trigger transactions_move_balance after insert or update or delete on public.transactions
  for each row execute function private.ledger_moves_balance();

-- A settled entry keeps the amount and account its ledger row was written with, and is not deleted:
-- reopen it first (estorno).
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
    return old;
  end if;
  if old.status = 'paid' and new.status = 'paid'
     and (new.amount is distinct from old.amount or new.bank_account_id is distinct from old.bank_account_id) then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  return new;
end;
$$;

-- accounts_payable
alter table public.accounts_payable enable row level security;
-- SELECT(accounts_payable): members of the company
create policy accounts_payable_select on public.accounts_payable for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(accounts_payable): members of the company
create policy accounts_payable_insert on public.accounts_payable for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(accounts_payable): members of the company
create policy accounts_payable_update on public.accounts_payable for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(accounts_payable): members of the company
create policy accounts_payable_delete on public.accounts_payable for delete to authenticated
  using (company_id in (select private.user_company_ids()));
create trigger accounts_payable_set_updated_at before update on public.accounts_payable
  for each row execute function private.set_updated_at();
create trigger accounts_payable_forbid_company_change before update on public.accounts_payable
  for each row execute function private.forbid_company_change();
create trigger accounts_payable_guard_settled before update or delete on public.accounts_payable
  for each row execute function private.guard_settled_entry();

-- accounts_receivable
alter table public.accounts_receivable enable row level security;
-- SELECT(accounts_receivable): members of the company
create policy accounts_receivable_select on public.accounts_receivable for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(accounts_receivable): members of the company
create policy accounts_receivable_insert on public.accounts_receivable for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(accounts_receivable): members of the company
create policy accounts_receivable_update on public.accounts_receivable for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(accounts_receivable): members of the company
create policy accounts_receivable_delete on public.accounts_receivable for delete to authenticated
  using (company_id in (select private.user_company_ids()));
create trigger accounts_receivable_set_updated_at before update on public.accounts_receivable
  for each row execute function private.set_updated_at();
create trigger accounts_receivable_forbid_company_change before update on public.accounts_receivable
  for each row execute function private.forbid_company_change();
create trigger accounts_receivable_guard_settled before update or delete on public.accounts_receivable
  for each row execute function private.guard_settled_entry();

-- Clients create and edit entries, never their status or settlement date: those go through
-- settle_* and reopen_*, which write the ledger in the same transaction.
revoke all on public.accounts_payable from anon, authenticated;
grant select, delete on public.accounts_payable to authenticated;
grant insert (company_id, description, supplier_id, supplier_name, amount, due_date, project_id, category_id,
              bank_account_id, payment_method, notes, series_id, series_kind, installment_number, installment_count)
  on public.accounts_payable to authenticated;
grant update (description, supplier_id, supplier_name, amount, due_date, project_id, category_id,
              bank_account_id, payment_method, notes)
  on public.accounts_payable to authenticated;
revoke all on public.accounts_receivable from anon, authenticated;
grant select, delete on public.accounts_receivable to authenticated;
grant insert (company_id, description, client_id, client_name, amount, due_date, project_id, category_id,
              bank_account_id, payment_method, notes, series_id, series_kind, installment_number, installment_count)
  on public.accounts_receivable to authenticated;
grant update (description, client_id, client_name, amount, due_date, project_id, category_id,
              bank_account_id, payment_method, notes)
  on public.accounts_receivable to authenticated;

alter table public.transactions enable row level security;
-- SELECT(transactions): members of the company. No insert/update/delete policy: only our
-- security definer functions write the ledger.
create policy transactions_select on public.transactions for select to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.transactions from anon, authenticated;
grant select on public.transactions to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Settlement. security definer because clients have no write access to status, settlement dates
-- or the ledger; each function checks membership itself before touching anything.
-- ---------------------------------------------------------------------------------------------

create or replace function private.lock_active_account(p_company_id uuid, p_bank_account_id uuid)
returns public.bank_accounts
language plpgsql
set search_path = ''
as $$
declare
  v_account public.bank_accounts;
begin
  select * into v_account from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id = p_company_id
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  if not v_account.is_active then
    raise exception using errcode = 'P0001', message = 'bank_account_inactive';
  end if;
  return v_account;
end;
$$;

create or replace function public.settle_payable(p_payable_id uuid, p_bank_account_id uuid, p_paid_on date)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
begin
  select * into v_entry from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  perform private.lock_active_account(v_entry.company_id, p_bank_account_id);

  update public.accounts_payable
  set status = 'paid', payment_date = coalesce(p_paid_on, current_date), bank_account_id = p_bank_account_id
  where id = v_entry.id
  returning * into v_entry;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, created_by)
  values (v_entry.company_id, 'expense', 'out', v_entry.description, v_entry.amount, v_entry.payment_date,
          p_bank_account_id, v_entry.category_id, v_entry.project_id, v_entry.id, (select auth.uid()));
  return v_entry;
end;
$$;

create or replace function public.settle_receivable(p_receivable_id uuid, p_bank_account_id uuid, p_received_on date)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
begin
  select * into v_entry from public.accounts_receivable e
  where e.id = p_receivable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  perform private.lock_active_account(v_entry.company_id, p_bank_account_id);

  update public.accounts_receivable
  set status = 'paid', received_date = coalesce(p_received_on, current_date), bank_account_id = p_bank_account_id
  where id = v_entry.id
  returning * into v_entry;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, receivable_id, created_by)
  values (v_entry.company_id, 'income', 'in', v_entry.description, v_entry.amount, v_entry.received_date,
          p_bank_account_id, v_entry.category_id, v_entry.project_id, v_entry.id, (select auth.uid()));
  return v_entry;
end;
$$;

-- Estorno: writes a reversing ledger row (the history keeps both) and makes the entry pending again.
create or replace function private.reverse_ledger_row(p_row public.transactions, p_on date)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   transfer_group_id, reversal_of, created_by)
  values (p_row.company_id, p_row.type, case p_row.direction when 'in' then 'out' else 'in' end,
          left('Estorno: ' || p_row.description, 250), p_row.amount, p_on, p_row.bank_account_id,
          p_row.category_id, p_row.project_id, p_row.payable_id, p_row.receivable_id,
          p_row.transfer_group_id, p_row.id, (select auth.uid()));
end;
$$;

create or replace function public.reopen_payable(p_payable_id uuid, p_reopened_on date default null)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
  v_row public.transactions;
begin
  select * into v_entry from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status <> 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_not_settled';
  end if;
  for v_row in
    select * from public.transactions t
    where t.company_id = v_entry.company_id and t.payable_id = v_entry.id and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
  loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reopened_on, current_date));
  end loop;
  update public.accounts_payable set status = 'pending', payment_date = null
  where id = v_entry.id
  returning * into v_entry;
  return v_entry;
end;
$$;

create or replace function public.reopen_receivable(p_receivable_id uuid, p_reopened_on date default null)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
  v_row public.transactions;
begin
  select * into v_entry from public.accounts_receivable e
  where e.id = p_receivable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status <> 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_not_settled';
  end if;
  for v_row in
    select * from public.transactions t
    where t.company_id = v_entry.company_id and t.receivable_id = v_entry.id and t.reversal_of is null
      and not exists (select 1 from public.transactions r where r.reversal_of = t.id)
  loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reopened_on, current_date));
  end loop;
  update public.accounts_receivable set status = 'pending', received_date = null
  where id = v_entry.id
  returning * into v_entry;
  return v_entry;
end;
$$;

-- Transfer: two ledger rows in one transaction; both balances move or neither does.
create or replace function public.transfer_between_accounts(
  p_from_account_id uuid,
  p_to_account_id uuid,
  p_amount numeric,
  p_transfer_date date,
  p_description text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_group uuid := gen_random_uuid();
  v_from public.bank_accounts;
  v_to public.bank_accounts;
  v_description text;
begin
  if p_from_account_id = p_to_account_id then
    raise exception using errcode = 'P0001', message = 'same_account';
  end if;
  if p_amount is null or p_amount <= 0 then
    raise exception using errcode = 'P0001', message = 'invalid_amount';
  end if;
  select a.company_id into v_company_id from public.bank_accounts a
  where a.id = p_from_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  -- Lock both accounts in a fixed order so two opposite transfers cannot deadlock.
  if p_from_account_id < p_to_account_id then
    v_from := private.lock_active_account(v_company_id, p_from_account_id);
    v_to := private.lock_active_account(v_company_id, p_to_account_id);
  else
    v_to := private.lock_active_account(v_company_id, p_to_account_id);
    v_from := private.lock_active_account(v_company_id, p_from_account_id);
  end if;
  v_description := coalesce(nullif(btrim(p_description), ''), 'Transferência ' || v_from.name || ' → ' || v_to.name);

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, transfer_group_id, created_by)
  values
    (v_company_id, 'transfer', 'out', v_description, p_amount, coalesce(p_transfer_date, current_date),
     p_from_account_id, v_group, (select auth.uid())),
    (v_company_id, 'transfer', 'in', v_description, p_amount, coalesce(p_transfer_date, current_date),
     p_to_account_id, v_group, (select auth.uid()));
  return v_group;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Reading: the entries view and the dashboard summary
-- ---------------------------------------------------------------------------------------------

create view public.entries with (security_invoker = true) as
select
  'expense'::text as kind, p.id, p.company_id, p.description, p.amount, p.due_date, p.status,
  p.payment_date as settled_on, p.supplier_id as counterparty_id,
  coalesce(s.name, p.supplier_name) as counterparty_name,
  p.project_id, pr.name as project_name, p.category_id, c.name as category_name, c.color as category_color,
  p.bank_account_id, b.name as bank_account_name, p.payment_method, p.notes,
  p.series_id, p.series_kind, p.installment_number, p.installment_count, p.created_at
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
  r.series_id, r.series_kind, r.installment_number, r.installment_count, r.created_at
from public.accounts_receivable r
left join public.clients cl on cl.company_id = r.company_id and cl.id = r.client_id
left join public.projects pr on pr.company_id = r.company_id and pr.id = r.project_id
left join public.categories c on c.company_id = r.company_id and c.id = r.category_id
left join public.bank_accounts b on b.company_id = r.company_id and b.id = r.bank_account_id;
comment on view public.entries is
  'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point at. RLS of the underlying tables applies (security_invoker).';
revoke all on public.entries from anon, authenticated;
grant select on public.entries to authenticated;

-- p_today comes from the browser: the database's current_date is UTC, and a Brazilian evening is
-- already tomorrow there.
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
  if p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  with pending as (
    select 'expense' as kind, amount, due_date from public.accounts_payable
    where company_id = p_company_id and status = 'pending'
    union all
    select 'income', amount, due_date from public.accounts_receivable
    where company_id = p_company_id and status = 'pending'
  )
  select json_build_object(
    'receivable_total', coalesce(sum(amount) filter (where kind = 'income'), 0),
    'payable_total', coalesce(sum(amount) filter (where kind = 'expense'), 0),
    'overdue_total', coalesce(sum(amount) filter (where due_date < p_today), 0),
    'receivable_pending_count', count(*) filter (where kind = 'income'),
    'payable_pending_count', count(*) filter (where kind = 'expense'),
    'overdue_count', count(*) filter (where due_date < p_today)
  ) into v_result
  from pending;
  return v_result;
end;
$$;
comment on function public.dashboard_summary is 'Home totals A Receber, A Pagar, Em Atraso (pending entries due before p_today), in reais.';

revoke all on function public.settle_payable(uuid, uuid, date) from public, anon;
revoke all on function public.settle_receivable(uuid, uuid, date) from public, anon;
revoke all on function public.reopen_payable(uuid, date) from public, anon;
revoke all on function public.reopen_receivable(uuid, date) from public, anon;
revoke all on function public.transfer_between_accounts(uuid, uuid, numeric, date, text) from public, anon;
revoke all on function public.dashboard_summary(uuid, date) from public, anon;
revoke all on function private.lock_active_account(uuid, uuid) from public;
revoke all on function private.reverse_ledger_row(public.transactions, date) from public;
grant execute on function public.settle_payable(uuid, uuid, date) to authenticated;
grant execute on function public.settle_receivable(uuid, uuid, date) to authenticated;
grant execute on function public.reopen_payable(uuid, date) to authenticated;
grant execute on function public.reopen_receivable(uuid, date) to authenticated;
grant execute on function public.transfer_between_accounts(uuid, uuid, numeric, date, text) to authenticated;
grant execute on function public.dashboard_summary(uuid, date) to authenticated;
