// The role × action matrix of the team: every role (admin, financeiro, an 'obra' member assigned to
// the obra of the rows, an 'obra' member assigned to another obra, leitura, a deactivated member,
// a member of another company, anon) against every table operation, through the API with each
// one's own token, each outcome exact (the rows, no rows, or the precise refusal). One table below
// (TABLES) is the whole contract; the catalog check at the end fails when a public table has no row
// in it, so a new table cannot ship without deciding who may do what with it.
//
// Set-up once: one company with a row in every table (tests/db/fixtures.ts) and the members. A
// role's writes touch only rows of its own: deletes get a fresh row each, inserts add rows nobody
// else counts, updates change a text of the shared row (every role reads by id, never by count).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureRows, documentPayload, fixtureInserts, publicTables } from './fixtures';
import { createPayable, settlePayable, type Member } from './money-helpers';
import {
  anonClient,
  createMember,
  createUser,
  noPrivilege,
  rlsViolation,
  stackEnv,
  type TestClient,
} from './helpers';

const ROLES = [
  'admin',
  'financeiro',
  'obra',
  'obra_other',
  'leitura',
  'deactivated',
  'outsider',
  'anon',
] as const;
type Role = (typeof ROLES)[number];

/** select: the row is visible ('rows'), filtered out ('none'), or the role holds no privilege. */
type Read = 'rows' | 'none' | 'denied';
/** a write: done (one row), filtered out by RLS (no row, no error), refused by a policy's WITH
 *  CHECK ('rls', 42501), or no privilege at all ('denied', 42501). */
type Write = 'ok' | 'none' | 'rls' | 'denied';
type Outcomes<T> = Record<Role, T>;

const COMPANY_ROLES: Role[] = ['admin', 'financeiro', 'obra', 'obra_other', 'leitura'];
const READERS: Role[] = ['admin', 'financeiro', 'leitura'];
const WRITERS: Role[] = ['admin', 'financeiro'];
const OBRA_A: Role[] = [...READERS, 'obra'];

/** `yes` for the roles named, `no` for every other role of or outside the company; anon holds no
 *  privilege on any table. */
function only<T extends string>(roles: Role[], yes: T, no: T): Outcomes<T | 'denied'> {
  const result = {} as Outcomes<T | 'denied'>;
  for (const role of ROLES)
    result[role] = role === 'anon' ? 'denied' : roles.includes(role) ? yes : no;
  return result;
}
const nobody = (): Outcomes<'denied'> => only<'denied'>([], 'denied', 'denied');

interface TableSpec {
  table: string;
  /** key in `ids` of the row read, updated (and copied for deletes); the table's fixture row if unset */
  row?: string;
  select: Outcomes<Read>;
  insert: Outcomes<Write>;
  update: Outcomes<Write>;
  delete: Outcomes<Write>;
}

/** A register: `readers` see it, admin and financeiro write it, a policy refuses everyone else. */
function register(table: string, readers: Role[], row?: string): TableSpec {
  return {
    table,
    row,
    select: only(readers, 'rows', 'none'),
    insert: only(WRITERS, 'ok', 'rls'),
    update: only(WRITERS, 'ok', 'none'),
    delete: only(WRITERS, 'ok', 'none'),
  };
}

/** Written only by functions: `readers` select, nobody holds a write privilege. */
function readOnly(table: string, readers: Role[], row?: string): TableSpec {
  return {
    table,
    row,
    select: only(readers, 'rows', 'none'),
    insert: nobody(),
    update: nobody(),
    delete: nobody(),
  };
}

