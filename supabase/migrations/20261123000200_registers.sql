-- The registers: bank accounts, suppliers, clients, categories, obras (projects) with stages and
-- team, and the supplier orders and products the spec kept local.
-- Parents carry unique (company_id, id) so children can use composite foreign keys: a row can only
-- point at rows of its own company, whatever id a caller forges.

create table public.bank_accounts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 120),
  type text not null check (type in ('checking', 'savings', 'investment', 'credit_card')),
  alias text check (length(alias) <= 60),
  agency text check (length(agency) <= 20),
  account_number text check (length(account_number) <= 30),
  initial_balance numeric(14, 2) not null default 0,
  current_balance numeric(14, 2) not null default 0,
  color text not null default 'blue'
    check (color in ('blue', 'green', 'red', 'purple', 'orange', 'yellow', 'pink', 'gray')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
comment on column public.bank_accounts.current_balance is
  'initial_balance + the signed sum of the ledger (transactions). Maintained by triggers only.';

-- A new account starts at its initial balance; editing the initial balance moves the current one by
-- the difference, so current_balance = initial_balance + Σ ledger always holds.
create or replace function private.bank_account_balance()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.current_balance := new.initial_balance;
  elsif new.initial_balance is distinct from old.initial_balance then
    new.current_balance := new.current_balance + (new.initial_balance - old.initial_balance);
  end if;
  return new;
end;
$$;
create trigger bank_accounts_balance before insert or update on public.bank_accounts
  for each row execute function private.bank_account_balance();

create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  type text not null default 'materiais'
    check (type in ('materiais', 'estrutura', 'mao_de_obra', 'instalacoes', 'acabamento', 'servicos')),
  category text check (length(category) <= 100),
  phone text check (length(phone) <= 40),
  email text check (length(email) <= 320),
  address text check (length(address) <= 300),
  document text check (length(document) <= 30),
  website text check (length(website) <= 300),
  notes text check (length(notes) <= 2000),
  rating numeric(2, 1) check (rating between 0 and 5),
  founded_on date,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);

create table public.clients (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  document text check (length(document) <= 30),
  email text check (length(email) <= 320),
  phone text check (length(phone) <= 40),
  address text check (length(address) <= 300),
  notes text check (length(notes) <= 2000),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  description text check (length(description) <= 500),
  type text not null check (type in ('income', 'expense')),
  color text not null default 'blue'
    check (color in ('blue', 'green', 'red', 'purple', 'orange', 'yellow', 'pink', 'gray')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
comment on column public.categories.is_active is 'false = archived: hidden from pickers, still named on old entries.';
create unique index categories_active_name_key on public.categories (company_id, type, lower(btrim(name)))
  where is_active;

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  description text check (length(description) <= 2000),
  address text check (length(address) <= 300),
  client_name text check (length(client_name) <= 200),
  budget numeric(14, 2) check (budget >= 0),
  start_date date,
  end_date date,
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high')),
  status text not null default 'planning'
    check (status in ('planning', 'in_progress', 'paused', 'completed', 'cancelled')),
  completion_percentage integer not null default 0 check (completion_percentage between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check (end_date >= start_date)
);

create table public.project_stages (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  project_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 120),
  description text check (length(description) <= 1000),
  order_index integer not null default 0 check (order_index >= 0),
  estimated_cost numeric(14, 2) check (estimated_cost >= 0),
  actual_cost numeric(14, 2) check (actual_cost >= 0),
  is_completed boolean not null default false,
  completion_date date,
  notes text check (length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (company_id, project_id) references public.projects (company_id, id) on delete cascade
);

create table public.project_team_members (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  project_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 200),
  role text not null check (length(btrim(role)) between 1 and 60),
  contact text not null check (length(btrim(contact)) between 1 and 200),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (company_id, project_id) references public.projects (company_id, id) on delete cascade
);

create table public.supplier_orders (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  supplier_id uuid not null,
  project_id uuid,
  description text not null check (length(btrim(description)) between 1 and 200),
  amount numeric(14, 2) not null check (amount > 0),
  order_date date not null default current_date,
  delivery_date date,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'cancelled')),
  notes text check (length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (company_id, supplier_id) references public.suppliers (company_id, id) on delete cascade,
  foreign key (company_id, project_id) references public.projects (company_id, id) on delete restrict
);

