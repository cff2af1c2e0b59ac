// Least knowledge for the site (issue 31): an 'obra' member reads of a supplier its name, type,
// category and CNPJ, never its phone, e-mail, address, website, notes or a person's CPF — through no
// path (the table, an embed from the supplier or from an entry, a function, the history). Admin,
// financeiro and leitura read them; the forms write both parts in one transaction (save_supplier).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDb,
  checkViolation,
  createMember,
  createUser,
  rlsViolation,
  type TestClient,
} from './helpers';

let db: pg.Pool;
let companyId: string;
let admin: TestClient;
let obra: TestClient;
let leitura: TestClient;
let person: string; // a supplier with a CPF
let company: string; // a supplier with a CNPJ

const PRIVATE = {
  phone: '(19) 99123-4567',
  email: 'silva.empreiteira@gmail.com',
  address: 'Rua das Flores, 10',
  website: 'silva.com.br',
  notes: 'Paga só em dinheiro',
};

async function memberWithRole(role: string): Promise<TestClient> {
  const user = await createUser(undefined, undefined, `Membro ${role}`);
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
     values ($1, $2, $3, $4, $5, true)`,
    [user.user.id, companyId, user.email, `Membro ${role}`, role],
  );
  return user.client;
}

async function save(
  client: TestClient,
  supplier: Record<string, string>,
  supplierId: string | null = null,
) {
  return client.rpc('save_supplier', {
    p_company_id: companyId,
    p_supplier: supplier,
    ...(supplierId ? { p_supplier_id: supplierId } : {}),
  });
}

beforeAll(async () => {
  db = adminDb();
  const owner = await createMember('Construtora Contatos');
  companyId = owner.company.id;
  admin = owner.client;
  [obra, leitura] = await Promise.all([memberWithRole('obra'), memberWithRole('leitura')]);
  const a = await save(admin, {
    name: 'Silva Empreiteira',
    type: 'mao_de_obra',
    document: '529.982.247-25',
    ...PRIVATE,
  });
  if (a.error) throw a.error;
  person = a.data;
  const b = await save(admin, {
    name: 'Depósito São José',
    type: 'materiais',
    document: '11.222.333/0001-81',
    phone: '(19) 3232-1010',
  });
  if (b.error) throw b.error;
  company = b.data;
  const payable = await admin.from('accounts_payable').insert({
    company_id: companyId,
    description: 'Diária',
    amount: 150,
    due_date: '2026-11-10',
    supplier_id: person,
  });
  if (payable.error) throw payable.error;
});

afterAll(async () => {
  await db.end();
});

describe('save_supplier', () => {
  it('keeps a CNPJ on the supplier and a CPF, contacts and notes in its details', async () => {
    const { data } = await admin
      .from('suppliers')
      .select(
        'id, name, document, supplier_details(phone, email, address, website, notes, document)',
      )
      .in('id', [person, company])
      .order('name');
    expect(data).toEqual([
      {
        id: company,
        name: 'Depósito São José',
        document: '11222333000181',
        supplier_details: {
          phone: '(19) 3232-1010',
          email: null,
          address: null,
          website: null,
          notes: null,
          document: null,
        },
      },
      {
        id: person,
        name: 'Silva Empreiteira',
        document: null,
        supplier_details: { ...PRIVATE, document: '52998224725' },
      },
    ]);
  });

  it('updates both parts, and a CPF that becomes a CNPJ moves to the supplier', async () => {
    const created = await save(admin, { name: 'Troca', type: 'servicos', document: '52998224725' });
    const id = created.data!;
    const { error } = await save(
      admin,
      { name: 'Troca Ltda', type: 'servicos', document: '11222333000181', notes: 'Agora empresa' },
      id,
    );
    expect(error).toBeNull();
    const { data } = await admin
      .from('suppliers')
      .select('name, document, supplier_details(document, notes)')
      .eq('id', id)
      .single();
    expect(data).toEqual({
      name: 'Troca Ltda',
      document: '11222333000181',
      supplier_details: { document: null, notes: 'Agora empresa' },
    });
  });

  it('writes nothing when one part is refused', async () => {
    const { error } = await save(admin, {
      name: 'Contato Longo',
      type: 'materiais',
      phone: '9'.repeat(41),
    });
    expect(error).toMatchObject(checkViolation('supplier_details_phone_length'));
    const { data } = await admin.from('suppliers').select('id').eq('name', 'Contato Longo');
    expect(data).toEqual([]);
  });

  it('refuses an unknown supplier, a role that does not write and a CPF on the supplier row', async () => {
    const unknown = await save(
      admin,
      { name: 'X', type: 'materiais' },
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.error).toMatchObject({ code: 'P0001', message: 'supplier_not_found' });
    for (const client of [obra, leitura]) {
      const { error } = await save(client, { name: 'Y', type: 'materiais' }, person);
      expect(error).toMatchObject({ code: 'P0001', message: 'forbidden_role' });
    }
    const direct = await admin
      .from('suppliers')
      .update({ document: '52998224725' })
      .eq('id', company);
    expect(direct.error).toMatchObject(checkViolation('suppliers_document_cnpj'));
  });
});

describe('save_supplier on the version the form opened', () => {
  it('writes nothing when the supplier was saved since (supplier_changed), then saves on the new version', async () => {
    const created = await save(admin, {
      name: 'Areial Versão',
      type: 'materiais',
      phone: '(11) 1111-1111',
    });
    expect(created.error).toBeNull();
    const id = created.data as string;
    const version = async () =>
      (
        await db.query<{ v: string }>(
          'select updated_at::text as v from public.suppliers where id = $1',
          [id],
        )
      ).rows[0]!.v;
    // Read as the API gives it (the form keeps this string).
    const opened = await admin.from('suppliers').select('updated_at').eq('id', id).single();
    expect(opened.error).toBeNull();

    // Someone else corrects the phone meanwhile.
    const other = await save(
      admin,
      { name: 'Areial Versão', type: 'materiais', phone: '(11) 2222-2222' },
      id,
    );
    expect(other.error).toBeNull();
    const after = await version();

    const stale = await save(
      admin,
      {
        name: 'Areial Versão Ltda',
        type: 'materiais',
        phone: '(11) 1111-1111',
        version: opened.data!.updated_at,
      },
      id,
    );
    expect(stale.error?.message).toBe('supplier_changed');
    const { rows } = await db.query(
      `select s.name, d.phone from public.suppliers s join public.supplier_details d on d.supplier_id = s.id
       where s.id = $1`,
      [id],
    );
    expect(rows).toEqual([{ name: 'Areial Versão', phone: '(11) 2222-2222' }]);
    expect(await version()).toBe(after);

    const fresh = await admin.from('suppliers').select('updated_at').eq('id', id).single();
    const saved = await save(
      admin,
      {
        name: 'Areial Versão Ltda',
        type: 'materiais',
        phone: '(11) 2222-2222',
        version: fresh.data!.updated_at,
      },
      id,
    );
    expect(saved.error).toBeNull();
  });
});

describe("an 'obra' member", () => {
  it('reads the name, type and CNPJ, and no column of the private fields', async () => {
    const { data } = await obra
      .from('suppliers')
      .select('*')
      .in('id', [person, company])
      .order('name');
    expect(data?.map((s) => [s.name, s.type, s.document])).toEqual([
      ['Depósito São José', 'materiais', '11222333000181'],
      ['Silva Empreiteira', 'mao_de_obra', null],
    ]);
    for (const row of data ?? []) {
      expect(Object.keys(row)).not.toEqual(
        expect.arrayContaining(['phone', 'email', 'address', 'website', 'notes']),
      );
    }
    const asked = await obra.from('suppliers').select('phone').eq('id', person);
    expect(asked.error).toMatchObject({ code: '42703' });
  });

  it('reads no details row, neither from the table nor embedded in a supplier or an entry', async () => {
    const table = await obra.from('supplier_details').select('*').eq('company_id', companyId);
    expect(table).toMatchObject({ error: null, data: [] });
    const embedded = await obra
      .from('suppliers')
      .select('name, supplier_details(phone, email, address, notes, document)')
      .eq('id', person)
      .single();
    expect(embedded.data).toEqual({ name: 'Silva Empreiteira', supplier_details: null });
    // The entry is "Geral" (not of their obra): a leitura member reads it, with the details.
    const fromEntry = await leitura
      .from('accounts_payable')
      .select('suppliers(name, supplier_details(phone))')
      .eq('supplier_id', person)
      .single();
    expect(fromEntry.data).toEqual({
      suppliers: { name: 'Silva Empreiteira', supplier_details: { phone: PRIVATE.phone } },
    });
  });

  it('reads no history of them and cannot write them', async () => {
    const history = await obra.from('audit_log').select('id').eq('row_id', person);
    expect(history).toMatchObject({ error: null, data: [] });
    const insert = await obra
      .from('supplier_details')
      .insert({ company_id: companyId, supplier_id: company, phone: '1' });
    expect(insert.error).toMatchObject(rlsViolation('supplier_details'));
    const withPhone = await obra
      .from('suppliers')
      .insert({ company_id: companyId, name: 'Com CNPJ', document: '11222333000181' });
    expect(withPhone.error).toMatchObject(rlsViolation('suppliers'));
  });

  it("leaves them to leitura to read, and their writes to the supplier's history (admins)", async () => {
    const { data } = await leitura
      .from('supplier_details')
      .select('notes')
      .eq('supplier_id', person)
      .single();
    expect(data).toEqual({ notes: PRIVATE.notes });
    const history = await admin
      .from('audit_log')
      .select('table_name, action, changed')
      .eq('row_id', person)
      .order('id');
    // The supplier's creation, then its contacts as a change of the supplier.
    expect(history.data?.map((row) => [row.table_name, row.action])).toEqual([
      ['suppliers', 'insert'],
      ['suppliers', 'update'],
    ]);
    expect(history.data?.[1]?.changed).toEqual({
      phone: { before: null, after: PRIVATE.phone },
      email: { before: null, after: PRIVATE.email },
      address: { before: null, after: PRIVATE.address },
      website: { before: null, after: PRIVATE.website },
      notes: { before: null, after: PRIVATE.notes },
      document: { before: null, after: '52998224725' },
    });
  });
});
