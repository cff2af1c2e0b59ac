-- Every text the database takes is bounded.
--
-- 1. private.assert_text_length(value, max, field) → text_too_long, with the field in DETAIL and
--    the limit in HINT, so the app can say which field and how long it may be. Functions check
--    their text arguments with it (security invoker ones: the same raise, inline) before doing
--    any work: an oversized call costs nothing and writes nothing.
-- 2. Every free-text column has a check named <table>_<column>_length (the app maps 23514 on a
--    *_length constraint to text_too_long for that column). Names and descriptions had only
--    `length(btrim(x)) between 1 and N`, which bounds the trimmed text: 'a' followed by a million
--    spaces passed. They now have two checks: <t>_<c>_check (not blank, the name existing tests
--    and the app already know) and <t>_<c>_length (the stored text itself). Postgres evaluates
--    check constraints in name order, so a blank value still reports _check and a long one _length.
--    The plain `length(x) <= N` checks keep their rule under the name *_length (dropped and added,
--    not renamed, so that this file does not depend on another change having left the old name).
-- 3. Enumerated arguments that only a table check refused (priority, status, payment method) or
--    that were matched against without a check (search filters) now raise their own keys.

create or replace function private.assert_text_length(p_value text, p_max integer, p_field text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if char_length(p_value) > p_max then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = p_field,
                          hint = p_max::text;
  end if;
end;
$$;
comment on function private.assert_text_length(text, integer, text) is
  'Raises text_too_long (DETAIL = field, HINT = limit) when p_value has more than p_max characters; '
  'null passes.';
-- Only the security definer bodies call it (they run as the owner): no grant to the API roles, so
-- the complete privileges reset (20261124011900, which tests/db/security.test.ts applies again)
-- stays complete. The security invoker functions below raise the same error inline.
revoke all on function private.assert_text_length(text, integer, text) from public, anon, authenticated;

-- Table rules ---------------------------------------------------------------------------------

alter table public.accounts_payable
  drop constraint if exists accounts_payable_description_check,
  add constraint accounts_payable_description_check check (btrim(description) <> ''),
  add constraint accounts_payable_description_length check (char_length(description) <= 200);
alter table public.accounts_receivable
  drop constraint if exists accounts_receivable_description_check,
  add constraint accounts_receivable_description_check check (btrim(description) <> ''),
  add constraint accounts_receivable_description_length check (char_length(description) <= 200);
alter table public.bank_accounts
  drop constraint if exists bank_accounts_name_check,
  add constraint bank_accounts_name_check check (btrim(name) <> ''),
  add constraint bank_accounts_name_length check (char_length(name) <= 120);
alter table public.bank_statement_lines
  drop constraint if exists bank_statement_lines_fitid_check,
  add constraint bank_statement_lines_fitid_check check (btrim(fitid) <> ''),
  add constraint bank_statement_lines_fitid_length check (char_length(fitid) <= 255);
alter table public.bank_statement_lines
  drop constraint if exists bank_statement_lines_ignore_reason_check,
  add constraint bank_statement_lines_ignore_reason_check check (btrim(ignore_reason) <> ''),
  add constraint bank_statement_lines_ignore_reason_length check (char_length(ignore_reason) <= 200);
alter table public.categories
  drop constraint if exists categories_name_check,
  add constraint categories_name_check check (btrim(name) <> ''),
  add constraint categories_name_length check (char_length(name) <= 100);
alter table public.clients
  drop constraint if exists clients_name_check,
  add constraint clients_name_check check (btrim(name) <> ''),
  add constraint clients_name_length check (char_length(name) <= 200);
alter table public.companies
  drop constraint if exists companies_name_check,
  add constraint companies_name_check check (btrim(name) <> ''),
  add constraint companies_name_length check (char_length(name) <= 200);
alter table public.project_stages
  drop constraint if exists project_stages_name_check,
  add constraint project_stages_name_check check (btrim(name) <> ''),
  add constraint project_stages_name_length check (char_length(name) <= 120);
alter table public.project_team_members
  drop constraint if exists project_team_members_contact_check,
  add constraint project_team_members_contact_check check (btrim(contact) <> ''),
  add constraint project_team_members_contact_length check (char_length(contact) <= 200);
alter table public.project_team_members
  drop constraint if exists project_team_members_name_check,
  add constraint project_team_members_name_check check (btrim(name) <> ''),
  add constraint project_team_members_name_length check (char_length(name) <= 200);
alter table public.project_team_members
  drop constraint if exists project_team_members_role_check,
  add constraint project_team_members_role_check check (btrim(role) <> ''),
  add constraint project_team_members_role_length check (char_length(role) <= 60);
alter table public.projects
  drop constraint if exists projects_name_check,
  add constraint projects_name_check check (btrim(name) <> ''),
  add constraint projects_name_length check (char_length(name) <= 200);
alter table public.supplier_orders
  drop constraint if exists supplier_orders_description_check,
  add constraint supplier_orders_description_check check (btrim(description) <> ''),
  add constraint supplier_orders_description_length check (char_length(description) <= 200);
alter table public.supplier_products
  drop constraint if exists supplier_products_name_check,
  add constraint supplier_products_name_check check (btrim(name) <> ''),
  add constraint supplier_products_name_length check (char_length(name) <= 200);
alter table public.suppliers
  drop constraint if exists suppliers_name_check,
  add constraint suppliers_name_check check (btrim(name) <> ''),
  add constraint suppliers_name_length check (char_length(name) <= 200);
alter table public.transactions
  drop constraint if exists transactions_description_check,
  add constraint transactions_description_check check (btrim(description) <> ''),
  add constraint transactions_description_length check (char_length(description) <= 250);
alter table public.user_profiles
  drop constraint if exists user_profiles_full_name_check,
  add constraint user_profiles_full_name_check check (btrim(full_name) <> ''),
  add constraint user_profiles_full_name_length check (char_length(full_name) <= 200);

alter table public.accounts_payable
  drop constraint if exists accounts_payable_notes_check,
  add constraint accounts_payable_notes_length check (char_length(notes) <= 2000);
alter table public.accounts_payable
  drop constraint if exists accounts_payable_supplier_name_check,
  add constraint accounts_payable_supplier_name_length check (char_length(supplier_name) <= 200);
alter table public.accounts_receivable
  drop constraint if exists accounts_receivable_client_name_check,
  add constraint accounts_receivable_client_name_length check (char_length(client_name) <= 200);
alter table public.accounts_receivable
  drop constraint if exists accounts_receivable_notes_check,
  add constraint accounts_receivable_notes_length check (char_length(notes) <= 2000);
alter table public.bank_accounts
  drop constraint if exists bank_accounts_account_number_check,
  add constraint bank_accounts_account_number_length check (char_length(account_number) <= 30);
alter table public.bank_accounts
  drop constraint if exists bank_accounts_agency_check,
  add constraint bank_accounts_agency_length check (char_length(agency) <= 20);
alter table public.bank_accounts
  drop constraint if exists bank_accounts_alias_check,
  add constraint bank_accounts_alias_length check (char_length(alias) <= 60);
alter table public.bank_statement_lines
  drop constraint if exists bank_statement_lines_memo_check,
  add constraint bank_statement_lines_memo_length check (char_length(memo) <= 500);
alter table public.bank_statement_lines
  drop constraint if exists bank_statement_lines_trn_type_check,
  add constraint bank_statement_lines_trn_type_length check (char_length(trn_type) <= 20);
alter table public.bank_statements
  drop constraint if exists bank_statements_account_ref_check,
  add constraint bank_statements_account_ref_length check (char_length(account_ref) <= 60);
alter table public.bank_statements
  drop constraint if exists bank_statements_bank_id_check,
  add constraint bank_statements_bank_id_length check (char_length(bank_id) <= 40);
alter table public.bank_statements
  drop constraint if exists bank_statements_file_name_check,
  add constraint bank_statements_file_name_length check (char_length(file_name) <= 255);
alter table public.categories
  drop constraint if exists categories_description_check,
  add constraint categories_description_length check (char_length(description) <= 500);
alter table public.clients
  drop constraint if exists clients_address_check,
  add constraint clients_address_length check (char_length(address) <= 300);
alter table public.clients
  drop constraint if exists clients_document_check,
  add constraint clients_document_length check (char_length(document) <= 30);
alter table public.clients
  drop constraint if exists clients_email_check,
  add constraint clients_email_length check (char_length(email) <= 320);
alter table public.clients
  drop constraint if exists clients_notes_check,
  add constraint clients_notes_length check (char_length(notes) <= 2000);
alter table public.clients
  drop constraint if exists clients_phone_check,
  add constraint clients_phone_length check (char_length(phone) <= 40);
alter table public.companies
  drop constraint if exists companies_address_check,
  add constraint companies_address_length check (char_length(address) <= 300);
alter table public.companies
  drop constraint if exists companies_city_check,
  add constraint companies_city_length check (char_length(city) <= 120);
alter table public.companies
  drop constraint if exists companies_document_check,
  add constraint companies_document_length check (char_length(document) <= 30);
alter table public.companies
  drop constraint if exists companies_email_check,
  add constraint companies_email_length check (char_length(email) <= 320);
alter table public.companies
  drop constraint if exists companies_phone_check,
  add constraint companies_phone_length check (char_length(phone) <= 40);
alter table public.companies
  drop constraint if exists companies_state_check,
  add constraint companies_state_length check (char_length(state) <= 60);
alter table public.companies
  drop constraint if exists companies_zip_code_check,
  add constraint companies_zip_code_length check (char_length(zip_code) <= 20);
alter table public.project_stages
  drop constraint if exists project_stages_description_check,
  add constraint project_stages_description_length check (char_length(description) <= 1000);
alter table public.project_stages
  drop constraint if exists project_stages_notes_check,
  add constraint project_stages_notes_length check (char_length(notes) <= 2000);
alter table public.projects
  drop constraint if exists projects_address_check,
  add constraint projects_address_length check (char_length(address) <= 300);
alter table public.projects
  drop constraint if exists projects_client_name_check,
  add constraint projects_client_name_length check (char_length(client_name) <= 200);
alter table public.projects
  drop constraint if exists projects_description_check,
  add constraint projects_description_length check (char_length(description) <= 2000);
alter table public.supplier_orders
  drop constraint if exists supplier_orders_notes_check,
  add constraint supplier_orders_notes_length check (char_length(notes) <= 2000);
alter table public.supplier_products
  drop constraint if exists supplier_products_description_check,
  add constraint supplier_products_description_length check (char_length(description) <= 1000);
alter table public.suppliers
  drop constraint if exists suppliers_address_check,
  add constraint suppliers_address_length check (char_length(address) <= 300);
alter table public.suppliers
  drop constraint if exists suppliers_category_check,
  add constraint suppliers_category_length check (char_length(category) <= 100);
alter table public.suppliers
  drop constraint if exists suppliers_document_check,
  add constraint suppliers_document_length check (char_length(document) <= 30);
alter table public.suppliers
  drop constraint if exists suppliers_email_check,
  add constraint suppliers_email_length check (char_length(email) <= 320);
alter table public.suppliers
  drop constraint if exists suppliers_notes_check,
  add constraint suppliers_notes_length check (char_length(notes) <= 2000);
alter table public.suppliers
  drop constraint if exists suppliers_phone_check,
  add constraint suppliers_phone_length check (char_length(phone) <= 40);
alter table public.suppliers
  drop constraint if exists suppliers_website_check,
  add constraint suppliers_website_length check (char_length(website) <= 300);
alter table public.user_profiles
  drop constraint if exists user_profiles_email_check,
  add constraint user_profiles_email_length check (char_length(email) <= 320);

-- Functions -----------------------------------------------------------------------------------
-- Same bodies as before, plus the checks. Limits are the columns' (after the trim the function
-- applies anyway), so what a function accepts the table accepts too.

