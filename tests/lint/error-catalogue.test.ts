// The error catalogue: every key a migration raises, and every SQLSTATE/PostgREST code the app can
// meet, has a Portuguese text; the English message or details of an error never reach the user.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// Feature modules that register the texts of the keys they own.
import '@/features/projects/lib/project-errors';
import {
  errorKey,
  getErrorMessage,
  SQLSTATE_MESSAGES,
  UNEXPECTED_ERROR_MESSAGE,
} from '@/lib/errors';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../supabase/migrations');
const MIGRATIONS: Record<string, string> = Object.fromEntries(
  readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => [file, readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')]),
);

/** Every `raise exception ...;` statement of every migration, comments stripped. */
function raiseStatements(): { file: string; statement: string }[] {
  const out: { file: string; statement: string }[] = [];
  for (const [file, text] of Object.entries(MIGRATIONS)) {
    const sql = text.replace(/--[^\n]*/g, '');
    for (const match of sql.matchAll(/\braise\s+exception\b[^;]*;/gi)) {
      out.push({ file, statement: match[0] });
    }
  }
  return out;
}

/** The key of a raise: `using ... message = '<key>'` or `raise exception '<key>'`. */
function raisedKey(statement: string): string | null {
  return (
    /\bmessage\s*=\s*'([a-z][a-z0-9_]*)'/i.exec(statement)?.[1] ??
    /^raise\s+exception\s+'([a-z][a-z0-9_]*)'/i.exec(statement)?.[1] ??
    null
  );
}

const raised = (key: string) => ({ code: 'P0001', message: key, details: null, hint: null });

/** Words that betray a raw Postgres/PostgREST text. */
const ENGLISH =
  /\b(violates|constraint|duplicate|permission|denied|invalid|column|relation|value|null|key|row|table|the|not)\b/i;

describe('every key our SQL raises', () => {
  const statements = raiseStatements();

  it('is found: the migrations raise keys, each in a form this test reads', () => {
    expect(Object.keys(MIGRATIONS).length).toBeGreaterThan(40);
    expect(statements.length).toBeGreaterThan(100);
    expect(statements.filter((s) => raisedKey(s.statement) === null)).toEqual([]);
  });

  it('has a Portuguese text', () => {
    const keys = [...new Set(statements.map((s) => raisedKey(s.statement) ?? ''))].sort();
    expect(keys).toContain('entry_not_found');
    const missing = keys.filter((key) => {
      const text = getErrorMessage(raised(key));
      return text === UNEXPECTED_ERROR_MESSAGE || text.includes(key) || ENGLISH.test(text);
    });
    expect(missing).toEqual([]);
  });

  it('an unknown key is "Ocorreu um erro inesperado." (SPEC §8), never the key itself', () => {
    expect(getErrorMessage(raised('some_key_of_tomorrow'))).toBe(UNEXPECTED_ERROR_MESSAGE);
  });
});

// What the database and PostgREST answer, with their real English texts.
const CODES: [code: string, message: string, details?: string][] = [
  ['23502', 'null value in column "name" of relation "suppliers" violates not-null constraint'],
  ['23503', 'insert or update on table "x" violates foreign key constraint "x_fkey"'],
  [
    '23505',
    'duplicate key value violates unique constraint "accounts_payable_pkey"',
    'Key (id)=(1) already exists.',
  ],
  ['23514', 'new row for relation "suppliers" violates check constraint "suppliers_rating_check"'],
  ['23P01', 'conflicting key value violates exclusion constraint "x"'],
  ['22001', 'value too long for type character varying(255)'],
  ['22003', 'value "99999999999" is out of range for type integer'],
  ['22004', 'null values cannot be formatted as an SQL identifier'],
  ['22007', 'invalid input syntax for type date: "2026-13-45"'],
  ['22008', 'date/time field value out of range: "2026-02-30"'],
  ['22023', 'invalid parameter value'],
  ['22P02', 'invalid input syntax for type uuid: "x"'],
  ['42501', 'permission denied for table audit_log'],
  ['42P01', 'relation "public.gone" does not exist'],
  ['42703', 'column "gone" does not exist'],
  ['42883', 'function public.gone() does not exist'],
  ['54000', 'index row size exceeds maximum'],
  ['55P03', 'could not obtain lock on row in relation "companies"'],
  ['57014', 'canceling statement due to statement timeout'],
  ['40001', 'could not serialize access due to concurrent update'],
  ['40P01', 'deadlock detected'],
  ['53300', 'sorry, too many clients already'],
  ['53400', 'configuration limit exceeded'],
  ['PGRST103', 'Requested range not satisfiable'],
  [
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    'The result contains 0 rows',
  ],
  ['PGRST200', 'Could not find a relationship between x and y in the schema cache'],
  ['PGRST202', 'Could not find the function public.gone without parameters in the schema cache'],
  ['PGRST204', "Could not find the 'gone' column of 'suppliers' in the schema cache"],
  ['PGRST301', 'JWSError JWSInvalidSignature'],
  ['PGRST303', 'JWT expired'],
];

describe('every SQLSTATE and PostgREST code the app can meet', () => {
  it.each(CODES)('%s becomes Portuguese, never its English text', (code, message, details) => {
    const text = getErrorMessage({ code, message, details: details ?? null, hint: null });
    expect(text).not.toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(text).not.toContain(message);
    expect(text).not.toMatch(ENGLISH);
  });

  it('the catalogue names each code it covers in the list above', () => {
    const listed = new Set(CODES.map(([code]) => code));
    expect(Object.keys(SQLSTATE_MESSAGES).filter((code) => !listed.has(code))).toEqual([]);
  });

  it('a foreign key says what happened: a row still in use, or one gone meanwhile', () => {
    const inUse = {
      code: '23503',
      message:
        'update or delete on table "suppliers" violates foreign key constraint "supplier_orders_company_id_supplier_id_fkey" on table "supplier_orders"',
      details: 'Key (company_id, id)=(a, b) is still referenced from table "supplier_orders".',
      hint: null,
    };
    const gone = {
      code: '23503',
      message:
        'insert or update on table "accounts_payable" violates foreign key constraint "accounts_payable_category_fkey"',
      details: 'Key (company_id, category_id)=(a, b) is not present in table "categories".',
      hint: null,
    };
    expect(errorKey(inUse)).toBe('reference_in_use');
    expect(getErrorMessage(inUse)).toBe(
      'Não é possível excluir: há outros registros ligados a este. Remova ou altere-os antes.',
    );
    expect(errorKey(gone)).toBe('reference_not_found');
    expect(getErrorMessage(gone, 'Não foi possível salvar o lançamento. Tente novamente.')).toBe(
      'Um dos itens escolhidos não existe mais (pode ter sido excluído). Atualize a página e escolha de novo.',
    );
  });

  it('a unique race names what collided where it is known', () => {
    expect(
      getErrorMessage({
        code: '23505',
        message:
          'duplicate key value violates unique constraint "company_invitations_pending_email_key"',
      }),
    ).toBe('Este email já tem um convite pendente.');
    expect(
      getErrorMessage({
        code: '23505',
        message:
          'duplicate key value violates unique constraint "user_profiles_user_id_company_id_key"',
      }),
    ).toBe('Este email já faz parte da empresa.');
  });

  it("a generic code gives way to the operation's own spec text; a specific key does not", () => {
    const check = {
      code: '23514',
      message:
        'new row for relation "categories" violates check constraint "categories_name_check"',
    };
    expect(getErrorMessage(check, 'Erro ao cadastrar categoria. Tente novamente.')).toBe(
      'Erro ao cadastrar categoria. Tente novamente.',
    );
    expect(getErrorMessage(check)).toBe(SQLSTATE_MESSAGES['23514']);
    expect(getErrorMessage(raised('not_admin'), 'Erro ao salvar')).toBe(
      'Apenas administradores podem fazer isso.',
    );
  });
});
