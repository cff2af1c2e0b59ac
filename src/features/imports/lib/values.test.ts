import { describe, expect, it } from 'vitest';
import {
  excelSerialToIso,
  normalizeHeader,
  parseBrazilianDate,
  parseBrazilianMoney,
  readBrazilianDate,
} from '@/features/imports/lib/values';

describe('parseBrazilianMoney', () => {
  it.each([
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['1234,5', 123450],
    ['1.234', 123400],
    ['-', 0],
    ['R$ -', 0],
    ['–', 0],
    ['-1.234,56', -123456],
    ['(1.234,56)', -123456],
    ['1,234.56', 123456],
    ['0,01', 1],
  ])('%s → %d centavos', (text, cents) => {
    expect(parseBrazilianMoney(text)).toBe(cents);
  });

  it.each([
    [1234.56, 123456],
    [0.1 + 0.2, 30],
    [1200, 120000],
    [-50.5, -5050],
  ])('a number cell %d → %d centavos', (value, cents) => {
    expect(parseBrazilianMoney(value)).toBe(cents);
  });

  it.each(['R$ 1.234,5x', 'abc', '', '1.23.4', '12,3,4'])('%s is not an amount', (text) => {
    expect(parseBrazilianMoney(text)).toBeNull();
  });
});

describe('parseBrazilianDate', () => {
  it.each([
    ['31/01/2026', '2026-01-31'],
    ['1/2/2026', '2026-02-01'],
    ['31/01/26', '2026-01-31'],
    ['31-01-2026', '2026-01-31'],
    ['31.01.2026', '2026-01-31'],
    ['31/01/2026 00:00:00', '2026-01-31'],
    ['2026-01-31', '2026-01-31'],
    ['46053', '2026-01-31'],
  ])('%s → %s', (text, iso) => {
    expect(parseBrazilianDate(text)).toBe(iso);
  });

  it('reads Excel serial numbers (1900 system), dropping the time of day', () => {
    expect(parseBrazilianDate(46053)).toBe('2026-01-31');
    expect(parseBrazilianDate(46053.75)).toBe('2026-01-31');
    expect(excelSerialToIso(36526)).toBe('2000-01-01');
    expect(excelSerialToIso(60)).toBe('1900-02-28');
  });

  it('refuses a day that does not exist, in Portuguese', () => {
    expect(parseBrazilianDate('31/02/2026')).toBeNull();
    expect(readBrazilianDate('31/02/2026')).toEqual({
      error: 'Data inválida: 31/02/2026 não existe',
    });
    expect(readBrazilianDate('29/02/2027')).toEqual({
      error: 'Data inválida: 29/02/2027 não existe',
    });
    expect(readBrazilianDate('29/02/2028')).toEqual({ ok: '2028-02-29' });
  });

  it('refuses dates outside the range the database accepts', () => {
    expect(readBrazilianDate('31/12/1999')).toEqual({
      error: 'Data fora do período aceito (2000 a 2100): 31/12/1999',
    });
    expect(readBrazilianDate('01/01/2101')).toEqual({
      error: 'Data fora do período aceito (2000 a 2100): 01/01/2101',
    });
  });

  it('an empty cell is no date; text that is not a date says how to write one', () => {
    expect(readBrazilianDate(null)).toBeNull();
    expect(readBrazilianDate('  ')).toBeNull();
    expect(readBrazilianDate('amanhã')).toEqual({
      error: 'Data inválida: amanhã (use dd/mm/aaaa)',
    });
  });
});

describe('normalizeHeader', () => {
  it('ignores accents, case, punctuation and spacing', () => {
    expect(normalizeHeader('  DT. VENCIMENTO ')).toBe('dt vencimento');
    expect(normalizeHeader('Razão Social')).toBe('razao social');
    expect(normalizeHeader('Valor original da parcela (R$)')).toBe('valor original da parcela r');
  });
});
