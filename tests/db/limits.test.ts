// Every text the database takes is bounded: functions refuse an
// oversized text before doing any work (text_too_long naming the field and its limit, or the key
// of the enumerated argument), table writes through the API meet a <table>_<column>_length check,
// and the limit itself is accepted. Each oversized call must write nothing and answer quickly.
import { randomUUID } from 'node:crypto';
import type { PostgrestError } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorKey, getErrorMessage, TEXT_FIELD_LABELS } from '../../src/lib/errors';
import { adminDb, checkViolation, createMember, createUser, type TestClient } from './helpers';
import { createBankAccount, createPayable, type Member } from './money-helpers';

// Under the gateway's 1 MB body limit, so that the database (not the gateway) answers.
const BIG = 'x'.repeat(900_000);
// Far below what a call may take on a loaded machine, far above what a refused check costs: the
// point is that nothing scans, hashes or stores the text.
const QUICK_MS = 3_000;

let db: pg.Pool;
let owner: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Limites');
});
afterAll(async () => {
  await db.end();
});

type LooseRpc = (
  fn: string,
  args?: Record<string, unknown>,
) => PromiseLike<{ data: unknown; error: PostgrestError | null }>;

/** Calls a function with arguments the generated types may not allow, and times the answer. */
async function call(client: TestClient, fn: string, args: Record<string, unknown>) {
  const started = performance.now();
  const result = await (client.rpc as unknown as LooseRpc).call(client, fn, args);
  return { ...result, ms: performance.now() - started };
}

function tooLong(field: string, max: number) {
  return { code: 'P0001', message: 'text_too_long', details: field, hint: String(max) };
}

function raised(key: string) {
  return { code: 'P0001', message: key };
}