create or replace function private.create_company(p_name text, p_full_name text, p_document text, p_email text,
                                                  p_phone text, p_address text, p_city text, p_state text,
                                                  p_zip_code text)
returns public.companies
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_email text;
  v_company public.companies;
begin
  if v_uid is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  select u.email into v_email from auth.users u where u.id = v_uid;
  if v_email is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  perform private.assert_text_length(btrim(p_name), 200, 'name');
  perform private.assert_text_length(btrim(p_full_name), 200, 'full_name');
  perform private.assert_text_length(btrim(p_document), 30, 'document');
  perform private.assert_text_length(btrim(p_email), 320, 'email');
  perform private.assert_text_length(btrim(p_phone), 40, 'phone');
  perform private.assert_text_length(btrim(p_address), 300, 'address');
  perform private.assert_text_length(btrim(p_city), 120, 'city');
  perform private.assert_text_length(btrim(p_state), 60, 'state');
  perform private.assert_text_length(btrim(p_zip_code), 20, 'zip_code');

  insert into public.companies (name, document, email, phone, address, city, state, zip_code, created_by)
  values (
    btrim(p_name), nullif(btrim(p_document), ''), nullif(btrim(p_email), ''), nullif(btrim(p_phone), ''),
    nullif(btrim(p_address), ''), nullif(btrim(p_city), ''), nullif(btrim(p_state), ''),
    nullif(btrim(p_zip_code), ''), v_uid
  )
  returning * into v_company;

  insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
  values (v_uid, v_company.id, v_email, btrim(p_full_name), 'admin', true);

  return v_company;
