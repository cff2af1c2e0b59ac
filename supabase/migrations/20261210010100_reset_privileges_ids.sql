-- [ids, 20261210010100, after 20261210010000] Issue 35: the complete privileges reset again, for
-- private.uuid_v7(), every id column's default, which whoever inserts a row evaluates (marked [ids]).
-- [thousand, 20261206090000, after this stop's migrations] Issue 35: the complete privileges reset again, for
-- what this stop changes (marked [thousand-…] below).
-- [tenants, 20261205090000, after this stop's migrations] Issue 35 (a thousand companies): the complete privileges reset again, for
-- what this stop changes (the daily run batched by company).
-- [daily, 20261205010000] public.plan_mornings for service_role ONLY, its private body, and
-- private.write_due_notices(date, uuid[]) (marked [daily] below).
-- [scale, 20261204…] Issue 35 (a thousand companies) and issue 34's follow-ups: the complete
-- privileges reset again, for what this stop changes.
-- [import, 20261203…] Issues 33 (finish), 34 (spreadsheets): the complete privileges reset again. Helpers write their own copy of this file; the lead folds
-- them into one at merge.
-- [import-db, 20261203030100/20261203030200] Importar planilha: import_batches, import_mappings,
-- import_batch_id on the payables' and receivables' insert lists, import_rows, import_duplicates,
-- undo_import_batch, save_import_mapping and their private helpers (marked [import-db] below).
-- [templates, 20261202060100] Rateio padrão: public.split_templates (a register: RLS decides,
-- readers read, admin and financeiro write), public.split_template_parts and its private body.
-- [rateio, 20261202010100] Issue 33: parts (the rateio) may be written by the API on payables and
-- receivables like the other form columns; helpers of this stop add their functions below.
--
-- [notify, 20261201010100…20261201010400] Issue 32 outside the app: notice_settings (the user's
-- own rows), push_subscriptions (the user's own devices), notice_deliveries (the recipient reads
-- theirs; the service role alone writes); the settings and device functions for authenticated; the
-- delivery RPCs (plan_deliveries, claim_deliveries, finish_delivery) for service_role ONLY (revoked
-- from authenticated after the wholesale grant on public below), their private bodies to
-- service_role, and usage on schema private to service_role. Marked [notify] below.
-- The complete privileges reset again (as 20261129090000), for what this stop changes. Helpers
-- write their own copy of this file; the lead folds them into one at merge.
-- [approvals, 20261130010100] approve_payable / refuse_payable take the version the approver saw
-- (p_amount, p_updated_at): the private bodies' grants below name the new signatures.
-- [notices, 20261130060100] public.notices: its recipient reads it and marks it read (read_at
-- only); written by the database only (private.notify_* triggers, private.write_due_notices).
-- [approvals, 20261130010200] accept_invitation takes the name to use (p_full_name); members' names
-- are unique per company through private.member_name_key, which whoever writes a name runs.
--
-- [suppliers, 20261130030100/20261130030200] supplier_details, save_supplier and
-- boleto_registered (marked wip/suppliers below).
--
-- [settle, 20261130085000] settle_payable / settle_receivable take p_open_amount (the version Dar
-- Baixa showed); private.assert_open_amount is their check.
--
-- [documents, 20261130020100] private.document_object_access (the Storage policies' helper)
-- replaces private.obra_document_path.
--
-- The complete privileges reset again (as 20261128090000), for what this stop adds: Movimentações'
-- searched entries on their indexes (private.movement_search_ids, 20261129010200), Últimos
-- lançamentos' kept count (private.latest_entries_count_kept, 20261129020100), a filtered
-- Movimentações page's ids (private.movement_page_ids, 20261129030200).
-- tests/db/security.test.ts applies THIS file again on top of Supabase's old defaults; a later
-- migration that changes signatures or adds objects writes the next complete reset.
--
-- Exactly the privileges each object needs, whatever the database had before (issue 8, point 6).
-- Our earlier migrations granted column lists without revoking first: on a project created when
-- Supabase still granted ALL on every new table to anon and authenticated, those table-wide grants
-- stayed, and authenticated could write bank_accounts.current_balance or insert a payable already
-- 'paid'. Here every table, view and function of ours is revoked from anon and authenticated (and
-- functions from public), then granted again: column lists where writes must not reach every
-- column, table-wide where RLS alone decides. anon gets nothing: every API call needs a session.
-- The file is idempotent; tests/db/security.test.ts applies it again on top of the old defaults.

-- ---------------------------------------------------------------------------------------------
-- Tables and views
-- ---------------------------------------------------------------------------------------------

-- REVOKE on a table also revokes the column privileges of the same kind.
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;

-- Created only through create_company(), edited only through update_company().
grant select on public.companies to authenticated;
-- Memberships are created by create_company() and invitations; members edit their name, admins
-- role and active flag (guard trigger).
grant select, update (full_name, role, is_active) on public.user_profiles to authenticated;
-- Invitations: every column but token_hash; created, renewed and accepted only through functions.
grant select (id, company_id, email, role, project_ids, invited_by, created_at, expires_at, accepted_at,
              accepted_by, revoked_at),
      delete
  on public.company_invitations to authenticated;

-- current_balance is written by triggers only.
grant select, delete on public.bank_accounts to authenticated;
grant insert (company_id, name, type, alias, agency, account_number, initial_balance, color, is_active)
  on public.bank_accounts to authenticated;
grant update (name, type, alias, agency, account_number, initial_balance, color, is_active)
  on public.bank_accounts to authenticated;

-- parts: the rateio (issue 33), checked by private.check_entry_parts.
-- Status and settlement dates change only through settle_* and reopen_*, which write the ledger.
grant select, delete on public.accounts_payable, public.accounts_receivable to authenticated;
-- stage_id: the etapa of the obra (checked by private.check_entry_stage).
-- boleto_code, pix_code: the codes the payable was recorded from (nfe_key only through import_nfe).
-- [import-db, 20261203030100] import_batch_id: the batch of an imported row (only import_rows sets
-- it: private.guard_import_batch_id).
grant insert (id, company_id, description, supplier_id, supplier_name, amount, due_date, project_id, stage_id,
              category_id, bank_account_id, payment_method, notes, series_id, series_kind, installment_number,
              installment_count, boleto_code, pix_code, parts, import_batch_id)
  on public.accounts_payable to authenticated;
grant update (description, supplier_id, supplier_name, amount, due_date, project_id, stage_id, category_id,
              bank_account_id, payment_method, notes, boleto_code, pix_code, parts)
  on public.accounts_payable to authenticated;
grant insert (id, company_id, description, client_id, client_name, amount, due_date, project_id, stage_id,
              category_id, bank_account_id, payment_method, notes, series_id, series_kind, installment_number,
              installment_count, parts, import_batch_id)
  on public.accounts_receivable to authenticated;
grant update (description, client_id, client_name, amount, due_date, project_id, stage_id, category_id,
              bank_account_id, payment_method, notes, parts)
  on public.accounts_receivable to authenticated;

-- The ledger is written only by our functions.
grant select on public.transactions to authenticated;
grant select on public.entries to authenticated;
grant select on public.standing_transactions, public.entry_payments, public.transfers to authenticated;
-- The history is written only by its trigger; RLS decides who reads what.
grant select on public.audit_log to authenticated;
-- Bank statements and their lines are written only by import_bank_statement and the reconciliation
-- functions.
grant select on public.bank_statements, public.bank_statement_lines to authenticated;
-- [notices] Avisos: read by their recipient (RLS), who may only set read_at; nobody inserts or
-- deletes (the database writes them).
grant select, update (read_at) on public.notices to authenticated;
-- [notify] A user's notice settings: their own rows (RLS), the flags only.
grant select, delete on public.notice_settings to authenticated;
grant insert (company_id, kind, enabled, email, push) on public.notice_settings to authenticated;
grant update (enabled, email, push) on public.notice_settings to authenticated;
-- [notify] A user's push devices: read and removed by them (RLS); saved through save_push_subscription.
grant select, delete on public.push_subscriptions to authenticated;
-- [notify] Deliveries: the recipient reads theirs (RLS); written by the service role only.
grant select on public.notice_deliveries to authenticated;
-- Obra assignments are written only by set_member_access and accept_invitation.
grant select on public.project_access to authenticated;
-- Documents are immutable (no update); who uploaded and when are the database's.
grant select, delete on public.documents to authenticated;
grant insert (id, company_id, payable_id, receivable_id, payment_id, statement_line_id, project_id,
              storage_path, original_name, mime, size_bytes, sha256, kind)
  on public.documents to authenticated;

-- Plain registers: RLS (members of the row's company) decides every verb.
grant select, insert, update, delete on
  public.suppliers, public.clients, public.categories, public.projects, public.project_stages,
  public.project_team_members, public.supplier_orders, public.supplier_products
  to authenticated;
-- wip/suppliers (20261130030100): a supplier's contacts, notes and CPF; RLS admits admin, financeiro
-- and leitura to read, admin and financeiro to write.
grant select, insert, update, delete on public.supplier_details to authenticated;
-- [templates] Rateio padrão: RLS admits admin, financeiro and leitura to read, admin and financeiro
-- to write.
grant select, insert, update, delete on public.split_templates to authenticated;
-- [import-db, 20261203030100] Importar planilha: the batches are read by admin and financeiro (RLS)
-- and written only by import_rows / undo_import_batch; the remembered mappings are read by admin and
-- financeiro (RLS) and written only by save_import_mapping.
grant select on public.import_batches to authenticated;
grant select on public.import_mappings to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

revoke all on all functions in schema public from public, anon, authenticated;
revoke all on all functions in schema private from public, anon, authenticated;
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to authenticated;

-- The API.
grant execute on function public.create_company(text, text, text, text, text, text, text, text, text) to authenticated;
grant execute on function public.update_company(uuid, text, text, text, text, text, text, text, text, numeric) to authenticated;
grant execute on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated;
grant execute on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated;
-- [totals, 20261202020100] create_and_settle_entry takes p_parts (jsonb) at the end.
grant execute on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid, jsonb) to authenticated;
grant execute on function public.delete_entry(text, uuid, text) to authenticated;
grant execute on function public.reverse_transfer(uuid, date) to authenticated;
grant execute on function public.reverse_payment(uuid, date) to authenticated;
grant execute on function public.account_ledger(uuid, date, date, text, boolean, text, integer, integer) to authenticated;
grant execute on function public.bank_account_summary(uuid, date, date, text) to authenticated;
grant execute on function public.entry_history(text, uuid) to authenticated;
grant execute on function public.company_activity(uuid, uuid, text, date, date, timestamptz, bigint, integer) to authenticated;
grant execute on function public.reopen_payable(uuid, date) to authenticated;
grant execute on function public.reopen_receivable(uuid, date) to authenticated;
grant execute on function public.transfer_between_accounts(uuid, uuid, numeric, date, text) to authenticated;
grant execute on function public.dashboard_summary(uuid, date) to authenticated;
grant execute on function public.entry_list_summary(uuid, text, date) to authenticated;
grant execute on function public.remove_bank_account(uuid) to authenticated;
grant execute on function public.supplier_stats(uuid, uuid) to authenticated;
grant execute on function public.supplier_summary(uuid) to authenticated;
-- wip/suppliers: the supplier forms, and whether a boleto is recorded (security invoker).
grant execute on function public.boleto_registered(uuid, text) to authenticated;
grant execute on function public.save_supplier(uuid, jsonb, uuid) to authenticated;
grant execute on function public.remove_category(uuid) to authenticated;
grant execute on function public.category_stats(uuid, date) to authenticated;
grant execute on function public.create_project(uuid, text, text, text, numeric, date, date, text[], text, text, text)
  to authenticated;
grant execute on function public.project_financials(uuid, uuid) to authenticated;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, integer, integer, text)
  to authenticated;
grant execute on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean)
  to authenticated;
grant execute on function public.latest_entries_count(uuid, date, date) to authenticated;
grant execute on function public.report_summary(uuid, date, date, uuid[], uuid[], boolean) to authenticated;
grant execute on function public.balance_history(uuid, date, date, uuid[], text) to authenticated;
grant execute on function public.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) to authenticated;
grant execute on function public.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb) to authenticated;
grant execute on function public.statement_candidates(uuid) to authenticated;
grant execute on function public.statement_category_guesses(uuid) to authenticated;
grant execute on function public.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) to authenticated;
grant execute on function public.undo_statement_line(uuid) to authenticated;
grant execute on function public.statement_balance(uuid) to authenticated;
grant execute on function public.cash_flow_projection(uuid, integer, uuid, date) to authenticated;
grant execute on function public.dre(uuid, date, date, text, uuid) to authenticated;
grant execute on function public.project_budget(uuid) to authenticated;
grant execute on function public.project_budget_totals(uuid) to authenticated;
-- [templates] A rateio padrão's parts for an amount.
grant execute on function public.split_template_parts(uuid, numeric) to authenticated;
-- [import-db, 20261203030100] Importar planilha.
grant execute on function public.import_rows(uuid, jsonb) to authenticated;
grant execute on function public.import_duplicates(uuid, text, jsonb) to authenticated;
grant execute on function public.undo_import_batch(uuid, timestamptz) to authenticated;
grant execute on function public.save_import_mapping(uuid, text, jsonb) to authenticated;
-- The API is every function in public (the catalog test requires it): this also keeps the grants of
-- functions that branches merged alongside this one added before this file runs.
grant execute on all functions in schema public to authenticated;
-- [notify] Except the notify Edge Function's RPCs: the service role's alone.
revoke all on function public.plan_deliveries(timestamptz) from public, anon, authenticated;
revoke all on function public.claim_deliveries(integer, timestamptz) from public, anon, authenticated;
revoke all on function public.finish_delivery(uuid, boolean, text, boolean) from public, anon, authenticated;
grant execute on function public.plan_deliveries(timestamptz) to service_role;
grant execute on function public.claim_deliveries(integer, timestamptz) to service_role;
grant execute on function public.finish_delivery(uuid, boolean, text, boolean) to service_role;
grant usage on schema private to service_role;
grant execute on function private.plan_deliveries(timestamptz) to service_role;
grant execute on function private.claim_deliveries(integer, timestamptz) to service_role;
grant execute on function private.finish_delivery(uuid, boolean, text, boolean) to service_role;
-- [daily, 20261205010000] The morning batched by company: public.plan_mornings (service role
-- only, like plan_deliveries), its body, and write_due_notices(date, uuid[]) replacing
-- write_due_notices(date).
revoke all on function public.plan_mornings(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.plan_mornings(timestamptz, integer) to service_role;
grant execute on function private.plan_mornings(timestamptz, integer) to service_role;
grant execute on function private.write_due_notices(date, uuid[]) to service_role;

-- The private bodies of the invitation functions (issue 8, point 1).
-- [approvals] the name to use (20261130010200).
grant execute on function private.accept_invitation(text, text) to authenticated;
grant execute on function private.create_invitation(uuid, text, text, uuid[]) to authenticated;
grant execute on function private.set_member_access(uuid, text, uuid[]) to authenticated;
-- [approvals] the version the approver saw (20261130010100).
grant execute on function private.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) to authenticated;
grant execute on function private.refuse_payable(uuid, numeric, timestamptz, text) to authenticated;
-- The kept paid totals of Contas a Pagar/Receber (the invoker entry_list_summary reads them).
grant execute on function private.entry_paid_total(uuid, text) to authenticated;
-- The kept ledger totals the account, Relatório, DRE and category figures read (bodies check the role).
grant execute on function private.ledger_account_totals(uuid, uuid, date, date) to authenticated;
grant execute on function private.ledger_account_deltas(uuid, uuid[], date, date[]) to authenticated;
grant execute on function private.ledger_month_totals(uuid, text, date, date, uuid[], uuid[], boolean) to authenticated;
-- A bank account's searched rows on their indexes (account_ledger's search; the body checks the role).
grant execute on function private.ledger_search_ids(uuid, uuid, text, uuid[], uuid[], uuid[], integer) to authenticated;
grant execute on function private.movement_search_ids(uuid, text, uuid[], uuid[], uuid[], uuid[], uuid[], integer) to authenticated;
grant execute on function private.latest_entries_count_kept(uuid, date, date) to authenticated;
grant execute on function private.movement_page_ids(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) to authenticated;
-- [perf33, 20261203010100] Movimentações by value under one obra or categoria: the split entries'
-- page from their kept value (search_movements, invoker, reads it; the body checks the role).
grant execute on function private.movement_split_value_ids(uuid, date, date, date, text[], text[], uuid[], text, uuid, boolean, text, uuid[], uuid[], uuid[], uuid[], uuid[], text, integer) to authenticated;
-- The kept entry totals Movimentações, Obras, Fornecedores, the lists and home read.
grant execute on function private.movement_entry_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;
grant execute on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) to authenticated;
grant execute on function private.pending_entry_totals(uuid, date) to authenticated;
grant execute on function private.supplier_spent_total(uuid) to authenticated;
grant execute on function private.overdue_open_totals(uuid, date, uuid) to authenticated;
-- Conciliação's candidates, looked up by amount on the indexes.
grant execute on function private.statement_candidates(uuid) to authenticated;
grant execute on function private.renew_invitation(uuid) to authenticated;
grant execute on function private.invitation_preview(text) to authenticated;
-- [notify] This browser's push subscription (moves an endpoint another user held to the caller).
grant execute on function private.save_push_subscription(text, text, text, text) to authenticated;
-- [notify] The caller's own notice settings (defaults applied).
grant execute on function private.notice_settings_for(uuid) to authenticated;

