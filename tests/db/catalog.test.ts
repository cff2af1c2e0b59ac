// The catalog, read as the superuser: what Supabase's database linter would report (lints 0011
// function_search_path_mutable, 0028/0029 anon/authenticated_security_definer_function_executable),
// grants wider than the column lists the migrations mean, and date columns without their range.
// Each test names the offending objects, so a new migration that reopens a hole fails here.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from './helpers';

let db: pg.Pool;

beforeAll(() => {
  db = adminDb();
});
afterAll(async () => {
  await db.end();
});

/** Functions of ours (not installed by an extension) in the given schemas. */
async function ourFunctions(where: string): Promise<string[]> {
  const { rows } = await db.query<{ f: string }>(
    `select p.oid::regprocedure::text as f
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private')
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       and (${where})
     order by 1`,
  );
  return rows.map((r) => r.f);
}

// Tables whose writes must not reach every column: the API may only write the columns listed in
// their migrations (status and settlement dates through settle_*/reopen_*, balances through the
// ledger, memberships through create_company/invitations, the ledger through our functions).
const COLUMN_GRANT_TABLES = [
  'companies',
  'user_profiles',
  'company_invitations',
  'bank_accounts',
  'accounts_payable',
  'accounts_receivable',
  'transactions',
  'notices',
];

// Columns the API must never write, whatever else changes.
const NEVER_WRITTEN: [table: string, column: string][] = [
  ['bank_accounts', 'current_balance'],
  ['accounts_payable', 'status'],
  ['accounts_payable', 'payment_date'],
  ['accounts_payable', 'created_by'],
  ['accounts_receivable', 'status'],
  ['accounts_receivable', 'received_date'],
  ['accounts_receivable', 'created_by'],
  ['transactions', 'amount'],
  ['transactions', 'bank_account_id'],
  ['user_profiles', 'user_id'],
  ['user_profiles', 'company_id'],
  ['companies', 'created_by'],
  ['notices', 'user_id'],
  ['notices', 'title'],
  ['notices', 'body'],
  ['notices', 'link'],
];

// The notify Edge Function's RPCs (issue 32): invoker wrappers only service_role may run, and their
// definer bodies, granted to service_role alone (public is on the search path: unqualified).
const SERVICE_ROLE_API = [
  'claim_deliveries(integer,timestamp with time zone)',
  'finish_delivery(uuid,boolean,text,boolean)',
  'plan_deliveries(timestamp with time zone)',
  'plan_mornings(timestamp with time zone,integer)',
];
const SERVICE_ROLE_BODIES = [
  'private.claim_deliveries(integer,timestamp with time zone)',
  'private.finish_delivery(uuid,boolean,text,boolean)',
  'private.plan_deliveries(timestamp with time zone)',
  'private.plan_mornings(timestamp with time zone,integer)',
];