end;
$$;

create or replace function public.create_project(p_company_id uuid, p_name text, p_address text,
                                                 p_client_name text, p_budget numeric, p_start_date date,
                                                 p_end_date date, p_stages text[],
                                                 p_description text default null,
                                                 p_priority text default 'medium',
                                                 p_status text default 'planning')
returns public.projects
language plpgsql
set search_path = ''
as $$
declare
  v_project public.projects;
  v_stage text;
  v_index integer := 0;
  v_field text;
  v_max integer;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  perform private.assert_member(p_company_id);
  -- SPEC §5: name, address, client, budget, start date and expected end are required.
  if coalesce(btrim(p_name), '') = '' or coalesce(btrim(p_address), '') = ''
     or coalesce(btrim(p_client_name), '') = '' or p_budget is null
     or p_start_date is null or p_end_date is null then
    raise exception using errcode = 'P0001', message = 'project_required_fields';
  end if;
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  select f.field, f.max into v_field, v_max
  from (values (char_length(btrim(p_name)), 200, 'name'), (char_length(btrim(p_address)), 300, 'address'),
               (char_length(btrim(p_client_name)), 200, 'client_name'),
               (char_length(btrim(p_description)), 2000, 'description')) as f(len, max, field)
  where f.len > f.max
  limit 1;
  if v_field is not null then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = v_field, hint = v_max::text;
  end if;
  if p_priority is not null and p_priority not in ('low', 'medium', 'high') then
    raise exception using errcode = 'P0001', message = 'invalid_priority';
  end if;
  if p_status is not null and p_status not in ('planning', 'in_progress', 'paused', 'completed', 'cancelled') then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;
  perform private.assert_valid_amount(p_budget, p_allow_zero => true);
  perform private.assert_valid_date(p_start_date);
  perform private.assert_valid_date(p_end_date);
  if p_end_date < p_start_date then
    raise exception using errcode = 'P0001', message = 'project_end_before_start';
  end if;
  if p_stages is null or cardinality(p_stages) = 0 then
    raise exception using errcode = 'P0001', message = 'project_stages_required';
  end if;
  -- The form offers eight stages; a hundred leaves room and keeps one call small.
  if cardinality(p_stages) > 100 then
    raise exception using errcode = 'P0001', message = 'invalid_stage';
  end if;
  foreach v_stage in array p_stages loop
    if coalesce(btrim(v_stage), '') = '' then
      raise exception using errcode = 'P0001', message = 'invalid_stage';
    end if;
    if char_length(btrim(v_stage)) > 120 then
      raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'stage', hint = '120';
    end if;
  end loop;

  insert into public.projects (company_id, name, description, address, client_name, budget,
                               start_date, end_date, priority, status)
  values (p_company_id, btrim(p_name), nullif(btrim(p_description), ''), btrim(p_address),
          btrim(p_client_name), p_budget, p_start_date, p_end_date,
          coalesce(p_priority, 'medium'), coalesce(p_status, 'planning'))
  returning * into v_project;

  foreach v_stage in array p_stages loop
    insert into public.project_stages (company_id, project_id, name, description, order_index, estimated_cost)
    values (p_company_id, v_project.id, btrim(v_stage), 'Etapa ' || btrim(v_stage), v_index, null);
    v_index := v_index + 1;
  end loop;

  return v_project;
