-- Issue 34, "Importar planilha": a company's registers and open or paid bills brought in from a
-- spreadsheet, all or nothing, and undoable as a whole.
--
-- public.import_batches   one row per import (who, when, which file, how many rows), written only by
--                         private.open_import_batch (import_rows) and private.undo_import_batch.
-- import_batch_id         on suppliers, clients, categories, projects, accounts_payable and
--                         accounts_receivable: the batch that created the row. Only an import sets it
--                         (private.guard_import_batch_id: the batch must be the caller's own, opened
--                         in this very transaction); nobody changes it.
-- public.import_mappings  the columns the company matched to each field, per kind (remembered).
-- public.import_rows      the rows, written AS THE CALLER (security invoker): RLS, the grants and
--                         every trigger of the tables (alçada/approval, audit, kept totals, checks)
--                         apply exactly as to a form's insert; the paid rows are then settled as
--                         Dar Baixa settles one (private.settle_imported: the same writes as
--                         private.settle_entry, set-based).
-- public.import_duplicates, public.undo_import_batch, public.save_import_mapping (the only writer
--                         of import_mappings).

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.import_batches (
  id uuid not null default gen_random_uuid() primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  kind text not null constraint import_batches_kind_check
    check (kind in ('fornecedores', 'clientes', 'categorias', 'obras', 'contas_pagar', 'contas_receber')),
  file_name text not null constraint import_batches_file_name_check check (btrim(file_name) <> ''),
  row_count integer not null constraint import_batches_row_count_check check (row_count between 1 and 5000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  undone_at timestamptz,
  undone_by uuid references auth.users (id) on delete set null,
  unique (company_id, id),
  constraint import_batches_file_name_length check (char_length(file_name) <= 255)
);
comment on table public.import_batches is 'Importar planilha (issue 34): one row per import of a spreadsheet. Read by admin and financeiro; written only by import_rows (private.open_import_batch) and undo_import_batch. created_at is the version undo_import_batch acts on: every row the import wrote has it as its created_at/updated_at. Audited.';
comment on column public.import_batches.kind is 'fornecedores | clientes | categorias | obras | contas_pagar | contas_receber.';
comment on column public.import_batches.row_count is 'Rows of the sheet written (the registers of its create list not counted).';
comment on column public.import_batches.undone_at is 'When undo_import_batch removed what it created; null = standing.';

create index import_batches_company_created_idx on public.import_batches (company_id, created_at desc);
create index import_batches_created_by_idx on public.import_batches (created_by);
create index import_batches_undone_by_idx on public.import_batches (undone_by);

alter table public.import_batches enable row level security;

-- SELECT(import_batches): admin, financeiro (who import); nobody writes through the API
create policy import_batches_select on public.import_batches
  for select to authenticated
  using (company_id in (select private.writer_company_ids()));

revoke all on public.import_batches from anon, authenticated;
grant select on public.import_batches to authenticated;
grant all on public.import_batches to service_role;

create trigger import_batches_forbid_company_change before update on public.import_batches
  for each row execute function private.forbid_company_change();
create trigger import_batches_audit after insert or update or delete on public.import_batches
  for each row execute function private.audit_row();

create table public.import_mappings (
  id uuid not null default gen_random_uuid() primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  kind text not null constraint import_mappings_kind_check
    check (kind in ('fornecedores', 'clientes', 'categorias', 'obras', 'contas_pagar', 'contas_receber')),
  mapping jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null,
  constraint import_mappings_company_kind_key unique (company_id, kind),
  constraint import_mappings_mapping_shape check (
    jsonb_typeof(mapping) = 'object' and not (mapping @? '$.* ? (@.type() != "string")')),
  constraint import_mappings_mapping_length check (pg_column_size(mapping) <= 20000)
);
comment on table public.import_mappings is 'Importar planilha: the header the company matched to each field of a kind ({fieldKey: "Header text"}), offered again on the next import. Read by admin and financeiro; written only by save_import_mapping (admin, financeiro). Audited.';

create index import_mappings_updated_by_idx on public.import_mappings (updated_by);

alter table public.import_mappings enable row level security;

-- SELECT(import_mappings): admin, financeiro
create policy import_mappings_select on public.import_mappings
  for select to authenticated
  using (company_id in (select private.writer_company_ids()));
-- Written only by save_import_mapping (one row per company and kind, replaced whole).

revoke all on public.import_mappings from anon, authenticated;
grant select on public.import_mappings to authenticated;
grant all on public.import_mappings to service_role;

create function private.stamp_import_mapping()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;
comment on function private.stamp_import_mapping() is 'Trigger: who saved an import mapping, and when.';

create trigger import_mappings_stamp before insert or update on public.import_mappings
  for each row execute function private.stamp_import_mapping();
create trigger import_mappings_forbid_company_change before update on public.import_mappings
  for each row execute function private.forbid_company_change();
create trigger import_mappings_audit after insert or update or delete on public.import_mappings
  for each row execute function private.audit_row();

-- ---------------------------------------------------------------------------------------------
-- The batch of each row
-- ---------------------------------------------------------------------------------------------

alter table public.suppliers add column import_batch_id uuid;
alter table public.clients add column import_batch_id uuid;
alter table public.categories add column import_batch_id uuid;
alter table public.projects add column import_batch_id uuid;
alter table public.accounts_payable add column import_batch_id uuid;
alter table public.accounts_receivable add column import_batch_id uuid;

alter table public.suppliers add constraint suppliers_import_batch_fkey
  foreign key (company_id, import_batch_id) references public.import_batches (company_id, id);
alter table public.clients add constraint clients_import_batch_fkey
  foreign key (company_id, import_batch_id) references public.import_batches (company_id, id);
alter table public.categories add constraint categories_import_batch_fkey
  foreign key (company_id, import_batch_id) references public.import_batches (company_id, id);
alter table public.projects add constraint projects_import_batch_fkey
  foreign key (company_id, import_batch_id) references public.import_batches (company_id, id);
alter table public.accounts_payable add constraint accounts_payable_import_batch_fkey
  foreign key (company_id, import_batch_id) references public.import_batches (company_id, id);
alter table public.accounts_receivable add constraint accounts_receivable_import_batch_fkey
  foreign key (company_id, import_batch_id) references public.import_batches (company_id, id);

create index suppliers_import_batch_idx on public.suppliers (company_id, import_batch_id)
  where import_batch_id is not null;
create index clients_import_batch_idx on public.clients (company_id, import_batch_id)
  where import_batch_id is not null;
create index categories_import_batch_idx on public.categories (company_id, import_batch_id)
  where import_batch_id is not null;
create index projects_import_batch_idx on public.projects (company_id, import_batch_id)
  where import_batch_id is not null;
create index accounts_payable_import_batch_idx on public.accounts_payable (company_id, import_batch_id)
  where import_batch_id is not null;
create index accounts_receivable_import_batch_idx on public.accounts_receivable (company_id, import_batch_id)
  where import_batch_id is not null;

comment on column public.suppliers.import_batch_id is 'The import (import_batches) that created the supplier; null = typed in. Set only by import_rows.';
comment on column public.clients.import_batch_id is 'The import (import_batches) that created the client; null = typed in. Set only by import_rows.';
comment on column public.categories.import_batch_id is 'The import (import_batches) that created the category; null = typed in. Set only by import_rows.';
comment on column public.projects.import_batch_id is 'The import (import_batches) that created the obra; null = typed in. Set only by import_rows.';
comment on column public.accounts_payable.import_batch_id is 'The import (import_batches) that created the payable; null = typed in. Set only by import_rows.';
comment on column public.accounts_receivable.import_batch_id is 'The import (import_batches) that created the receivable; null = typed in. Set only by import_rows.';

-- The payables' and receivables' insert grants are column lists: the batch joins them (what RLS and
-- the guard below then decide).
grant insert (import_batch_id) on public.accounts_payable, public.accounts_receivable to authenticated;

create function private.guard_import_batch_id()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.import_batch_id is distinct from old.import_batch_id then
      raise exception using errcode = 'P0001', message = 'import_batch_readonly';
    end if;
    return new;
  end if;
  -- Only the import that is running: the caller's own batch, opened in this transaction (its
  -- created_at is this transaction's now()), not undone.
  if new.import_batch_id is not null and not exists (
    select 1 from public.import_batches b
    where b.id = new.import_batch_id and b.company_id = new.company_id and b.created_at = now()
      and b.undone_at is null and b.created_by is not distinct from (select auth.uid())
  ) then
    raise exception using errcode = 'P0001', message = 'import_batch_readonly';
  end if;
  return new;
end;
$$;
comment on function private.guard_import_batch_id() is 'Trigger: import_batch_id is set only on insert, by the import running in this transaction as its caller (their batch opened now), and never changed. Raises import_batch_readonly. Security definer: it reads the batch by id without the policies (once per imported row).';

create trigger suppliers_guard_import_batch before insert or update of import_batch_id on public.suppliers
  for each row execute function private.guard_import_batch_id();
create trigger clients_guard_import_batch before insert or update of import_batch_id on public.clients
  for each row execute function private.guard_import_batch_id();
create trigger categories_guard_import_batch before insert or update of import_batch_id on public.categories
  for each row execute function private.guard_import_batch_id();
create trigger projects_guard_import_batch before insert or update of import_batch_id on public.projects
  for each row execute function private.guard_import_batch_id();
create trigger accounts_payable_guard_import_batch before insert or update of import_batch_id on public.accounts_payable
  for each row execute function private.guard_import_batch_id();
create trigger accounts_receivable_guard_import_batch before insert or update of import_batch_id on public.accounts_receivable
  for each row execute function private.guard_import_batch_id();

-- ---------------------------------------------------------------------------------------------
-- Reading a sheet's values (pure; the invoker import_rows and import_duplicates call them)
-- ---------------------------------------------------------------------------------------------

create function private.import_date(p_text text)
returns date
language sql
immutable parallel safe
set search_path = ''
as $$
  -- 'yyyy-MM-dd' of a real day between 2000-01-01 and 2100-12-31, else null (never an error).
  select case
    when p_text is null or p_text !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then null
    when substr(p_text, 1, 4)::integer not between 2000 and 2100 then null
    when substr(p_text, 6, 2)::integer not between 1 and 12 then null
    when substr(p_text, 9, 2)::integer not between 1 and extract(day from (
      make_date(substr(p_text, 1, 4)::integer, substr(p_text, 6, 2)::integer, 1)
      + interval '1 month' - interval '1 day'))::integer then null
    else p_text::date
  end
$$;
comment on function private.import_date(p_text text) is 'A sheet''s date as import_rows takes it: ''yyyy-MM-dd'' of a real day within 2000-01-01..2100-12-31; anything else null.';

create function private.import_amount(p_text text, p_allow_zero boolean default false)
returns numeric
language sql
immutable parallel safe
set search_path = ''
as $$
  -- "1234.56": digits, at most two decimals, below 1e12 (as private.assert_valid_amount), > 0
  -- unless p_allow_zero; anything else null (never a float, never an error).
  select case
    when p_text is null or btrim(p_text) !~ '^[0-9]{1,12}(\.[0-9]{1,2})?$' then null
    when btrim(p_text)::numeric >= 1000000000000 then null
    when btrim(p_text)::numeric = 0 and not p_allow_zero then null
    else btrim(p_text)::numeric
  end
$$;
comment on function private.import_amount(p_text text, p_allow_zero boolean) is 'A sheet''s money as import_rows takes it: the decimal text "1234.56" (at most 2 decimals, below 1e12, > 0 unless p_allow_zero); anything else null.';

create function private.import_uuid(p_text text)
returns uuid
language sql
immutable parallel safe
set search_path = ''
as $$
  select case when p_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then p_text::uuid end
$$;
comment on function private.import_uuid(p_text text) is 'An id sent by the import as text; null when it is not a uuid.';

create function private.import_reason(p_state text, p_message text, p_constraint text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- What refused a row, as a key the app has a text for (src/lib/errors.ts): our raised key, or a
  -- table rule read as errors.ts reads it, or the SQLSTATE itself.
  select case
    when p_state = 'P0001' then p_message
    when p_state = '23514' and p_constraint like '%\_range' then 'invalid_date'
    when p_state = '23514' and p_constraint like '%\_length' then 'text_too_long'
    when p_state = '23514' and p_constraint ~ '_(amount|price|budget|cost|balance)_check$' then 'invalid_amount'
    when p_state = '23514' and p_constraint = 'suppliers_document_cnpj' then 'invalid_document'
    when p_state = '23514' and p_constraint ~ '_(name|description)_check$' then 'import_value_required'
    when p_state = '23514' and p_constraint = 'projects_check' then 'import_end_before_start'
    when p_state = '23505' and p_constraint like 'categories%' then 'category_name_taken'
    when p_state = '23503' then 'reference_not_found'
    when p_state = '42501' then 'forbidden_role'
    when p_state in ('22007', '22008') then 'invalid_date'
    when p_state = '22003' then 'invalid_amount'
    when p_state = '22001' then 'text_too_long'
    else p_state
  end
$$;
comment on function private.import_reason(p_state text, p_message text, p_constraint text) is 'The key (import_row_invalid''s HINT) of what refused an imported row.';

-- ---------------------------------------------------------------------------------------------
-- The batch
-- ---------------------------------------------------------------------------------------------

create function private.open_import_batch(p_company_id uuid, p_kind text, p_file_name text, p_row_count integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  perform private.assert_text_length(btrim(p_file_name), 255, 'file_name');
  if p_kind is null or p_kind not in ('fornecedores', 'clientes', 'categorias', 'obras', 'contas_pagar', 'contas_receber')
     or coalesce(btrim(p_file_name), '') = '' or p_row_count is null or p_row_count < 1 then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  if p_row_count > 5000 then
    raise exception using errcode = 'P0001', message = 'import_too_many_rows', hint = '5000';
  end if;
  insert into public.import_batches (company_id, kind, file_name, row_count, created_by)
  values (p_company_id, p_kind, btrim(p_file_name), p_row_count, (select auth.uid()))
  returning id into v_id;
  return v_id;
end;
$$;
comment on function private.open_import_batch(p_company_id uuid, p_kind text, p_file_name text, p_row_count integer) is 'import_rows'' batch (security definer: the API cannot write import_batches): admin and financeiro only. Raises not_a_member, forbidden_role, import_invalid, import_too_many_rows, text_too_long.';

-- The rows' inserts, in one place: all of them at once, or one (import_rows retries one at a time
-- to name the line a set-based insert failed on). Security invoker: RLS, the grants and the
-- tables' triggers apply to the caller.
create function private.import_insert(p_kind text, p_company_id uuid, p_batch_id uuid, p_data jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_kind = 'contas_pagar' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, category_id, notes, import_batch_id)
    select e.id, p_company_id, e.description, e.party_id, e.party_name, e.amount, e.due_date, e.project_id,
           e.category_id, e.notes, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, description text, party_id uuid, party_name text,
                                          amount numeric, due_date date, project_id uuid, category_id uuid, notes text)
    order by e.line;
  elsif p_kind = 'contas_receber' then
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, category_id, notes, import_batch_id)
    select e.id, p_company_id, e.description, e.party_id, e.party_name, e.amount, e.due_date, e.project_id,
           e.category_id, e.notes, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, description text, party_id uuid, party_name text,
                                          amount numeric, due_date date, project_id uuid, category_id uuid, notes text)
    order by e.line;
  elsif p_kind = 'fornecedores' then
    -- As save_supplier: a CNPJ (14 characters) in suppliers.document, any other document (a CPF) and
    -- the contacts in its supplier_details.
    insert into public.suppliers (id, company_id, name, document, import_batch_id)
    select e.id, p_company_id, e.name, case when char_length(e.document) = 14 then e.document end, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, document text)
    order by e.line;
    insert into public.supplier_details (company_id, supplier_id, phone, email, address, notes, document)
    select p_company_id, e.id, e.phone, e.email, e.address, e.notes,
           case when char_length(e.document) <> 14 then e.document end
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, document text, phone text, email text, address text,
                                          notes text)
    order by e.line;
  elsif p_kind = 'clientes' then
    insert into public.clients (id, company_id, name, document, email, phone, address, notes, import_batch_id)
    select e.id, p_company_id, e.name, e.document, e.email, e.phone, e.address, e.notes, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, document text, email text, phone text,
                                          address text, notes text)
    order by e.line;
  elsif p_kind = 'categorias' then
    insert into public.categories (id, company_id, name, type, description, import_batch_id)
    select e.id, p_company_id, e.name, e.type, e.description, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, type text, description text)
    order by e.line;
  elsif p_kind = 'obras' then
    insert into public.projects (id, company_id, name, client_name, budget, start_date, end_date, status, address,
                                 description, import_batch_id)
    select e.id, p_company_id, e.name, e.client_name, e.budget, e.start_date, e.end_date, e.status, e.address,
           e.description, p_batch_id
    from jsonb_to_recordset(p_data) as e(line integer, id uuid, name text, client_name text, budget numeric,
                                          start_date date, end_date date, status text, address text, description text)
    order by e.line;
  end if;