/** THE MATRIX: who may do what with each table (docs/contracts.md, "Roles"). */
const TABLES: TableSpec[] = [
  {
    // Edited only through update_company (its row among the functions below).
    table: 'companies',
    select: only(COMPANY_ROLES, 'rows', 'none'),
    insert: nobody(),
    update: nobody(),
    delete: nobody(),
  },
  {
    // The admin's membership: readers see the members; an 'obra' member only their own row.
    table: 'user_profiles',
    select: only(READERS, 'rows', 'none'),
    insert: nobody(),
    update: only(['admin'], 'ok', 'none'),
    delete: nobody(),
  },
  {
    table: 'company_invitations',
    select: only(['admin'], 'rows', 'none'),
    insert: nobody(),
    update: nobody(),
    delete: only(['admin'], 'ok', 'none'),
  },
  // The admin's own assignment (each 'obra' member's own rows: a test below).
  readOnly('project_access', ['admin']),
  register('bank_accounts', READERS),
  {
    // The wizard's list; an 'obra' member may add a supplier by its name.
    table: 'suppliers',
    select: only(COMPANY_ROLES, 'rows', 'none'),
    insert: only(['admin', 'financeiro', 'obra', 'obra_other'], 'ok', 'rls'),
    update: only(WRITERS, 'ok', 'none'),
    delete: only(WRITERS, 'ok', 'none'),
  },
  // A supplier's contacts, notes and CPF (issue 31): not an 'obra' member's to read.
  register('supplier_details', READERS),
  register('clients', READERS),
  register('categories', COMPANY_ROLES),
  register('projects', OBRA_A),
  register('project_stages', OBRA_A),
  register('project_team_members', OBRA_A),
  register('supplier_orders', READERS),
  register('supplier_products', READERS),
  {
    // A payable of obra A recorded by the admin: the 'obra' member of A sees it, may not change it
    // (not theirs); an 'obra' member records payables for their own obra (their own rows: below).
    table: 'accounts_payable',
    row: 'payable_obra_a',
    select: only(OBRA_A, 'rows', 'none'),
    insert: only(['admin', 'financeiro', 'obra'], 'ok', 'rls'),
    update: only(WRITERS, 'ok', 'none'),
    delete: only(WRITERS, 'ok', 'none'),
  },
  // "Geral" (no obra): never seen by an 'obra' member.
  { ...register('accounts_payable', READERS), row: 'accounts_payable' },
  {
    // Rateio (issue 33): a split of the admin's between obras A and B. RLS shows it to readers
    // only (an 'obra' member of one part reads their share through obra_payables); nobody but
    // the writers records one like it: each 'obra' member holds one part only.
    table: 'accounts_payable',
    row: 'payable_split_ab',
    select: only(READERS, 'rows', 'none'),
    insert: only(WRITERS, 'ok', 'rls'),
    update: only(WRITERS, 'ok', 'none'),
    delete: only(WRITERS, 'ok', 'none'),
  },
  {
    // A split whose parts are all of obra A (two categories): as a payable of obra A.
    table: 'accounts_payable',
    row: 'payable_split_a',
    select: only(OBRA_A, 'rows', 'none'),
    insert: only(['admin', 'financeiro', 'obra'], 'ok', 'rls'),
    update: only(WRITERS, 'ok', 'none'),
    delete: only(WRITERS, 'ok', 'none'),
  },
  register('accounts_receivable', READERS),
  // The audit row of a bank account: Atividade, admins only.
  readOnly('audit_log', ['admin']),
  // The audit row of an entry: its Histórico, readers (an 'obra' member: entry_history only).
  readOnly('audit_log', READERS, 'audit_entry'),
  readOnly('transactions', READERS),
  readOnly('bank_statements', READERS),
  readOnly('bank_statement_lines', READERS),
  {
    // A file of a "Geral" payable: readers see it; admin and financeiro add and remove; immutable.
    table: 'documents',
    select: only(READERS, 'rows', 'none'),
    insert: only(WRITERS, 'ok', 'rls'),
    update: nobody(),
    delete: only(WRITERS, 'ok', 'none'),
  },
  {
    // A file of an approved payable of obra A (the admin's): its 'obra' member sees and adds; once
    // approved (or paid), only admin and financeiro remove (issue 31, documents are evidence).
    table: 'documents',
    row: 'document_obra_a',
    select: only(OBRA_A, 'rows', 'none'),
    insert: only(['admin', 'financeiro', 'obra'], 'ok', 'rls'),
    update: nobody(),
    delete: { ...only(WRITERS, 'ok', 'none'), obra: 'P0001: document_locked' as Write },
  },
  {
    // A file of a paid payable of obra A: its 'obra' member neither adds nor removes.
    table: 'documents',
    row: 'document_paid_obra_a',
    select: only(OBRA_A, 'rows', 'none'),
    insert: { ...only(WRITERS, 'ok', 'rls'), obra: 'P0001: document_entry_paid' as Write },
    update: nobody(),
    delete: { ...only(WRITERS, 'ok', 'none'), obra: 'P0001: document_locked' as Write },
  },
  {
    // A file of the 'obra' member's own request, not yet approved: it adds and removes.
    table: 'documents',
    row: 'document_request_obra_a',
    select: only(OBRA_A, 'rows', 'none'),
    insert: only(['admin', 'financeiro', 'obra'], 'ok', 'rls'),
    update: nobody(),
    delete: only(['admin', 'financeiro', 'obra'], 'ok', 'none'),
  },
  // An aviso to the admin: only they read it; its text is nobody's to write (read_at only: the
  // recipient marks it read, tests/db/notices.test.ts); the database alone inserts and deletes.
  {
    table: 'notices',
    select: only(['admin'], 'rows', 'none'),
    insert: nobody(),
    update: nobody(),
    delete: nobody(),
  },
  // Issue 32. The admin's choice for one kind: theirs alone. Every member of the company inserts a
  // row of their own (a foreign or deactivated one: the policy refuses); nobody may move a row to
  // another user (user_id is no one's to write; the flags are: tests/db/notify-settings.test.ts).
  {
    table: 'notice_settings',
    select: only(['admin'], 'rows', 'none'),
    insert: only(COMPANY_ROLES, 'ok', 'rls'),
    update: nobody(),
    delete: only(['admin'], 'ok', 'none'),
  },
  // The admin's device: theirs alone to read and remove; saved through save_push_subscription only.
  {
    table: 'push_subscriptions',
    select: only(['admin'], 'rows', 'none'),
    insert: nobody(),
    update: nobody(),
    delete: only(['admin'], 'ok', 'none'),
  },
  // A delivery to the admin: they read it (the app shows failures); the service role alone writes.
  readOnly('notice_deliveries', ['admin']),
  // Rateio padrão (issue 33): names obras, so not an 'obra' member's to read.
  register('split_templates', READERS),
  // Importar planilha (issue 34): who imports reads the batches and the remembered mappings; only
  // import_rows / undo_import_batch / save_import_mapping write them.
  readOnly('import_batches', WRITERS),
  readOnly('import_mappings', WRITERS),
];

/** The parts of each split spec row (amount 1, as the fixture's payable). */
const SPLITS: Record<string, () => { project_id: string; amount: number }[]> = {
  payable_split_ab: () => [
    { project_id: ids.projects!, amount: 0.6 },
    { project_id: ids.project_b!, amount: 0.4 },
  ],
  payable_split_a: () => [
    { project_id: ids.projects!, amount: 0.6 },
    { project_id: ids.projects!, amount: 0.4 },
  ],
};

