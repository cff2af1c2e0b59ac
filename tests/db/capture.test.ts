// Capture: the boleto and PIX codes a payable keeps, unique per company; and import_nfe, which
// creates the supplier (by CNPJ or new) and the NF-e's installments in one transaction, once per
// chave de acesso.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/lib/database.types';
import { arrecadacaoLine, bancarioLine, pixCode } from '../../src/test/payment-codes';
import {
  adminDb,
  anonClient,
  checkViolation,
  createMember,
  createUser,
  noExecute,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;
type ImportArgs = Database['public']['Functions']['import_nfe']['Args'];

let db: pg.Pool;
let owner: Member;
let other: Member;
let leitor: Member;

beforeAll(async () => {
  db = adminDb();
  owner = await createMember('Construtora Captura');
  other = await createMember('Construtora Vizinha Captura');
  leitor = await createMember('Construtora do Leitor');
  // The reader of owner's company: a member with role leitura.
  await db.query(
    `insert into public.user_profiles (user_id, company_id, email, full_name, is_active, role)
     values ($1, $2, $3, 'Leitor', true, 'leitura')`,
    [leitor.user.id, owner.company.id, leitor.email],
  );
});
afterAll(async () => {
  await db.end();
});

let sequence = 0;
function chave(): string {
  sequence += 1;
  return `3526111122233300018155001${String(Date.now() % 1e9).padStart(9, '0')}${String(sequence).padStart(10, '0')}`.slice(
    0,
    44,
  );
}

function payable(company: string, extra: Record<string, unknown> = {}) {
  return {
    company_id: company,
    description: 'Boleto de areia',
    amount: 1234.56,
    due_date: '2026-12-10',
    ...extra,
  };
}

describe('boleto and PIX codes on payables', () => {
  it('keeps the codes and shows them in the entries view', async () => {
    const boleto = bancarioLine('341', '2026-12-10', 123456, '1790010104351004791020151');
    const pix = pixCode({
      key: 'vendas@areia.com.br',
      name: 'AREIA BOA',
      city: 'CAMPINAS',
      amount: '10.00',
    });
    const { data, error } = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { boleto_code: boleto, pix_code: pix }))
      .select('id')
      .single();
    expect(error).toBeNull();
    const { data: entry } = await owner.client
      .from('entries')
      .select('boleto_code, pix_code, nfe_key')
      .eq('id', data?.id ?? '')
      .single();
    expect(entry).toEqual({ boleto_code: boleto, pix_code: pix, nfe_key: null });
  });

  it('refuses the same boleto twice in a company, and lets another company have it', async () => {
    const boleto = arrecadacaoLine(2, '6', 18790, '00291102005460339004695895062');
    const first = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { boleto_code: boleto }));
    expect(first.error).toBeNull();
    const again = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { boleto_code: boleto }));
    expect(again.error).toMatchObject({
      code: '23505',
      message: expect.stringContaining('accounts_payable_boleto_code_key') as unknown,
    });
    const elsewhere = await other.client
      .from('accounts_payable')
      .insert(payable(other.company.id, { boleto_code: boleto }));
    expect(elsewhere.error).toBeNull();
  });

  it('refuses codes of the wrong shape', async () => {
    const short = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { boleto_code: '1234' }));
    expect(short.error).toMatchObject(checkViolation('accounts_payable_boleto_code_format'));
    const masked = await owner.client.from('accounts_payable').insert(
      payable(owner.company.id, {
        boleto_code: '34191.79001 01043.510047 91020.150008 1 98760000010000',
      }),
    );
    expect(masked.error).toMatchObject(checkViolation('accounts_payable_boleto_code_format'));
    const pix = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { pix_code: 'pague no pix' }));
    expect(pix.error).toMatchObject(checkViolation('accounts_payable_pix_code_format'));
  });

  it('does not let a client write the NF-e key', async () => {
    const { error } = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { nfe_key: '1'.repeat(44) }));
    expect(error).toMatchObject({
      code: '42501',
      message: 'permission denied for table accounts_payable',
    });
  });
});