end;
$$;
comment on function private.import_insert(p_kind text, p_company_id uuid, p_batch_id uuid, p_data jsonb) is 'import_rows'' inserts of its resolved rows (a jsonb array), as the caller.';

-- The paid rows of an import, settled as Dar Baixa settles one (private.settle_entry: the entry
-- paid in full on its date into an active account of the company, and its ledger row of principal =
-- amount, no juros, multa or desconto, with the entry's categoria, obra and parts), in two
-- statements instead of two per row: one settle per row cost ~20 ms in statement triggers (the
-- kept totals), so 5 000 paid rows could never fit the API's 8 s. The balance and the kept ledger
-- and entry totals follow through the same triggers.
create function private.settle_imported(p_kind text, p_company_id uuid, p_batch_id uuid, p_data jsonb, p_today date)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expected integer;
  v_count integer;
  v_account uuid;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  -- Only the rows of the caller's own import, running in this transaction.
  if p_kind is null or p_kind not in ('expense', 'income') or not exists (
    select 1 from public.import_batches b
    where b.id = p_batch_id and b.company_id = p_company_id and b.created_at = now() and b.undone_at is null
      and b.created_by is not distinct from (select auth.uid())
  ) then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  select count(*) into v_expected
  from jsonb_to_recordset(p_data) as d(payment_date date) where d.payment_date is not null;
  if v_expected = 0 then
    return;
  end if;
  if exists (select 1 from jsonb_to_recordset(p_data) as d(payment_date date)
             where d.payment_date is not null
               and (d.payment_date < date '2000-01-01' or d.payment_date > least(coalesce(p_today, current_date), current_date + 1))) then
    raise exception using errcode = 'P0001', message = 'payment_date_in_future';
  end if;
  -- The accounts, locked as settle_entry locks one (in id order: one lock order).
  for v_account in
    select distinct d.bank_account_id from jsonb_to_recordset(p_data) as d(payment_date date, bank_account_id uuid)
    where d.payment_date is not null order by 1
  loop
    perform private.lock_active_account(p_company_id, v_account);
  end loop;

  if p_kind = 'expense' then
    update public.accounts_payable e
    set paid_amount = e.amount, status = 'paid', payment_date = d.payment_date, bank_account_id = d.bank_account_id
    from jsonb_to_recordset(p_data) as d(id uuid, payment_date date, bank_account_id uuid)
    where d.payment_date is not null and e.id = d.id and e.company_id = p_company_id
      and e.import_batch_id = p_batch_id and e.status = 'pending' and e.paid_amount = 0
      and e.approval_status = 'approved';
    get diagnostics v_count = row_count;
  else
    update public.accounts_receivable e
    set paid_amount = e.amount, status = 'paid', received_date = d.payment_date, bank_account_id = d.bank_account_id
    from jsonb_to_recordset(p_data) as d(id uuid, payment_date date, bank_account_id uuid)
    where d.payment_date is not null and e.id = d.id and e.company_id = p_company_id
      and e.import_batch_id = p_batch_id and e.status = 'pending' and e.paid_amount = 0;
    get diagnostics v_count = row_count;
  end if;
  if v_count <> v_expected then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;

  if p_kind = 'expense' then
    insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                     bank_account_id, category_id, project_id, payable_id, created_by,
                                     principal_amount, interest_amount, fine_amount, discount_amount, parts)
    select e.company_id, 'expense', 'out', left(e.description, 250), e.amount, e.payment_date, e.bank_account_id,
           e.category_id, e.project_id, e.id, (select auth.uid()), e.amount, 0, 0, 0, e.parts
    from public.accounts_payable e
    join jsonb_to_recordset(p_data) as d(line integer, id uuid, payment_date date) on d.id = e.id
    where d.payment_date is not null and e.company_id = p_company_id
    order by d.line;
  else
    insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                     bank_account_id, category_id, project_id, receivable_id, created_by,
                                     principal_amount, interest_amount, fine_amount, discount_amount, parts)
    select e.company_id, 'income', 'in', left(e.description, 250), e.amount, e.received_date, e.bank_account_id,
           e.category_id, e.project_id, e.id, (select auth.uid()), e.amount, 0, 0, 0, e.parts
    from public.accounts_receivable e
    join jsonb_to_recordset(p_data) as d(line integer, id uuid, payment_date date) on d.id = e.id
    where d.payment_date is not null and e.company_id = p_company_id
    order by d.line;
  end if;