/** Rows the company has in the tables these functions write, audit trail included. */
async function companyRows(companyId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select (select count(*) from public.projects where company_id = $1)
          + (select count(*) from public.project_stages where company_id = $1)
          + (select count(*) from public.accounts_payable where company_id = $1)
          + (select count(*) from public.accounts_receivable where company_id = $1)
          + (select count(*) from public.transactions where company_id = $1)
          + (select count(*) from public.company_invitations where company_id = $1)
          + (select count(*) from public.audit_log where company_id = $1) as n`,
    [companyId],
  );
  return Number(rows[0]?.n);
}

/** The call is refused with `expected`, quickly, and the company has exactly the rows it had. */
async function refusedCleanly(
  run: () => Promise<{ error: PostgrestError | null; ms: number }>,
  expected: Record<string, unknown>,
  companyId: string = owner.company.id,
) {
  const before = await companyRows(companyId);
  const { error, ms } = await run();
  expect(error).toMatchObject(expected);
  expect(ms).toBeLessThan(QUICK_MS);
  expect(await companyRows(companyId)).toBe(before);
}

describe('create_company', () => {
  const limits: [string, string, number][] = [
    ['p_name', 'name', 200],
    ['p_full_name', 'full_name', 200],
    ['p_document', 'document', 30],
    ['p_email', 'email', 320],
    ['p_phone', 'phone', 40],
    ['p_address', 'address', 300],
    ['p_city', 'city', 120],
    ['p_state', 'state', 60],
    ['p_zip_code', 'zip_code', 20],
  ];

  it.each(limits)('%s of 900 kB → text_too_long (%s, %i), no company', async (arg, field, max) => {
    const user = await createUser();
    const { error, ms } = await call(user.client, 'create_company', {
      p_name: 'Construtora Grande',
      p_full_name: 'Fulano',
      [arg]: BIG,
    });
    expect(error).toMatchObject(tooLong(field, max));
    expect(ms).toBeLessThan(QUICK_MS);
    const { rows } = await db.query(
      `select 1 from public.companies where created_by = $1
       union all select 1 from public.user_profiles where user_id = $1`,
      [user.user.id],
    );
    expect(rows).toHaveLength(0);
    // What the user reads: the field and its limit, in Portuguese.
    expect(getErrorMessage(error)).toBe(
      `O campo ${TEXT_FIELD_LABELS[field]} aceita no máximo ${max} caracteres.`,
    );
  });

  it('takes every field at its limit (surrounding spaces are trimmed, not counted)', async () => {
    const user = await createUser();
    const args = Object.fromEntries(limits.map(([arg, , max]) => [arg, `  ${'a'.repeat(max)}  `]));
    const { data, error } = await call(user.client, 'create_company', args);
    expect(error).toBeNull();
    expect((data as { name: string }).name).toHaveLength(200);
  });
});

describe('create_project', () => {
  const base = () => ({
    p_company_id: owner.company.id,
    p_name: 'Obra Limite',
    p_address: 'Rua A, 1',
    p_client_name: 'Cliente',
    p_budget: 1000,
    p_start_date: '2026-01-01',
    p_end_date: '2026-12-31',
    p_stages: ['Planejamento'],
  });

  it.each([
    ['p_name', 'name', 200],
    ['p_address', 'address', 300],
    ['p_client_name', 'client_name', 200],
    ['p_description', 'description', 2000],
  ] as const)('%s of 900 kB → text_too_long (%s, %i), nothing written', async (arg, field, max) => {
    await refusedCleanly(
      () => call(owner.client, 'create_project', { ...base(), [arg]: BIG }),
      tooLong(field, max),
    );
  });

  it('a stage name of 900 kB → text_too_long (stage, 120), nothing written', async () => {
    await refusedCleanly(
      () => call(owner.client, 'create_project', { ...base(), p_stages: ['Fundação', BIG] }),
      tooLong('stage', 120),
    );
  });

  it('more than 100 stages → invalid_stage, nothing written', async () => {
    const stages = Array.from({ length: 101 }, (_, i) => `Etapa ${i}`);
    await refusedCleanly(
      () => call(owner.client, 'create_project', { ...base(), p_stages: stages }),
      raised('invalid_stage'),
    );
  });

  it('an unknown priority or status of 900 kB → its key, nothing written', async () => {
    await refusedCleanly(
      () => call(owner.client, 'create_project', { ...base(), p_priority: BIG }),
      raised('invalid_priority'),
    );
    await refusedCleanly(
      () => call(owner.client, 'create_project', { ...base(), p_status: BIG }),
      raised('invalid_status'),
    );
  });

  it('takes every text at its limit', async () => {
    const { data, error } = await call(owner.client, 'create_project', {
      ...base(),
      p_name: 'n'.repeat(200),
      p_address: 'a'.repeat(300),
      p_client_name: 'c'.repeat(200),
      p_description: 'd'.repeat(2000),
      p_stages: Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(120, 'e')),
    });
    expect(error).toBeNull();
    const { rows } = await db.query(
      'select count(*)::int as n from public.project_stages where project_id = $1',
      [(data as { id: string }).id],
    );
    expect(rows[0]).toEqual({ n: 100 });
  });
});

describe('create_and_settle_entry', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await createBankAccount(owner, 1000)).id;
  });
  const base = (kind: 'expense' | 'income' = 'expense') => ({
    p_kind: kind,
    p_id: randomUUID(),
    p_company_id: owner.company.id,
    p_description: 'Areia',
    p_amount: 10,
    p_due_date: '2026-01-10',
    p_bank_account_id: accountId,
    p_paid_on: '2026-01-10',
  });

  it.each([
    ['expense', 'p_description', 'description', 200],
    ['expense', 'p_counterparty_name', 'supplier_name', 200],
    ['income', 'p_counterparty_name', 'client_name', 200],
    ['income', 'p_notes', 'notes', 2000],
  ] as const)(
    '%s with %s of 900 kB → text_too_long (%s, %i), nothing written',
    async (kind, arg, field, max) => {
      await refusedCleanly(
        () => call(owner.client, 'create_and_settle_entry', { ...base(kind), [arg]: BIG }),
        tooLong(field, max),
      );
    },
  );

  it('an unknown kind or payment method of 900 kB → its key, nothing written', async () => {
    await refusedCleanly(
      () => call(owner.client, 'create_and_settle_entry', { ...base(), p_kind: BIG }),
      raised('invalid_kind'),
    );
    await refusedCleanly(
      () => call(owner.client, 'create_and_settle_entry', { ...base(), p_payment_method: BIG }),
      raised('invalid_payment_method'),
    );
  });

  it('takes every text at its limit', async () => {
    const { error } = await call(owner.client, 'create_and_settle_entry', {
      ...base(),
      p_description: 'd'.repeat(200),
      p_counterparty_name: 's'.repeat(200),
      p_notes: 'n'.repeat(2000),
      p_payment_method: 'pix',
    });
    expect(error).toBeNull();
  });
});

describe('transfer_between_accounts', () => {
  it('a description of 900 kB → text_too_long (description, 250), nothing written', async () => {
    const from = await createBankAccount(owner, 100);
    const to = await createBankAccount(owner, 0);
    const args = {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 5,
      p_transfer_date: '2026-01-10',
    };
    await refusedCleanly(
      () => call(owner.client, 'transfer_between_accounts', { ...args, p_description: BIG }),
      tooLong('description', 250),
    );
    const atLimit = await call(owner.client, 'transfer_between_accounts', {
      ...args,
      p_description: 't'.repeat(250),
    });
    expect(atLimit.error).toBeNull();
  });

  it('the default description of two accounts with the longest names fits', async () => {
    const from = await createBankAccount(owner, 100, { name: 'A'.repeat(120) });
    const to = await createBankAccount(owner, 0, { name: 'B'.repeat(120) });
    const { data, error } = await call(owner.client, 'transfer_between_accounts', {
      p_from_account_id: from.id,
      p_to_account_id: to.id,
      p_amount: 5,
      p_transfer_date: '2026-01-10',
    });
    expect(error).toBeNull();
    const { rows } = await db.query<{ description: string }>(
      'select description from public.transactions where transfer_group_id = $1',
      [data],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.description).toHaveLength(250);
  });
});

describe('searches', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await createBankAccount(owner, 10)).id;
    await createPayable(owner, 10, { description: `Busca ${'b'.repeat(190)}` });
  });

  it.each([
    ['search_movements', () => ({ p_company_id: owner.company.id, p_today: '2026-01-10' })],
    ['movement_summary', () => ({ p_company_id: owner.company.id, p_today: '2026-01-10' })],
    ['account_ledger', () => ({ p_bank_account_id: accountId })],
    ['bank_account_summary', () => ({ p_bank_account_id: accountId })],
  ] as const)('%s: a search of 900 kB → text_too_long (search, 200)', async (fn, args) => {
    const { error, ms } = await call(owner.client, fn, { ...args(), p_search: BIG });
    expect(error).toMatchObject(tooLong('search', 200));
    expect(ms).toBeLessThan(QUICK_MS);
    const atLimit = await call(owner.client, fn, { ...args(), p_search: 'b'.repeat(200) });
    expect(atLimit.error).toBeNull();
  });

  it('a search of 200 characters still finds what it names', async () => {
    const { data, error } = await call(owner.client, 'search_movements', {
      p_company_id: owner.company.id,
      p_today: '2026-01-10',
      p_search: `Busca ${'b'.repeat(190)}`.slice(0, 196),
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('unknown kinds and statuses are refused, not matched against', async () => {
    const args = { p_company_id: owner.company.id, p_today: '2026-01-10' };
    const kinds = await call(owner.client, 'search_movements', {
      ...args,
      p_kinds: ['expense', BIG],
    });
    expect(kinds.error).toMatchObject(raised('invalid_kind'));
    const statuses = await call(owner.client, 'movement_summary', {
      ...args,
      p_statuses: ['pending'],
    });
    expect(statuses.error).toMatchObject(raised('invalid_status'));
    const known = await call(owner.client, 'search_movements', {
      ...args,
      p_kinds: ['expense', 'income', 'transfer'],
      p_statuses: ['open', 'overdue', 'paid'],
    });
    expect(known.error).toBeNull();
  });
});

describe('enumerated arguments of 900 kB get their key', () => {
  it.each([
    ['delete_entry', () => ({ p_kind: BIG, p_id: randomUUID() }), 'invalid_kind'],
    [
      'delete_entry',
      () => ({ p_kind: 'expense', p_id: randomUUID(), p_scope: BIG }),
      'invalid_scope',
    ],
    ['entry_history', () => ({ p_kind: BIG, p_id: randomUUID() }), 'invalid_kind'],
    [
      'entry_list_summary',
      () => ({ p_company_id: owner.company.id, p_kind: BIG, p_today: '2026-01-10' }),
      'invalid_kind',
    ],
    [
      'dre',
      () => ({
        p_company_id: owner.company.id,
        p_start: '2026-01-01',
        p_end: '2026-01-31',
        p_basis: BIG,
      }),
      'invalid_basis',
    ],
    [
      'balance_history',
      () => ({ p_company_id: owner.company.id, p_bucket: BIG }),
      'invalid_bucket',
    ],
    [
      'company_activity',
      () => ({ p_company_id: owner.company.id, p_table: BIG }),
      'invalid_activity_type',
    ],
  ] as const)('%s → %s', async (fn, args, key) => {
    await refusedCleanly(() => call(owner.client, fn, args()), raised(key));
  });
});

describe('invitations', () => {
  it('an e-mail or role of 900 kB → invalid_email / invalid_role, no invitation', async () => {
    await refusedCleanly(
      () =>
        call(owner.client, 'create_invitation', {
          p_company_id: owner.company.id,
          p_email: `${BIG}@example.com`,
        }),
      raised('invalid_email'),
    );
    await refusedCleanly(
      () =>
        call(owner.client, 'create_invitation', {
          p_company_id: owner.company.id,
          p_email: 'convidado@example.com',
          p_role: BIG,
        }),
      raised('invalid_role'),
    );
  });

  it.each(['accept_invitation', 'invitation_preview'])(
    '%s with a token of 900 kB → invitation_not_found',
    async (fn) => {
      const user = await createUser();
      const { error, ms } = await call(user.client, fn, { p_token: BIG });
      expect(error).toMatchObject(raised('invitation_not_found'));
      expect(ms).toBeLessThan(QUICK_MS);
    },
  );
});

describe('table writes through the API', () => {
  function insert(table: string, row: Record<string, unknown>) {
    return owner.client
      .from(table as 'suppliers')
      .insert({ company_id: owner.company.id, ...row } as never)
      .select()
      .single();
  }

  it('a supplier name of 10,000 characters → suppliers_name_length, in Portuguese', async () => {
    const { error } = await insert('suppliers', { name: 'n'.repeat(10_000) });
    expect(error).toMatchObject(checkViolation('suppliers_name_length'));
    expect(errorKey(error)).toBe('text_too_long');
    expect(getErrorMessage(error)).toBe(
      'O campo Nome passou do tamanho máximo. Encurte o texto e tente novamente.',
    );
  });

  it('trailing spaces count: a name padded to 10,000 characters is refused too', async () => {
    const { error } = await insert('suppliers', { name: `Fornecedor${' '.repeat(10_000)}` });
    expect(error).toMatchObject(checkViolation('suppliers_name_length'));
  });

  it('a blank name still reports the blank rule, not the length', async () => {
    const { error } = await insert('suppliers', { name: '   ' });
    expect(error).toMatchObject(checkViolation('suppliers_name_check'));
  });

  it('a payable description of 10,000 characters → accounts_payable_description_length', async () => {
    const { error } = await insert('accounts_payable', {
      description: 'd'.repeat(10_000),
      amount: 1,
      due_date: '2026-01-10',
    });
    expect(error).toMatchObject(checkViolation('accounts_payable_description_length'));
    expect(getErrorMessage(error)).toBe(
      'O campo Descrição passou do tamanho máximo. Encurte o texto e tente novamente.',
    );
  });

  it('notes one past the limit are refused, at the limit accepted', async () => {
    // A supplier's notes are in its details (issue 31), written with it by save_supplier.
    const save = (name: string, notes: string) =>
      owner.client.rpc('save_supplier', {
        p_company_id: owner.company.id,
        p_supplier: { name, type: 'materiais', notes },
      });
    const over = await save('Fornecedor', 'o'.repeat(2001));
    expect(over.error).toMatchObject(checkViolation('supplier_details_notes_length'));
    const at = await save('s'.repeat(200), 'o'.repeat(2000));
    expect(at.error).toBeNull();
  });
});

describe('catalog', () => {
  it('every text column of a company table has a <table>_<column>_length check or a fixed list', async () => {
    const { rows } = await db.query<{ col: string }>(
      `select c.table_name || '.' || c.column_name as col
       from information_schema.columns c
       join pg_class t on t.relname = c.table_name and t.relkind in ('r', 'p')
       join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
       where c.table_schema = 'public' and c.data_type in ('text', 'character varying')
         -- written only by triggers, from rows that are bounded themselves
         and c.table_name <> 'audit_log'
         -- computed by Postgres from bounded columns (the search_key columns); nobody writes them
         and c.is_generated = 'NEVER'
         and not exists (select 1 from pg_constraint k
                         where k.conrelid = t.oid and k.conname = c.table_name || '_' || c.column_name || '_length')
         and not exists (select 1 from pg_constraint k
                         join pg_attribute a on a.attrelid = t.oid and a.attnum = any (k.conkey)
                         where k.conrelid = t.oid and k.contype = 'c' and a.attname = c.column_name
                           and strpos(pg_get_constraintdef(k.oid), '(' || c.column_name || ' = ANY (ARRAY[') > 0)
       order by 1`,
    );
    expect(rows.map((r) => r.col)).toEqual([]);
  });

  it('every *_length check names a column the app has a label for', async () => {
    const { rows } = await db.query<{ conname: string; column: string }>(
      `select k.conname, a.attname as column
       from pg_constraint k join pg_namespace n on n.oid = k.connamespace
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
       where n.nspname = 'public' and k.contype = 'c' and k.conname like '%\\_length'
         and a.atttypid = 'text'::regtype`,
    );
    expect(rows.length).toBeGreaterThan(50);
    const unlabelled = rows.filter(({ column }) => !(column in TEXT_FIELD_LABELS));
    expect(unlabelled).toEqual([]);
  });
});
