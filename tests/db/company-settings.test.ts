// Empresa: the company's own data, edited by its admins through update_company only, checked by the
// database (CNPJ/CPF check digits, CEP, UF, text caps, the approval threshold) and audited.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types';
import {
  adminDb,
  anonClient,
  createMember,
  createUser,
  noExecute,
  noPrivilege,
  type TestClient,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;
type Args = Database['public']['Functions']['update_company']['Args'];

let db: pg.Pool;
let owner: Member;
let other: Member;
let colleague: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Empresa');
  other = await createMember('Construtora Vizinha');
  colleague = await createUser(undefined, undefined, 'Colega Não Admin');
  // A member who is not admin: the column's default role (what an invitation gives by default).
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, is_active)
     values ($1, $2, $3, 'Colega Não Admin', true)`,
    [colleague.user.id, owner.company.id, colleague.email],
  );
});
afterAll(async () => {
  await db.end();
});

function args(extra: Partial<Args> = {}): Args {
  return {
    p_company_id: owner.company.id,
    p_name: 'Construtora Empresa',
    p_document: '',
    p_email: '',
    p_phone: '',
    p_address: '',
    p_city: '',
    p_state: '',
    p_zip_code: '',
    p_approval_threshold: 0,
    ...extra,
  };
}

function update(client: TestClient, extra: Partial<Args> = {}) {
  return client.rpc('update_company', args(extra));
}

async function storedCompany(id = owner.company.id) {
  const { rows } = await db.query<Record<string, unknown>>(
    `select name, document, email, phone, address, city, state, zip_code,
            approval_threshold::text as approval_threshold
     from public.companies where id = $1`,
    [id],
  );
  return rows[0];
}

describe('update_company', () => {
  it('an admin saves every field; masks are dropped, the threshold kept', async () => {
    const { data, error } = await update(owner.client, {
      p_name: '  Construtora Empresa Ltda  ',
      p_document: '11.222.333/0001-81',
      p_email: ' contato@empresa.com.br ',
      p_phone: '(11) 3333-4444',
      p_address: 'Rua das Obras, 100',
      p_city: 'São Paulo',
      p_state: 'sp',
      p_zip_code: '01310-100',
      p_approval_threshold: 500.5,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: owner.company.id,
      name: 'Construtora Empresa Ltda',
      document: '11222333000181',
      state: 'SP',
      zip_code: '01310100',
      approval_threshold: 500.5,
    });
    expect(await storedCompany()).toEqual({
      name: 'Construtora Empresa Ltda',
      document: '11222333000181',
      email: 'contato@empresa.com.br',
      phone: '(11) 3333-4444',
      address: 'Rua das Obras, 100',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01310100',
      approval_threshold: '500.50',
    });
  });

  it('accepts a CPF, the alphanumeric CNPJ of 2026, and empty optional fields (stored as null)', async () => {
    expect((await update(owner.client, { p_document: '529.982.247-25' })).error).toBeNull();
    expect((await storedCompany())?.document).toBe('52998224725');

    expect((await update(owner.client, { p_document: '12.abc.345/01de-35' })).error).toBeNull();
    expect((await storedCompany())?.document).toBe('12ABC34501DE35');

    expect((await update(owner.client)).error).toBeNull();
    expect(await storedCompany()).toMatchObject({
      document: null,
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zip_code: null,
      approval_threshold: '0.00',
    });
  });

  it.each([
    ['a CNPJ with a wrong check digit', '11.222.333/0001-82'],
    ['a CPF with a wrong check digit', '529.982.247-24'],
    ['a CPF of repeated digits', '111.111.111-11'],
    ['a number of neither length', '1234567890'],
    ['letters in a CPF', '5299822472A'],
    ['letters in the CNPJ check digits', '12ABC34501DE3A'],
    ['a stray character', '11222333000181#'],
  ])('refuses %s with invalid_document', async (_label, document) => {
    const { error } = await update(owner.client, { p_document: document });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_document' });
  });

  it.each([
    ['seven digits', '0131010'],
    ['nine digits', '013101000'],
    ['letters', '01310-10A'],
  ])('refuses a CEP of %s with invalid_zip_code', async (_label, zip) => {
    const { error } = await update(owner.client, { p_zip_code: zip });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_zip_code' });
  });

  it.each(['XX', 'São Paulo', 'S'])('refuses the UF %j with invalid_state', async (state) => {
    const { error } = await update(owner.client, { p_state: state });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_state' });
  });

  it.each([-1, 0.001, 1e12])('refuses the threshold %d with invalid_amount', async (amount) => {
    const { error } = await update(owner.client, { p_approval_threshold: amount });
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_amount' });
  });

  it('refuses an oversized text with text_too_long naming the field', async () => {
    const { error } = await update(owner.client, { p_city: 'x'.repeat(121) });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'text_too_long',
      details: 'city',
      hint: '120',
    });
  });

  it('refuses a blank name (the table check)', async () => {
    const { error } = await update(owner.client, { p_name: '   ' });
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('companies_name_check') as unknown,
    });
  });

  it('a member who is not admin gets not_admin and changes nothing', async () => {
    const before = await storedCompany();
    const { error } = await update(colleague.client, { p_name: 'Tomada' });
    expect(error).toMatchObject({ code: 'P0001', message: 'not_admin' });
    expect(await storedCompany()).toEqual(before);
  });

  it("another company's admin gets not_a_member; anon may not call it", async () => {
    const outsider = await update(other.client, { p_name: 'Tomada' });
    expect(outsider.error).toMatchObject({ code: 'P0001', message: 'not_a_member' });
    const anon = await update(anonClient(), { p_name: 'Tomada' });
    expect(anon.error).toMatchObject(noExecute('update_company'));
    expect((await storedCompany())?.name).not.toBe('Tomada');
  });

  it('a deactivated admin gets not_a_member', async () => {
    const former = await createUser();
    await db.query(
      `insert into public.user_profiles (user_id, company_id, email, full_name, role, is_active)
       values ($1, $2, $3, 'Ex Admin', 'admin', false)`,
      [former.user.id, owner.company.id, former.email],
    );
    const { error } = await update(former.client, { p_name: 'Tomada' });
    expect(error).toMatchObject({ code: 'P0001', message: 'not_a_member' });
  });

  it('no one writes the row directly, not even an admin', async () => {
    const { error } = await owner.client
      .from('companies')
      .update({ name: 'Direto' })
      .eq('id', owner.company.id);
    expect(error).toMatchObject(noPrivilege('companies'));
    expect((await storedCompany())?.name).not.toBe('Direto');
  });

  it('the change is audited with the admin as actor', async () => {
    const { error } = await update(owner.client, {
      p_name: 'Construtora Auditada',
      p_city: 'Campinas',
      p_approval_threshold: 1200,
    });
    expect(error).toBeNull();
    const { rows } = await db.query<{
      action: string;
      actor: string;
      changed: Record<string, { before: unknown; after: unknown }>;
    }>(
      `select action, actor, changed from public.audit_log
       where table_name = 'companies' and row_id = $1 order by id desc limit 1`,
      [owner.company.id],
    );
    expect(rows[0]).toMatchObject({
      action: 'update',
      actor: owner.user.id,
      changed: expect.objectContaining({
        name: expect.objectContaining({ after: 'Construtora Auditada' }) as unknown,
        city: expect.objectContaining({ after: 'Campinas' }) as unknown,
      }) as unknown,
    });
  });
});