end;
$$;
comment on function private.settle_imported(p_kind text, p_company_id uuid, p_batch_id uuid, p_data jsonb, p_today date) is 'import_rows'' paid rows (p_data elements with payment_date and bank_account_id), settled in full as private.settle_entry settles one, in two statements: the entries paid, then their ledger rows. Only rows of the caller''s batch opened in this transaction (import_invalid). Raises payment_date_in_future, bank_account_not_found, bank_account_inactive, forbidden_role.';

-- ---------------------------------------------------------------------------------------------
-- import_rows
-- ---------------------------------------------------------------------------------------------

create function public.import_rows(p_company_id uuid, p_payload jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_kind text;
  v_rows jsonb;
  v_create jsonb;
  v_count integer;
  v_today date;
  v_batch uuid;
  v_entry_kind text;
  -- {key: id} of the registers the import creates first (its `create` lists).
  v_projects jsonb := '{}';
  v_suppliers jsonb := '{}';
  v_clients jsonb := '{}';
  v_categories jsonb := '{}';
  -- {key: name} of the suppliers (payables) or clients (receivables) created.
  v_party_names jsonb;
  v_found jsonb;
  v_data jsonb;
  v_bad record;
  -- What is being written when something refuses: a sheet line, or a register of `create`.
  v_line integer;
  v_name text;
  v_state text;
  v_message text;
  v_constraint text;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_payload is null or jsonb_typeof(p_payload) <> 'object' then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  v_kind := p_payload ->> 'kind';
  v_rows := p_payload -> 'rows';
  v_create := coalesce(p_payload -> 'create', '{}'::jsonb);
  if v_kind is null or v_kind not in ('fornecedores', 'clientes', 'categorias', 'obras', 'contas_pagar', 'contas_receber')
     or jsonb_typeof(v_rows) is distinct from 'array' or jsonb_typeof(v_create) <> 'object' then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  v_count := jsonb_array_length(v_rows);
  if v_count = 0 then
    raise exception using errcode = 'P0001', message = 'import_empty';
  end if;
  if v_count > 5000 then
    raise exception using errcode = 'P0001', message = 'import_too_many_rows', hint = '5000';
  end if;
  -- Every row an object with its sheet line (a whole number), each line once.
  if exists (select 1 from jsonb_array_elements(v_rows) r
             where jsonb_typeof(r) <> 'object' or coalesce(r ->> 'line', '') !~ '^[0-9]{1,7}$')
     or (select count(distinct r ->> 'line') from jsonb_array_elements(v_rows) r) <> v_count then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  if exists (select 1 from jsonb_each(v_create) c
             where c.key not in ('projects', 'suppliers', 'clients', 'categories')
                or jsonb_typeof(c.value) <> 'array'
                or exists (select 1 from jsonb_array_elements(c.value) x
                           where jsonb_typeof(x) <> 'object' or coalesce(x ->> 'key', '') = '')) then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  -- Paid rows: each payment moves the same few kept rows (the account's balance, its day and month
  -- totals) through the ledger's row triggers, a cost that grows with the square of the rows written
  -- in one transaction (measured on the shared test machine: 1 000 paid rows 7 s, 5 000 paid rows
  -- 79 s). Up to 1 000 fit the API's 8 s; more are refused up front rather than cut off by it.
  if v_kind in ('contas_pagar', 'contas_receber')
     and (select count(*) from jsonb_array_elements(v_rows) r
          where nullif(btrim(r ->> 'payment_date'), '') is not null) > 1000 then
    raise exception using errcode = 'P0001', message = 'import_too_many_paid_rows', hint = '1000';
  end if;
  -- The browser's today (for a paid row's date), never beyond the database's tomorrow.
  v_today := least(coalesce(private.import_date(p_payload ->> 'today'), current_date), current_date + 1);
  v_entry_kind := case v_kind when 'contas_pagar' then 'expense' when 'contas_receber' then 'income' end;

  v_batch := private.open_import_batch(p_company_id, v_kind, p_payload ->> 'file_name', v_count);

  begin
    -- 1. The registers the user chose to create, before the rows that name them.
    select x ->> 'key' as key, x ->> 'name' as name into v_bad
    from jsonb_array_elements(coalesce(v_create -> 'projects', '[]') || coalesce(v_create -> 'suppliers', '[]')
                              || coalesce(v_create -> 'clients', '[]') || coalesce(v_create -> 'categories', '[]')) x
    where coalesce(btrim(x ->> 'name'), '') = ''
    limit 1;
    if found then
      raise exception using errcode = 'P0001', message = 'import_create_invalid', detail = left(v_bad.key, 200),
                            hint = 'import_value_required';
    end if;
    select x ->> 'key' as key,
           case when l.list = 'categories' and coalesce(x ->> 'type', v_entry_kind) is distinct from 'expense'
                     and coalesce(x ->> 'type', v_entry_kind) is distinct from 'income' then 'import_category_type_invalid'
                else 'text_too_long' end as reason
    into v_bad
    from (values ('projects', 200), ('suppliers', 200), ('clients', 200), ('categories', 100)) l(list, max_length)
    cross join lateral jsonb_array_elements(coalesce(v_create -> l.list, '[]')) x
    where char_length(btrim(x ->> 'name')) > l.max_length
       or (l.list = 'categories' and coalesce(x ->> 'type', v_entry_kind) is distinct from 'expense'
           and coalesce(x ->> 'type', v_entry_kind) is distinct from 'income')
    limit 1;
    if found then
      raise exception using errcode = 'P0001', message = 'import_create_invalid', detail = left(v_bad.key, 200),
                            hint = v_bad.reason;
    end if;

    if jsonb_array_length(coalesce(v_create -> 'projects', '[]')) > 0 then
      v_name := 'projects';
      select jsonb_object_agg(k.key, gen_random_uuid()) into v_projects
      from (select distinct x ->> 'key' as key from jsonb_array_elements(v_create -> 'projects') x) k;
      insert into public.projects (id, company_id, name, import_batch_id)
      select distinct on (x ->> 'key') (v_projects ->> (x ->> 'key'))::uuid, p_company_id, btrim(x ->> 'name'), v_batch
      from jsonb_array_elements(v_create -> 'projects') x;
    end if;
    if jsonb_array_length(coalesce(v_create -> 'suppliers', '[]')) > 0 then
      v_name := 'suppliers';
      select jsonb_object_agg(k.key, gen_random_uuid()) into v_suppliers
      from (select distinct x ->> 'key' as key from jsonb_array_elements(v_create -> 'suppliers') x) k;
      with s as (
        select distinct on (x ->> 'key') (v_suppliers ->> (x ->> 'key'))::uuid as id, btrim(x ->> 'name') as name,
               nullif(upper(regexp_replace(coalesce(x ->> 'document', ''), '[^0-9A-Za-z]', '', 'g')), '') as document
        from jsonb_array_elements(v_create -> 'suppliers') x
      ), ins as (
        insert into public.suppliers (id, company_id, name, document, import_batch_id)
        select s.id, p_company_id, s.name, case when char_length(s.document) = 14 then s.document end, v_batch from s
        returning id
      )
      insert into public.supplier_details (company_id, supplier_id, document)
      select p_company_id, s.id, case when char_length(s.document) <> 14 then s.document end
      from s join ins on ins.id = s.id;
    end if;
    if jsonb_array_length(coalesce(v_create -> 'clients', '[]')) > 0 then
      v_name := 'clients';
      select jsonb_object_agg(k.key, gen_random_uuid()) into v_clients
      from (select distinct x ->> 'key' as key from jsonb_array_elements(v_create -> 'clients') x) k;
      insert into public.clients (id, company_id, name, document, import_batch_id)
      select distinct on (x ->> 'key') (v_clients ->> (x ->> 'key'))::uuid, p_company_id, btrim(x ->> 'name'),
             nullif(upper(regexp_replace(coalesce(x ->> 'document', ''), '[^0-9A-Za-z]', '', 'g')), ''), v_batch
      from jsonb_array_elements(v_create -> 'clients') x;
    end if;
    if jsonb_array_length(coalesce(v_create -> 'categories', '[]')) > 0 then
      v_name := 'categories';
      select jsonb_object_agg(k.key, gen_random_uuid()) into v_categories
      from (select distinct x ->> 'key' as key from jsonb_array_elements(v_create -> 'categories') x) k;
      insert into public.categories (id, company_id, name, type, import_batch_id)
      select distinct on (x ->> 'key') (v_categories ->> (x ->> 'key'))::uuid, p_company_id, btrim(x ->> 'name'),
             coalesce(x ->> 'type', v_entry_kind), v_batch
      from jsonb_array_elements(v_create -> 'categories') x;
    end if;
    v_name := null;

    select coalesce(jsonb_object_agg(c ->> 'key', btrim(c ->> 'name')), '{}') into v_party_names
    from jsonb_array_elements(coalesce(v_create -> case v_entry_kind when 'expense' then 'suppliers' else 'clients' end,
                                       '[]')) c;

    -- The existing registers the rows name by id, of this company and visible to the caller, read
    -- once per distinct id ({parties|projects|categories|accounts: {id: {id, …}}}).
    if v_entry_kind is not null then
      with ids as (
        select distinct private.import_uuid(x ->> 'supplier_id') as supplier_id,
               private.import_uuid(x ->> 'client_id') as client_id,
               private.import_uuid(x ->> 'project_id') as project_id,
               private.import_uuid(x ->> 'category_id') as category_id,
               private.import_uuid(x ->> 'bank_account_id') as account_id
        from jsonb_array_elements(v_rows) x
      )
      select jsonb_build_object(
        'parties', coalesce((
          select jsonb_object_agg(p.id::text, jsonb_build_object('id', p.id, 'name', p.name)) from (
            select s.id, s.name from public.suppliers s
            where v_entry_kind = 'expense' and s.company_id = p_company_id
              and s.id in (select ids.supplier_id from ids)
            union all
            select c.id, c.name from public.clients c
            where v_entry_kind = 'income' and c.company_id = p_company_id
              and c.id in (select ids.client_id from ids)) p), '{}'::jsonb),
        'projects', coalesce((
          select jsonb_object_agg(p.id::text, jsonb_build_object('id', p.id)) from public.projects p
          where p.company_id = p_company_id and p.id in (select ids.project_id from ids)), '{}'::jsonb),
        'categories', coalesce((
          select jsonb_object_agg(c.id::text, jsonb_build_object('id', c.id, 'type', c.type)) from public.categories c
          where c.company_id = p_company_id and c.id in (select ids.category_id from ids)), '{}'::jsonb),
        'accounts', coalesce((
          select jsonb_object_agg(a.id::text, jsonb_build_object('id', a.id, 'is_active', a.is_active))
          from public.bank_accounts a
          where a.company_id = p_company_id and a.id in (select ids.account_id from ids)), '{}'::jsonb))
      into v_found;
    end if;

    -- 2. The rows, read and checked (the first bad line, in sheet order, refuses the import), then
    --    written all at once.
    if v_entry_kind is not null then
      select jsonb_agg(to_jsonb(s) order by s.line) into v_data
      from (
        select r.line, gen_random_uuid() as id, r.description, r.amount, r.due_date, r.notes,
               coalesce(r.party_found, r.party_created) as party_id,
               coalesce(r.party_found_name, r.party_created_name) as party_name,
               coalesce(r.project_found, r.project_created) as project_id,
               coalesce(r.category_found, r.category_created) as category_id,
               r.payment_date, r.bank_account_found as bank_account_id,
               case
                 when r.description is null then 'import_description_required'
                 when char_length(r.description) > 200 then 'text_too_long'
                 when r.amount is null then 'invalid_amount'
                 when r.due_date is null then 'invalid_date'
                 when r.party_asked and r.party_found is null and r.party_created is null then
                   case v_entry_kind when 'expense' then 'supplier_not_found' else 'client_not_found' end
                 when r.project_asked and r.project_found is null and r.project_created is null then 'project_not_found'
                 when r.category_asked and r.category_found is null and r.category_created is null then 'category_not_found'
                 when r.category_type is not null and r.category_type <> v_entry_kind then 'category_type_mismatch'
                 when char_length(r.notes) > 2000 then 'text_too_long'
                 when (r.payment_text is null) <> (r.bank_account_text is null) then 'import_payment_incomplete'
                 when r.payment_text is not null and r.payment_date is null then 'invalid_date'
                 when r.payment_date > v_today then 'payment_date_in_future'
                 when r.bank_account_text is not null and r.bank_account_found is null then 'bank_account_not_found'
                 when r.bank_account_text is not null and not r.bank_account_active then 'bank_account_inactive'
               end as reason
        from (
          select (x ->> 'line')::integer as line,
                 nullif(btrim(x ->> 'description'), '') as description,
                 private.import_amount(x ->> 'amount') as amount,
                 private.import_date(x ->> 'due_date') as due_date,
                 nullif(btrim(x ->> 'notes'), '') as notes,
                 coalesce(x ->> 'supplier_id', x ->> 'client_id', x ->> 'supplier_key', x ->> 'client_key') is not null
                   as party_asked,
                 (f.party ->> 'id')::uuid as party_found, f.party ->> 'name' as party_found_name,
                 (case v_entry_kind when 'expense' then v_suppliers ->> (x ->> 'supplier_key')
                                    else v_clients ->> (x ->> 'client_key') end)::uuid as party_created,
                 v_party_names ->> coalesce(x ->> 'supplier_key', x ->> 'client_key') as party_created_name,
                 coalesce(x ->> 'project_id', x ->> 'project_key') is not null as project_asked,
                 (f.project ->> 'id')::uuid as project_found, (v_projects ->> (x ->> 'project_key'))::uuid as project_created,
                 coalesce(x ->> 'category_id', x ->> 'category_key') is not null as category_asked,
                 (f.category ->> 'id')::uuid as category_found, (v_categories ->> (x ->> 'category_key'))::uuid as category_created,
                 f.category ->> 'type' as category_type,
                 nullif(btrim(x ->> 'payment_date'), '') as payment_text,
                 private.import_date(x ->> 'payment_date') as payment_date,
                 nullif(btrim(x ->> 'bank_account_id'), '') as bank_account_text,
                 (f.account ->> 'id')::uuid as bank_account_found, (f.account ->> 'is_active')::boolean as bank_account_active
          from jsonb_array_elements(v_rows) x
          -- The registers the rows name, each read once (RLS and all) into the maps below.
          left join lateral (select (v_found -> 'parties' -> lower(btrim(coalesce(x ->> 'supplier_id', x ->> 'client_id')))) as party,
                                    (v_found -> 'projects' -> lower(btrim(x ->> 'project_id'))) as project,
                                    (v_found -> 'categories' -> lower(btrim(x ->> 'category_id'))) as category,
                                    (v_found -> 'accounts' -> lower(btrim(x ->> 'bank_account_id'))) as account) f on true
        ) r
      ) s;
    elsif v_kind in ('fornecedores', 'clientes') then
      select jsonb_agg(to_jsonb(s) order by s.line) into v_data
      from (
        select r.*, gen_random_uuid() as id,
               case
                 when r.name is null then 'import_name_required'
                 when v_kind = 'fornecedores' and r.document is not null
                      and char_length(r.document) not in (11, 14) then 'invalid_document'
               end as reason
        from (
          select (x ->> 'line')::integer as line,
                 nullif(btrim(x ->> 'name'), '') as name,
                 nullif(upper(regexp_replace(coalesce(x ->> 'document', ''), '[^0-9A-Za-z]', '', 'g')), '') as document,
                 nullif(btrim(x ->> 'email'), '') as email,
                 nullif(btrim(x ->> 'phone'), '') as phone,
                 nullif(btrim(x ->> 'address'), '') as address,
                 nullif(btrim(x ->> 'notes'), '') as notes
          from jsonb_array_elements(v_rows) x
        ) r
      ) s;
    elsif v_kind = 'categorias' then
      select jsonb_agg(to_jsonb(s) order by s.line) into v_data
      from (
        select r.*, gen_random_uuid() as id,
               case
                 when r.name is null then 'import_name_required'
                 when r.type is null or r.type not in ('expense', 'income') then 'import_category_type_invalid'
               end as reason
        from (
          select (x ->> 'line')::integer as line,
                 nullif(btrim(x ->> 'name'), '') as name,
                 x ->> 'type' as type,
                 nullif(btrim(x ->> 'description'), '') as description
          from jsonb_array_elements(v_rows) x
        ) r
      ) s;
    else
      select jsonb_agg(to_jsonb(s) order by s.line) into v_data
      from (
        select r.line, r.name, r.client_name, r.budget, r.start_date, r.end_date, r.address, r.description,
               coalesce(r.status, 'planning') as status, gen_random_uuid() as id,
               case
                 when r.name is null then 'import_name_required'
                 when r.budget_text is not null and r.budget is null then 'invalid_amount'
                 when r.start_text is not null and r.start_date is null then 'invalid_date'
                 when r.end_text is not null and r.end_date is null then 'invalid_date'
                 when r.end_date < r.start_date then 'import_end_before_start'
                 when r.status is not null
                      and r.status not in ('planning', 'in_progress', 'paused', 'completed', 'cancelled')
                   then 'import_project_status_invalid'
               end as reason
        from (
          select (x ->> 'line')::integer as line,
                 nullif(btrim(x ->> 'name'), '') as name,
                 nullif(btrim(coalesce(x ->> 'client_name', x ->> 'client')), '') as client_name,
                 nullif(btrim(x ->> 'budget'), '') as budget_text,
                 private.import_amount(x ->> 'budget', true) as budget,
                 nullif(btrim(x ->> 'start_date'), '') as start_text,
                 private.import_date(x ->> 'start_date') as start_date,
                 nullif(btrim(x ->> 'end_date'), '') as end_text,
                 private.import_date(x ->> 'end_date') as end_date,
                 nullif(btrim(x ->> 'status'), '') as status,
                 nullif(btrim(x ->> 'address'), '') as address,
                 nullif(btrim(coalesce(x ->> 'description', x ->> 'notes')), '') as description
          from jsonb_array_elements(v_rows) x
        ) r
      ) s;
    end if;

    select e.line, e.reason into v_bad
    from jsonb_to_recordset(v_data) as e(line integer, reason text)
    where e.reason is not null
    order by e.line
    limit 1;
    if found then
      v_line := v_bad.line;
      raise exception using errcode = 'P0001', message = 'import_row_invalid', detail = v_bad.line::text,
                            hint = v_bad.reason;
    end if;

    begin
      perform private.import_insert(v_kind, p_company_id, v_batch, v_data);
    exception when others then
      -- A rule of the tables refused one of the rows: the same inserts one line at a time name it
      -- (this block's work was undone; the line that fails now raises to the handler below).
      for v_bad in select (x ->> 'line')::integer as line, x from jsonb_array_elements(v_data) x order by 1 loop
        v_line := v_bad.line;
        perform private.import_insert(v_kind, p_company_id, v_batch, jsonb_build_array(v_bad.x));
      end loop;
      v_line := null;
      raise;
    end;

    -- 3. Paid rows: settled as Dar Baixa settles one (the ledger row, the account's balance, the
    --    kept totals), all at once (private.settle_imported); every check it makes was made above
    --    with the row's line.
    if v_entry_kind is not null then
      perform private.settle_imported(v_entry_kind, p_company_id, v_batch, v_data, v_today);
    end if;
  exception when others then
    get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_constraint = constraint_name;
    if v_state = 'P0001' and v_message in ('import_row_invalid', 'import_create_invalid') then
      raise;
    end if;
    if v_line is not null then
      raise exception using errcode = 'P0001', message = 'import_row_invalid', detail = v_line::text,
                            hint = private.import_reason(v_state, v_message, v_constraint);
    end if;
    if v_name is not null then
      raise exception using errcode = 'P0001', message = 'import_create_invalid', detail = v_name,
                            hint = private.import_reason(v_state, v_message, v_constraint);
    end if;
    raise;
  end;

  return v_batch;
end;
$$;
comment on function public.import_rows(p_company_id uuid, p_payload jsonb) is 'Importar planilha (admin, financeiro): in one transaction, the batch (import_batches), the registers of p_payload.create ({projects|suppliers|clients|categories: [{key, name, document?, type?}]}), then p_payload.rows (1..5000 objects, each with its sheet line) of p_payload.kind (fornecedores, clientes, categorias, obras, contas_pagar, contas_receber), written AS THE CALLER through RLS and every trigger of the tables, as a form''s insert; a row with payment_date and bank_account_id is then settled in full as Dar Baixa settles one, all at once (private.settle_imported; p_payload.today = the browser''s date). Entries: description, amount ("1234.56"), due_date (yyyy-MM-dd), supplier_id|supplier_key (client_id|client_key), project_id|project_key, category_id|category_key, notes, payment_date, bank_account_id. Registers: the table''s columns (suppliers: name, document, email, phone, address, notes; categories: name, type, description; obras: name, client_name, budget, start_date, end_date, status, address, description). Returns the batch id. Any refusal writes nothing: import_row_invalid (DETAIL = the sheet line, HINT = the reason''s key: import_description_required, import_name_required, invalid_amount, invalid_date, supplier_not_found, client_not_found, project_not_found, category_not_found, category_type_mismatch, import_payment_incomplete, payment_date_in_future, bank_account_not_found, bank_account_inactive, invalid_document, import_category_type_invalid, import_project_status_invalid, import_end_before_start, text_too_long, category_name_taken, …), import_create_invalid (DETAIL = the register''s key or list, HINT = the reason), import_invalid, import_empty, import_too_many_rows (HINT 5000), import_too_many_paid_rows (more than 1000 rows with a payment; HINT 1000), not_a_member, forbidden_role.';

-- ---------------------------------------------------------------------------------------------
-- import_duplicates
-- ---------------------------------------------------------------------------------------------

create function public.import_duplicates(p_company_id uuid, p_kind text, p_rows jsonb)
returns integer[]
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_kind is null or p_kind not in ('fornecedores', 'clientes', 'categorias', 'obras', 'contas_pagar', 'contas_receber')
     or jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception using errcode = 'P0001', message = 'import_invalid';
  end if;
  if jsonb_array_length(p_rows) > 5000 then
    raise exception using errcode = 'P0001', message = 'import_too_many_rows', hint = '5000';
  end if;

  return array(
  with r as (
    select (x ->> 'line')::integer as line,
           nullif(upper(regexp_replace(coalesce(x ->> 'document', ''), '[^0-9A-Za-z]', '', 'g')), '') as document,
           nullif(private.search_text(btrim(x ->> 'name')), '') as name_key,
           x ->> 'type' as type,
           coalesce(private.import_uuid(x ->> 'supplier_id'), private.import_uuid(x ->> 'client_id')) as party_id,
           private.import_amount(x ->> 'amount') as amount,
           private.import_date(x ->> 'due_date') as due_date,
           nullif(private.search_text(btrim(x ->> 'description')), '') as description_key
    from jsonb_array_elements(p_rows) x
    where jsonb_typeof(x) = 'object' and coalesce(x ->> 'line', '') ~ '^[0-9]{1,7}$'
  ),
  -- What the company has, read once (compared by hash, not row by row).
  documents as (
    select upper(regexp_replace(s.document, '[^0-9A-Za-z]', '', 'g')) as k from public.suppliers s
    where p_kind = 'fornecedores' and s.company_id = p_company_id and s.document is not null
    union
    select upper(regexp_replace(d.document, '[^0-9A-Za-z]', '', 'g')) from public.supplier_details d
    where p_kind = 'fornecedores' and d.company_id = p_company_id and d.document is not null
    union
    select upper(regexp_replace(c.document, '[^0-9A-Za-z]', '', 'g')) from public.clients c
    where p_kind = 'clientes' and c.company_id = p_company_id and c.document is not null
  ),
  names as (
    select private.search_text(btrim(s.name)) as k from public.suppliers s
    where p_kind = 'fornecedores' and s.company_id = p_company_id
    union
    select private.search_text(btrim(c.name)) from public.clients c
    where p_kind = 'clientes' and c.company_id = p_company_id
    union
    select c.type || ':' || private.search_text(btrim(c.name)) from public.categories c
    where p_kind = 'categorias' and c.company_id = p_company_id and c.is_active
    union
    select private.search_text(btrim(p.name)) from public.projects p
    where p_kind = 'obras' and p.company_id = p_company_id
  )
  select r.line from r
  where case
    when p_kind in ('fornecedores', 'clientes') then
      case when r.document is not null then r.document in (select d.k from documents d)
           else r.name_key in (select n.k from names n) end
    when p_kind = 'categorias' then r.type || ':' || r.name_key in (select n.k from names n)
    when p_kind = 'obras' then r.name_key in (select n.k from names n)
    when p_kind = 'contas_pagar' then
      exists (select 1 from public.accounts_payable e
              where e.company_id = p_company_id and e.due_date = r.due_date and e.amount = r.amount
                and (case when r.party_id is not null then e.supplier_id = r.party_id
                          else e.supplier_id is null and private.search_text(btrim(e.description)) = r.description_key end))
    else
      exists (select 1 from public.accounts_receivable e
              where e.company_id = p_company_id and e.due_date = r.due_date and e.amount = r.amount
                and (case when r.party_id is not null then e.client_id = r.party_id
                          else e.client_id is null and private.search_text(btrim(e.description)) = r.description_key end))
  end
  order by r.line);
end;
$$;
comment on function public.import_duplicates(p_company_id uuid, p_kind text, p_rows jsonb) is 'Importar planilha''s prévia (admin, financeiro): the lines (an array, never cut at the API''s row limit) of p_rows (as import_rows takes them, at most 5000) that the company already has. Fornecedores/clientes: the same document (CNPJ/CPF, punctuation ignored), or without one the same name (case and accents ignored); categorias: an active one of the same type and name; obras: the same name; contas: the same supplier/client id, amount and due date (without a supplier/client: the same description among those without one). Security invoker. Raises not_a_member, forbidden_role, import_invalid, import_too_many_rows.';

-- ---------------------------------------------------------------------------------------------
-- undo_import_batch
-- ---------------------------------------------------------------------------------------------

create function private.undo_import_batch(p_batch_id uuid, p_created_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.import_batches;
  v_payables uuid[];
  v_receivables uuid[];
  v_suppliers uuid[];
  v_clients uuid[];
  v_categories uuid[];
  v_projects uuid[];
begin
  select * into v_batch from public.import_batches b
  where b.id = p_batch_id and b.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'import_batch_not_found';
  end if;
  perform private.assert_role(v_batch.company_id, array['admin', 'financeiro']);
  if v_batch.undone_at is not null then
    raise exception using errcode = 'P0001', message = 'import_batch_undone';
  end if;
  -- The version the screen showed.
  if p_created_at is null or p_created_at <> v_batch.created_at then
    raise exception using errcode = 'P0001', message = 'import_batch_changed';
  end if;

  -- Its rows, locked as Dar Baixa locks an entry (no payment slips in between).
  select coalesce(array_agg(e.id), '{}') into v_payables from (
    select e.id from public.accounts_payable e
    where e.company_id = v_batch.company_id and e.import_batch_id = v_batch.id for update) e;
  select coalesce(array_agg(e.id), '{}') into v_receivables from (
    select e.id from public.accounts_receivable e
    where e.company_id = v_batch.company_id and e.import_batch_id = v_batch.id for update) e;
  select coalesce(array_agg(s.id), '{}') into v_suppliers from (
    select s.id from public.suppliers s
    where s.company_id = v_batch.company_id and s.import_batch_id = v_batch.id for update) s;
  select coalesce(array_agg(c.id), '{}') into v_clients from (
    select c.id from public.clients c
    where c.company_id = v_batch.company_id and c.import_batch_id = v_batch.id for update) c;
  select coalesce(array_agg(c.id), '{}') into v_categories from (
    select c.id from public.categories c
    where c.company_id = v_batch.company_id and c.import_batch_id = v_batch.id for update) c;
  select coalesce(array_agg(p.id), '{}') into v_projects from (
    select p.id from public.projects p
    where p.company_id = v_batch.company_id and p.import_batch_id = v_batch.id for update) p;

  -- Changed since: every row the import wrote carries its transaction's time (created_at,
  -- updated_at, the payment's created_at); an edit, an approval, a payment, an estorno, a
  -- document or a conciliação after it is a change the user did not see.
  if exists (select 1 from public.accounts_payable e
             where e.id = any (v_payables) and e.updated_at <> v_batch.created_at)
     or exists (select 1 from public.accounts_receivable e
                where e.id = any (v_receivables) and e.updated_at <> v_batch.created_at)
     or exists (select 1 from public.documents d
                where d.company_id = v_batch.company_id
                  and (d.payable_id = any (v_payables) or d.receivable_id = any (v_receivables)))
     or exists (select 1 from public.transactions t
                where t.company_id = v_batch.company_id
                  and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables))
                  and (t.created_at <> v_batch.created_at or t.reversal_of is not null
                       or exists (select 1 from public.transactions r where r.reversal_of = t.id)
                       or exists (select 1 from public.bank_statement_lines l where l.matched_transaction_id = t.id)))
     or exists (select 1 from public.suppliers s where s.id = any (v_suppliers) and s.updated_at <> v_batch.created_at)
     or exists (select 1 from public.clients c where c.id = any (v_clients) and c.updated_at <> v_batch.created_at)
     or exists (select 1 from public.categories c where c.id = any (v_categories) and c.updated_at <> v_batch.created_at)
     or exists (select 1 from public.projects p where p.id = any (v_projects) and p.updated_at <> v_batch.created_at)
  then
    raise exception using errcode = 'P0001', message = 'import_batch_changed';
  end if;

  -- A register it created that something outside the batch now uses.
  if exists (select 1 from public.accounts_payable e
             where e.company_id = v_batch.company_id and e.import_batch_id is distinct from v_batch.id
               and (e.supplier_id = any (v_suppliers) or e.project_id = any (v_projects)
                    or e.category_id = any (v_categories) or e.part_project_ids && v_projects
                    or e.part_category_ids && v_categories))
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_batch.company_id and e.import_batch_id is distinct from v_batch.id
                  and (e.client_id = any (v_clients) or e.project_id = any (v_projects)
                       or e.category_id = any (v_categories) or e.part_project_ids && v_projects
                       or e.part_category_ids && v_categories))
     or exists (select 1 from public.supplier_orders o
                where o.company_id = v_batch.company_id
                  and (o.supplier_id = any (v_suppliers) or o.project_id = any (v_projects)))
     or exists (select 1 from public.supplier_products p
                where p.company_id = v_batch.company_id and p.supplier_id = any (v_suppliers))
     or exists (select 1 from public.project_stages s
                where s.company_id = v_batch.company_id and s.project_id = any (v_projects))
     or exists (select 1 from public.project_team_members m
                where m.company_id = v_batch.company_id and m.project_id = any (v_projects))
     or exists (select 1 from public.project_access a where a.project_id = any (v_projects))
     or exists (select 1 from public.documents d
                where d.company_id = v_batch.company_id and d.project_id = any (v_projects))
  then
    raise exception using errcode = 'P0001', message = 'import_batch_in_use';
  end if;

  begin
    -- Paid rows back to open (as an estorno leaves them), their import-time ledger rows removed
    -- (the account's balance and the kept totals follow through the ledger's own triggers), then
    -- the rows, then the registers.
    update public.accounts_payable
    set paid_amount = 0, interest_amount = 0, fine_amount = 0, discount_amount = 0, status = 'pending',
        payment_date = null
    where id = any (v_payables) and paid_amount > 0;
    update public.accounts_receivable
    set paid_amount = 0, interest_amount = 0, fine_amount = 0, discount_amount = 0, status = 'pending',
        received_date = null
    where id = any (v_receivables) and paid_amount > 0;
    delete from public.transactions t
    where t.company_id = v_batch.company_id
      and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables));
    delete from public.accounts_payable where id = any (v_payables);
    delete from public.accounts_receivable where id = any (v_receivables);
    delete from public.suppliers where id = any (v_suppliers);
    delete from public.clients where id = any (v_clients);
    delete from public.categories where id = any (v_categories);
    delete from public.projects where id = any (v_projects);
  exception when foreign_key_violation then
    raise exception using errcode = 'P0001', message = 'import_batch_in_use';
  end;

  update public.import_batches
  set undone_at = now(), undone_by = (select auth.uid())
  where id = v_batch.id;
