import { describe, expect, it } from 'vitest';
import {
  columnLabels,
  findHeaderRow,
  mappingToHeaders,
  matchColumns,
} from '@/features/imports/lib/columns';

describe('findHeaderRow', () => {
  it('skips titles, blank rows and a period line above the header', () => {
    const rows = [
      ['Construtora Exemplo Ltda', null, null],
      [],
      ['Período: 01/01/2026 a 31/03/2026', null, null],
      ['Fornecedor', 'Valor', 'Vencimento'],
      ['Cimentos Brasil', 100, 46053],
    ];
    expect(findHeaderRow(rows, 'contas_pagar')).toBe(3);
  });

  it('is the first non-blank row when nothing looks like a header', () => {
    expect(findHeaderRow([[], ['a', 'b'], ['c', 'd']], 'clientes')).toBe(1);
  });
});

describe('matchColumns', () => {
  it('matches Portuguese headers and their variants, without accents or case', () => {
    const header = [
      'HISTORICO',
      'Dt. Vencimento',
      'Valor (R$)',
      'Fornecedor',
      'obra',
      'Categoria',
      'Data de Pagamento',
      'Conta',
    ];
    expect(matchColumns('contas_pagar', header)).toEqual({
      supplier: 3,
      description: 0,
      amount: 2,
      due_date: 1,
      project: 4,
      category: 5,
      notes: null,
      payment_date: 6,
      bank_account: 7,
    });
  });

  it('matches Conta Azul’s export headers', () => {
    const header = [
      'Data de competência',
      'Data de vencimento',
      'Data de pagamento',
      'Valor original da parcela (R$)',
      'Valor pago da parcela (R$)',
      'Descrição',
      'Nome do fornecedor',
      'CNPJ/CPF do fornecedor',
      'Categoria 1',
      'Centro de Custo 1',
      'Conta bancária',
      'Observações',
    ];
    const mapping = matchColumns('contas_pagar', header);
    expect(mapping).toMatchObject({
      due_date: 1,
      payment_date: 2,
      amount: 3,
      description: 5,
      supplier: 6,
      category: 8,
      project: 9,
      bank_account: 10,
      notes: 11,
    });
  });

  it('matches Omie’s client list: Razão social is the name, CNPJ/CPF the document', () => {
    const header = ['Razão Social', 'Nome Fantasia', 'CNPJ/CPF', 'Telefone', 'E-mail', 'Endereço'];
    expect(matchColumns('clientes', header)).toEqual({
      name: 0,
      document: 2,
      phone: 3,
      email: 4,
      address: 5,
      notes: null,
    });
  });

  it('a remembered mapping wins when its header is in the sheet; each column is used once', () => {
    const header = ['Nome', 'Apelido', 'CNPJ'];
    expect(matchColumns('fornecedores', header, { name: 'apelido' })).toMatchObject({
      name: 1,
      document: 2,
    });
    expect(matchColumns('fornecedores', header, { name: 'Não existe' })).toMatchObject({ name: 0 });
  });

  it('mappingToHeaders gives what is remembered; columnLabels names headerless columns', () => {
    const header = ['Nome', null, 'CNPJ'];
    expect(mappingToHeaders({ name: 0, document: 2, email: null }, header)).toEqual({
      name: 'Nome',
      document: 'CNPJ',
    });
    expect(columnLabels(header, 4)).toEqual(['Nome', 'Coluna B', 'CNPJ', 'Coluna D']);
  });
});
