// Rows of every table for one company, written as the superuser so that each isolation test starts
// from a company that has something in every table. A table in `public` without an entry in
// `fixtureInserts` fails the isolation suite: new tables cannot escape it.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface FixtureRow {
  table: string;
  id: string;
  /** a text column any member may edit, used to prove that an outsider's update changed nothing */
  textColumn: string;
}

type Ids = Record<string, string>;

interface FixtureInsert {
  /** the column that holds the company id (companies: id) */
  companyColumn: string;
  textColumn: string;
  /** SQL returning id; $1 = company id, $2 = user id; other ids are interpolated from `ids` */
  sql: (ids: Ids) => string;
  /**
   * A payload an outsider (callerId) tries to insert into this company through the API: real
   * columns, valid values, so that only the access rules can refuse it.
   */
  apiInsert: (companyId: string, ids: Ids, callerId: string) => Record<string, unknown>;
}

export const fixtureInserts: Record<string, FixtureInsert> = {
  companies: {
    companyColumn: 'id',
    textColumn: 'name',
    sql: () => `select $1::uuid as id, $2::uuid as unused`,
    // Companies are created through create_company only; this one would not even need a company id.
    apiInsert: (_companyId, _ids, callerId) => ({
      name: 'Construtora Intrusa',
      created_by: callerId,
    }),
  },
  user_profiles: {
    companyColumn: 'company_id',
    textColumn: 'full_name',
    sql: () => `select id, $2::uuid as unused from public.user_profiles where company_id = $1`,
    // Joining a company as its admin without an invitation.
    apiInsert: (companyId, _ids, callerId) => ({
      user_id: callerId,
      company_id: companyId,
      email: 'intruso@example.com',
      full_name: 'Intruso',
      role: 'admin',
      is_active: true,
    }),
  },
  company_invitations: {
    companyColumn: 'company_id',
    textColumn: 'email',
    sql: () =>
      `insert into public.company_invitations (company_id, email, invited_by)
       values ($1, 'fixture-' || gen_random_uuid() || '@example.com', $2) returning id`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      email: `intruso-${Date.now()}@example.com`,
    }),
  },
  bank_accounts: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: () =>
      `insert into public.bank_accounts (company_id, name, type, initial_balance)
       values ($1, 'Conta fixture', 'checking', 100) returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({ company_id: companyId, name: 'Intrusa', type: 'checking' }),
  },
  suppliers: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: () =>
      `insert into public.suppliers (company_id, name) values ($1, 'Fornecedor fixture') returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({ company_id: companyId, name: 'Intruso' }),
  },
  clients: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: () =>
      `insert into public.clients (company_id, name) values ($1, 'Cliente fixture') returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({ company_id: companyId, name: 'Intruso' }),
  },
  categories: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: () =>
      `insert into public.categories (company_id, name, type) values ($1, 'Categoria fixture', 'expense')
       returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({ company_id: companyId, name: 'Intrusa', type: 'expense' }),
  },
  projects: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: () =>
      `insert into public.projects (company_id, name) values ($1, 'Obra fixture') returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({ company_id: companyId, name: 'Intrusa' }),
  },
  project_stages: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: (ids) =>
      `insert into public.project_stages (company_id, project_id, name)
       values ($1, '${ids.projects}', 'Etapa fixture') returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      project_id: ids.projects,
      name: 'Intrusa',
    }),
  },
  project_team_members: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: (ids) =>
      `insert into public.project_team_members (company_id, project_id, name, role, contact)
       values ($1, '${ids.projects}', 'Membro fixture', 'Pedreiro', '(11) 90000-0000') returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      project_id: ids.projects,
      name: 'Intruso',
      role: 'Pedreiro',
      contact: 'x',
    }),
  },
  // Written only by set_member_access / accept_invitation (no insert privilege for the API).
  project_access: {
    companyColumn: 'company_id',
    // No text column: an update of user_id with a text that is no uuid changes nothing either.
    textColumn: 'user_id',
    sql: (ids) =>
      `insert into public.project_access (company_id, project_id, user_id)
       values ($1, '${ids.projects}', $2) returning id`,
    apiInsert: (companyId, ids, callerId) => ({
      company_id: companyId,
      project_id: ids.projects,
      user_id: callerId,
    }),
  },
  supplier_details: {
    companyColumn: 'company_id',
    textColumn: 'notes',
    // A supplier of its own each time: one details row per supplier.
    sql: () =>
      `with s as (insert into public.suppliers (company_id, name) values ($1, 'Fornecedor com contato')
                  returning company_id, id)
       insert into public.supplier_details (company_id, supplier_id, phone, email, notes)
       select company_id, id, '(19) 3232-1010', 'contato@fixture.com.br', 'Nota interna' from s
       returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      supplier_id: ids.suppliers,
      phone: '(11) 0000-0000',
      notes: 'Intruso',
    }),
  },
  supplier_orders: {
    companyColumn: 'company_id',
    textColumn: 'description',
    sql: (ids) =>
      `insert into public.supplier_orders (company_id, supplier_id, description, amount)
       values ($1, '${ids.suppliers}', 'Pedido fixture', 10) returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      supplier_id: ids.suppliers,
      description: 'Intruso',
      amount: 1,
    }),
  },
  supplier_products: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: (ids) =>
      `insert into public.supplier_products (company_id, supplier_id, name, price, unit)
       values ($1, '${ids.suppliers}', 'Produto fixture', 10, 'saco') returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      supplier_id: ids.suppliers,
      name: 'Intruso',
      price: 1,
      unit: 'saco',
    }),
  },
  accounts_payable: {
    companyColumn: 'company_id',
    textColumn: 'description',
    sql: () =>
      `insert into public.accounts_payable (company_id, description, amount, due_date)
       values ($1, 'Conta a pagar fixture', 10, current_date) returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      description: 'Intrusa',
      amount: 1,
      due_date: '2026-01-01',
    }),
  },
  accounts_receivable: {
    companyColumn: 'company_id',
    textColumn: 'description',
    sql: () =>
      `insert into public.accounts_receivable (company_id, description, amount, due_date)
       values ($1, 'Conta a receber fixture', 10, current_date) returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      description: 'Intrusa',
      amount: 1,
      due_date: '2026-01-01',
    }),
  },
  audit_log: {
    companyColumn: 'company_id',
    textColumn: 'table_name',
    // Only the trigger writes it; the superuser may insert (it is append-only, not insert-proof).
    sql: () =>
      `insert into public.audit_log (company_id, table_name, row_id, action, changed)
       values ($1, 'bank_accounts', $2, 'insert', '{}') returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      table_name: 'bank_accounts',
      row_id: companyId,
      action: 'insert',
    }),
  },
  transactions: {
    companyColumn: 'company_id',
    textColumn: 'description',
    sql: (ids) =>
      `insert into public.transactions (company_id, type, direction, description, amount, transaction_date, bank_account_id)
       values ($1, 'income', 'in', 'Lançamento fixture', 5, current_date, '${ids.bank_accounts}')
       returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      type: 'income',
      direction: 'in',
      description: 'Intruso',
      amount: 1,
      transaction_date: '2026-01-01',
      bank_account_id: ids.bank_accounts,
    }),
  },
  // Written only by import_bank_statement / the reconciliation functions.
  bank_statements: {
    companyColumn: 'company_id',
    textColumn: 'file_name',
    sql: (ids) =>
      `insert into public.bank_statements (company_id, bank_account_id, source, file_name, start_date, end_date)
       values ($1, '${ids.bank_accounts}', 'ofx', 'extrato-fixture.ofx', '2026-01-01', '2026-01-31')
       returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      bank_account_id: ids.bank_accounts,
      source: 'ofx',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    }),
  },
  bank_statement_lines: {
    companyColumn: 'company_id',
    textColumn: 'memo',
    sql: (ids) =>
      `insert into public.bank_statement_lines (company_id, bank_account_id, statement_id, fitid, posted_on, amount, memo)
       values ($1, '${ids.bank_accounts}', '${ids.bank_statements}', 'FIXTURE-1', '2026-01-10', -12.34, 'Linha fixture')
       returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => ({
      company_id: companyId,
      bank_account_id: ids.bank_accounts,
      statement_id: ids.bank_statements,
      fitid: 'INTRUSO',
      posted_on: '2026-01-10',
      amount: -1,
    }),
  },
  // A stored file of the fixture payable (the row only: the object is the Storage tests' business).
  documents: {
    companyColumn: 'company_id',
    textColumn: 'original_name',
    sql: (ids) =>
      `insert into public.documents (company_id, payable_id, storage_path, original_name, mime, size_bytes, sha256, kind)
       values ($1::uuid, '${ids.accounts_payable}', $1::uuid::text || '/entries/${ids.accounts_payable}/' || gen_random_uuid() || '-recibo.pdf',
               'recibo.pdf', 'application/pdf', 1200, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), 'comprovante')
       returning id, $2::uuid as unused`,
    apiInsert: (companyId, ids) => documentPayload(companyId, ids.accounts_payable!),
  },
  // An aviso to the user ($2): written by the database only (triggers, private.write_due_notices).
  notices: {
    companyColumn: 'company_id',
    textColumn: 'title',
    sql: (ids) =>
      `insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title)
       values ($1, $2, 'approval_pending', 'fixture-' || gen_random_uuid(), 'expense', '${ids.accounts_payable}',
               '/lancamentos/expense/${ids.accounts_payable}', 'Aviso fixture')
       returning id`,
    apiInsert: (companyId, _ids, callerId) => ({
      company_id: companyId,
      user_id: callerId,
      kind: 'approval_pending',
      event_key: 'intruso',
      link: '/',
      title: 'Aviso intruso',
    }),
  },
  // The user's ($2) choice for one kind (issue 32): their own row only. A kind they have not saved
  // yet (a user holds at most one row per kind); 'imports' last, the one the matrix's inserts use.
  notice_settings: {
    companyColumn: 'company_id',
    textColumn: 'user_id',
    sql: () =>
      `insert into public.notice_settings (company_id, user_id, kind, enabled, email, push)
       select $1, $2, k, true, true, false
       from unnest(array['due_summary', 'approval_pending', 'approval_decided', 'invitation_accepted', 'imports']) k
       where not exists (select 1 from public.notice_settings s
                         where s.company_id = $1 and s.user_id = $2 and s.kind = k)
       limit 1
       returning id`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      kind: 'imports',
      enabled: false,
      email: false,
      push: false,
    }),
  },
  // A device of the user ($2): a user's, not a company's (no company column; its owner's id stands
  // in). Saved only through save_push_subscription.
  push_subscriptions: {
    companyColumn: 'user_id',
    textColumn: 'endpoint',
    sql: () =>
      `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
       values ($2, 'https://push.invalid/fixture-' || gen_random_uuid(), 'B' || repeat('A', 86), repeat('A', 22))
       returning id, $1::uuid as unused`,
    apiInsert: () => ({
      endpoint: 'https://push.invalid/intruso',
      p256dh: 'B' + 'A'.repeat(86),
      auth: 'A'.repeat(22),
    }),
  },
  // Rateio padrão (issue 33): 60 % to the fixture obra, 40 % Geral. A name of its own per row (the
  // name is unique per company). The API's insert is a budget template: it names no row, so only
  // the access rules can refuse it.
  split_templates: {
    companyColumn: 'company_id',
    textColumn: 'name',
    sql: (ids) =>
      `insert into public.split_templates (company_id, name, method, parts)
       values ($1, 'Rateio fixture ' || gen_random_uuid(), 'fixed',
               '[{"project_id": "${ids.projects}", "percent": 60}, {"project_id": null, "percent": 40}]')
       returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({ company_id: companyId, name: 'Rateio intruso', method: 'budget' }),
  },
  // Importar planilha (issue 34): a batch and a remembered mapping, written by their functions only.
  import_batches: {
    companyColumn: 'company_id',
    textColumn: 'file_name',
    sql: () =>
      `insert into public.import_batches (company_id, kind, file_name, row_count, created_by)
       values ($1, 'fornecedores', 'fixture.xlsx', 1, $2) returning id`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      kind: 'fornecedores',
      file_name: 'intruso.xlsx',
      row_count: 1,
    }),
  },
  import_mappings: {
    companyColumn: 'company_id',
    textColumn: 'kind',
    sql: () =>
      `insert into public.import_mappings (company_id, kind, mapping)
       values ($1, 'fornecedores', '{"name": "Razão social"}') returning id, $2::uuid as unused`,
    apiInsert: (companyId) => ({
      company_id: companyId,
      kind: 'contas_pagar',
      mapping: { amount: 'Valor' },
    }),
  },
  // A delivery to the user ($2), already sent: written by the service role only.
  notice_deliveries: {
    companyColumn: 'company_id',
    textColumn: 'last_error',
    sql: () =>
      `insert into public.notice_deliveries (company_id, user_id, channel, kind, event_key, status, attempts, sent_at)
       values ($1, $2, 'email', 'due_summary', '2026-11-27', 'sent', 1, now())
       returning id`,
    apiInsert: (companyId, _ids, callerId) => ({
      company_id: companyId,
      user_id: callerId,
      channel: 'email',
      kind: 'due_summary',
      event_key: '2026-11-28',
    }),
  },
};

/** A document row of an entry, with a path and hash of its own (unique per call). */
export function documentPayload(companyId: string, payableId: string): Record<string, unknown> {
  return {
    company_id: companyId,
    payable_id: payableId,
    storage_path: `${companyId}/entries/${payableId}/${randomUUID()}-intruso.pdf`,
    original_name: 'intruso.pdf',
    mime: 'application/pdf',
    size_bytes: 100,
    sha256: createHash('sha256').update(randomUUID()).digest('hex'),
    kind: 'outro',
  };
}

/** Creates one row in every table of fixtureInserts for the company, in dependency order. */
export async function createFixtureRows(
  db: pg.Pool,
  companyId: string,
  userId: string,
): Promise<Ids> {
  const ids: Ids = {};
  for (const [table, fixture] of Object.entries(fixtureInserts)) {
    const { rows } = await db.query<{ id: string }>(fixture.sql(ids), [companyId, userId]);
    const id = rows[0]?.id;
    if (!id) throw new Error(`fixture for ${table} returned no row`);
    ids[table] = id;
  }
  return ids;
}

export async function publicTables(db: pg.Pool): Promise<{ table: string; rls: boolean }[]> {
  const { rows } = await db.query<{ table: string; rls: boolean }>(
    `select c.relname as table, c.relrowsecurity as rls
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     order by 1`,
  );
  return rows;
}