end;
$$;
comment on function private.undo_import_batch(p_batch_id uuid, p_created_at timestamptz) is 'Body of public.undo_import_batch (security definer: it removes the import''s ledger rows).';

create function public.undo_import_batch(p_batch_id uuid, p_created_at timestamptz)
returns void
language sql
set search_path = ''
as $$
  select private.undo_import_batch(p_batch_id, p_created_at)
$$;
comment on function public.undo_import_batch(p_batch_id uuid, p_created_at timestamptz) is 'Desfazer importação (admin, financeiro): removes everything the batch created, all or nothing: its payables and receivables (a paid one with its import-time ledger row, so the account''s balance and the kept totals are as before), then its suppliers (with their details), clients, categories and obras; marks the batch undone. p_created_at = the batch''s created_at as the screen showed it. Raises import_batch_not_found, forbidden_role, import_batch_undone (already undone), import_batch_changed (p_created_at is not the batch''s, or since the import one of its rows was edited, approved, paid, reversed, reconciled or given a document), import_batch_in_use (a register it created is used outside the batch). (body: private.undo_import_batch)';

-- ---------------------------------------------------------------------------------------------
-- save_import_mapping
-- ---------------------------------------------------------------------------------------------

create function private.save_import_mapping(p_company_id uuid, p_kind text, p_mapping jsonb)
returns public.import_mappings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.import_mappings;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_kind is null or p_kind not in ('fornecedores', 'clientes', 'categorias', 'obras', 'contas_pagar', 'contas_receber')
     or p_mapping is null or jsonb_typeof(p_mapping) <> 'object'
     or p_mapping @? '$.* ? (@.type() != "string")' or pg_column_size(p_mapping) > 20000 then
    raise exception using errcode = 'P0001', message = 'import_mapping_invalid';
  end if;
  insert into public.import_mappings as m (company_id, kind, mapping)
  values (p_company_id, p_kind, p_mapping)
  on conflict (company_id, kind) do update set mapping = excluded.mapping
  returning * into v_row;
  return v_row;
