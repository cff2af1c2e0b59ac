-- Row-level security per role (roles: 20261127010100). The matrix of the issue is the contract:
--   admin, financeiro  read and write everything of the company (members, invitations and company
--                      settings stay admin-only, as before)
--   leitura            reads what admin and financeiro read (not invitations); writes nothing: every
--                      insert, update and delete policy below leaves it out (42501 / no row)
--   obra               reads its company row, its own membership, categories and suppliers, and the
--                      obras assigned to it (project_access) with their etapas, team and payables
--                      (never "Geral", a null project); nothing of bank accounts, the ledger,
--                      statements, receivables, clients, supplier orders and products, the history
--                      or invitations. It records payables for its obras and may add a supplier by
--                      name.
-- A deactivated member, another company and anon stay refused as before: every helper reads only
-- active memberships of the caller. Functions are gated separately (their own migration): the
-- security definer bodies do not see these policies.
-- companies, company_invitations, project_access and the update policy of user_profiles are
-- unchanged (admins, and each member their own row).

-- Money and registers only readers see, only writers change.

-- SELECT(bank_accounts): admin, financeiro, leitura
drop policy if exists bank_accounts_select on public.bank_accounts;
create policy bank_accounts_select on public.bank_accounts
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- INSERT(bank_accounts): admin, financeiro
drop policy if exists bank_accounts_insert on public.bank_accounts;
create policy bank_accounts_insert on public.bank_accounts
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(bank_accounts): admin, financeiro
drop policy if exists bank_accounts_update on public.bank_accounts;
create policy bank_accounts_update on public.bank_accounts
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(bank_accounts): admin, financeiro
drop policy if exists bank_accounts_delete on public.bank_accounts;
create policy bank_accounts_delete on public.bank_accounts
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- SELECT(clients): admin, financeiro, leitura
drop policy if exists clients_select on public.clients;
create policy clients_select on public.clients
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- INSERT(clients): admin, financeiro
drop policy if exists clients_insert on public.clients;
create policy clients_insert on public.clients
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(clients): admin, financeiro
drop policy if exists clients_update on public.clients;
create policy clients_update on public.clients
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(clients): admin, financeiro
drop policy if exists clients_delete on public.clients;
create policy clients_delete on public.clients
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- SELECT(supplier_orders): admin, financeiro, leitura
drop policy if exists supplier_orders_select on public.supplier_orders;
create policy supplier_orders_select on public.supplier_orders
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- INSERT(supplier_orders): admin, financeiro
drop policy if exists supplier_orders_insert on public.supplier_orders;
create policy supplier_orders_insert on public.supplier_orders
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(supplier_orders): admin, financeiro
drop policy if exists supplier_orders_update on public.supplier_orders;
create policy supplier_orders_update on public.supplier_orders
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(supplier_orders): admin, financeiro
drop policy if exists supplier_orders_delete on public.supplier_orders;
create policy supplier_orders_delete on public.supplier_orders
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- SELECT(supplier_products): admin, financeiro, leitura
drop policy if exists supplier_products_select on public.supplier_products;
create policy supplier_products_select on public.supplier_products
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- INSERT(supplier_products): admin, financeiro
drop policy if exists supplier_products_insert on public.supplier_products;
create policy supplier_products_insert on public.supplier_products
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(supplier_products): admin, financeiro
drop policy if exists supplier_products_update on public.supplier_products;
create policy supplier_products_update on public.supplier_products
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(supplier_products): admin, financeiro
drop policy if exists supplier_products_delete on public.supplier_products;
create policy supplier_products_delete on public.supplier_products
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- SELECT(accounts_receivable): admin, financeiro, leitura
drop policy if exists accounts_receivable_select on public.accounts_receivable;
create policy accounts_receivable_select on public.accounts_receivable
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- INSERT(accounts_receivable): admin, financeiro
drop policy if exists accounts_receivable_insert on public.accounts_receivable;
create policy accounts_receivable_insert on public.accounts_receivable
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(accounts_receivable): admin, financeiro
drop policy if exists accounts_receivable_update on public.accounts_receivable;
create policy accounts_receivable_update on public.accounts_receivable
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(accounts_receivable): admin, financeiro
drop policy if exists accounts_receivable_delete on public.accounts_receivable;
create policy accounts_receivable_delete on public.accounts_receivable
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- Every member fills the Lançar wizard with categories.

-- SELECT(categories): every active member
drop policy if exists categories_select on public.categories;
create policy categories_select on public.categories
  for select to authenticated
  using (company_id in (select private.user_company_ids()));

-- INSERT(categories): admin, financeiro
drop policy if exists categories_insert on public.categories;
create policy categories_insert on public.categories
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(categories): admin, financeiro
drop policy if exists categories_update on public.categories;
create policy categories_update on public.categories
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(categories): admin, financeiro
drop policy if exists categories_delete on public.categories;
create policy categories_delete on public.categories
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- Obras, their etapas and team: readers, and an 'obra' member for the obras assigned to them.

-- SELECT(projects): admin, financeiro, leitura; obra: its obras
drop policy if exists projects_select on public.projects;
create policy projects_select on public.projects
  for select to authenticated
  using (company_id in (select private.reader_company_ids()) or id in (select private.obra_project_ids()));

