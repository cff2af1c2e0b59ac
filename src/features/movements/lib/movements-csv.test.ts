import { describe, expect, it } from 'vitest';
import { csvNumber, csvText } from '@/lib/csv';
import { sumCents } from '@/lib/export-table';
import { XLSX_MONEY_FORMAT, buildXlsx } from '@/lib/xlsx-workbook';
import { readXlsx } from '@/test/read-xlsx';
import {
  buildMovementsCsv,
  MOVEMENT_EXPORT_COLUMNS,
  movementExportRows,
  movementTotalsRows,
  type Movement,
  type MovementPart,
  type TransferMovement,
} from './movements-csv';

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

  it("writes the Excel sheet from the same rows: the CSV's columns and figures, real dates, the server totals", async () => {
    const transfer: TransferMovement = {
      rowType: 'transfer',
      id: 't',
      description: 'Transferência Itaú → Caixa',
      amountCents: 20000,
      movementDate: '2026-11-03',
      fromAccountId: 'a',
      fromAccountName: 'Itaú',
      toAccountId: 'b',
      toAccountName: 'Caixa',
      reversed: false,
      reversedOn: null,
    };
    const movements = [base, split, transfer];
    const summary = {
      incomeCents: 0,
      expenseCents: 1923456,
      balanceCents: -1923456,
      transferCount: 1,
      transferCents: 20000,
    };
    const book = await readXlsx(
      await buildXlsx({
        title: 'Construtora Alfa · Movimentações · Sem filtros',
        columns: MOVEMENT_EXPORT_COLUMNS,
        rows: movements.flatMap(movementExportRows),
        totals: movementTotalsRows(summary),
      }),
    );
    const csv = buildMovementsCsv(movements).slice(1).split('\r\n').slice(0, -1);
    expect(book.rows[1]).toEqual(csv[0]?.split(';'));
    // Every data row: the same Valor as the CSV's, the same Rateio, dates as dates.
    const data = book.rows.slice(2, 2 + csv.length - 1);
    expect(data).toHaveLength(5);
    data.forEach((row, i) => {
      const fields = csv[i + 1]?.split(';') ?? [];
      expect(row[9]).toBe(Number(fields[9]?.replace(',', '.')));
      expect(row[10] ?? '').toBe(fields[10]);
      expect(row[0]).toBeInstanceOf(Date);
    });
    expect(data.map((r) => r[10])).toEqual([null, '1 de 3', '2 de 3', '3 de 3', null]);
    expect(data[0]?.[0]).toEqual(new Date(Date.UTC(2026, 10, 12)));
    expect(data[4]?.[1]).toBeNull();
    expect(book.format('A3')).toBe('dd/mm/yyyy');
    expect(book.format('J3')).toBe(XLSX_MONEY_FORMAT);
    // The totals are the summary's, and the Saldo is what the Pagar/Receber rows add up to.
    const totals = book.rows.slice(2 + data.length);
    expect(totals.map((r) => [r[4], r[9]])).toEqual([
      ['Entradas', 0],
      ['Saídas', -19234.56],
      ['Saldo', -19234.56],
      ['Transferências', 200],
    ]);
    const entryCents = movements
      .flatMap(movementExportRows)
      .filter((r) => r[2] !== 'Transferência')
      .map((r) => r[9] as number);
    expect(sumCents(entryCents)).toBe(summary.balanceCents);
    expect(book.widths).toHaveLength(MOVEMENT_EXPORT_COLUMNS.length);
    expect(book.frozenRows).toBe(2);
  });
});