end;
$$;

create or replace function private.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid,
                                                           p_description text, p_amount numeric,
                                                           p_due_date date, p_bank_account_id uuid,
                                                           p_paid_on date, p_today date,
                                                           p_counterparty_id uuid, p_counterparty_name text,
                                                           p_project_id uuid, p_category_id uuid,
                                                           p_payment_method text, p_notes text,
                                                           p_interest numeric, p_fine numeric,
                                                           p_discount numeric, p_stage_id uuid default null)
returns public.entries
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_inserted uuid;
  v_result public.entries;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_id is null then
    raise exception using errcode = 'P0001', message = 'invalid_id';
  end if;
  perform private.assert_member(p_company_id);
  perform private.assert_text_length(btrim(p_description), 200, 'description');
  perform private.assert_text_length(btrim(p_counterparty_name), 200,
                                     case p_kind when 'expense' then 'supplier_name' else 'client_name' end);
  perform private.assert_text_length(btrim(p_notes), 2000, 'notes');
  if p_payment_method is not null and p_payment_method not in ('transfer', 'pix', 'card', 'cash') then
    raise exception using errcode = 'P0001', message = 'invalid_payment_method';
  end if;
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_due_date);
  -- A stage of this obra of this company (also when no obra is given: a stage needs its obra).
  if p_stage_id is not null and not exists (
    select 1 from public.project_stages s
    where s.id = p_stage_id and s.project_id = p_project_id and s.company_id = p_company_id
  ) then
    raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
  end if;

  if p_kind = 'expense' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  end if;

  if v_inserted is not null then
    perform private.settle_entry(p_kind, p_id, p_bank_account_id, p_paid_on, null, p_interest, p_fine,
                                 p_discount, p_today);
  end if;

  -- Created now or by an earlier call with the same id (which waited for it to commit).
  select * into v_result from public.entries e
  where e.kind = p_kind and e.id = p_id and e.company_id in (select private.user_company_ids());
  if not found then
    -- The id belongs to a row the caller cannot see.
    raise exception using errcode = 'P0001', message = 'entry_id_conflict';
  end if;
  return v_result;