describe('boleto_registered: a boleto already recorded, told when its code is read (issue 31)', () => {
  let obraA: Awaited<ReturnType<typeof createUser>>;
  let obraB: Awaited<ReturnType<typeof createUser>>;
  let projectB: string;
  let billId: string;
  const boleto = bancarioLine('237', '2026-12-15', 98765, '1790010104351004791020152');

  beforeAll(async () => {
    const projects = await db.query<{ id: string }>(
      `insert into public.projects (company_id, name) values ($1, 'Obra A'), ($1, 'Obra B') returning id`,
      [owner.company.id],
    );
    const [projectA, b] = projects.rows.map((r) => r.id);
    projectB = b!;
    [obraA, obraB] = await Promise.all([createUser(), createUser()]);
    for (const [user, project] of [
      [obraA, projectA],
      [obraB, projectB],
    ] as const) {
      await db.query(
        `insert into public.user_profiles (user_id, company_id, email, full_name, is_active, role)
         values ($1, $2, $3, 'Encarregado ' || $3, true, 'obra')`,
        [user.user.id, owner.company.id, user.email],
      );
      await db.query(
        `insert into public.project_access (company_id, project_id, user_id) values ($1, $2, $3)`,
        [owner.company.id, project, user.user.id],
      );
    }
    const { data, error } = await owner.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { boleto_code: boleto, project_id: projectA }))
      .select('id')
      .single();
    if (error) throw error;
    billId = data.id;
  });

  const ask = (client: Member['client'], code = boleto, companyId = owner.company.id) =>
    client.rpc('boleto_registered', { p_company_id: companyId, p_code: code });

  it('names the bill to whoever may read it', async () => {
    for (const client of [owner.client, obraA.client]) {
      expect((await ask(client)).data).toEqual([{ registered: true, entry_id: billId }]);
    }
  });

  it("tells an 'obra' member of another obra only that it is recorded, and Salvar still refuses", async () => {
    expect((await ask(obraB.client)).data).toEqual([{ registered: true, entry_id: null }]);
    const again = await obraB.client
      .from('accounts_payable')
      .insert(payable(owner.company.id, { boleto_code: boleto, project_id: projectB }));
    expect(again.error).toMatchObject({
      code: '23505',
      message: expect.stringContaining('accounts_payable_boleto_code_key') as unknown,
    });
  });

  it('answers "not recorded" for a new code and for another company\'s bill', async () => {
    const fresh = bancarioLine('237', '2026-12-16', 11111, '1790010104351004791020153');
    expect((await ask(owner.client, fresh)).data).toEqual([{ registered: false, entry_id: null }]);
    expect((await ask(other.client, boleto, other.company.id)).data).toEqual([
      { registered: false, entry_id: null },
    ]);
  });

  it('refuses leitura, another company, a malformed code and anon', async () => {
    expect((await ask(leitor.client)).error).toMatchObject({ message: 'forbidden_role' });
    expect((await ask(other.client)).error).toMatchObject({ message: 'not_a_member' });
    expect((await ask(owner.client, '1234')).error).toMatchObject({
      message: 'invalid_boleto_code',
    });
    expect((await ask(anonClient())).error).toMatchObject(noExecute('boleto_registered'));
  });
});