end;
$$;
comment on function private.save_import_mapping(p_company_id uuid, p_kind text, p_mapping jsonb) is 'Body of public.save_import_mapping (security definer: the API does not write import_mappings).';

create function public.save_import_mapping(p_company_id uuid, p_kind text, p_mapping jsonb)
returns public.import_mappings
language sql
set search_path = ''
as $$
  select * from private.save_import_mapping(p_company_id, p_kind, p_mapping)
$$;
comment on function public.save_import_mapping(p_company_id uuid, p_kind text, p_mapping jsonb) is 'Remembers the headers matched to the fields of a kind ({fieldKey: "Header text"}, at most 20000 bytes) for the company (admin, financeiro), replacing the last. Raises not_a_member, forbidden_role, import_mapping_invalid. (body: private.save_import_mapping)';

-- ---------------------------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------------------------

revoke all on function public.import_rows(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.import_duplicates(uuid, text, jsonb) from public, anon, authenticated;
revoke all on function public.undo_import_batch(uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.save_import_mapping(uuid, text, jsonb) from public, anon, authenticated;
revoke all on function private.save_import_mapping(uuid, text, jsonb) from public, anon, authenticated;
revoke all on function private.import_date(text) from public, anon, authenticated;
revoke all on function private.import_amount(text, boolean) from public, anon, authenticated;
revoke all on function private.import_uuid(text) from public, anon, authenticated;
revoke all on function private.import_reason(text, text, text) from public, anon, authenticated;
revoke all on function private.import_insert(text, uuid, uuid, jsonb) from public, anon, authenticated;
revoke all on function private.open_import_batch(uuid, text, text, integer) from public, anon, authenticated;
revoke all on function private.settle_imported(text, uuid, uuid, jsonb, date) from public, anon, authenticated;
revoke all on function private.undo_import_batch(uuid, timestamptz) from public, anon, authenticated;
revoke all on function private.guard_import_batch_id() from public, anon, authenticated;
revoke all on function private.stamp_import_mapping() from public, anon, authenticated;

grant execute on function public.import_rows(uuid, jsonb) to authenticated;
grant execute on function public.import_duplicates(uuid, text, jsonb) to authenticated;
grant execute on function public.undo_import_batch(uuid, timestamptz) to authenticated;
grant execute on function public.save_import_mapping(uuid, text, jsonb) to authenticated;
-- What the invoker import_rows / import_duplicates call as the caller.
grant execute on function private.import_date(text) to authenticated;
grant execute on function private.import_amount(text, boolean) to authenticated;
grant execute on function private.import_uuid(text) to authenticated;
grant execute on function private.import_reason(text, text, text) to authenticated;
grant execute on function private.import_insert(text, uuid, uuid, jsonb) to authenticated;
grant execute on function private.open_import_batch(uuid, text, text, integer) to authenticated;
grant execute on function private.settle_imported(text, uuid, uuid, jsonb, date) to authenticated;
grant execute on function private.undo_import_batch(uuid, timestamptz) to authenticated;
grant execute on function private.save_import_mapping(uuid, text, jsonb) to authenticated;