-- What policies and the public wrappers call as the caller. Trigger functions need no grant.
grant execute on function private.user_company_ids() to authenticated;
grant execute on function private.admin_company_ids() to authenticated;
grant execute on function private.company_role(uuid) to authenticated;
grant execute on function private.reader_company_ids() to authenticated;
grant execute on function private.writer_company_ids() to authenticated;
grant execute on function private.obra_project_ids() to authenticated;
-- issue 31 (documents are evidence, 20261130020100): the Storage policies' helper replaces
-- private.obra_document_path(text, boolean), dropped there.
grant execute on function private.document_object_access(text, text, text) to authenticated;
grant execute on function private.assert_role(uuid, text[]) to authenticated;
grant execute on function private.assert_row_role(text, uuid, text[], text) to authenticated;
grant execute on function private.assert_open_amount(text, uuid, numeric) to authenticated;
grant execute on function private.assert_entry_writer(text, uuid) to authenticated;
grant execute on function private.assert_member(uuid) to authenticated;
grant execute on function private.assert_valid_date(date) to authenticated;
-- The search form of texts, which the invoker list functions compare (accents and case ignored).
grant execute on function private.search_text(text) to authenticated;
grant execute on function private.search_pattern(text) to authenticated;
-- [ids] The time-ordered id every id column defaults to: the API's roles evaluate it on insert.
grant execute on function private.uuid_v7() to authenticated, service_role;
-- [rateio] the generated part_project_ids / part_category_ids run it as whoever writes the row.
grant execute on function private.part_ids(jsonb, text) to authenticated;
-- [reports] the rule of a rateio (pure, reads nothing): the invoker readers dre, report_summary and
-- category_stats apportion as their caller (20261202030100).
grant execute on function private.apportion(numeric[], numeric) to authenticated;
grant execute on function private.part_shares(jsonb, numeric) to authenticated;
-- [reports] report_summary's count of payments over whole months (20261202030100).
grant execute on function private.ledger_payment_counts(uuid, uuid[], date, date) to authenticated;
-- [movements, 20261202035100] search_movements (invoker) lists a split entry by its parts under
-- Movimentações' obra and category filters, with its matching parts' figures (pure functions).
grant execute on function private.part_matches(uuid, uuid, uuid[], boolean, uuid[]) to authenticated;
grant execute on function private.parts_match(jsonb, uuid[], boolean, uuid[]) to authenticated;
grant execute on function private.parts_display(jsonb, numeric, numeric, numeric, numeric, numeric, uuid[], boolean, uuid[]) to authenticated;
grant execute on function private.entry_part_figures(jsonb, uuid, uuid, uuid, numeric, numeric, numeric, numeric, numeric) to authenticated;
-- [approvals] the form of members' names the unique index compares (20261130010200).
grant execute on function private.member_name_key(text) to authenticated;
grant execute on function private.assert_valid_amount(numeric, boolean) to authenticated;
grant execute on function private.create_company(text, text, text, text, text, text, text, text, text) to authenticated;
grant execute on function private.update_company(uuid, text, text, text, text, text, text, text, text, numeric) to authenticated;
grant execute on function private.lock_company_row(uuid) to authenticated;
grant execute on function private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated;
grant execute on function private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated;
-- [totals, 20261202020100] create_and_settle_entry takes p_parts (jsonb) at the end.
grant execute on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid, jsonb) to authenticated;
grant execute on function private.reverse_transfer(uuid, date) to authenticated;
grant execute on function private.reverse_payment(uuid, date) to authenticated;
grant execute on function private.reopen_payable(uuid, date) to authenticated;
grant execute on function private.reopen_receivable(uuid, date) to authenticated;
grant execute on function private.transfer_between_accounts(uuid, uuid, numeric, date, text) to authenticated;
grant execute on function private.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) to authenticated;
grant execute on function private.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb) to authenticated;
-- wip/suppliers (20261130030200): whether a boleto is recorded (the body checks the role).
grant execute on function private.boleto_code_taken(uuid, text) to authenticated;
grant execute on function private.reconcile_statement_line(uuid, text, uuid, uuid, text, uuid, text, date) to authenticated;
grant execute on function private.undo_statement_line(uuid) to authenticated;
-- Obra figures and the Histórico: an 'obra' member reads them for its obras only (the bodies decide).
grant execute on function private.project_budget(uuid) to authenticated;
grant execute on function private.project_budget_totals(uuid) to authenticated;
grant execute on function private.project_financials(uuid, uuid) to authenticated;
grant execute on function private.entry_history(text, uuid) to authenticated;
-- [obra, 20261202040100] An 'obra' member's payables, a split with their parts only (the body
-- checks the role and masks).
grant execute on function private.obra_payables(uuid, uuid, integer) to authenticated;
-- [templates] A rateio padrão's parts for an amount (the body checks the role).
grant execute on function private.split_template_parts(uuid, numeric) to authenticated;
-- [import-db, 20261203030100] Importar planilha: what the invoker import_rows / import_duplicates
-- call as the caller (pure readers of a sheet's values; the rows' inserts, as the caller), the
-- batch's opening (definer: checks the role), undo_import_batch's and save_import_mapping's bodies
-- (they check the role).
grant execute on function private.import_date(text) to authenticated;
grant execute on function private.import_amount(text, boolean) to authenticated;
grant execute on function private.import_uuid(text) to authenticated;
grant execute on function private.import_reason(text, text, text) to authenticated;
grant execute on function private.import_insert(text, uuid, uuid, jsonb) to authenticated;
grant execute on function private.open_import_batch(uuid, text, text, integer) to authenticated;
grant execute on function private.settle_imported(text, uuid, uuid, jsonb, date) to authenticated;
grant execute on function private.undo_import_batch(uuid, timestamptz) to authenticated;
grant execute on function private.save_import_mapping(uuid, text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Objects created later (by the role running migrations) start with no privileges for the API
-- roles; each migration grants what its objects need.
-- ---------------------------------------------------------------------------------------------

-- EXECUTE for PUBLIC is a global default: a per-schema REVOKE cannot remove it, only this can.
alter default privileges revoke execute on functions from public;
-- Supabase's own defaults for these roles were per schema.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges in schema private revoke all on functions from anon, authenticated;