describe('functions (Supabase lints 0011, 0028, 0029)', () => {
  it('no function in public is SECURITY DEFINER', async () => {
    // The API exposes public: definer rights live in private bodies behind invoker wrappers here.
    expect(await ourFunctions(`n.nspname = 'public' and p.prosecdef`)).toEqual([]);
  });

  it('every function in public and private has search_path fixed to empty', async () => {
    expect(
      await ourFunctions(`not coalesce(p.proconfig, '{}') @> array['search_path=""']`),
    ).toEqual([]);
  });

  // Issue 35: from a session's sixth call PL/pgSQL may reuse a generic plan made for an average
  // company; among many companies that plan is the wrong one for a large one (20261206010200).
  // The immutable helpers (no table, called per row), Storage's per-object policy function and the
  // morning's per-member digest keep their cached plans: planning each call would cost (the morning
  // among 1 000 companies: 17.7 → 24.6 s), and their plans are the same for everyone.
  it('every reading PL/pgSQL function plans each call for its arguments (force_custom_plan)', async () => {
    const custom = `coalesce(p.proconfig, '{}') @> array['plan_cache_mode=force_custom_plan']`;
    const reading = `p.prolang = (select oid from pg_language where lanname = 'plpgsql')
      and p.provolatile = 's' and p.prorettype <> 'trigger'::regtype
      and p.oid not in ('private.document_object_access(text, text, text)'::regprocedure,
                        'private.daily_digest(uuid, uuid, date)'::regprocedure)`;
    expect(await ourFunctions(`${reading} and not ${custom}`)).toEqual([]);
  });

  it('anon can execute nothing in public or private', async () => {
    expect(await ourFunctions(`has_function_privilege('anon', p.oid, 'EXECUTE')`)).toEqual([]);
  });

  it('PUBLIC holds EXECUTE on no function of ours', async () => {
    // A null proacl means the built-in default, which grants EXECUTE to PUBLIC.
    expect(
      await ourFunctions(
        `p.proacl is null or exists (select 1 from aclexplode(p.proacl) a
                                     where a.grantee = 0 and a.privilege_type = 'EXECUTE')`,
      ),
    ).toEqual([]);
  });

  it("authenticated can execute every function in public (the API) but the service role's", async () => {
    expect(
      await ourFunctions(
        `n.nspname = 'public' and not has_function_privilege('authenticated', p.oid, 'EXECUTE')`,
      ),
    ).toEqual(SERVICE_ROLE_API);
  });

  it("the service role's API (the notify Edge Function) is the service role's alone", async () => {
    const { rows } = await db.query<{ f: string; service: boolean; definer: boolean }>(
      `select p.oid::regprocedure::text as f,
              has_function_privilege('service_role', p.oid, 'EXECUTE') as service,
              p.prosecdef as definer
       from pg_proc p
       where p.oid::regprocedure::text = any ($1::text[])
          or p.oid::regprocedure::text = any ($2::text[])
       order by 1`,
      [SERVICE_ROLE_API, SERVICE_ROLE_BODIES],
    );
    expect(rows).toEqual(
      [
        ...SERVICE_ROLE_BODIES.map((f) => ({ f, service: true, definer: true })),
        ...SERVICE_ROLE_API.map((f) => ({ f, service: true, definer: false })),
      ].sort((a, b) => (a.f < b.f ? -1 : 1)),
    );
  });

  it('the security definer bodies in private are all that authenticated may run there', async () => {
    const executable = await ourFunctions(
      `n.nspname = 'private' and has_function_privilege('authenticated', p.oid, 'EXECUTE')`,
    );
    const mine = [
      'private.admin_company_ids()',
      'private.assert_member(uuid)',
      'private.assert_valid_amount(numeric,boolean)',
      'private.assert_valid_date(date)',
      // The search form of texts the invoker list functions compare (accents and case ignored).
      'private.search_text(text)',
      'private.search_pattern(text)',
      // The time-ordered id every id column defaults to (evaluated by whoever inserts).
      'private.uuid_v7()',
      // The obras and categorias of a rateio, which the generated part_*_ids columns compute.
      'private.part_ids(jsonb,text)',
      // [reports] The rule of a rateio, which the invoker readers (dre, report_summary,
      // category_stats) apply as their caller.
      'private.apportion(numeric[],numeric)',
      'private.part_shares(jsonb,numeric)',
      // [movements] search_movements (invoker) lists split entries by their parts: pure functions.
      'private.entry_part_figures(jsonb,uuid,uuid,uuid,numeric,numeric,numeric,numeric,numeric)',
      'private.part_matches(uuid,uuid,uuid[],boolean,uuid[])',
      'private.parts_display(jsonb,numeric,numeric,numeric,numeric,numeric,uuid[],boolean,uuid[])',
      'private.parts_match(jsonb,uuid[],boolean,uuid[])',
      // The kept paid totals entry_list_summary reads (private.entry_paid_totals).
      'private.entry_paid_total(uuid,text)',
      // The kept ledger totals the account, Relatório, DRE and category figures read.
      'private.ledger_account_totals(uuid,uuid,date,date)',
      'private.ledger_account_deltas(uuid,uuid[],date,date[])',
      'private.ledger_month_totals(uuid,text,date,date,uuid[],uuid[],boolean)',
      // [reports] Relatório's count of payments over whole months (a split one once).
      'private.ledger_payment_counts(uuid,uuid[],date,date)',
      // A bank account's searched rows on their indexes (account_ledger's search).
      'private.ledger_search_ids(uuid,uuid,text,uuid[],uuid[],uuid[],integer)',
      // Movimentações' searched entries on their indexes (search_movements' search).
      'private.movement_search_ids(uuid,text,uuid[],uuid[],uuid[],uuid[],uuid[],integer)',
      // The kept entry totals (private.entry_totals) the invoker summaries read.
      'private.movement_entry_totals(uuid,date,date,date,text[],text[],uuid[],uuid[],boolean,uuid[])',
      'private.movement_search_totals(uuid,date,text,date,date,text[],text[],uuid[],uuid[],boolean,uuid[],boolean)',
      // Movimentações' page in a date order, its ids read on the indexes (search_movements).
      'private.movement_page_ids(uuid,date,date,date,text[],text[],uuid[],uuid[],boolean,uuid[],boolean,text,uuid[],uuid[],uuid[],uuid[],uuid[],text,integer)',
      // [perf33] Its page by value under one obra or categoria, from the kept split values.
      'private.movement_split_value_ids(uuid,date,date,date,text[],text[],uuid[],text,uuid,boolean,text,uuid[],uuid[],uuid[],uuid[],uuid[],text,integer)',
      'private.pending_entry_totals(uuid,date)',
      'private.supplier_spent_total(uuid)',
      // Últimos lançamentos' count from the kept due-month counts (private.entry_due_counts).
      'private.latest_entries_count_kept(uuid,date,date)',
      'private.overdue_open_totals(uuid,date,uuid)',
      // Conciliação's candidates, looked up by amount on the indexes.
      'private.statement_candidates(uuid)',
      'private.create_company(text,text,text,text,text,text,text,text,text)',
      'private.update_company(uuid,text,text,text,text,text,text,text,text,numeric)',
      // The last-admin guard's lock of the company row (the caller has no UPDATE on companies).
      'private.lock_company_row(uuid)',
      'private.reopen_payable(uuid,date)',
      'private.reopen_receivable(uuid,date)',
      'private.settle_payable(uuid,uuid,date,numeric,numeric,numeric,numeric,date,numeric)',
      'private.settle_receivable(uuid,uuid,date,numeric,numeric,numeric,numeric,date,numeric)',
      // Lançar "Marcar como Pago" and the estorno of a transfer.
      'private.create_and_settle_entry(text,uuid,uuid,text,numeric,date,uuid,date,date,uuid,text,uuid,uuid,text,text,numeric,numeric,numeric,uuid,jsonb)',
      'private.reverse_payment(uuid,date)',
      'private.reverse_transfer(uuid,date)',
      'private.transfer_between_accounts(uuid,uuid,numeric,date,text)',
      'private.user_company_ids()',
      // The role helpers policies and invoker functions call (roles, obra access).
      'private.company_role(uuid)',
      'private.reader_company_ids()',
      'private.writer_company_ids()',
      'private.obra_project_ids()',
      'private.assert_role(uuid,text[])',
      'private.assert_row_role(text,uuid,text[],text)',
      // Dar Baixa's version check (20261130085000).
      'private.assert_open_amount(text,uuid,numeric)',
      'private.assert_entry_writer(text,uuid)',
      // The Storage policies of bucket documentos (who reads, adds, removes which object).
      'private.document_object_access(text,text,text)',
      // Obra figures and the Histórico (an 'obra' member reads them for its obras only).
      'private.project_budget(uuid)',
      'private.project_budget_totals(uuid)',
      'private.project_financials(uuid,uuid)',
      'private.entry_history(text,uuid)',
      // An 'obra' member's payables, a split with their parts only (issue 33; the body masks).
      'private.obra_payables(uuid,uuid,integer)',
      // Conciliação bancária (the statement tables are written by these only).
      'private.import_bank_statement(uuid,text,jsonb,text,text,text,date,date,numeric)',
      // Importar NF-e (creates the supplier with its CNPJ, which an 'obra' member may not).
      'private.import_nfe(uuid,text,text,text,date,numeric,jsonb,jsonb,uuid,uuid,jsonb)',
      // Whether a boleto is recorded, bills RLS hides included (the existence only; issue 31).
      'private.boleto_code_taken(uuid,text)',
      'private.reconcile_statement_line(uuid,text,uuid,uuid,text,uuid,text,date)',
      'private.undo_statement_line(uuid)',
      // The bodies of the invitation functions.
      'private.accept_invitation(text,text)',
      // The index of members' names (user_profiles_company_name_key): whoever writes a name runs it.
      'private.member_name_key(text)',
      'private.create_invitation(uuid,text,text,uuid[])',
      'private.set_member_access(uuid,text,uuid[])',
      // Aprovações (the approval columns are written by these and the trigger only).
      'private.approve_payable(uuid,numeric,timestamp with time zone,uuid,uuid,date)',
      'private.refuse_payable(uuid,numeric,timestamp with time zone,text)',
      'private.invitation_preview(text)',
      'private.renew_invitation(uuid)',
      // This browser's push subscription: an endpoint another user held moves to the caller (issue 32).
      'private.save_push_subscription(text,text,text,text)',
      // The caller's own notice settings, defaults applied (issue 32).
      'private.notice_settings_for(uuid)',
      // A rateio padrão's parts for an amount (issue 33): the active obras' budgets.
      'private.split_template_parts(uuid,numeric)',
      // Importar planilha (issue 34): the batch import_rows opens (import_batches is written by
      // these only), the undo (it removes the import's ledger rows), the remembered mappings.
      'private.open_import_batch(uuid,text,text,integer)',
      'private.settle_imported(text,uuid,uuid,jsonb,date)',
      'private.undo_import_batch(uuid,timestamp with time zone)',
      'private.save_import_mapping(uuid,text,jsonb)',
      // What the invoker import_rows and import_duplicates run as their caller: pure readers of a
      // sheet's values, and the rows' inserts (RLS and the tables' triggers apply to the caller).
      'private.import_date(text)',
      'private.import_amount(text,boolean)',
      'private.import_uuid(text)',
      'private.import_reason(text,text,text)',
      'private.import_insert(text,uuid,uuid,jsonb)',
    ];
    expect([...executable].sort()).toEqual([...mine].sort());
  });

  it('the writers of avisos are definers no API role may run (only the database and the schedule)', async () => {
    const { rows } = await db.query<{
      f: string;
      definer: boolean;
      api: boolean;
      service: boolean;
    }>(
      `select p.oid::regprocedure::text as f, p.prosecdef as definer,
              has_function_privilege('authenticated', p.oid, 'EXECUTE')
              or has_function_privilege('anon', p.oid, 'EXECUTE') as api,
              has_function_privilege('service_role', p.oid, 'EXECUTE') as service
       from pg_proc p
       where p.pronamespace = 'private'::regnamespace
         and (p.proname like 'notify\\_%' or p.proname in ('write_due_notices', 'notice_recipients'))
       order by 1`,
    );
    expect(rows).toEqual([
      {
        f: 'private.notice_recipients(uuid,text[],uuid)',
        definer: true,
        api: false,
        service: false,
      },
      // Importar planilha (issue 34): a batch imported or undone.
      { f: 'private.notify_import_batch()', definer: true, api: false, service: false },
      { f: 'private.notify_invitation_accepted()', definer: true, api: false, service: false },
      { f: 'private.notify_nfe_imported()', definer: true, api: false, service: false },
      { f: 'private.notify_payable_approval()', definer: true, api: false, service: false },
      { f: 'private.notify_statement_imported()', definer: true, api: false, service: false },
      // The daily summary: the schedule (service role) calls it.
      { f: 'private.write_due_notices(date,uuid[])', definer: true, api: false, service: true },
    ]);
  });

  it("the definers of deliveries outside the app are no API role's (issue 32)", async () => {
    const { rows } = await db.query<{
      f: string;
      definer: boolean;
      api: boolean;
      service: boolean;
    }>(
      `select p.oid::regprocedure::text as f, p.prosecdef as definer,
              has_function_privilege('authenticated', p.oid, 'EXECUTE')
              or has_function_privilege('anon', p.oid, 'EXECUTE') as api,
              has_function_privilege('service_role', p.oid, 'EXECUTE') as service
       from pg_proc p
       where p.pronamespace = 'private'::regnamespace
         and p.proname in ('member_notice_settings', 'notice_enabled', 'guard_notice_insert',
                           'daily_digest', 'wake_notify', 'notices_written', 'br_holidays',
                           'is_business_day', 'next_business_day', 'due_windows',
                           'notice_pref_kind', 'notice_default')
       order by 1`,
    );
    expect(rows).toEqual([
      { f: 'private.br_holidays(integer)', definer: false, api: false, service: false },
      { f: 'private.daily_digest(uuid,uuid,date)', definer: true, api: false, service: false },
      { f: 'private.due_windows(date)', definer: false, api: false, service: false },
      { f: 'private.guard_notice_insert()', definer: true, api: false, service: false },
      { f: 'private.is_business_day(date)', definer: false, api: false, service: false },
      { f: 'private.member_notice_settings(uuid,uuid)', definer: true, api: false, service: false },
      { f: 'private.next_business_day(date)', definer: false, api: false, service: false },
      { f: 'private.notice_default(text,text,text)', definer: false, api: false, service: false },
      { f: 'private.notice_enabled(uuid,uuid,text)', definer: true, api: false, service: false },
      { f: 'private.notice_pref_kind(text)', definer: false, api: false, service: false },
      { f: 'private.notices_written()', definer: true, api: false, service: false },
      { f: 'private.wake_notify()', definer: true, api: false, service: false },
    ]);
  });

  it("every public wrapper of a private body keeps the body's arguments", async () => {
    const { rows } = await db.query<{ f: string }>(
      `select pub.oid::regprocedure::text as f
       from pg_proc priv
       join pg_namespace pn on pn.oid = priv.pronamespace and pn.nspname = 'private'
       join pg_proc pub on pub.proname = priv.proname
       join pg_namespace un on un.oid = pub.pronamespace and un.nspname = 'public'
       where priv.prosecdef and pub.proargtypes <> priv.proargtypes`,
    );
    expect(rows.map((r) => r.f)).toEqual([]);
  });
});

