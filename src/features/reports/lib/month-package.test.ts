import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipPackage } from '@/features/reports/lib/month-package-zip';
import {
  buildLancamentosCsv,
  buildPagamentosCsv,
  buildSemComprovanteCsv,
  documentPaths,
  packageCsvFiles,
  packageFileName,
  type MonthPackageData,
  type PackageDocument,
  type PackageEntry,
  type PackagePayment,
} from '@/features/reports/lib/month-package';

function entry(fields: Partial<PackageEntry> & Pick<PackageEntry, 'id'>): PackageEntry {
  return {
    kind: 'expense',
    description: 'Cimento CP-II',
    amountCents: 150000,
    dueDate: '2026-11-10',
    status: 'pending',
    settledOn: null,
    paidCents: 0,
    interestCents: 0,
    fineCents: 0,
    discountCents: 0,
    paidTotalCents: 0,
    openCents: 150000,
    counterpartyName: 'Casa do Construtor',
    counterpartyDocument: '11222333000181',
    categoryName: 'Materiais',
    projectName: 'Residencial Aurora',
    stageName: 'Fundação',
    bankAccountName: 'Itaú',
    paymentMethod: 'pix',
    installmentNumber: null,
    installmentCount: null,
    approvalStatus: 'approved',
    documentCount: 0,
    hasComprovante: false,
    ...fields,
  };
}

function payment(fields: Partial<PackagePayment> & Pick<PackagePayment, 'id' | 'entryId'>) {
  return {
    kind: 'expense' as const,
    paidOn: '2026-11-12',
    bankAccountName: 'Itaú',
    amountCents: 151500,
    principalCents: 150000,
    interestCents: 1000,
    fineCents: 1000,
    discountCents: 500,
    reversed: false,
    reversedOn: null,
    ...fields,
  };
}

function doc(fields: Partial<PackageDocument> & Pick<PackageDocument, 'id' | 'entryId'>) {
  return {
    paymentId: null,
    kind: 'comprovante',
    originalName: 'IMG_0001.JPG',
    mime: 'image/jpeg',
    storagePath: `c1/${fields.entryId}/${fields.id}.jpg`,
    sha256: '',
    ...fields,
  };
}

const paid = entry({
  id: 'e1',
  status: 'paid',
  settledOn: '2026-11-12',
  paidCents: 150000,
  interestCents: 1000,
  fineCents: 1000,
  discountCents: 500,
  paidTotalCents: 151500,
  openCents: 0,
  documentCount: 3,
  hasComprovante: true,
});
const open = entry({
  id: 'e2',
  kind: 'income',
  description: '=Medição 3; "bloco B"',
  amountCents: 2000000,
  openCents: 2000000,
  dueDate: '2026-11-28',
  counterpartyName: 'Maria Souza',
  counterpartyDocument: '52998224725',
  categoryName: null,
  projectName: null,
  stageName: null,
  paymentMethod: null,
  installmentNumber: 2,
  installmentCount: 5,
  documentCount: 1,
});
const paidNoReceipt = entry({
  id: 'e3',
  description: 'Frete',
  amountCents: 30000,
  status: 'paid',
  settledOn: '2026-11-20',
  paidCents: 30000,
  paidTotalCents: 30000,
  openCents: 0,
  counterpartyName: 'Transportes Lima',
  counterpartyDocument: null,
  // Its nota fiscal: a document, not a comprovante.
  documentCount: 1,
});
const awaiting = entry({ id: 'e4', description: 'Areia', approvalStatus: 'pending' });

const data: MonthPackageData = {
  month: '2026-11',
  today: '2026-11-26',
  entries: [paid, open, paidNoReceipt, awaiting],
  payments: [
    payment({ id: 'p1', entryId: 'e1' }),
    payment({
      id: 'p3',
      entryId: 'e3',
      paidOn: '2026-11-20',
      amountCents: 30000,
      principalCents: 30000,
      interestCents: 0,
      fineCents: 0,
      discountCents: 0,
    }),
    payment({
      id: 'p0',
      entryId: 'e1',
      paidOn: '2026-11-02',
      reversed: true,
      reversedOn: '2026-11-03',
    }),
  ],
  documents: [
    doc({ id: 'd1', entryId: 'e1', paymentId: 'p1' }),
    doc({
      id: 'd2',
      entryId: 'e1',
      paymentId: 'p1',
      originalName: 'recibo.pdf',
      mime: 'application/pdf',
    }),
    doc({ id: 'd3', entryId: 'e1', paymentId: 'p1' }),
    doc({ id: 'd4', entryId: 'e3', kind: 'nota_fiscal', originalName: 'nf.xml', mime: 'text/xml' }),
    doc({
      id: 'd5',
      entryId: 'e2',
      kind: 'outro',
      originalName: 'contrato',
      mime: 'application/pdf',
    }),
  ],
  dreCsv: '\uFEFFDRE gerencial\r\n',
};