/** A split payable of the admin's (superuser) with the parts of the spec row named. */
async function splitPayable(row: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.accounts_payable (company_id, description, amount, due_date, parts)
     values ($1, 'Concreto rateado', 1, current_date, $2::jsonb) returning id`,
    [companyId, JSON.stringify(SPLITS[row]!())],
  );
  return rows[0]!.id;
}

/** The payable each documents spec row belongs to. */
const DOCUMENT_PAYABLES: Record<string, string> = {
  document_obra_a: 'payable_obra_a',
  document_paid_obra_a: 'payable_paid_obra_a',
  document_request_obra_a: 'payable_request_obra_a',
};

let db: pg.Pool;
let ids: Record<string, string>;
let companyId: string;
const clients = {} as Record<Role, TestClient>;
const userIds = {} as Record<Role, string>;

async function memberWithRole(role: string, name: string) {
  const user = await createUser(undefined, undefined, name);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, companyId, user.email, name, role],
  );
  return user;
}

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 4 });
  const [admin, outsider] = await Promise.all([
    createMember('Construtora Papéis'),
    createMember('Construtora Alheia'),
  ]);
  companyId = admin.company.id;
  ids = await createFixtureRows(db, companyId, admin.user.id);
  const other = await db.query<{ id: string }>(
    `insert into public.projects (company_id, name) values ($1, 'Obra B') returning id`,
    [companyId],
  );
  ids.project_b = other.rows[0]!.id;
  for (const row of Object.keys(SPLITS)) ids[row] = await splitPayable(row);
  const payable = await db.query<{ id: string }>(
    `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
     values ($1, 'Areia da obra A', 80, current_date, $2) returning id`,
    [companyId, ids.projects],
  );
  ids.payable_obra_a = payable.rows[0]!.id;
  const audit = await db.query<{ id: string }>(
    `select id::text from public.audit_log where table_name = 'accounts_payable' and row_id = $1`,
    [ids.payable_obra_a],
  );
  ids.audit_entry = audit.rows[0]!.id;
  ids.document_obra_a = await documentOfObraA();
  for (const role of ROLES) {
    const supplier = await db.query<{ id: string }>(
      `insert into public.suppliers (company_id, name) values ($1, $2) returning id`,
      [companyId, `Fornecedor de ${role}`],
    );
    ids[`supplier_of_${role}`] = supplier.rows[0]!.id;
  }
  const paid = await db.query<{ id: string }>(
    `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
     values ($1, 'Cimento pago da obra A', 90, current_date, $2) returning id`,
    [companyId, ids.projects],
  );
  ids.payable_paid_obra_a = paid.rows[0]!.id;
  await settlePayable(admin, ids.payable_paid_obra_a, ids.bank_accounts!, '2026-11-20');
  ids.document_paid_obra_a = await documentOfObraA('document_paid_obra_a');

  const [financeiro, obra, obraOther, leitura, deactivated] = await Promise.all([
    memberWithRole('financeiro', 'Fernanda Financeiro'),
    memberWithRole('obra', 'Otávio Engenheiro'),
    memberWithRole('obra', 'Olga Encarregada'),
    memberWithRole('leitura', 'Lúcio Contador'),
    memberWithRole('financeiro', 'Davi Desligado'),
  ]);
  await db.query(
    `insert into public.project_access (company_id, project_id, user_id)
     values ($1, $2, $3), ($1, $4, $5)`,
    [companyId, ids.projects, obra.user.id, ids.project_b, obraOther.user.id],
  );
  const gone = await db.query<{ id: string }>(
    `update public.user_profiles set is_active = false where user_id = $1 returning id`,
    [deactivated.user.id],
  );
  ids.deactivated_profile = gone.rows[0]!.id;
  // The 'obra' member's own request (pending approval).
  const request = await createPayable(
    { ...obra, company: admin.company } as unknown as Member,
    35,
    { project_id: ids.projects },
  );
  ids.payable_request_obra_a = request.id;
  ids.document_request_obra_a = await documentOfObraA('document_request_obra_a');
  const members = {
    admin,
    financeiro,
    obra,
    obra_other: obraOther,
    leitura,
    deactivated,
    outsider,
  };
  for (const [role, member] of Object.entries(members)) {
    clients[role as Role] = member.client;
    userIds[role as Role] = member.user.id;
  }
  clients.anon = anonClient();
});

afterAll(async () => {
  await db.end();
});

function rowId(spec: TableSpec): string {
  return ids[spec.row ?? spec.table]!;
}

/** A document row of a payable of obra A (superuser): the one of the spec row named. */
async function documentOfObraA(row = 'document_obra_a'): Promise<string> {
  const payload = documentPayload(companyId, ids[DOCUMENT_PAYABLES[row]!]!);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.documents (company_id, payable_id, storage_path, original_name, mime, size_bytes, sha256)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      payload.company_id,
      payload.payable_id,
      payload.storage_path,
      payload.original_name,
      payload.mime,
      payload.size_bytes,
      payload.sha256,
    ],
  );
  return rows[0]!.id;
}

/** A new row like the spec's, for one delete (superuser; same company, obra and parents). */
async function freshRow(spec: TableSpec): Promise<string> {
  if (spec.row && spec.row in DOCUMENT_PAYABLES) return documentOfObraA(spec.row);
  if (spec.row && spec.row in SPLITS) return splitPayable(spec.row);
  if (spec.row === 'payable_obra_a') {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
       values ($1, 'Areia da obra A', 80, current_date, $2) returning id`,
      [companyId, ids.projects],
    );
    return rows[0]!.id;
  }
  if (spec.table === 'categories') {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.categories (company_id, name, type)
       values ($1, 'Categoria ' || gen_random_uuid(), 'expense') returning id`,
      [companyId],
    );
    return rows[0]!.id;
  }
  const { rows } = await db.query<{ id: string }>(fixtureInserts[spec.table]!.sql(ids), [
    companyId,
    userIds.admin,
  ]);
  return rows[0]!.id;
}

/** Tables `authenticated` may delete from (elsewhere the shared row is enough: nobody can). */
let deletable: Set<string>;
beforeAll(async () => {
  const { rows } = await db.query<{ t: string }>(
    `select c.relname as t from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and has_table_privilege('authenticated', c.oid, 'DELETE')`,
  );
  deletable = new Set(rows.map((r) => r.t));
});

function insertPayload(spec: TableSpec, role: Role): Record<string, unknown> {
  const fixture = fixtureInserts[spec.table]!;
  const payload = fixture.apiInsert(companyId, ids, userIds[role] ?? userIds.admin);
  // Names unique per role, so that an allowed insert is not refused as a duplicate.
  if (typeof payload[fixture.textColumn] === 'string' && fixture.textColumn !== 'email') {
    payload[fixture.textColumn] = `${String(payload[fixture.textColumn])} ${role}`;
  }
  if (spec.row === 'payable_obra_a') payload.project_id = ids.projects;
  if (spec.row && spec.row in SPLITS) payload.parts = SPLITS[spec.row]!();
  // One details row per supplier: each role writes those of a supplier of its own.
  if (spec.table === 'supplier_details') payload.supplier_id = ids[`supplier_of_${role}`];
  if (spec.row && spec.row in DOCUMENT_PAYABLES)
    return {
      ...documentPayload(companyId, ids[DOCUMENT_PAYABLES[spec.row]!]!),
      original_name: `obra ${role}.pdf`,
    };
  return payload;
}

function updatePayload(spec: TableSpec, role: Role): Record<string, unknown> {
  const column = fixtureInserts[spec.table]!.textColumn;
  if (column === 'user_id') return { user_id: userIds[role] ?? userIds.admin };
  if (column === 'email') return { email: `alterado-${role}@example.com` };
  return { [column]: `Alterado por ${role}` };
}

type Result = { data: unknown[] | null; error: { code?: string; message: string } | null };

function writeOutcome(spec: TableSpec, { data, error }: Result): Write | string {
  if (!error)
    return data?.length === 1 ? 'ok' : data?.length === 0 ? 'none' : `rows: ${data?.length}`;
  const rls = rlsViolation(spec.table);
  const denied = noPrivilege(spec.table);
  if (error.code === rls.code && error.message === rls.message) return 'rls';
  if (error.code === denied.code && error.message === denied.message) return 'denied';
  return `${error.code}: ${error.message}`;
}

function readOutcome(spec: TableSpec, { data, error }: Result): Read | string {
  if (!error)
    return data?.length === 1 ? 'rows' : data?.length === 0 ? 'none' : `rows: ${data?.length}`;
  const denied = noPrivilege(spec.table);
  if (error.code === denied.code && error.message === denied.message) return 'denied';
  return `${error.code}: ${error.message}`;
}

async function eachRole<T>(run: (role: Role) => Promise<T>): Promise<Record<Role, T>> {
  const results = await Promise.all(ROLES.map(run));
  return Object.fromEntries(ROLES.map((role, i) => [role, results[i]])) as Record<Role, T>;
}

function label(spec: TableSpec) {
  return spec.row && spec.row !== spec.table ? `${spec.table} (${spec.row})` : spec.table;
}

describe.each(TABLES.map((spec) => [label(spec), spec] as const))('%s', (_name, spec) => {
  const from = (role: Role) => clients[role].from(spec.table as never);

  it('select', async () => {
    const outcomes = await eachRole(async (role) =>
      readOutcome(spec, (await from(role).select('id').eq('id', rowId(spec))) as Result),
    );
    expect(outcomes).toEqual(spec.select);
  });

  it('insert', async () => {
    const outcomes = await eachRole(async (role) =>
      writeOutcome(
        spec,
        (await from(role)
          .insert(insertPayload(spec, role) as never)
          .select('id')) as Result,
      ),
    );
    expect(outcomes).toEqual(spec.insert);
  });

  it('update', async () => {
    const outcomes = await eachRole(async (role) =>
      writeOutcome(
        spec,
        (await from(role)
          .update(updatePayload(spec, role) as never)
          .eq('id', rowId(spec))
          .select('id')) as Result,
      ),
    );
    expect(outcomes).toEqual(spec.update);
  });

  it('delete', async () => {
    const outcomes = await eachRole(async (role) => {
      // A user holds one notice_settings row per kind: only the admin (its owner) gets a fresh one;
      // the others try the shared row, which stays.
      const fresh =
        deletable.has(spec.table) && (spec.table !== 'notice_settings' || role === 'admin');
      const id = fresh ? await freshRow(spec) : rowId(spec);
      return writeOutcome(spec, (await from(role).delete().eq('id', id).select('id')) as Result);
    });
    expect(outcomes).toEqual(spec.delete);
  });
});

// ---------------------------------------------------------------------------------------------
// Functions: every public function, called by every role with arguments that would succeed for a
// role allowed to call it. A role's writes get rows of their own (fresh payables, accounts, lines).
// ---------------------------------------------------------------------------------------------

/** 'ok' (no error), the P0001 key raised, or 'denied' (anon: no EXECUTE). */
type Call = string;
type Args = Record<string, unknown>;

interface FunctionSpec {
  fn: string;
  args: (role: Role) => Promise<Args> | Args;
  expect: Outcomes<Call>;
  /** a computed column of a view, called through a select (rows: 'ok', none: 'none') */
  select?: { from: string; id: () => string };
}

/** `ok` for the roles named; `refused` for the company's other roles; `foreign` for the
 *  deactivated member and another company's; anon has no EXECUTE. */
function calls(
  ok: Role[],
  refused: Call,
  foreign: Call,
  extra: Partial<Outcomes<Call>> = {},
): Outcomes<Call> {
  const result = {} as Outcomes<Call>;
  for (const role of ROLES) {
    result[role] =
      role === 'anon'
        ? 'denied'
        : ok.includes(role)
          ? 'ok'
          : role === 'deactivated' || role === 'outsider'
            ? foreign
            : refused;
  }
  return { ...result, ...extra };
}

const TODAY = new Date().toISOString().slice(0, 10);

async function one<T = { id: string }>(query: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query(query, params);
  return rows[0] as T;
}
const fresh = {
  payable: async (projectId: string | null = null) =>
    (
      await one(
        `insert into public.accounts_payable (company_id, description, amount, due_date, project_id)
         values ($1, 'Pagamento de teste', 50, current_date, $2) returning id`,
        [companyId, projectId],
      )
    ).id,
  receivable: async () =>
    (
      await one(
        `insert into public.accounts_receivable (company_id, description, amount, due_date)
         values ($1, 'Recebimento de teste', 50, current_date) returning id`,
        [companyId],
      )
    ).id,
  account: async () =>
    (
      await one(
        `insert into public.bank_accounts (company_id, name, type, initial_balance)
         values ($1, 'Conta ' || gen_random_uuid(), 'checking', 1000) returning id`,
        [companyId],
      )
    ).id,
  category: async () =>
    (
      await one(
        `insert into public.categories (company_id, name, type)
         values ($1, 'Categoria ' || gen_random_uuid(), 'expense') returning id`,
        [companyId],
      )
    ).id,
  line: async () =>
    (
      await one(
        `insert into public.bank_statement_lines
           (company_id, bank_account_id, statement_id, fitid, posted_on, amount, memo)
         values ($1, $2, $3, 'L-' || gen_random_uuid(), current_date, -9.99, 'Tarifa')
         returning id`,
        [companyId, ids.bank_accounts, ids.bank_statements],
      )
    ).id,
  awaiting: async () => {
    const { data, error } = await clients.obra
      .from('accounts_payable')
      .insert({
        company_id: companyId,
        description: 'Brita da obra',
        amount: 75,
        due_date: TODAY,
        project_id: ids.projects,
      })
      .select('id, amount, updated_at')
      .single();
    if (error) throw error;
    // The version a decision is made on (approve_payable / refuse_payable refuse any other).
    return { p_payable_id: data.id, p_amount: data.amount, p_updated_at: data.updated_at };
  },
  invitation: async () =>
    (
      await one(
        `insert into public.company_invitations (company_id, email, invited_by)
         values ($1, 'renovar-' || gen_random_uuid() || '@example.com', $2) returning id`,
        [companyId, userIds.admin],
      )
    ).id,
};

async function adminRpc<T>(fn: string, args: Args): Promise<T> {
  type Answer = { data: T; error: { message: string } | null };
  const rpc = clients.admin.rpc as unknown as (f: string, a: Args) => PromiseLike<Answer>;
  const { data, error } = await rpc.call(clients.admin, fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data;
}
async function paidPayable() {
  const id = await fresh.payable();
  await adminRpc('settle_payable', { p_payable_id: id, p_bank_account_id: ids.bank_accounts });
  return id;
}
async function paidReceivable() {
  const id = await fresh.receivable();
  await adminRpc('settle_receivable', {
    p_receivable_id: id,
    p_bank_account_id: ids.bank_accounts,
  });
  return id;
}

let previewToken: string;
let strangerToken: string;
beforeAll(async () => {
  const invite = async (email: string) =>
    (
      await adminRpc<{ token: string }[]>('create_invitation', {
        p_company_id: companyId,
        p_email: email,
        p_role: 'leitura',
      })
    )[0]!.token;
  [previewToken, strangerToken] = await Promise.all([
    invite(`previa-${Date.now()}@example.com`),
    invite(`ninguem-${Date.now()}@example.com`),
  ]);
});

const company = () => ({ p_company_id: companyId });
let nfeSequence = 0;
const account = () => ({ p_bank_account_id: ids.bank_accounts });
const ALL_ROLES: Role[] = [...COMPANY_ROLES, 'deactivated', 'outsider'];

/** THE MATRIX of functions: who may call what, and what the others get. */
const FUNCTIONS: FunctionSpec[] = [
  // Company figures and lists: readers.
  {
    fn: 'dashboard_summary',
    args: () => ({ ...company(), p_today: TODAY }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'entry_list_summary',
    args: () => ({ ...company(), p_kind: 'expense', p_today: TODAY }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'search_movements',
    args: () => ({ ...company(), p_today: TODAY }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'movement_summary',
    args: () => ({ ...company(), p_today: TODAY }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  { fn: 'report_summary', args: company, expect: calls(READERS, 'forbidden_role', 'not_a_member') },
  {
    fn: 'balance_history',
    args: () => ({ ...company(), p_bucket: 'month' }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'cash_flow_projection',
    args: () => ({ ...company(), p_days: 30 }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'dre',
    args: () => ({ ...company(), p_start: '2026-01-01', p_end: '2026-12-31' }),
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  { fn: 'supplier_stats', args: company, expect: calls(READERS, 'forbidden_role', 'not_a_member') },
  {
    fn: 'save_supplier',
    args: (role) => ({
      ...company(),
      p_supplier: {
        name: `Fornecedor salvo por ${role}`,
        type: 'materiais',
        phone: '(19) 3232-1010',
      },
    }),
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'supplier_summary',
    args: company,
    expect: calls(READERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'account_ledger',
    args: account,
    expect: calls(READERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'bank_account_summary',
    args: account,
    expect: calls(READERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'statement_balance',
    args: account,
    expect: calls(READERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'statement_candidates',
    args: account,
    expect: calls(READERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'statement_category_guesses',
    args: account,
    expect: calls(READERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'category_stats',
    args: () => ({ p_category_id: ids.categories, p_today: TODAY }),
    expect: calls(READERS, 'forbidden_role', 'category_not_found'),
  },
  // Obras: every role, an 'obra' member for its obras only.
  {
    fn: 'project_budget',
    args: () => ({ p_project_id: ids.projects }),
    expect: calls(OBRA_A, 'project_not_assigned', 'project_not_found'),
  },
  {
    fn: 'project_budget_totals',
    args: company,
    expect: calls(COMPANY_ROLES, 'forbidden_role', 'not_a_member'),
  },
  // Últimos lançamentos' count: every role of the company (an 'obra' member counts its obras' rows).
  {
    fn: 'latest_entries_count',
    args: company,
    expect: calls(COMPANY_ROLES, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'project_financials',
    args: () => ({ ...company(), p_project_id: ids.projects }),
    expect: calls(OBRA_A, 'project_not_assigned', 'not_a_member'),
  },
  // The Histórico of a payable of obra A (readers; the 'obra' member of A).
  // Rateio (issue 33): an 'obra' member's payables, a split with their parts only; the others read
  // the entries view.
  {
    fn: 'obra_payables',
    args: company,
    expect: calls(['obra', 'obra_other'], 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'entry_history',
    args: () => ({ p_kind: 'expense', p_id: ids.payable_obra_a }),
    expect: calls(OBRA_A, 'entry_not_found', 'entry_not_found'),
  },
  // A computed column of entries: it reads only the row it is given (entries' own RLS decides).
  {
    fn: 'signed_amount',
    args: () => ({}),
    select: { from: 'entries', id: () => ids.payable_obra_a! },
    expect: { ...calls(OBRA_A, 'none', 'none'), anon: 'denied' },
  },
  // Money writes: admin and financeiro.
  {
    fn: 'settle_payable',
    args: async () => ({ p_payable_id: await fresh.payable(), ...account() }),
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found'),
  },
  {
    fn: 'settle_receivable',
    args: async () => ({ p_receivable_id: await fresh.receivable(), ...account() }),
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found'),
  },
  {
    fn: 'reopen_payable',
    args: async () => ({ p_payable_id: await paidPayable() }),
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found'),
  },
  {
    fn: 'reopen_receivable',
    args: async () => ({ p_receivable_id: await paidReceivable() }),
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found'),
  },
  {
    fn: 'reverse_payment',
    args: async () => {
      const payable = await paidPayable();
      const payment = await one(`select id from public.transactions where payable_id = $1`, [
        payable,
      ]);
      return { p_payment_id: payment.id };
    },
    expect: calls(WRITERS, 'forbidden_role', 'payment_not_found'),
  },
  {
    fn: 'transfer_between_accounts',
    args: async () => ({
      p_from_account_id: await fresh.account(),
      p_to_account_id: ids.bank_accounts,
      p_amount: 1,
      p_transfer_date: TODAY,
    }),
    expect: calls(WRITERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'reverse_transfer',
    args: async () => ({
      p_transfer_group_id: await adminRpc<string>('transfer_between_accounts', {
        p_from_account_id: await fresh.account(),
        p_to_account_id: ids.bank_accounts,
        p_amount: 1,
        p_transfer_date: TODAY,
      }),
    }),
    expect: calls(WRITERS, 'forbidden_role', 'transfer_not_found'),
  },
  {
    fn: 'create_and_settle_entry',
    args: () => ({
      p_kind: 'expense',
      p_id: crypto.randomUUID(),
      ...company(),
      p_description: 'Paga na hora',
      p_amount: 10,
      p_due_date: TODAY,
      ...account(),
      p_paid_on: TODAY,
    }),
    // It always settles: an 'obra' member records payables by insert (the table's policies).
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'delete_entry',
    args: async () => ({ p_kind: 'expense', p_id: await fresh.payable(ids.projects) }),
    // Not the 'obra' member's own payable (its own: the tests below); the other obra's member
    // does not see it.
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found', { obra_other: 'entry_not_found' }),
  },
  {
    fn: 'import_bank_statement',
    args: async () => ({
      p_bank_account_id: await fresh.account(),
      p_source: 'ofx',
      p_lines: [
        { fitid: `I-${crypto.randomUUID()}`, posted_on: TODAY, amount: -5, memo: 'Tarifa' },
      ],
      p_file_name: 'extrato.ofx',
    }),
    expect: calls(WRITERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'reconcile_statement_line',
    args: async () => ({ p_line_id: await fresh.line(), p_action: 'ignore', p_reason: 'Tarifa' }),
    expect: calls(WRITERS, 'forbidden_role', 'statement_line_not_found'),
  },
  {
    fn: 'undo_statement_line',
    args: async () => {
      const line = await fresh.line();
      await adminRpc('reconcile_statement_line', {
        p_line_id: line,
        p_action: 'ignore',
        p_reason: 'Tarifa',
      });
      return { p_line_id: line };
    },
    expect: calls(WRITERS, 'forbidden_role', 'statement_line_not_found'),
  },
  // Aprovações: a payable of obra A recorded by its 'obra' member, awaiting approval.
  {
    fn: 'approve_payable',
    args: () => fresh.awaiting(),
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found', { obra_other: 'forbidden_role' }),
  },
  {
    fn: 'refuse_payable',
    args: async () => ({ ...(await fresh.awaiting()), p_reason: 'Sem nota fiscal' }),
    expect: calls(WRITERS, 'forbidden_role', 'entry_not_found', { obra_other: 'forbidden_role' }),
  },
  // Importar NF-e: a new chave each call; the supplier found by its CNPJ after the first.
  {
    fn: 'import_nfe',
    args: () => ({
      ...company(),
      p_key: `35261111222333000181550010000${String(Date.now()).slice(-6)}${String(++nfeSequence).padStart(9, '0')}`,
      p_number: '77',
      p_series: '1',
      p_issued_on: TODAY,
      p_total: 10,
      p_supplier: { name: 'Fornecedor da Nota', document: '11.222.333/0001-81' },
      p_installments: [],
    }),
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  {
    // Who may record a payable may ask whether its boleto is recorded (issue 31).
    fn: 'boleto_registered',
    args: () => ({ ...company(), p_code: '2379' + '0'.repeat(43) }),
    expect: calls(['admin', 'financeiro', 'obra', 'obra_other'], 'forbidden_role', 'not_a_member'),
  },
  // Registers.
  {
    fn: 'remove_bank_account',
    args: async () => ({ p_bank_account_id: await fresh.account() }),
    expect: calls(WRITERS, 'forbidden_role', 'bank_account_not_found'),
  },
  {
    fn: 'remove_category',
    args: async () => ({ p_category_id: await fresh.category() }),
    expect: calls(WRITERS, 'forbidden_role', 'category_not_found'),
  },
  {
    fn: 'create_project',
    args: (role) => ({
      ...company(),
      p_name: `Obra nova ${role}`,
      p_address: 'Rua A, 1',
      p_client_name: 'Cliente',
      p_budget: 1000,
      p_start_date: '2026-01-01',
      p_end_date: '2026-12-31',
      p_stages: ['Fundação'],
    }),
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  // Members and company: admins (as before).
  { fn: 'company_activity', args: company, expect: calls(['admin'], 'not_admin', 'not_a_member') },
  {
    fn: 'create_invitation',
    args: (role) => ({
      ...company(),
      p_email: `convite-${role}-${Date.now()}@example.com`,
      p_role: 'financeiro',
    }),
    expect: calls(['admin'], 'not_admin', 'not_a_member'),
  },
  {
    fn: 'renew_invitation',
    args: async () => ({ p_invitation_id: await fresh.invitation() }),
    expect: calls(['admin'], 'not_admin', 'invitation_not_found'),
  },
  {
    // The deactivated member's membership, set to what it is (nothing changes for the next role).
    fn: 'set_member_access',
    args: () => ({ p_profile_id: ids.deactivated_profile, p_role: 'financeiro' }),
    expect: calls(['admin'], 'not_admin', 'not_a_member'),
  },
  {
    // Empresa: the company's name as it is, the optional fields empty (nothing the others read).
    fn: 'update_company',
    args: () => ({
      ...company(),
      p_name: 'Construtora Papéis',
      p_document: '',
      p_email: '',
      p_phone: '',
      p_address: '',
      p_city: '',
      p_state: '',
      p_zip_code: '',
      p_approval_threshold: 0,
    }),
    expect: calls(['admin'], 'not_admin', 'not_a_member'),
  },
  // The holder of a link (anyone signed in); joining needs the invited address.
  {
    fn: 'invitation_preview',
    args: () => ({ p_token: previewToken }),
    expect: calls(ALL_ROLES, 'ok', 'ok'),
  },
  {
    fn: 'accept_invitation',
    args: () => ({ p_token: strangerToken }),
    expect: calls([], 'invitation_email_mismatch', 'invitation_email_mismatch'),
  },
  {
    fn: 'create_company',
    args: (role) => ({ p_name: `Empresa de ${role}`, p_full_name: `Dono ${role}` }),
    expect: calls(ALL_ROLES, 'ok', 'ok'),
  },
  // Notificações (issue 32): every member reads and saves their own choices; a device is a user's,
  // whoever they are (the outsider and the deactivated member too: not a company's).
  { fn: 'notice_settings_for', args: company, expect: calls(COMPANY_ROLES, 'ok', 'not_a_member') },
  // Importar planilha (issue 34): admin and financeiro only.
  {
    fn: 'import_rows',
    args: (role) => ({
      ...company(),
      p_payload: {
        kind: 'fornecedores',
        file_name: `fornecedores ${role}.xlsx`,
        create: {},
        rows: [{ line: 2, name: `Fornecedor importado por ${role}` }],
      },
    }),
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'import_duplicates',
    args: () => ({ ...company(), p_kind: 'fornecedores', p_rows: [{ line: 2, name: 'Qualquer' }] }),
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'save_import_mapping',
    args: (role) => ({ ...company(), p_kind: 'clientes', p_mapping: { name: `Nome ${role}` } }),
    expect: calls(WRITERS, 'forbidden_role', 'not_a_member'),
  },
  {
    fn: 'undo_import_batch',
    // A batch of its own for each role (an empty one: nothing of it is in use).
    args: async () => {
      const batch = await one<{ id: string; created_at: string }>(
        `insert into public.import_batches (company_id, kind, file_name, row_count, created_by)
         values ($1, 'clientes', 'desfazer.xlsx', 1, $2) returning id, created_at::text`,
        [companyId, userIds.admin],
      );
      return { p_batch_id: batch.id, p_created_at: batch.created_at };
    },
    expect: calls(WRITERS, 'forbidden_role', 'import_batch_not_found'),
  },
  // Rateio padrão (issue 33): its parts for an amount, readers only.
  {
    fn: 'split_template_parts',
    args: () => ({ p_template_id: ids.split_templates, p_amount: 100 }),
    expect: calls(READERS, 'forbidden_role', 'split_template_not_found'),
  },
  {
    fn: 'save_notice_setting',
    args: () => ({
      ...company(),
      p_kind: 'invitation_accepted',
      p_enabled: true,
      p_email: false,
      p_push: true,
    }),
    expect: calls(COMPANY_ROLES, 'ok', 'not_a_member'),
  },
  {
    fn: 'save_push_subscription',
    args: (role) => ({
      p_endpoint: `https://push.invalid/matriz-${role}-${Date.now()}`,
      p_p256dh: 'B' + 'A'.repeat(86),
      p_auth: 'A'.repeat(22),
      p_user_agent: 'Matriz',
    }),
    expect: calls(ALL_ROLES, 'ok', 'ok'),
  },
  {
    fn: 'delete_push_subscription',
    args: (role) => ({ p_endpoint: `https://push.invalid/matriz-apagar-${role}` }),
    expect: calls(ALL_ROLES, 'ok', 'ok'),
  },
  // The notify Edge Function's RPCs: the service role's alone (42501 for every API role;
  // tests/db/notify-delivery.test.ts calls them as the service role).
  {
    fn: 'plan_deliveries',
    args: () => ({ p_now: '2026-01-01T12:00:00Z' }),
    expect: calls([], 'denied', 'denied'),
  },
  {
    fn: 'plan_mornings',
    args: () => ({ p_now: '2026-01-01T12:00:00Z', p_limit: 1 }),
    expect: calls([], 'denied', 'denied'),
  },
  {
    fn: 'claim_deliveries',
    args: () => ({ p_limit: 1, p_now: '2026-01-01T12:00:00Z' }),
    expect: calls([], 'denied', 'denied'),
  },
  {
    fn: 'finish_delivery',
    args: () => ({ p_id: ids.notice_deliveries, p_ok: true }),
    expect: calls([], 'denied', 'denied'),
  },
];