describe('table privileges', () => {
  it('authenticated holds no table-wide INSERT or UPDATE where column lists are meant', async () => {
    const { rows } = await db.query<{ t: string; p: string }>(
      `select t, p from unnest($1::text[]) t, unnest(array['INSERT', 'UPDATE']) p
       where has_table_privilege('authenticated', 'public.' || t, p)
       order by 1, 2`,
      [COLUMN_GRANT_TABLES],
    );
    expect(rows).toEqual([]);
  });

  it('authenticated can write none of the columns only the database writes', async () => {
    const { rows } = await db.query<{ t: string; c: string; p: string }>(
      `select x.t, x.c, p
       from unnest($1::text[], $2::text[]) as x(t, c), unnest(array['INSERT', 'UPDATE']) p
       where has_column_privilege('authenticated', 'public.' || x.t, x.c, p)`,
      [NEVER_WRITTEN.map(([t]) => t), NEVER_WRITTEN.map(([, c]) => c)],
    );
    expect(rows).toEqual([]);
  });

  it('anon holds nothing on any table or column in public', async () => {
    const { rows } = await db.query(
      `select table_name, column_name, privilege_type from information_schema.column_privileges
       where grantee = 'anon' and table_schema = 'public'
       union all
       select table_name, null, privilege_type from information_schema.role_table_grants
       where grantee = 'anon' and table_schema = 'public'`,
    );
    expect(rows).toEqual([]);
  });

  it('authenticated never holds TRUNCATE, REFERENCES or TRIGGER', async () => {
    const { rows } = await db.query(
      `select table_name, privilege_type from information_schema.role_table_grants
       where grantee = 'authenticated' and table_schema = 'public'
         and privilege_type in ('TRUNCATE', 'REFERENCES', 'TRIGGER')`,
    );
    expect(rows).toEqual([]);
  });

  it('new objects get no privileges for the API roles by default', async () => {
    const { rows } = await db.query<{ objtype: string; schema: string | null; acl: string }>(
      `select d.defaclobjtype as objtype, n.nspname as schema, d.defaclacl::text as acl
       from pg_default_acl d
       join pg_roles r on r.oid = d.defaclrole and r.rolname = 'postgres'
       left join pg_namespace n on n.oid = d.defaclnamespace
       where d.defaclobjtype = 'f'
         and (n.nspname is null or n.nspname in ('public', 'private'))`,
    );
    // The global entry exists (it is what removes PUBLIC's EXECUTE) and names no API role.
    expect(rows.some((r) => r.schema === null)).toBe(true);
    for (const row of rows) {
      expect(row.acl).not.toMatch(/(^|[{,])(anon|authenticated)?=X/);
    }
  });
});

describe('date columns', () => {
  it('every date column has its <table>_<column>_range check', async () => {
    const { rows } = await db.query<{ t: string; c: string }>(
      `select c.table_name as t, c.column_name as c
       from information_schema.columns c
       join information_schema.tables tb
         on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
       where c.table_schema = 'public' and c.data_type = 'date'
         and not exists (
           select 1 from pg_constraint k
           where k.conrelid = ('public.' || c.table_name)::regclass and k.contype = 'c'
             and k.conname = c.table_name || '_' || c.column_name || '_range')
       order by 1, 2`,
    );
    expect(rows).toEqual([]);
  });

  it('only date ranges are named *_range (the front end maps that suffix to invalid_date)', async () => {
    const { rows } = await db.query<{ conname: string; t: string }>(
      `select k.conname, k.conrelid::regclass::text as t
       from pg_constraint k join pg_namespace n on n.oid = k.connamespace
       where n.nspname = 'public' and k.conname like '%\\_range'
         and not exists (
           select 1 from pg_attribute a
           where a.attrelid = k.conrelid and a.attnum = any (k.conkey) and a.atttypid = 'date'::regtype)`,
    );
    expect(rows).toEqual([]);
  });
});

describe('the rest of Supabase’s linter on our schema', () => {
  it('0010: every view in public runs as the caller (security_invoker)', async () => {
    const { rows } = await db.query(
      `select c.relname from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
         and not coalesce(c.reloptions, '{}') @> array['security_invoker=true']`,
    );
    expect(rows).toEqual([]);
  });

  const UNWRAPPED_AUTH_CALLS = `
    select tablename, policyname from pg_policies
    where schemaname = 'public'
      and regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''),
                         '\\( SELECT auth\\.\\w+\\(\\) AS \\w+\\)', '', 'g') ~ 'auth\\.\\w+\\('`;

  it('0003: policies evaluate auth.* once per statement, wrapped in a select', async () => {
    expect((await db.query(UNWRAPPED_AUTH_CALLS)).rows).toEqual([]);
  });

  it('0003: the check above does catch an unwrapped call', async () => {
    const c = await db.connect();
    try {
      await c.query('begin');
      await c.query(`create policy zz_probe on public.clients for select to authenticated
                     using (auth.uid() is not null)`);
      const { rows } = await c.query<{ policyname: string }>(UNWRAPPED_AUTH_CALLS);
      expect(rows.map((r) => r.policyname)).toEqual(['zz_probe']);
    } finally {
      await c.query('rollback');
      c.release();
    }
  });

  it('0006: at most one permissive policy per table, role and command', async () => {
    const { rows } = await db.query(
      `select tablename, r.role, p.cmd, count(*)::int as n
       from pg_policies p, unnest(p.roles) r(role)
       where p.schemaname = 'public' and p.permissive = 'PERMISSIVE'
       group by tablename, r.role, p.cmd
       having count(*) > 1`,
    );
    expect(rows).toEqual([]);
  });

  it('0009: no duplicate indexes', async () => {
    const { rows } = await db.query(
      `select a.indrelid::regclass::text as t, a.indexrelid::regclass::text as i, b.indexrelid::regclass::text as dup
       from pg_index a
       join pg_index b on b.indrelid = a.indrelid and b.indexrelid > a.indexrelid
         and b.indkey = a.indkey and b.indclass = a.indclass
         and coalesce(pg_get_expr(b.indexprs, b.indrelid), '') = coalesce(pg_get_expr(a.indexprs, a.indrelid), '')
         and coalesce(pg_get_expr(b.indpred, b.indrelid), '') = coalesce(pg_get_expr(a.indpred, a.indrelid), '')
       join pg_class c on c.oid = a.indrelid and c.relnamespace = 'public'::regnamespace`,
    );
    expect(rows).toEqual([]);
  });

  it('0013/0014: RLS on every table in public, and no extension installed in public', async () => {
    const { rows } = await db.query(
      `select relname as name from pg_class
       where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity
       union all
       select extname from pg_extension where extnamespace = 'public'::regnamespace`,
    );
    expect(rows).toEqual([]);
  });
});