create table public.supplier_products (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  supplier_id uuid not null,
  name text not null check (length(btrim(name)) between 1 and 200),
  price numeric(14, 2) not null check (price > 0),
  unit text not null
    check (unit in ('saco', 'm3', 'm2', 'kg', 'ton', 'peca', 'metro', 'litro', 'unidade')),
  category text not null default 'Diversos'
    check (category in ('Cimento', 'Agregados', 'Cal', 'Ferro e Aço', 'Madeira', 'Cerâmica', 'Elétrico',
                        'Hidráulico', 'Tintas', 'Ferramentas', 'Diversos')),
  description text check (length(description) <= 1000),
  frequency text not null default 'mensal'
    check (frequency in ('diario', 'semanal', 'quinzenal', 'mensal', 'trimestral', 'eventual')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (company_id, supplier_id) references public.suppliers (company_id, id) on delete cascade
);

-- Indexes on company_id and on every foreign key.
create index bank_accounts_company_id_idx on public.bank_accounts (company_id);
create index suppliers_company_id_idx on public.suppliers (company_id);
create index clients_company_id_idx on public.clients (company_id);
create index categories_company_id_idx on public.categories (company_id);
create index projects_company_id_idx on public.projects (company_id);
create index project_stages_company_project_idx on public.project_stages (company_id, project_id);
create index project_stages_project_id_idx on public.project_stages (project_id);
create index project_team_members_company_project_idx on public.project_team_members (company_id, project_id);
create index project_team_members_project_id_idx on public.project_team_members (project_id);
create index supplier_orders_company_supplier_idx on public.supplier_orders (company_id, supplier_id);
create index supplier_orders_supplier_id_idx on public.supplier_orders (supplier_id);
create index supplier_orders_company_project_idx on public.supplier_orders (company_id, project_id);
create index supplier_products_company_supplier_idx on public.supplier_products (company_id, supplier_id);
create index supplier_products_supplier_id_idx on public.supplier_products (supplier_id);

-- Row-level security, one policy per command, for the plain company-scoped tables: members of the
-- row's company do everything. tests/db/rls.test.ts checks the catalog so that no table in public
-- escapes RLS, and runs the isolation matrix on each.

-- suppliers
alter table public.suppliers enable row level security;
-- SELECT(suppliers): members of the company
create policy suppliers_select on public.suppliers for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(suppliers): members of the company
create policy suppliers_insert on public.suppliers for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(suppliers): members of the company
create policy suppliers_update on public.suppliers for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(suppliers): members of the company
create policy suppliers_delete on public.suppliers for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.suppliers from anon, authenticated;
grant select, insert, update, delete on public.suppliers to authenticated;
create trigger suppliers_set_updated_at before update on public.suppliers
  for each row execute function private.set_updated_at();
create trigger suppliers_forbid_company_change before update on public.suppliers
  for each row execute function private.forbid_company_change();

-- clients
alter table public.clients enable row level security;
-- SELECT(clients): members of the company
create policy clients_select on public.clients for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(clients): members of the company
create policy clients_insert on public.clients for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(clients): members of the company
create policy clients_update on public.clients for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(clients): members of the company
create policy clients_delete on public.clients for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.clients from anon, authenticated;
grant select, insert, update, delete on public.clients to authenticated;
create trigger clients_set_updated_at before update on public.clients
  for each row execute function private.set_updated_at();
create trigger clients_forbid_company_change before update on public.clients
  for each row execute function private.forbid_company_change();

-- categories
alter table public.categories enable row level security;
-- SELECT(categories): members of the company
create policy categories_select on public.categories for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(categories): members of the company
create policy categories_insert on public.categories for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(categories): members of the company
create policy categories_update on public.categories for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(categories): members of the company
create policy categories_delete on public.categories for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.categories from anon, authenticated;
grant select, insert, update, delete on public.categories to authenticated;
create trigger categories_set_updated_at before update on public.categories
  for each row execute function private.set_updated_at();
create trigger categories_forbid_company_change before update on public.categories
  for each row execute function private.forbid_company_change();

-- projects
alter table public.projects enable row level security;
-- SELECT(projects): members of the company
create policy projects_select on public.projects for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(projects): members of the company
create policy projects_insert on public.projects for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(projects): members of the company
create policy projects_update on public.projects for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(projects): members of the company
create policy projects_delete on public.projects for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.projects from anon, authenticated;
grant select, insert, update, delete on public.projects to authenticated;
create trigger projects_set_updated_at before update on public.projects
  for each row execute function private.set_updated_at();
create trigger projects_forbid_company_change before update on public.projects
  for each row execute function private.forbid_company_change();

-- project_stages
alter table public.project_stages enable row level security;
-- SELECT(project_stages): members of the company
create policy project_stages_select on public.project_stages for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(project_stages): members of the company
create policy project_stages_insert on public.project_stages for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(project_stages): members of the company
create policy project_stages_update on public.project_stages for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(project_stages): members of the company
create policy project_stages_delete on public.project_stages for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.project_stages from anon, authenticated;
grant select, insert, update, delete on public.project_stages to authenticated;
create trigger project_stages_set_updated_at before update on public.project_stages
  for each row execute function private.set_updated_at();
create trigger project_stages_forbid_company_change before update on public.project_stages
  for each row execute function private.forbid_company_change();

-- project_team_members
alter table public.project_team_members enable row level security;
-- SELECT(project_team_members): members of the company
create policy project_team_members_select on public.project_team_members for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(project_team_members): members of the company
create policy project_team_members_insert on public.project_team_members for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(project_team_members): members of the company
create policy project_team_members_update on public.project_team_members for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(project_team_members): members of the company
create policy project_team_members_delete on public.project_team_members for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.project_team_members from anon, authenticated;
grant select, insert, update, delete on public.project_team_members to authenticated;
create trigger project_team_members_set_updated_at before update on public.project_team_members
  for each row execute function private.set_updated_at();
create trigger project_team_members_forbid_company_change before update on public.project_team_members
  for each row execute function private.forbid_company_change();

-- supplier_orders
alter table public.supplier_orders enable row level security;
-- SELECT(supplier_orders): members of the company
create policy supplier_orders_select on public.supplier_orders for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(supplier_orders): members of the company
create policy supplier_orders_insert on public.supplier_orders for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(supplier_orders): members of the company
create policy supplier_orders_update on public.supplier_orders for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(supplier_orders): members of the company
create policy supplier_orders_delete on public.supplier_orders for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.supplier_orders from anon, authenticated;
grant select, insert, update, delete on public.supplier_orders to authenticated;
create trigger supplier_orders_set_updated_at before update on public.supplier_orders
  for each row execute function private.set_updated_at();
create trigger supplier_orders_forbid_company_change before update on public.supplier_orders
  for each row execute function private.forbid_company_change();

-- supplier_products
alter table public.supplier_products enable row level security;
-- SELECT(supplier_products): members of the company
create policy supplier_products_select on public.supplier_products for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(supplier_products): members of the company
create policy supplier_products_insert on public.supplier_products for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(supplier_products): members of the company
create policy supplier_products_update on public.supplier_products for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(supplier_products): members of the company
create policy supplier_products_delete on public.supplier_products for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.supplier_products from anon, authenticated;
grant select, insert, update, delete on public.supplier_products to authenticated;
create trigger supplier_products_set_updated_at before update on public.supplier_products
  for each row execute function private.set_updated_at();
create trigger supplier_products_forbid_company_change before update on public.supplier_products
  for each row execute function private.forbid_company_change();

-- bank_accounts: like the others, except that current_balance is never written by a client.
alter table public.bank_accounts enable row level security;
-- SELECT(bank_accounts): members of the company
create policy bank_accounts_select on public.bank_accounts for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- INSERT(bank_accounts): members of the company
create policy bank_accounts_insert on public.bank_accounts for insert to authenticated
  with check (company_id in (select private.user_company_ids()));
-- UPDATE(bank_accounts): members of the company
create policy bank_accounts_update on public.bank_accounts for update to authenticated
  using (company_id in (select private.user_company_ids()))
  with check (company_id in (select private.user_company_ids()));
-- DELETE(bank_accounts): members of the company (the ledger's foreign key refuses accounts with history)
create policy bank_accounts_delete on public.bank_accounts for delete to authenticated
  using (company_id in (select private.user_company_ids()));
revoke all on public.bank_accounts from anon, authenticated;
grant select, delete on public.bank_accounts to authenticated;
grant insert (company_id, name, type, alias, agency, account_number, initial_balance, color, is_active)
  on public.bank_accounts to authenticated;
grant update (name, type, alias, agency, account_number, initial_balance, color, is_active)
  on public.bank_accounts to authenticated;
create trigger bank_accounts_set_updated_at before update on public.bank_accounts
  for each row execute function private.set_updated_at();
create trigger bank_accounts_forbid_company_change before update on public.bank_accounts
  for each row execute function private.forbid_company_change();