type LooseRpc = (fn: string, args: Args) => PromiseLike<Result>;

async function callOutcome(spec: FunctionSpec, role: Role): Promise<Call> {
  const client = clients[role];
  if (spec.select) {
    const { data, error } = (await client
      .from(spec.select.from as never)
      .select(`id, ${spec.fn}`)
      .eq('id', spec.select.id())) as Result;
    if (error) {
      return error.code === '42501' && /permission denied for (view|table)/.test(error.message)
        ? 'denied'
        : `${error.code}: ${error.message}`;
    }
    return data?.length === 1 ? 'ok' : 'none';
  }
  const { error } = await (client.rpc as unknown as LooseRpc).call(
    client,
    spec.fn,
    await spec.args(role),
  );
  if (!error) return 'ok';
  if (error.code === 'P0001') return error.message;
  if (error.code === '42501' && error.message.startsWith('permission denied for function')) {
    return 'denied';
  }
  return `${error.code}: ${error.message}`;
}

describe.each(FUNCTIONS.map((spec) => [spec.fn, spec] as const))('%s()', (_fn, spec) => {
  it('answers each role as the matrix says', async () => {
    expect(await eachRole((role) => callOutcome(spec, role))).toEqual(spec.expect);
  });
});

// Views (security invoker, select only): what each role reads through them.
interface ViewSpec {
  view: string;
  /** key in `ids` of the row read */
  row: string;
  select: Outcomes<Read>;
}