function lines(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('lancamentos.csv', () => {
  it('lists every entry with status, payments, juros/multa/desconto, obra, categoria and CNPJ/CPF', () => {
    const [header, ...rows] = lines(buildLancamentosCsv(data));
    expect(header).toBe(
      'Tipo;Status;Vencimento;Data do pagamento;Descrição;Fornecedor/Cliente;CNPJ/CPF;Categoria;Obra;Etapa;Conta;Forma de pagamento;Parcela;Valor;Principal pago;Juros;Multa;Desconto;Total pago;Em aberto;Pagamentos;Documentos;Rateio',
    );
    expect(rows).toEqual([
      'Despesa;Pago;10/11/2026;12/11/2026;Cimento CP-II;Casa do Construtor;11.222.333/0001-81;Materiais;Residencial Aurora;Fundação;Itaú;PIX;;1500,00;1500,00;10,00;10,00;5,00;1515,00;0,00;1;3;',
      // A formula is defused and a text with ; or " is quoted; no obra = Geral.
      `Receita;Aberto;28/11/2026;;"'=Medição 3; ""bloco B""";Maria Souza;529.982.247-25;Sem categoria;Geral;;Itaú;;2/5;20000,00;0,00;0,00;0,00;0,00;0,00;20000,00;0;1;`,
      'Despesa;Pago;10/11/2026;20/11/2026;Frete;Transportes Lima;;Materiais;Residencial Aurora;Fundação;Itaú;PIX;;300,00;300,00;0,00;0,00;0,00;300,00;0,00;1;1;',
      'Despesa;Aguardando aprovação;10/11/2026;;Areia;Casa do Construtor;11.222.333/0001-81;Materiais;Residencial Aurora;Fundação;Itaú;PIX;;1500,00;0,00;0,00;0,00;0,00;0,00;1500,00;0;0;',
    ]);
  });

  it('says Atrasado for an open entry due before the packing day', () => {
    const late = { ...data, entries: [open], today: '2026-12-01' };
    expect(lines(buildLancamentosCsv(late))[1]).toMatch(/^Receita;Atrasado;/);
  });
});

describe('pagamentos.csv', () => {
  it('lists the payments of the month with their parts, an estorno said so', () => {
    const [header, ...rows] = lines(buildPagamentosCsv(data));
    expect(header).toBe(
      'Data;Tipo;Descrição;Fornecedor/Cliente;CNPJ/CPF;Categoria;Obra;Conta;Principal;Juros;Multa;Desconto;Valor pago;Estorno;Rateio',
    );
    expect(rows).toEqual([
      '12/11/2026;Despesa;Cimento CP-II;Casa do Construtor;11.222.333/0001-81;Materiais;Residencial Aurora;Itaú;1500,00;10,00;10,00;5,00;1515,00;;',
      '20/11/2026;Despesa;Frete;Transportes Lima;;Materiais;Residencial Aurora;Itaú;300,00;0,00;0,00;0,00;300,00;;',
      '02/11/2026;Despesa;Cimento CP-II;Casa do Construtor;11.222.333/0001-81;Materiais;Residencial Aurora;Itaú;1500,00;10,00;10,00;5,00;1515,00;Estornado em 03/11/2026;',
    ]);
  });
});

// Rateio (issue 33): the accountant books a split entry one line per part, each with its obra,
// etapa, categoria and its share of every figure (largest remainder, exact: each column sums to the
// entry's own); a payment of it likewise.
describe('a split entry in the package', () => {
  const split = entry({
    id: 's',
    description: 'Concreto usinado',
    amountCents: 1800000,
    paidCents: 1000000,
    interestCents: 1001,
    fineCents: 300,
    discountCents: 100,
    paidTotalCents: 1001201,
    openCents: 800000,
    categoryName: null,
    projectName: null,
    stageName: null,
    parts: [
      {
        projectName: 'Casa 001',
        stageName: 'Fundação',
        categoryName: 'Materiais',
        amountCents: 1080000,
      },
      { projectName: 'Casa 002', stageName: null, categoryName: 'Materiais', amountCents: 720000 },
    ],
  });
  const splitData: MonthPackageData = {
    ...data,
    entries: [split],
    payments: [
      payment({
        id: 'ps',
        entryId: 's',
        amountCents: 1001201,
        principalCents: 1000000,
        interestCents: 1001,
        fineCents: 300,
        discountCents: 100,
      }),
    ],
  };

  it('lancamentos.csv: one line per part, its share of each figure', () => {
    const [, ...rows] = lines(buildLancamentosCsv(splitData));
    expect(rows).toEqual([
      'Despesa;Pago em parte;10/11/2026;;Concreto usinado;Casa do Construtor;11.222.333/0001-81;Materiais;Casa 001;Fundação;Itaú;PIX;;10800,00;6000,00;6,01;1,80;0,60;6007,21;4800,00;1;0;1 de 2',
      'Despesa;Pago em parte;10/11/2026;;Concreto usinado;Casa do Construtor;11.222.333/0001-81;Materiais;Casa 002;;Itaú;PIX;;7200,00;4000,00;4,00;1,20;0,40;4004,80;3200,00;1;0;2 de 2',
    ]);
  });

  it("pagamentos.csv: a split payment's lines take the shares the ledger keeps", () => {
    // The ledger's cumulative shares (private.ledger_parts) differ from this payment apportioned
    // alone by a centavo here; the lines follow the ledger, so they add up with the DRE.
    const kept: MonthPackageData = {
      ...splitData,
      payments: [
        {
          ...payment({
            id: 'ps',
            entryId: 's',
            amountCents: 1001201,
            principalCents: 1000000,
            interestCents: 1001,
            fineCents: 300,
            discountCents: 100,
          }),
          parts: [
            {
              amountCents: 600720,
              principalCents: 600000,
              interestCents: 600,
              fineCents: 180,
              discountCents: 60,
            },
            {
              amountCents: 400481,
              principalCents: 400000,
              interestCents: 401,
              fineCents: 120,
              discountCents: 40,
            },
          ],
        },
      ],
    };
    const [, ...rows] = lines(buildPagamentosCsv(kept));
    expect(rows).toEqual([
      '12/11/2026;Despesa;Concreto usinado;Casa do Construtor;11.222.333/0001-81;Materiais;Casa 001;Itaú;6000,00;6,00;1,80;0,60;6007,20;;1 de 2',
      '12/11/2026;Despesa;Concreto usinado;Casa do Construtor;11.222.333/0001-81;Materiais;Casa 002;Itaú;4000,00;4,01;1,20;0,40;4004,81;;2 de 2',
    ]);
  });

  it('pagamentos.csv: a payment one line per part', () => {
    const [, ...rows] = lines(buildPagamentosCsv(splitData));
    expect(rows).toEqual([
      '12/11/2026;Despesa;Concreto usinado;Casa do Construtor;11.222.333/0001-81;Materiais;Casa 001;Itaú;6000,00;6,01;1,80;0,60;6007,21;;1 de 2',
      '12/11/2026;Despesa;Concreto usinado;Casa do Construtor;11.222.333/0001-81;Materiais;Casa 002;Itaú;4000,00;4,00;1,20;0,40;4004,80;;2 de 2',
    ]);
  });
});

describe('sem-comprovante.csv', () => {
  it('lists the paid entries without a comprovante (a nota fiscal is not one)', () => {
    const [header, ...rows] = lines(buildSemComprovanteCsv(data));
    expect(header).toBe(
      'Data do pagamento;Tipo;Descrição;Fornecedor/Cliente;CNPJ/CPF;Obra;Conta;Total pago',
    );
    expect(rows).toEqual([
      '20/11/2026;Despesa;Frete;Transportes Lima;;Residencial Aurora;Itaú;300,00',
    ]);
  });
});

describe('document names', () => {
  it('are AAAA-MM-DD - descrição - valor.ext, unique when two collide', () => {
    expect(documentPaths(data)).toEqual([
      'documentos/2026-11-12 - Cimento CP-II - R$ 1.515,00.jpg',
      'documentos/2026-11-12 - Cimento CP-II - R$ 1.515,00.pdf',
      'documentos/2026-11-12 - Cimento CP-II - R$ 1.515,00 (2).jpg',
      'documentos/2026-11-20 - Frete - R$ 300,00.xml',
      // No extension in the name: from its type. Characters a file system refuses are dropped.
      'documentos/2026-11-28 - =Medição 3; bloco B - R$ 20.000,00.pdf',
    ]);
  });

  it('keep no path separator or reserved character from a description', () => {
    const tricky = {
      ...data,
      entries: [entry({ id: 'x', description: '../../etc/passwd: a<b>|c?*' })],
      documents: [doc({ id: 'dx', entryId: 'x' })],
      payments: [],
    };
    expect(documentPaths(tricky)).toEqual([
      'documentos/2026-11-10 - .. .. etc passwd a b c - R$ 1.500,00.jpg',
    ]);
  });
});

describe('the zip', () => {
  it('holds the four CSVs and every document under its name', async () => {
    const paths = documentPaths(data);
    const bytes = await zipPackage(
      packageCsvFiles(data),
      paths.map((path, i) => ({ path, bytes: new Uint8Array([i, 1, 2, 3]) })),
    );
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(
      ['dre.csv', 'lancamentos.csv', 'pagamentos.csv', 'sem-comprovante.csv', ...paths].sort(),
    );
    expect(Array.from(files[paths[2] ?? ''] ?? [])).toEqual([2, 1, 2, 3]);
    const semComprovante = files['sem-comprovante.csv'];
    expect(
      semComprovante && new TextDecoder('utf-8', { ignoreBOM: true }).decode(semComprovante),
    ).toBe(buildSemComprovanteCsv(data));
  });

  it('is named after the company and the month', () => {
    expect(packageFileName('Construtora São João Ltda.', '2026-11')).toBe(
      'pacote-contador-construtora-sao-joao-ltda-2026-11.zip',
    );
  });
});
