import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportKind } from '@/features/imports/lib/kinds';
import { toImportPayload, ImportPayloadError } from '@/features/imports/lib/payload';
import {
  buildPreview,
  collectUnknown,
  markDuplicates,
  previewCounts,
  previewRow,
  type ImportContext,
  type PreviewRow,
} from '@/features/imports/lib/preview';
import { ImportFileError } from '@/features/imports/lib/read-sheet';
import { readImportFile } from '@/features/imports/lib/import-jobs';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, '../../../../tests/fixtures/imports', name)));

const ctx: ImportContext = {
  suppliers: [
    { id: 's-cimentos', name: 'Cimentos Brasil Ltda', document: '11222333000181' },
    { id: 's-eletrica', name: 'Eletrica Sao Jose', document: null },
  ],
  clients: [{ id: 'c-alfa', name: 'Construtora Alfa Ltda', document: '11222333000181' }],
  projects: [
    { id: 'p-aurora', name: 'Residencial Aurora', status: 'in_progress' },
    { id: 'p-horizonte', name: 'Edifício Horizonte', status: 'planning' },
  ],
  categories: [
    { id: 'cat-materiais', name: 'Materiais', type: 'expense' },
    { id: 'cat-instalacoes', name: 'Instalações', type: 'expense' },
    { id: 'cat-receita', name: 'Medições', type: 'income' },
  ],
  bankAccounts: [{ id: 'b-itau', name: 'Conta Itaú' }],
  today: '2026-01-15',
};

async function previewOf(name: string, kind: ImportKind, context = ctx) {
  const read = await readImportFile(fixture(name), name, kind);
  const sheet = read.sheets[read.sheetIndex];
  if (!sheet) throw new Error('no sheet');
  return { read, rows: buildPreview(kind, sheet, read.headerRow, read.mapping, context) };
}

const byLine = (rows: PreviewRow[], line: number) => {
  const row = rows.find((r) => r.line === line);
  if (!row) throw new Error(`no line ${line}`);
  return row;
};

