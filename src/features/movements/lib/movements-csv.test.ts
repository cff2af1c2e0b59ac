import { describe, expect, it } from 'vitest';
import { csvNumber, csvText } from '@/lib/csv';
import { buildMovementsCsv, type Movement, type MovementPart } from './movements-csv';

const base: Movement = {
  kind: 'expense',
  id: '1',
  description: 'Cimento CP-II',
  amountCents: 123456,
  paidCents: 123456,
  openCents: 0,
  dueDate: '2026-11-10',
  status: 'paid',
  settledOn: '2026-11-12',
  counterpartyName: 'Depósito Silva',
  projectId: 'p',
  projectName: 'Casa 001',
  categoryId: 'c',
  categoryName: 'Materiais',
  categoryColor: 'orange',
  bankAccountId: 'b',
  bankAccountName: 'Banco do Brasil',
  installmentNumber: null,
  installmentCount: null,
  createdAt: null,
  documentCount: 0,
  rowType: 'entry',
  movementDate: '2026-11-12',
  displayStatus: 'paid',
  paidTotalCents: 123456,
  displayCents: 123456,
};

describe('csvNumber', () => {
  it('writes the pt-BR decimal comma without thousands dots', () => {
    expect(csvNumber(123456)).toBe('1234,56');
    expect(csvNumber(5)).toBe('0,05');
    expect(csvNumber(-50)).toBe('-0,50');
    expect(csvNumber(100000000)).toBe('1000000,00');
  });
});

describe('csvText', () => {
  it('quotes the separator, quotes and line breaks', () => {
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('Tijolo "baiano"')).toBe('"Tijolo ""baiano"""');
    expect(csvText('linha\nnova')).toBe('"linha\nnova"');
    expect(csvText(null)).toBe('');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('+55 11')).toBe("'+55 11");
    expect(csvText('@soma')).toBe("'@soma");
  });
});

describe('buildMovementsCsv', () => {
  it('has a BOM, a header, ; between fields, CRLF, and signed amounts, transfers with their route', () => {
    const csv = buildMovementsCsv([
      base,
      {
        ...base,
        id: '2',
        kind: 'income',
        description: 'Parcela; entrada',
        amountCents: 500000,
        displayCents: 500000,
        paidTotalCents: 0,
        openCents: 500000,
        counterpartyName: null,
        projectName: null,
        categoryName: null,
        bankAccountName: null,
        status: 'pending',
        settledOn: null,
        dueDate: '2026-11-01',
        movementDate: '2026-11-01',
        displayStatus: 'overdue',
      },
      {
        rowType: 'transfer',
        id: 't',
        description: 'Transferência Itaú → Caixa',
        amountCents: 20000,
        movementDate: '2026-11-03',
        fromAccountId: 'a',
        fromAccountName: 'Itaú',
        toAccountId: 'b',
        toAccountName: 'Caixa',
        reversed: true,
        reversedOn: '2026-11-04',
      },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Data;Vencimento;Tipo;Status;Descrição;Fornecedor/Cliente;Categoria;Obra;Conta;Valor;Rateio',
      '12/11/2026;10/11/2026;Pagar;Pago;Cimento CP-II;Depósito Silva;Materiais;Casa 001;Banco do Brasil;-1234,56;',
      '01/11/2026;01/11/2026;Receber;Atrasado;"Parcela; entrada";;Sem categoria;Geral;;5000,00;',
      '03/11/2026;;Transferência;Estornada em 04/11/2026;Transferência Itaú → Caixa;;;;Itaú → Caixa;200,00;',
      '',
    ]);
  });

  it('writes only the header for an empty list', () => {
    expect(buildMovementsCsv([])).toBe(
      '\uFEFFData;Vencimento;Tipo;Status;Descrição;Fornecedor/Cliente;Categoria;Obra;Conta;Valor;Rateio\r\n',
    );
  });

  // Rateio (issue 33): one line per part, each with its obra, category and value (the database's
  // apportioned figures); under an obra or category filter only the parts that match.
  const part = (over: Partial<MovementPart>): MovementPart => ({
    projectId: 'a',
    projectName: 'Casa 001',
    stageName: null,
    categoryId: 'm',
    categoryName: 'Materiais',
    amountCents: 0,
    paidTotalCents: 0,
    openCents: 0,
    displayCents: 0,
    match: true,
    ...over,
  });
  const split: Movement = {
    ...base,
    id: 's',
    description: 'Concreto usinado',
    projectId: null,
    projectName: 'Casa 001 e Geral',
    categoryId: null,
    categoryName: 'Rateio (3)',
    amountCents: 1800000,
    paidCents: 1800000,
    paidTotalCents: 1800000,
    displayCents: 1800000,
    parts: [
      part({ amountCents: 1080000, displayCents: 1080000 }),
      part({
        projectId: 'b',
        projectName: 'Casa 002',
        categoryName: 'Elétrica',
        displayCents: 540000,
      }),
      part({ projectId: null, projectName: null, categoryName: null, displayCents: 180000 }),
    ],
  };

  it('writes a split entry one line per part, the values summing to the entry', () => {
    const lines = buildMovementsCsv([split]).slice(1).split('\r\n');
    expect(lines.slice(1, 4)).toEqual([
      '12/11/2026;10/11/2026;Pagar;Pago;Concreto usinado;Depósito Silva;Materiais;Casa 001;Banco do Brasil;-10800,00;1 de 3',
      '12/11/2026;10/11/2026;Pagar;Pago;Concreto usinado;Depósito Silva;Elétrica;Casa 002;Banco do Brasil;-5400,00;2 de 3',
      '12/11/2026;10/11/2026;Pagar;Pago;Concreto usinado;Depósito Silva;Sem categoria;Geral;Banco do Brasil;-1800,00;3 de 3',
    ]);
    expect(lines).toHaveLength(5);
  });

  it('writes only the parts that match the filters', () => {
    const filtered: Movement = {
      ...split,
      displayCents: 540000,
      parts: (split.parts ?? []).map((p, i) => ({ ...p, match: i === 1 })),
    };
    const lines = buildMovementsCsv([filtered]).slice(1).split('\r\n');
    expect(lines.slice(1, -1)).toEqual([
      '12/11/2026;10/11/2026;Pagar;Pago;Concreto usinado;Depósito Silva;Elétrica;Casa 002;Banco do Brasil;-5400,00;2 de 3',
    ]);
  });
});