describe('import_nfe', () => {
  const supplier = {
    name: 'Depósito Chave Ltda',
    document: '11.222.333/0001-81',
    address: 'Rua das Pedras, 10 - Campinas/SP',
    phone: '1932345678',
  };
  function args(extra: Partial<ImportArgs> = {}): ImportArgs {
    return {
      p_company_id: owner.company.id,
      p_key: chave(),
      p_number: '1234',
      p_series: '1',
      p_issued_on: '2026-11-20',
      p_total: 3000,
      p_supplier: supplier,
      p_installments: [
        { due_date: '2026-12-20', amount: 1000 },
        { due_date: '2027-01-20', amount: 1000 },
        { due_date: '2027-02-20', amount: 1000 },
      ],
      ...extra,
    };
  }

  it('creates the supplier with its CNPJ and one payable per duplicata as installments n/N', async () => {
    const input = args();
    const { data, error } = await owner.client.rpc('import_nfe', input);
    expect(error).toBeNull();
    const answer = data as { supplier_id: string; supplier_created: boolean; entry_ids: string[] };
    expect(answer.supplier_created).toBe(true);
    expect(answer.entry_ids).toHaveLength(3);
    const { data: rows } = await owner.client
      .from('accounts_payable')
      .select(
        'amount, due_date, installment_number, installment_count, series_kind, supplier_id, nfe_key, description',
      )
      .eq('nfe_key', input.p_key)
      .order('installment_number');
    expect(rows).toEqual(
      [1, 2, 3].map((n) => ({
        amount: 1000,
        due_date: ['2026-12-20', '2027-01-20', '2027-02-20'][n - 1],
        installment_number: n,
        installment_count: 3,
        series_kind: 'installment',
        supplier_id: answer.supplier_id,
        nfe_key: input.p_key,
        // As Lançar's installments (issue 31).
        description: `NF-e 1234 - Depósito Chave Ltda (${n}/3)`,
      })),
    );
    const { data: created } = await owner.client
      .from('suppliers')
      .select('name, document, supplier_details(address, phone)')
      .eq('id', answer.supplier_id)
      .single();
    expect(created).toEqual({
      name: supplier.name,
      document: '11.222.333/0001-81',
      supplier_details: { address: supplier.address, phone: supplier.phone },
    });
  });

  it("numbers the installments of NF-e imported before (the migration's backfill, run again)", async () => {
    const migration = readFileSync(
      new URL('../../supabase/migrations/20261130030100_supplier_private.sql', import.meta.url),
      'utf8',
    );
    const backfill = /-- backfill: NF-e installments[^\n]*\n([\s\S]*?)-- end backfill/.exec(
      migration,
    )?.[1];
    expect(backfill).toContain('update public.accounts_payable');
    const key = chave();
    const { rows } = await db.query<{ id: string }>(
      `insert into public.accounts_payable (company_id, description, amount, due_date, nfe_key, series_id,
                                            series_kind, installment_number, installment_count)
       select $1, 'NF-e 55 - Depósito Antigo', 100, date '2026-12-01' + n * 30, $2, s.id, 'installment', n, 2
       from generate_series(1, 2) n, (select gen_random_uuid() as id) s
       order by n
       returning id`,
      [owner.company.id, key],
    );
    await db.query(backfill ?? '');
    await db.query(backfill ?? ''); // once only: a numbered one is left alone
    const { data } = await owner.client
      .from('accounts_payable')
      .select('description')
      .in(
        'id',
        rows.map((r) => r.id),
      )
      .order('installment_number');
    expect(data).toEqual([
      { description: 'NF-e 55 - Depósito Antigo (1/2)' },
      { description: 'NF-e 55 - Depósito Antigo (2/2)' },
    ]);
  });

  it('keeps the installment number of a long description within its 200 characters', async () => {
    const name = `Depósito ${'L'.repeat(191)}`;
    const { data, error } = await owner.client.rpc(
      'import_nfe',
      args({
        p_number: '9999',
        p_supplier: { ...supplier, name, document: '52998224725' },
        p_installments: [
          { due_date: '2026-12-20', amount: 1000 },
          { due_date: '2027-01-20', amount: 2000 },
        ],
      }),
    );
    expect(error).toBeNull();
    const { data: rows } = await owner.client
      .from('accounts_payable')
      .select('description')
      .in('id', (data as { entry_ids: string[] }).entry_ids)
      .order('installment_number');
    expect(rows?.map((r) => [r.description.length, r.description.slice(-6)])).toEqual([
      [200, ' (1/2)'],
      [200, ' (2/2)'],
    ]);
  });

  it('finds the supplier by CNPJ, whatever its punctuation, and one payable due at emission without duplicatas', async () => {
    const { data: first } = await owner.client.rpc('import_nfe', args());
    const { data, error } = await owner.client.rpc(
      'import_nfe',
      args({
        p_installments: [],
        p_total: 450.5,
        p_supplier: { ...supplier, document: '11222333000181' },
      }),
    );
    expect(error).toBeNull();
    const answer = data as { supplier_id: string; supplier_created: boolean; entry_ids: string[] };
    expect(answer.supplier_id).toBe((first as { supplier_id: string }).supplier_id);
    expect(answer.supplier_created).toBe(false);
    const { data: rows } = await owner.client
      .from('accounts_payable')
      .select('amount, due_date, installment_number, series_id')
      .in('id', answer.entry_ids);
    expect(rows).toEqual([
      { amount: 450.5, due_date: '2026-11-20', installment_number: null, series_id: null },
    ]);
  });

  it('refuses the same chave again, with nothing written', async () => {
    const input = args();
    expect((await owner.client.rpc('import_nfe', input)).error).toBeNull();
    const { count: before } = await owner.client
      .from('accounts_payable')
      .select('id', { count: 'exact', head: true });
    const again = await owner.client.rpc('import_nfe', {
      ...input,
      p_installments: [{ due_date: '2026-12-01', amount: 5 }],
    });
    expect(again.error).toMatchObject({ code: 'P0001', message: 'nfe_already_imported' });
    const { count: after } = await owner.client
      .from('accounts_payable')
      .select('id', { count: 'exact', head: true });
    expect(after).toBe(before);
    // The chave is unique per company: another company's import of the same file is its own.
    expect(
      (await other.client.rpc('import_nfe', { ...input, p_company_id: other.company.id })).error,
    ).toBeNull();
  });

  it('is atomic: a bad installment leaves neither supplier nor payables', async () => {
    const input = args({
      p_supplier: { ...supplier, document: '45.723.174/0001-10', name: 'Fornecedor Atômico' },
      p_installments: [
        { due_date: '2026-12-20', amount: 1000 },
        { due_date: '1990-01-01', amount: 1000 },
      ],
    });
    const { error } = await owner.client.rpc('import_nfe', input);
    expect(error).toMatchObject({ code: 'P0001', message: 'invalid_date' });
    const { data: suppliers } = await owner.client
      .from('suppliers')
      .select('id')
      .eq('name', 'Fornecedor Atômico');
    expect(suppliers).toEqual([]);
    const { data: rows } = await owner.client
      .from('accounts_payable')
      .select('id')
      .eq('nfe_key', input.p_key);
    expect(rows).toEqual([]);
  });

  it("adds the chosen items to the supplier's products", async () => {
    const { data, error } = await owner.client.rpc(
      'import_nfe',
      args({ p_products: [{ name: 'Cimento CP II 50kg', price: 38.9, unit: 'saco' }] }),
    );
    expect(error).toBeNull();
    const { data: products } = await owner.client
      .from('supplier_products')
      .select('name, price, unit')
      .eq('supplier_id', (data as { supplier_id: string }).supplier_id)
      .eq('name', 'Cimento CP II 50kg');
    expect(products?.[0]).toEqual({ name: 'Cimento CP II 50kg', price: 38.9, unit: 'saco' });
  });

  it('checks the chave, the document and the role', async () => {
    expect((await owner.client.rpc('import_nfe', args({ p_key: '123' }))).error).toMatchObject({
      message: 'invalid_nfe_key',
    });
    expect(
      (
        await owner.client.rpc(
          'import_nfe',
          args({ p_supplier: { ...supplier, document: '11.222.333/0001-82' } }),
        )
      ).error,
    ).toMatchObject({ message: 'invalid_document' });
    expect((await leitor.client.rpc('import_nfe', args())).error).toMatchObject({
      code: 'P0001',
      message: 'forbidden_role',
    });
    expect((await other.client.rpc('import_nfe', args())).error).toMatchObject({
      code: 'P0001',
      message: 'not_a_member',
    });
    expect((await anonClient().rpc('import_nfe', args())).error).toMatchObject(
      noExecute('import_nfe'),
    );
  });
});

