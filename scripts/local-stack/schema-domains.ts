// Where each database object of ours is described in supabase/schema/ (`npm run db:schema`): one
// file per domain. Tables, views and functions are placed here by name; a table's columns,
// constraints, indexes, policies, triggers and grants go with the table, a function's grants with
// the function. The list is exhaustive on purpose: an object of `public` or `private` that no
// domain names fails the generator with its name, and so does a name here that the database no
// longer has, so a new object is placed by whoever adds it.

export interface Domain {
  /** File name in supabase/schema/. */
  file: string;
  title: string;
  /** One line for the file's header: what the domain holds. */
  about: string;
  /** Schemas our migrations create (with their grants and default privileges). */
  schemas?: string[];
  /** `schema.name` of tables and views. */
  relations: string[];
  /** `schema.name` of functions (every overload of the name). */
  functions: string[];
  /** Ids of the Storage buckets (rows of `storage.buckets`) our migrations create. */
  buckets?: string[];
  /**
   * The platform's tables (`storage.objects`) whose policies our migrations add: every policy on
   * such a table is printed in this domain; a policy on a platform table no domain names fails the
   * generator.
   */
  platformPolicies?: string[];
}

export const DOMAINS: Domain[] = [
  {
    file: 'tenancy.sql',
    title: 'Tenancy',
    about:
      'companies, members and their profiles, roles and obra access, the membership guards, and the shared checks (dates, amounts, text lengths) and search form of texts every domain calls',
    schemas: ['private'],
    relations: ['public.companies', 'public.project_access', 'public.user_profiles'],
    functions: [
      'private.admin_company_ids',
      'private.assert_member',
      'private.assert_entry_writer',
      'private.assert_project_access',
      'private.assert_role',
      'private.assert_row_role',
      'private.company_role',
      'private.assert_text_length',
      'private.assert_valid_amount',
      'private.assert_valid_date',
      'private.create_company',
      'private.forbid_company_change',
      'private.guard_profile_update',
      'private.lock_company_row',
      'private.member_projects',
      'private.obra_project_ids',
      'private.replace_project_access',
      'private.reader_company_ids',
      'private.set_member_access',
      'private.set_updated_at',
      'private.update_company',
      'private.user_company_ids',
      'private.valid_br_document',
      'private.search_pattern',
      'private.search_text',
      'private.member_name_key',
      'private.writer_company_ids',
      'public.create_company',
      'public.set_member_access',
      'public.update_company',
    ],
  },
  {
    file: 'invitations.sql',
    title: 'Invitations',
    about: 'invitations to a company: tokens, preview, acceptance, renewal',
    relations: ['public.company_invitations'],
    functions: [
      'private.accept_invitation',
      'private.assert_not_member',
      'private.cancel_invitations_on_profile_change',
      'private.create_invitation',
      'private.invitation_preview',
      'private.invitation_token_hash',
      'private.new_invitation_token',
      'private.renew_invitation',
      'public.accept_invitation',
      'public.create_invitation',
      'public.invitation_preview',
      'public.renew_invitation',
    ],
  },
  {
    file: 'registers.sql',
    title: 'Registers',
    about: 'bank accounts, suppliers (orders, products), clients and categories, with their stats',
    relations: [
      'public.bank_accounts',
      'public.categories',
      'public.clients',
      'public.supplier_orders',
      'public.supplier_products',
      'public.suppliers',
      'public.supplier_details',
    ],
    functions: [
      'private.bank_account_balance',
      'private.category_dre_group_default',
      'private.guard_category_type',
      'public.category_stats',
      'public.remove_bank_account',
      'public.remove_category',
      'public.supplier_stats',
      'public.supplier_summary',
      'public.save_supplier',
      'private.supplier_details_id',
      'private.supplier_spent_total',
    ],
  },
  {
    file: 'entries-payments.sql',
    title: 'Entries & payments',
    about:
      'payables and receivables, their settlements (payments), reversal and deletion, and the lists and summaries read from them',
    relations: [
      'public.accounts_payable',
      'public.accounts_receivable',
      'public.entries',
      'public.entry_payments',
      'private.entry_paid_totals',
      'private.entry_totals',
      'private.entry_due_counts',
    ],
    functions: [
      'private.approve_payable',
      'private.entry_paid_total',
      'private.track_entry_paid_totals',
      'private.apply_entry_totals',
      'private.track_entry_totals',
      'private.movement_entry_totals',
      'private.movement_kept_totals',
      'private.movement_search_totals',
      'private.movement_search_ids',
      'private.movement_page_ids',
      'private.pending_entry_totals',
      'private.apply_entry_due_counts',
      'private.track_entry_due_counts',
      'private.move_entry_due_count',
      'private.latest_entries_count_kept',
      'public.latest_entries_count',
      'private.payable_approval',
      'private.refuse_payable',
      'public.approve_payable',
      'public.refuse_payable',
      'private.check_entry_category',
      'private.check_entry_stage',
      'private.create_and_settle_entry',
      'private.import_nfe',
      'private.boleto_code_taken',
      'private.default_payment_parts',
      'private.guard_settled_entry',
      'private.reopen_entry',
      'private.reopen_payable',
      'private.reopen_receivable',
      'private.reverse_payment',
      'private.settle_entry',
      'private.assert_open_amount',
      'private.settle_payable',
      'private.settle_receivable',
      'private.sync_paid_entry_to_ledger',
      'public.create_and_settle_entry',
      'public.import_nfe',
      'public.boleto_registered',
      'public.dashboard_summary',
      'public.delete_entry',
      'public.entry_list_summary',
      'public.movement_summary',
      'public.reopen_payable',
      'public.reopen_receivable',
      'public.reverse_payment',
      'public.search_movements',
      'public.settle_payable',
      'public.settle_receivable',
      'public.signed_amount',
    ],
  },
  {
    file: 'ledger-transfers.sql',
    title: 'Ledger & transfers',
    about:
      'the ledger (transactions) that moves account balances, transfers between accounts and their reversal, and the account and period reports read from it',
    relations: [
      'public.standing_transactions',
      'public.transactions',
      'public.transfers',
      'private.ledger_account_days',
      'private.ledger_account_months',
      'private.ledger_category_months',
      'private.ledger_project_months',
      'private.ledger_category_totals',
      'private.ledger_project_totals',
    ],
    functions: [
      'private.ledger_account_deltas',
      'private.ledger_account_totals',
      'private.ledger_month_totals',
      'private.ledger_search_ids',
      'private.ledger_totals_add',
      'private.track_ledger_totals',
      'private.ledger_moves_balance',
      'private.lock_active_account',
      'private.reverse_ledger_row',
      'private.reverse_transfer',
      'private.transfer_between_accounts',
      'public.account_ledger',
      'public.balance_history',
      'public.bank_account_summary',
      'public.report_summary',
      'public.reverse_transfer',
      'public.transfer_between_accounts',
    ],
  },
  {
    file: 'reconciliation.sql',
    title: 'Reconciliation',
    about: 'bank statement import (OFX/CSV) and matching its lines against the books',
    relations: ['public.bank_statement_lines', 'public.bank_statements'],
    functions: [
      'private.import_bank_statement',
      'private.reconcile_statement_line',
      'private.undo_statement_line',
      'public.import_bank_statement',
      'public.reconcile_statement_line',
      'public.statement_balance',
      'public.statement_candidates',
      'private.statement_candidates',
      'public.statement_category_guesses',
      'public.undo_statement_line',
    ],
  },
  {
    file: 'planning.sql',
    title: 'Planning',
    about:
      'obras (projects) with stages, team and budget, and the forward-looking reports: cash flow projection and DRE',
    relations: ['public.project_stages', 'public.project_team_members', 'public.projects'],
    functions: [
      'private.guard_stage_delete',
      'public.cash_flow_projection',
      'public.create_project',
      'public.dre',
      'private.project_budget',
      'public.project_budget',
      'private.project_budget_totals',
      'private.overdue_open_totals',
      'public.project_budget_totals',
      'private.project_financials',
      'public.project_financials',
    ],
  },
  {
    file: 'audit.sql',
    title: 'Audit',
    about:
      'the audit log written by the audit trigger (attached to each audited table, listed with that table) and its readers (Histórico, Atividade)',
    relations: ['public.audit_log'],
    functions: [
      'private.audit_row',
      'private.forbid_audit_change',
      'public.company_activity',
      'private.entry_history',
      'public.entry_history',
    ],
  },
  {
    file: 'documents.sql',
    title: 'Documents',
    about:
      "stored files (receipts, comprovantes, notas): what each is and belongs to (documents), the private Storage bucket documentos and who may reach its objects (policies on storage.objects, by the company named in the first folder; an obra member only the folders of payables of its obras; an object a row holds is never removed, a name a row held is never written again, and a removed row's file reaches only admin, financeiro and who removed it)",
    relations: ['public.documents', 'private.detached_documents'],
    functions: [
      'private.check_document',
      // Documents are evidence (issue 31): who removed a row, who may remove it, the Storage policies.
      'private.detach_document',
      'private.guard_document_removal',
      'private.document_object_access',
      // has_comprovante of the entries, kept from their documents.
      'private.sync_entry_comprovantes',
      'private.track_document_comprovantes',
      'private.track_payment_comprovantes',
    ],
    buckets: ['documentos'],
    platformPolicies: ['storage.objects'],
  },
  {
    file: 'notices.sql',
    title: 'Notices',
    about:
      'Avisos: one row per recipient, written only by the database (triggers on approvals, invitations and imports; the daily due-bills summary), read and marked read by the recipient alone',
    relations: ['public.notices'],
    functions: [
      'private.format_brl',
      'private.guard_notice_update',
      'private.notice_recipients',
      'private.notify_invitation_accepted',
      'private.notify_nfe_imported',
      'private.notify_payable_approval',
      'private.notify_statement_imported',
      'private.write_due_notices',
    ],
  },
];