describe('buildPreview — contas a pagar from an Excel pt-BR workbook', () => {
  it('finds the header under the merged title and reads each row as it will be saved', async () => {
    const { read, rows } = await previewOf('contas-pagar-excel-ptbr.xlsx', 'contas_pagar');
    expect(read.headerRow).toBe(2);
    expect(rows.map((r) => r.line)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(byLine(rows, 4)).toMatchObject({
      values: {
        supplier: 'Cimentos Brasil Ltda',
        supplier_id: 's-cimentos',
        description: 'Cimento CP-II 50 sacos',
        amount: 123456,
        due_date: '2026-01-31',
        project_id: 'p-aurora',
        category_id: 'cat-materiais',
      },
      display: { amount: 'R$\u00a01.234,56', due_date: '31/01/2026' },
      issues: [],
      unknown: [],
      duplicate: false,
    });
    // The formula's cached value; a supplier found accent-insensitively.
    expect(byLine(rows, 5).values.amount).toBe(120000);
    expect(byLine(rows, 6).values.supplier_id).toBe('s-eletrica');
    // A date with a custom format arrives as a serial number.
    expect(byLine(rows, 9).values.due_date).toBe('2026-03-05');
  });

  it('says in Portuguese what is wrong with each bad row', async () => {
    const { rows } = await previewOf('contas-pagar-excel-ptbr.xlsx', 'contas_pagar');
    expect(byLine(rows, 7).issues).toEqual([
      { field: 'amount', message: 'Valor inválido: R$ 1.234,5x' },
    ]);
    expect(byLine(rows, 8).issues).toEqual([
      { field: 'due_date', message: 'Data inválida: 31/02/2026 não existe' },
    ]);
    expect(byLine(rows, 9).unknown).toEqual([
      { field: 'supplier', name: 'Madeireira Paraná' },
      { field: 'project', name: 'Obra Nova Iguaçu' },
    ]);
    expect(previewCounts(rows)).toEqual({ ready: 4, withIssues: 2, duplicates: 0, total: 6 });
    expect(collectUnknown(rows)).toEqual([
      { field: 'supplier', name: 'Areia & Cia', count: 1 },
      { field: 'supplier', name: 'Ferragens Silva', count: 2 },
      { field: 'supplier', name: 'Madeireira Paraná', count: 1 },
      { field: 'project', name: 'Obra Nova Iguaçu', count: 1 },
    ]);
  });

  it('an edited cell is read again', async () => {
    const { rows } = await previewOf('contas-pagar-excel-ptbr.xlsx', 'contas_pagar');
    const bad = byLine(rows, 8);
    const fixed = previewRow('contas_pagar', bad.line, { ...bad.raw, due_date: '28/02/2026' }, ctx);
    expect(fixed.issues).toEqual([]);
    expect(fixed.values.due_date).toBe('2026-02-28');
  });
});

describe('buildPreview — other layouts and registers', () => {
  it('Conta Azul’s export: a paid row keeps its payment date and bank account', async () => {
    const { rows } = await previewOf('conta-azul-contas-pagar.xlsx', 'contas_pagar', {
      ...ctx,
      today: '2026-02-01',
    });
    expect(byLine(rows, 2)).toMatchObject({
      values: {
        amount: 250000,
        due_date: '2026-01-20',
        payment_date: null,
        project_id: 'p-aurora',
      },
      issues: [],
    });
    expect(byLine(rows, 3)).toMatchObject({
      values: {
        amount: 98040,
        due_date: '2026-01-10',
        payment_date: '2026-01-10',
        bank_account_id: 'b-itau',
        notes: 'Pago no PIX',
      },
      issues: [],
      unknown: [{ field: 'supplier', name: 'Tintas Cor Viva' }],
    });
  });

  it('refuses a payment date in the future and a paid row without its bank account', () => {
    const row = previewRow(
      'contas_pagar',
      2,
      { description: 'x', amount: '10,00', due_date: '10/01/2026', payment_date: '16/01/2026' },
      ctx,
    );
    expect(row.issues).toEqual([
      { field: 'payment_date', message: 'A data do pagamento não pode ser no futuro.' },
      { field: 'bank_account', message: 'Informe a conta bancária do pagamento.' },
    ]);
    const unknownAccount = previewRow(
      'contas_receber',
      3,
      {
        description: 'x',
        amount: '10,00',
        due_date: '10/01/2026',
        payment_date: '10/01/2026',
        bank_account: 'Caixa',
      },
      ctx,
    );
    expect(unknownAccount.issues).toEqual([
      { field: 'bank_account', message: 'Conta bancária não encontrada: Caixa' },
    ]);
  });

  it('a Windows-1252 CSV of suppliers: accents decoded, CPF and CNPJ checked', async () => {
    const { rows } = await previewOf('fornecedores-windows-1252.csv', 'fornecedores');
    expect(rows.map((r) => r.values.name)).toEqual([
      'Cimentos Brasil Ltda',
      'João Pedreiro',
      'Elétrica São José',
    ]);
    expect(byLine(rows, 2).values).toMatchObject({
      document: '11222333000181',
      notes: 'Entrega às terças',
    });
    expect(byLine(rows, 2).display.document).toBe('11.222.333/0001-81');
    expect(byLine(rows, 3).values.document).toBe('52998224725');
    expect(byLine(rows, 4).issues).toEqual([
      { field: 'document', message: 'CNPJ inválido: 12.345.678/0001-00' },
    ]);
  });

  it('an .xls from Omie: documents stored as numbers get their leading zeros back', async () => {
    const { rows } = await previewOf('omie-clientes.xls', 'clientes');
    expect(rows.map((r) => r.values.document)).toEqual([
      '11222333000181',
      '52998224725',
      '01234567000195',
    ]);
    expect(byLine(rows, 4).issues).toEqual([
      { field: 'email', message: 'E-mail inválido: beta@example' },
    ]);
  });

  it('a UTF-8 CSV with BOM and commas: title line skipped, dd/mm/aa dates, "-" is zero', async () => {
    const { read, rows } = await previewOf('contas-receber-utf8-bom.csv', 'contas_receber');
    expect(read.headerRow).toBe(1);
    expect(byLine(rows, 3)).toMatchObject({
      values: {
        client_id: 'c-alfa',
        amount: 1250000,
        due_date: '2026-01-15',
        project_id: 'p-aurora',
      },
      issues: [],
    });
    expect(byLine(rows, 4).values.amount).toBe(300000);
    expect(byLine(rows, 5).issues).toEqual([
      { field: 'amount', message: 'O valor deve ser maior que zero.' },
    ]);
  });

  it('a CSV with a stray quote keeps its other rows', async () => {
    const { rows } = await previewOf('aspas-soltas.csv', 'contas_pagar');
    expect(rows.map((r) => [r.values.description, r.values.amount])).toEqual([
      ['"Cimento 5 sacos', 15000],
      ['Areia média', 30000],
      ['Tubo 3/4" PVC', 4590],
    ]);
  });

  it('categorias and obras', () => {
    const category = previewRow('categorias', 2, { name: 'Aluguel', type: 'DESPESA' }, ctx);
    expect(category).toMatchObject({ values: { name: 'Aluguel', type: 'expense' }, issues: [] });
    expect(previewRow('categorias', 3, { name: 'X', type: 'talvez' }, ctx).issues).toEqual([
      { field: 'type', message: 'Tipo desconhecido: talvez. Use Despesa ou Receita.' },
    ]);
    const obra = previewRow(
      'obras',
      2,
      {
        name: 'Casa Verde',
        budget: 'R$ 350.000,00',
        start_date: '01/02/2026',
        end_date: '01/01/2026',
        status: 'em andamento',
      },
      ctx,
    );
    expect(obra.values).toMatchObject({ budget: 35000000, status: 'in_progress' });
    expect(obra.issues).toEqual([
      { field: 'end_date', message: 'A previsão de término é anterior à data de início.' },
    ]);
  });

  it('marks rows repeating an earlier one of the file, and the lines already saved', () => {
    const rows = ['Cimentos Brasil Ltda', 'cimentos brasil ltda', 'Outro'].map((name, i) =>
      previewRow(
        'contas_pagar',
        i + 2,
        { supplier: name, description: 'x', amount: 100, due_date: 46053 },
        ctx,
      ),
    );
    expect(markDuplicates('contas_pagar', rows).map((r) => r.duplicate)).toEqual([
      false,
      true,
      false,
    ]);
    expect(markDuplicates('contas_pagar', rows, [4]).map((r) => r.duplicate)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('without a fornecedor, entries repeat only with the same description', () => {
    const rows = ['Frete', 'Frete', 'Taxa'].map((description, i) =>
      previewRow('contas_pagar', i + 2, { description, amount: 100, due_date: 46053 }, ctx),
    );
    expect(markDuplicates('contas_pagar', rows).map((r) => r.duplicate)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('refuses more than 5 000 data rows', () => {
    const rows = [['Nome'], ...Array.from({ length: 5001 }, (_, i) => [`Fornecedor ${i}`])];
    expect(() => buildPreview('fornecedores', { name: 'x', rows }, 0, { name: 0 }, ctx)).toThrow(
      ImportFileError,
    );
  });
});

describe('toImportPayload', () => {
  it('creates the chosen registers first and names them by key in the rows', async () => {
    const { rows } = await previewOf('contas-pagar-excel-ptbr.xlsx', 'contas_pagar');
    const chosen = rows.filter((r) => r.issues.length === 0);
    const payload = toImportPayload('contas_pagar', 'contas.xlsx', chosen, {
      supplier: { 'Areia & Cia': { create: true }, 'MADEIREIRA PARANA': { id: 's-madeira' } },
      project: { 'Obra Nova Iguaçu': { create: true } },
    });
    expect(payload.create).toEqual({
      projects: [{ key: 'Obra Nova Iguaçu', name: 'Obra Nova Iguaçu' }],
      suppliers: [{ key: 'Areia & Cia', name: 'Areia & Cia', document: null }],
      clients: [],
      categories: [],
    });
    expect(payload.rows[0]).toEqual({
      line: 4,
      description: 'Cimento CP-II 50 sacos',
      amount: '1234.56',
      due_date: '2026-01-31',
      notes: null,
      supplier_id: 's-cimentos',
      project_id: 'p-aurora',
      category_id: 'cat-materiais',
    });
    expect(payload.rows[1]).toMatchObject({
      line: 5,
      supplier_key: 'Areia & Cia',
      amount: '1200.00',
    });
    expect(payload.rows[3]).toMatchObject({
      line: 9,
      supplier_id: 's-madeira',
      project_key: 'Obra Nova Iguaçu',
    });
  });

  it('refuses a row with issues or an unknown name without a choice', async () => {
    const { rows } = await previewOf('contas-pagar-excel-ptbr.xlsx', 'contas_pagar');
    expect(() => toImportPayload('contas_pagar', 'x.xlsx', rows, {})).toThrow(ImportPayloadError);
    expect(() => toImportPayload('contas_pagar', 'x.xlsx', [byLine(rows, 5)], {})).toThrow(
      'Linha 5: escolha o que fazer com "Areia & Cia".',
    );
  });

  it('registers go with their columns; a paid entry with payment date and account', () => {
    const supplier = previewRow(
      'fornecedores',
      2,
      { name: ' Areia  & Cia ', document: '11.444.777/0001-61' },
      ctx,
    );
    expect(toImportPayload('fornecedores', 'f.csv', [supplier], {}).rows).toEqual([
      {
        line: 2,
        name: 'Areia & Cia',
        document: '11444777000161',
        email: null,
        phone: null,
        address: null,
        notes: null,
      },
    ]);
    const paid = previewRow(
      'contas_receber',
      7,
      {
        client: '11.222.333/0001-81',
        description: 'Medição',
        amount: 1000,
        due_date: '10/01/2026',
        payment_date: '10/01/2026',
        bank_account: 'conta itau',
      },
      ctx,
    );
    expect(toImportPayload('contas_receber', 'r.csv', [paid], {}).rows[0]).toEqual({
      line: 7,
      description: 'Medição',
      amount: '1000.00',
      due_date: '2026-01-10',
      notes: null,
      payment_date: '2026-01-10',
      bank_account_id: 'b-itau',
      client_id: 'c-alfa',
    });
  });
});

describe('a CNPJ/CPF typed as a number (Excel drops its leading zeros)', () => {
  // A workbook as Excel writes one where the documents were typed without a mask: numeric cells.
  async function numericDocuments(kind: ImportKind, header: string[], rows: unknown[][]) {
    const { default: writeXlsxFile } = await import('write-excel-file/node');
    const data = [header, ...rows].map((row) =>
      row.map((value) => (value === null ? null : { value })),
    );
    const bytes = await (
      writeXlsxFile(data as never) as unknown as { toBuffer(): Promise<Buffer> }
    ).toBuffer();
    const read = await readImportFile(new Uint8Array(bytes), 'documentos.xlsx', kind);
    const sheet = read.sheets[read.sheetIndex];
    if (!sheet) throw new Error('no sheet');
    return { sheet, rows: buildPreview(kind, sheet, read.headerRow, read.mapping, withZeros) };
  }
  const withZeros: ImportContext = {
    ...ctx,
    suppliers: [...ctx.suppliers, { id: 's-zero', name: 'Zero Areia', document: '01234567000195' }],
  };

  it('reads it with its zeros back when the padded digits are a valid CPF or CNPJ', async () => {
    const { sheet, rows } = await numericDocuments(
      'fornecedores',
      ['Razão social', 'CNPJ/CPF'],
      [
        ['Areia Zero Ltda', 1234567000195], // 01.234.567/0001-95, 13 digits in the cell
        ['Pedro Zero', 191], // 000.000.001-91
        ['Cimentos Brasil', 11222333000181], // already 14 digits
        ['Maria Silva', 52998224725], // a CPF with all its 11 digits
        ['Errado Ltda', 1234567000190], // no zero makes it valid: left as in the sheet
      ],
    );
    // The fixture's cells really are numbers.
    expect(sheet.rows.slice(1).map((r) => typeof r[1])).toEqual(Array(5).fill('number'));
    expect(rows.map((r) => r.values.document)).toEqual([
      '01234567000195',
      '00000000191',
      '11222333000181',
      '52998224725',
      '1234567000190',
    ]);
    expect(byLine(rows, 2).display.document).toBe('01.234.567/0001-95');
    expect(byLine(rows, 3).display.document).toBe('000.000.001-91');
    expect(rows.slice(0, 4).map((r) => r.issues)).toEqual([[], [], [], []]);
    expect(byLine(rows, 6).issues).toEqual([
      { field: 'document', message: 'CNPJ/CPF inválido: 1234567000190' },
    ]);
  });

  it('finds the supplier a bill names by a CNPJ typed as a number', async () => {
    const { rows } = await numericDocuments(
      'contas_pagar',
      ['Fornecedor', 'Histórico', 'Valor', 'Vencimento'],
      [[1234567000195, 'Areia média', 150, '2026-03-10']],
    );
    expect(rows[0]).toMatchObject({
      values: { supplier_id: 's-zero', amount: 15000 },
      issues: [],
      unknown: [],
    });
  });
});