const VIEWS: ViewSpec[] = [
  // Payables of obra A: readers and its 'obra' member; receivables and "Geral": readers.
  { view: 'entries', row: 'payable_obra_a', select: only(OBRA_A, 'rows', 'none') },
  { view: 'entries', row: 'accounts_payable', select: only(READERS, 'rows', 'none') },
  // Rateio: a split of obras A and B, readers only; one wholly of obra A, its 'obra' member too.
  { view: 'entries', row: 'payable_split_ab', select: only(READERS, 'rows', 'none') },
  { view: 'entries', row: 'payable_split_a', select: only(OBRA_A, 'rows', 'none') },
  { view: 'entries', row: 'accounts_receivable', select: only(READERS, 'rows', 'none') },
  // The ledger, even of an obra's payable: readers only.
  { view: 'entry_payments', row: 'payment_obra_a', select: only(READERS, 'rows', 'none') },
  { view: 'standing_transactions', row: 'payment_obra_a', select: only(READERS, 'rows', 'none') },
  { view: 'transfers', row: 'transfer', select: only(READERS, 'rows', 'none') },
];

describe('views', () => {
  beforeAll(async () => {
    const payable = await fresh.payable(ids.projects);
    await adminRpc('settle_payable', {
      p_payable_id: payable,
      p_bank_account_id: ids.bank_accounts,
    });
    ids.payment_obra_a = (
      await one(`select id from public.transactions where payable_id = $1`, [payable])
    ).id;
    ids.transfer = await adminRpc<string>('transfer_between_accounts', {
      p_from_account_id: await fresh.account(),
      p_to_account_id: ids.bank_accounts,
      p_amount: 1,
      p_transfer_date: TODAY,
    });
  });

  it.each(VIEWS.map((spec) => [`${spec.view} (${spec.row})`, spec] as const))(
    '%s: select',
    async (_name, spec) => {
      const outcomes = await eachRole(async (role) => {
        const { data, error } = (await clients[role]
          .from(spec.view as never)
          .select('id')
          .eq('id', ids[spec.row]!)) as Result;
        if (!error) return data?.length === 1 ? 'rows' : data?.length === 0 ? 'none' : 'many';
        return error.code === '42501' && error.message === `permission denied for view ${spec.view}`
          ? 'denied'
          : `${error.code}: ${error.message}`;
      });
      expect(outcomes).toEqual(spec.select);
    },
  );
});

