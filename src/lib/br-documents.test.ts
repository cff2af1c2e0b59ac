import { describe, expect, it } from 'vitest';
import {
  BRAZILIAN_STATES,
  cepDigits,
  documentCharacters,
  formatCep,
  formatDocument,
  isStateCode,
  isValidCep,
  isValidDocument,
  maskCepTyping,
  maskDocumentTyping,
} from '@/lib/br-documents';

// The same cases as tests/db/company-settings.test.ts: the form and the database agree.
describe('isValidDocument', () => {
  it.each([
    '11.222.333/0001-81',
    '11222333000181',
    '529.982.247-25',
    '52998224725',
    '12.ABC.345/01DE-35',
    '12abc34501de35',
  ])('accepts %s', (value) => {
    expect(isValidDocument(value)).toBe(true);
  });

  it.each([
    '11.222.333/0001-82',
    '529.982.247-24',
    '111.111.111-11',
    '00.000.000/0000-00',
    '1234567890',
    '5299822472A',
    '12ABC34501DE3A',
    '11222333000181#',
    '',
  ])('refuses %j', (value) => {
    expect(isValidDocument(value)).toBe(false);
  });
});

describe('formats', () => {
  it('masks a CPF and both kinds of CNPJ, and keeps anything else as typed', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('123')).toBe('123');
    expect(documentCharacters(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });

  it('checks and masks a CEP', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('01310-10A')).toBe(false);
    expect(cepDigits('01.310-100')).toBe('01310100');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
  });

  it('knows the 27 UFs', () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(isStateCode('sp')).toBe(true);
    expect(isStateCode('XX')).toBe(false);
    expect(isStateCode('São Paulo')).toBe(false);
  });
});

describe('masks as typed', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['5299', '529.9'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    // A 12th character: no longer a CPF, a CNPJ as it goes on.
    ['112223330001', '11.222.333/0001'],
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-8199', '11.222.333/0001-81'],
    ['12abc', '12.ABC'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['529 982-247.25', '529.982.247-25'],
  ])('the document %j as %j', (typed, shown) => {
    expect(maskDocumentTyping(typed)).toBe(shown);
  });

  it.each([
    ['', ''],
    ['0131', '0131'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['01310-1009', '01310-100'],
    ['01a310', '01310'],
  ])('the CEP %j as %j', (typed, shown) => {
    expect(maskCepTyping(typed)).toBe(shown);
  });
});
