// The stored search form of a row's texts (search_key on accounts_payable, accounts_receivable and
// transactions) is what every search compares: it must follow each write of the texts it is made
// of (insert, edit of description, notes, the counterparty typed on the entry, a ledger row's
// description), and a search must find a row by its new text and no longer by its old one.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, asMember, createMember } from './helpers';
import {
  createBankAccount,
  createPayable,
  createReceivable,
  settlePayable,
  type Member,
} from './money-helpers';

let db: pg.Pool;
let owner: Member;
let account: { id: string };
const TODAY = '2026-03-31';

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Chave de Busca');
  account = await createBankAccount(owner, 1000, { name: 'Conta Busca' });
});
afterAll(async () => {
  await db.end();
});

/** Rows of the company whose stored key differs from the search form of their texts now. */
async function staleKeys(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select (select count(*) from public.accounts_payable p where p.company_id = $1
               and p.search_key is distinct from private.search_text(p.description || E'\\n'
                 || coalesce(p.supplier_name, '') || E'\\n' || coalesce(p.notes, '')))
          + (select count(*) from public.accounts_receivable r where r.company_id = $1
               and r.search_key is distinct from private.search_text(r.description || E'\\n'
                 || coalesce(r.client_name, '') || E'\\n' || coalesce(r.notes, '')))
          + (select count(*) from public.transactions t where t.company_id = $1
               and t.search_key is distinct from private.search_text(t.description)) as n`,
    [owner.company.id],
  );
  return Number(rows[0]!.n);
}

async function key(table: string, id: string): Promise<string> {
  const { rows } = await db.query<{ search_key: string }>(
    `select search_key from public.${table} where id = $1`,
    [id],
  );
  return rows[0]!.search_key;
}

async function movements(search: string) {
  const { data, error } = await owner.client.rpc('search_movements', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    p_search: search,
    p_limit: 50,
  });
  if (error) throw error;
  return data.map((r) => r.description).sort();
}

async function summaryCount(search: string) {
  const { data, error } = await owner.client.rpc('movement_summary', {
    p_company_id: owner.company.id,
    p_today: TODAY,
    p_search: search,
  });
  if (error) throw error;
  return (data as { count: number }).count;
}

async function ledger(search: string) {
  const { data, error } = await owner.client.rpc('account_ledger', {
    p_bank_account_id: account.id,
    p_search: search,
    p_limit: 50,
  });
  if (error) throw error;
  return data.map((r) => r.description).sort();
}

describe('search_key', () => {
  it('is the search form of the texts on insert', async () => {
    const payable = await createPayable(owner, 30, {
      description: 'Tubulação',
      due_date: '2026-03-05',
      supplier_name: 'Hidráulica Conceição',
      notes: 'Entrega às 8h',
    });
    const receivable = await createReceivable(owner, 70, {
      description: 'Medição Única',
      due_date: '2026-03-06',
      client_name: 'JOÃO',
    });
    expect(await key('accounts_payable', payable.id)).toBe(
      'tubulacao\nhidraulica conceicao\nentrega as 8h',
    );
    expect(await key('accounts_receivable', receivable.id)).toBe('medicao unica\njoao\n');
    expect(await staleKeys()).toBe(0);
  });

  it('follows an edit of description, notes and the counterparty typed on the entry', async () => {
    const payable = await createPayable(owner, 40, {
      description: 'Areia grossa',
      due_date: '2026-03-07',
    });
    expect(await movements('areia')).toEqual(['Areia grossa']);

    const edit = await owner.client
      .from('accounts_payable')
      .update({ description: 'Brita n. 1', notes: 'Pátio', supplier_name: 'Pedreira São Tomé' })
      .eq('id', payable.id);
    expect(edit.error).toBeNull();
    expect(await key('accounts_payable', payable.id)).toBe('brita n. 1\npedreira sao tome\npatio');
    expect(await movements('areia')).toEqual([]);
    expect(await movements('BRITA')).toEqual(['Brita n. 1']);
    expect(await movements('patio')).toEqual(['Brita n. 1']);
    expect(await movements('sao tome')).toEqual(['Brita n. 1']);
    expect(await summaryCount('sao tome')).toBe(1);
    expect(await summaryCount('areia')).toBe(0);

    const { data: receivables } = await owner.client
      .from('accounts_receivable')
      .select('id')
      .eq('description', 'Medição Única');
    const edit2 = await owner.client
      .from('accounts_receivable')
      .update({ notes: 'Três vias', client_name: null })
      .eq('id', receivables![0]!.id);
    expect(edit2.error).toBeNull();
    expect(await key('accounts_receivable', receivables![0]!.id)).toBe(
      'medicao unica\n\ntres vias',
    );
    expect(await movements('tres vias')).toEqual(['Medição Única']);
    expect(await movements('joao')).toEqual([]);
    expect(await staleKeys()).toBe(0);
  });

  it("follows a ledger row's description, and the bank account's search finds it by it", async () => {
    const payable = await createPayable(owner, 25, {
      description: 'Locação de betoneira',
      due_date: '2026-03-09',
    });
    await settlePayable(owner, payable.id, account.id, '2026-03-09');
    expect(await ledger('BETONEIRA')).toEqual(['Locação de betoneira']);

    // The payment's description follows the entry's (the sync trigger): the key follows both.
    const edit = await owner.client
      .from('accounts_payable')
      .update({ description: 'Aluguel de andaime' })
      .eq('id', payable.id);
    expect(edit.error).toBeNull();
    expect(await ledger('betoneira')).toEqual([]);
    expect(await ledger('andaime')).toEqual(['Aluguel de andaime']);

    await db.query(
      `update public.transactions set description = 'Andaime (ajuste)' where payable_id = $1`,
      [payable.id],
    );
    expect(await ledger('ajuste')).toEqual(['Andaime (ajuste)']);
    expect(await staleKeys()).toBe(0);
  });

  it("a bank account's searched rows: another company's member is refused (not_a_member)", async () => {
    const stranger = await createMember('Construtora Vizinha');
    const attempt = asMember(db, stranger.user.id, (client) =>
      client.query(`select private.ledger_search_ids($1, $2, '%a%', '{}', '{}', '{}', 10)`, [
        owner.company.id,
        account.id,
      ]),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'P0001', message: 'not_a_member' });
    // The owner finds the account's rows through it (what account_ledger's search calls).
    const { rows } = await asMember(db, owner.user.id, (client) =>
      client.query<{ id: string }>(
        `select private.ledger_search_ids($1, $2, '%andaime%', '{}', '{}', '{}', 10) as id`,
        [owner.company.id, account.id],
      ),
    );
    expect(rows).toHaveLength(1);
  });

  it('is not in the audit history (derived from the texts, which are)', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log
       where company_id = $1 and changed ? 'search_key'`,
      [owner.company.id],
    );
    const { rows: texts } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log
       where company_id = $1 and changed ? 'description' and action = 'update'`,
      [owner.company.id],
    );
    expect(texts[0]!.n).toBeGreaterThan(0);
    expect(rows[0]!.n).toBe(0);
  });
});

// Issue 35: with a thousand companies in one table, a search must read the company's matches, not
// every company's. Which index a plan takes depends on the table's size (a test company's few rows
// are read by the company's b-tree), so this holds the index's shape; the plans among a thousand
// companies are read by `npm run bench -- --tenants 1000 --explain` (docs/performance.md).
describe('search among many companies', () => {
  it.each(['accounts_payable', 'accounts_receivable', 'transactions'])(
    "%s: the trigram index is led by the company, so a search reads no other company's matches",
    async (table) => {
      const { rows } = await db.query<{ def: string }>(
        `select pg_get_indexdef(i.indexrelid) as def from pg_index i
         where i.indexrelid = $1::regclass`,
        [`public.${table}_search_key_idx`],
      );
      // Before 20261206010000 it held search_key alone: a search's scan returned every company's
      // "eletrica" rows, and `company_id = …` dropped the others' only after reading them.
      expect(rows[0]!.def).toMatch(
        /USING gin \(company_id, search_key (extensions\.)?gin_trgm_ops\)$/,
      );
    },
  );
});