-- INSERT(projects): admin, financeiro
drop policy if exists projects_insert on public.projects;
create policy projects_insert on public.projects
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(projects): admin, financeiro
drop policy if exists projects_update on public.projects;
create policy projects_update on public.projects
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(projects): admin, financeiro
drop policy if exists projects_delete on public.projects;
create policy projects_delete on public.projects
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- SELECT(project_stages): admin, financeiro, leitura; obra: its obras
drop policy if exists project_stages_select on public.project_stages;
create policy project_stages_select on public.project_stages
  for select to authenticated
  using (company_id in (select private.reader_company_ids()) or project_id in (select private.obra_project_ids()));

-- INSERT(project_stages): admin, financeiro
drop policy if exists project_stages_insert on public.project_stages;
create policy project_stages_insert on public.project_stages
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(project_stages): admin, financeiro
drop policy if exists project_stages_update on public.project_stages;
create policy project_stages_update on public.project_stages
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(project_stages): admin, financeiro
drop policy if exists project_stages_delete on public.project_stages;
create policy project_stages_delete on public.project_stages
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- SELECT(project_team_members): admin, financeiro, leitura; obra: its obras
drop policy if exists project_team_members_select on public.project_team_members;
create policy project_team_members_select on public.project_team_members
  for select to authenticated
  using (company_id in (select private.reader_company_ids()) or project_id in (select private.obra_project_ids()));

-- INSERT(project_team_members): admin, financeiro
drop policy if exists project_team_members_insert on public.project_team_members;
create policy project_team_members_insert on public.project_team_members
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));

-- UPDATE(project_team_members): admin, financeiro
drop policy if exists project_team_members_update on public.project_team_members;
create policy project_team_members_update on public.project_team_members
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(project_team_members): admin, financeiro
drop policy if exists project_team_members_delete on public.project_team_members;
create policy project_team_members_delete on public.project_team_members
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- Suppliers: every member reads them (the wizard's list); an 'obra' member may add one by its name
-- alone (a supplier typed in the wizard), nothing else of the register.

-- SELECT(suppliers): every active member
drop policy if exists suppliers_select on public.suppliers;
create policy suppliers_select on public.suppliers
  for select to authenticated
  using (company_id in (select private.user_company_ids()));

-- INSERT(suppliers): admin, financeiro; obra: a supplier by its name
drop policy if exists suppliers_insert on public.suppliers;
create policy suppliers_insert on public.suppliers
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids())
    or (private.company_role(company_id) = 'obra' and category is null and phone is null
      and email is null and address is null and document is null and website is null
      and notes is null and rating is null and founded_on is null and is_active));

-- UPDATE(suppliers): admin, financeiro
drop policy if exists suppliers_update on public.suppliers;
create policy suppliers_update on public.suppliers
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));

-- DELETE(suppliers): admin, financeiro
drop policy if exists suppliers_delete on public.suppliers;
create policy suppliers_delete on public.suppliers
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

-- Payables: readers see all; an 'obra' member those of their obras (never "Geral", a null
-- project). An 'obra' member records, changes and deletes only their own payables of their obras
-- while nothing was paid and no bank account is chosen (the financeiro settles and picks the
-- account).

-- SELECT(accounts_payable): admin, financeiro, leitura; obra: its obras
drop policy if exists accounts_payable_select on public.accounts_payable;
create policy accounts_payable_select on public.accounts_payable
  for select to authenticated
  using (company_id in (select private.reader_company_ids()) or project_id in (select private.obra_project_ids()));

-- INSERT(accounts_payable): admin, financeiro; obra: its own pending payables of its obras
drop policy if exists accounts_payable_insert on public.accounts_payable;
create policy accounts_payable_insert on public.accounts_payable
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())));

-- UPDATE(accounts_payable): admin, financeiro; obra: its own pending payables of its obras
drop policy if exists accounts_payable_update on public.accounts_payable;
create policy accounts_payable_update on public.accounts_payable
  for update to authenticated
  using (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())))
  with check (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())));

-- DELETE(accounts_payable): admin, financeiro; obra: its own pending payables of its obras
drop policy if exists accounts_payable_delete on public.accounts_payable;
create policy accounts_payable_delete on public.accounts_payable
  for delete to authenticated
  using (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())));

-- The ledger and the bank statements: readers (written only by functions).

-- SELECT(transactions): admin, financeiro, leitura
drop policy if exists transactions_select on public.transactions;
create policy transactions_select on public.transactions
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- SELECT(bank_statements): admin, financeiro, leitura
drop policy if exists bank_statements_select on public.bank_statements;
create policy bank_statements_select on public.bank_statements
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- SELECT(bank_statement_lines): admin, financeiro, leitura
drop policy if exists bank_statement_lines_select on public.bank_statement_lines;
create policy bank_statement_lines_select on public.bank_statement_lines
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));

-- The history: admins all of it (Atividade); financeiro and leitura the rows of entries (Histórico).
-- An 'obra' member reads the Histórico of their entries through entry_history only.

-- SELECT(audit_log): admin; financeiro and leitura: rows of entries
drop policy if exists audit_log_select on public.audit_log;
create policy audit_log_select on public.audit_log
  for select to authenticated
  using (company_id in (select private.admin_company_ids())
    or (table_name in ('accounts_payable', 'accounts_receivable') and company_id in (select private.reader_company_ids())));

-- Members: readers see the company's members (names of who did what); an 'obra' member only
-- their own membership, as every member sees their own memberships in any company.

-- SELECT(user_profiles): own memberships; admin, financeiro, leitura: the company's
drop policy if exists user_profiles_select on public.user_profiles;
create policy user_profiles_select on public.user_profiles
  for select to authenticated
  using (user_id = (select auth.uid()) or company_id in (select private.reader_company_ids()));