end;
$$;

create or replace function private.transfer_between_accounts(p_from_account_id uuid, p_to_account_id uuid,
                                                             p_amount numeric, p_transfer_date date,
                                                             p_description text)
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
  perform private.assert_text_length(btrim(p_description), 250, 'description');
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_transfer_date);
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
  -- Two account names of 120 characters make a default longer than the column's 250: cut it.
  v_description := coalesce(nullif(btrim(p_description), ''),
                            left('Transferência ' || v_from.name || ' → ' || v_to.name, 250));

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

-- Searches: what the user types is cut by the input (maxLength 200); a longer text is refused
-- rather than compared against every row.
create or replace function public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[])
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
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
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  -- Filters are the values the screen offers; anything else is refused, not matched against.
  if exists (select 1 from unnest(p_kinds) k where k is null or k not in ('expense', 'income', 'transfer')) then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or s not in ('open', 'overdue', 'paid')) then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;

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
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric
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
         or strpos(lower(coalesce(r.notes, '')), v_search) > 0)
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount
  from public.transfers t
  where t.company_id = p_company_id
    and (p_start is null or t.transfer_date >= p_start)
    and (p_end is null or t.transfer_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or t.from_account_id = any (p_account_ids) or t.to_account_id = any (p_account_ids))
    and (v_search is null
         or strpos(lower(coalesce(t.description, 'transferência')), v_search) > 0
         or strpos(lower(coalesce(t.from_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(t.to_account_name, '')), v_search) > 0);
end;
$$;

create or replace function public.account_ledger(p_bank_account_id uuid, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_search text DEFAULT NULL::text, p_include_reversed boolean DEFAULT false)
 RETURNS TABLE(id uuid, transaction_date date, type text, direction text, description text, amount numeric, signed_amount numeric, category_id uuid, category_name text, project_id uuid, project_name text, payable_id uuid, receivable_id uuid, transfer_group_id uuid, counterpart_account_id uuid, counterpart_account_name text, reversal_of uuid, reversed boolean, created_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
#variable_conflict use_column
declare
  v_company_id uuid;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
begin
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  select t.id, t.transaction_date, t.type, t.direction, t.description, t.amount,
         (case t.direction when 'in' then t.amount else -t.amount end)::numeric,
         t.category_id, c.name, t.project_id, p.name, t.payable_id, t.receivable_id, t.transfer_group_id,
         other.bank_account_id, oa.name, t.reversal_of,
         (t.reversal_of is not null or exists (select 1 from public.transactions r where r.reversal_of = t.id)),
         t.created_at
  from public.transactions t
  left join public.categories c on c.company_id = t.company_id and c.id = t.category_id
  left join public.projects p on p.company_id = t.company_id and p.id = t.project_id
  left join lateral (
    select x.bank_account_id from public.transactions x
    where t.transfer_group_id is not null and x.company_id = t.company_id
      and x.transfer_group_id = t.transfer_group_id and x.id <> t.id and x.direction <> t.direction
      and (x.reversal_of is null) = (t.reversal_of is null)
    limit 1
  ) other on true
  left join public.bank_accounts oa on oa.company_id = t.company_id and oa.id = other.bank_account_id
  where t.company_id = v_company_id and t.bank_account_id = p_bank_account_id
    and (coalesce(p_include_reversed, false)
         or t.id in (select s.id from public.standing_transactions s
                     where s.company_id = v_company_id and s.bank_account_id = p_bank_account_id))
    and (p_start is null or t.transaction_date >= p_start)
    and (p_end is null or t.transaction_date <= p_end)
    and (v_search is null
         or strpos(lower(t.description), v_search) > 0
         or strpos(lower(coalesce(c.name, '')), v_search) > 0
         or strpos(lower(coalesce(p.name, '')), v_search) > 0
         or strpos(lower(coalesce(oa.name, '')), v_search) > 0)
  order by t.transaction_date desc, t.created_at desc, t.id;
end;
$$;