describe('import_nfe with a rateio per duplicata (issue 33)', () => {
  const supplier = { name: 'Depósito Rateado Ltda', document: '11.222.333/0001-81' };
  async function obra(owner_: Member, name: string): Promise<string> {
    const { data, error } = await owner_.client
      .from('projects')
      .insert({ company_id: owner_.company.id, name })
      .select('id')
      .single();
    if (error) throw error;
    return data.id;
  }

  it('splits each duplicata by its parts: obra and categoria null, parts kept exactly', async () => {
    const a = await obra(owner, 'Obra NF-e A');
    const b = await obra(owner, 'Obra NF-e B');
    const key = chave();
    const { error } = await owner.client.rpc('import_nfe', {
      p_company_id: owner.company.id,
      p_key: key,
      p_number: '77',
      p_series: '1',
      p_issued_on: '2026-11-20',
      p_total: 1000,
      p_supplier: supplier,
      p_installments: [
        {
          due_date: '2026-12-20',
          amount: 1000,
          parts: [
            { project_id: a, stage_id: null, category_id: null, amount: 600, percent: 60 },
            { project_id: b, stage_id: null, category_id: null, amount: 400, percent: 40 },
          ],
        },
      ],
      // Only for duplicatas without parts.
      p_project_id: a,
    });
    expect(error).toBeNull();
    const { data: rows } = await owner.client
      .from('accounts_payable')
      .select('amount, project_id, category_id, part_project_ids')
      .eq('nfe_key', key);
    expect(rows).toEqual([
      { amount: 1000, project_id: null, category_id: null, part_project_ids: [a, b].sort() },
    ]);
  });

  it('a split that does not sum, or of another company’s obra, is refused and nothing is imported', async () => {
    const a = await obra(owner, 'Obra NF-e C');
    const foreign = await obra(other, 'Obra de Outra Empresa');
    const base = {
      p_company_id: owner.company.id,
      p_number: '78',
      p_series: '1',
      p_issued_on: '2026-11-20',
      p_total: 1000,
      p_supplier: supplier,
    };
    const part = (project: string, amount: number) => ({
      project_id: project,
      stage_id: null,
      category_id: null,
      amount,
      percent: null,
    });
    const notSum = chave();
    const refused = await owner.client.rpc('import_nfe', {
      ...base,
      p_key: notSum,
      p_installments: [
        { due_date: '2026-12-20', amount: 1000, parts: [part(a, 600), part(a, 300)] },
      ],
    });
    expect(refused.error).toMatchObject({ message: 'split_sum_mismatch' });
    const otherCompany = chave();
    const forged = await owner.client.rpc('import_nfe', {
      ...base,
      p_key: otherCompany,
      p_installments: [
        { due_date: '2026-12-20', amount: 1000, parts: [part(a, 600), part(foreign, 400)] },
      ],
    });
    expect(forged.error).toMatchObject({ message: 'split_project_not_found' });
    const malformed = await owner.client.rpc('import_nfe', {
      ...base,
      p_key: chave(),
      p_installments: [{ due_date: '2026-12-20', amount: 1000, parts: { a: 1 } }],
    });
    expect(malformed.error).toMatchObject({ message: 'split_invalid' });
    const { count } = await owner.client
      .from('accounts_payable')
      .select('id', { count: 'exact', head: true })
      .in('nfe_key', [notSum, otherCompany]);
    expect(count).toBe(0);
  });
});