describe('an obra member and their own rows', () => {
  function payable(extra: Record<string, unknown> = {}) {
    return {
      company_id: companyId,
      description: 'Cimento da obra',
      amount: 120,
      due_date: '2026-11-20',
      project_id: ids.projects,
      ...extra,
    };
  }

  it('records a payable of their obra, changes and deletes it while pending', async () => {
    const obra = clients.obra;
    const created = await obra
      .from('accounts_payable')
      .insert(payable())
      .select('id, status, created_by')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ status: 'pending', created_by: userIds.obra });
    const id = created.data!.id;
    const changed = await obra
      .from('accounts_payable')
      .update({ description: 'Cimento CP-II' })
      .eq('id', id)
      .select('id');
    expect(changed.data).toHaveLength(1);
    // Another 'obra' member does not even see it.
    const byOther = await clients.obra_other
      .from('accounts_payable')
      .update({ description: 'Outro' })
      .eq('id', id)
      .select('id');
    expect(byOther).toMatchObject({ data: [], error: null });
    const removed = await obra.from('accounts_payable').delete().eq('id', id).select('id');
    expect(removed.data).toHaveLength(1);
  });

  it('deletes their own pending payable through delete_entry', async () => {
    const created = await clients.obra
      .from('accounts_payable')
      .insert(payable())
      .select('id')
      .single();
    const rpc = clients.obra.rpc as unknown as (f: string, a: Args) => PromiseLike<Result>;
    const { error } = await rpc.call(clients.obra, 'delete_entry', {
      p_kind: 'expense',
      p_id: created.data!.id,
    });
    expect(error).toBeNull();
    const left = await one(`select count(*)::int as n from public.accounts_payable where id = $1`, [
      created.data!.id,
    ]);
    expect(left).toEqual({ n: 0 });
  });

  it('cannot record a "Geral" payable, one of another obra, or one with a bank account', async () => {
    const obra = clients.obra;
    const cases = [
      payable({ project_id: null }),
      payable({ project_id: ids.project_b }),
      payable({ bank_account_id: ids.bank_accounts }),
    ];
    for (const row of cases) {
      const { error } = await obra.from('accounts_payable').insert(row);
      expect(error, JSON.stringify(row)).toMatchObject(rlsViolation('accounts_payable'));
    }
    // Already paid: not even the column is theirs to write.
    const paid = await obra.from('accounts_payable').insert(payable({ status: 'paid' }) as never);
    expect(paid.error).toMatchObject({ code: '42501' });
  });

  it('cannot move their payable to "Geral" or another obra', async () => {
    const obra = clients.obra;
    const created = await obra.from('accounts_payable').insert(payable()).select('id').single();
    for (const change of [{ project_id: null }, { project_id: ids.project_b }]) {
      const { error } = await obra
        .from('accounts_payable')
        .update(change)
        .eq('id', created.data!.id);
      expect(error).toMatchObject(rlsViolation('accounts_payable'));
    }
  });

  it('adds a supplier by its name only', async () => {
    const byName = await clients.obra
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Depósito da esquina' })
      .select('id');
    expect(byName.data).toHaveLength(1);
    const withMore = await clients.obra
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Depósito completo', document: '12345678000199' });
    expect(withMore.error).toMatchObject(rlsViolation('suppliers'));
  });

  it('reads their own obra assignments and their own membership only', async () => {
    const access = await clients.obra.from('project_access').select('project_id, user_id');
    expect(access.data).toEqual([{ project_id: ids.projects, user_id: userIds.obra }]);
    const profiles = await clients.obra
      .from('user_profiles')
      .select('user_id')
      .eq('company_id', companyId);
    expect(profiles.data).toEqual([{ user_id: userIds.obra }]);
    const projects = await clients.obra_other.from('projects').select('id');
    expect(projects.data).toEqual([{ id: ids.project_b }]);
  });
});

describe('the catalog', () => {
  it('every view in public has its row in the matrix', async () => {
    const { rows } = await db.query<{ v: string }>(
      `select c.relname as v from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')`,
    );
    const covered = new Set(VIEWS.map((spec) => spec.view));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.v).filter((v) => !covered.has(v))).toEqual([]);
  });

  it('every function in public has its row in the matrix', async () => {
    const { rows } = await db.query<{ fn: string }>(
      `select distinct p.proname as fn from pg_proc p
       where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'`,
    );
    const covered = new Set(FUNCTIONS.map((spec) => spec.fn));
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.map((r) => r.fn).filter((fn) => !covered.has(fn))).toEqual([]);
    // ...and no row names a function that does not exist.
    expect([...covered].filter((fn) => !rows.some((r) => r.fn === fn))).toEqual([]);
  });

  it('every table in public has its row in the matrix', async () => {
    const tables = (await publicTables(db)).map((t) => t.table);
    const covered = new Set(TABLES.map((spec) => spec.table));
    expect(tables.length).toBeGreaterThan(15);
    expect(tables.filter((t) => !covered.has(t))).toEqual([]);
  });
});
