import { describe, expect, it } from 'vitest';
import {
  formatCompactCurrency,
  formatCurrency,
  fromCents,
  MAX_CENTS,
  parseCurrency,
  parseSignedCurrency,
  splitInstallments,
  toCents,
} from '@/lib/money';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

describe('parseCurrency', () => {
  it.each([
    ['R$ 1.234,56', 123456],
    ['R$1.234,56', 123456],
    ['1234,5', 123450],
    ['1234,56', 123456],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['0,01', 1],
    [',5', 50],
    ['10,', 1000],
    ['  R$  99  ', 9900],
    ['R$\u00a01.000,00', 100000],
    ['0', 0],
    ['12.5', 1250],
    ['12.50', 1250],
  ])('%j → %d centavos', (text, cents) => {
    expect(parseCurrency(text)).toBe(cents);
  });

  it.each(['', '   ', 'R$', 'R$ ', null, undefined])('blank %j → null', (text) => {
    expect(parseCurrency(text)).toBeNull();
  });

  it.each([
    'abc',
    '12a',
    '1,2,3',
    '1,234',
    '12.34.5',
    '1.23,45',
    '1,234.56',
    '12,345',
    '--5',
    'R$ 1.2345,00',
    ',',
    '1e5',
    'Infinity',
  ])('garbage %j → null', (text) => {
    expect(parseCurrency(text)).toBeNull();
  });

  it.each(['-5', '-R$ 5,00', 'R$ -1.234,56'])('refuses negative %j', (text) => {
    expect(parseCurrency(text)).toBeNull();
  });

  it('accepts the numeric(14,2) maximum and refuses more', () => {
    expect(parseCurrency('999.999.999.999,99')).toBe(MAX_CENTS);
    expect(parseCurrency('1.000.000.000.000,00')).toBeNull();
  });
});

describe('parseSignedCurrency', () => {
  it.each([
    ['-150,00', -15000],
    ['-R$ 1.234,56', -123456],
    ['R$ -1.234,56', -123456],
    ['\u2212 10', -1000],
    ['R$ 99,90', 9990],
    ['-0', 0],
  ])('reads %j as %i centavos', (text, cents) => {
    expect(parseSignedCurrency(text)).toBe(cents);
  });

  it('reads what formatCurrency writes for a negative balance', () => {
    expect(parseSignedCurrency(formatCurrency(-123456))).toBe(-123456);
  });

  it.each(['', '-', '--5', '5-', '-abc', 'R$ - '])('refuses %j', (text) => {
    expect(parseSignedCurrency(text)).toBeNull();
  });
});

describe('formatCurrency', () => {
  it('formats pt-BR BRL', () => {
    expect(formatCurrency(123456)).toBe(nbsp('R$ 1.234,56'));
    expect(formatCurrency(0)).toBe(nbsp('R$ 0,00'));
    expect(formatCurrency(5)).toBe(nbsp('R$ 0,05'));
    expect(formatCurrency(-50)).toBe(nbsp('-R$ 0,50'));
  });

  it('writes exactly what Intl.NumberFormat pt-BR BRL writes', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const samples = [1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789, MAX_CENTS];
    // Every magnitude, both signs, with a deterministic spread of digits.
    for (let digits = 1; digits <= 15; digits++) {
      for (let k = 1; k <= 7; k++) samples.push(Math.floor((10 ** digits * k) / 7.3));
    }
    for (const cents of samples) {
      expect(formatCurrency(cents)).toBe(intl.format(cents / 100));
      expect(formatCurrency(-cents)).toBe(intl.format(-cents / 100));
    }
  });

  it('never writes a negative zero', () => {
    expect(formatCurrency(-0)).toBe(nbsp('R$ 0,00'));
  });

  it('round-trips with parseCurrency', () => {
    for (const cents of [1, 99, 100, 123456, 100000000, MAX_CENTS]) {
      expect(parseCurrency(formatCurrency(cents))).toBe(cents);
    }
  });
});

describe('toCents / fromCents', () => {
  it('reads numbers without float error', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-10.5)).toBe(-1050);
    expect(toCents(0)).toBe(0);
  });

  it('reads numeric strings exactly', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('1234')).toBe(123400);
    expect(toCents('-0.50')).toBe(-50);
    expect(toCents('999999999999.99')).toBe(MAX_CENTS);
    expect(toCents('0.005')).toBe(1);
    expect(toCents('.5')).toBe(50);
  });

  it('throws on non-numbers', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('writes the database decimal text', () => {
    expect(fromCents(123456)).toBe('1234.56');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(100)).toBe('1.00');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(-50)).toBe('-0.50');
    expect(fromCents(-123456)).toBe('-1234.56');
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const cents of [0, 1, 10, 99, 101, 123456, -7, MAX_CENTS]) {
      expect(toCents(fromCents(cents))).toBe(cents);
    }
  });
});

describe('splitInstallments', () => {
  it('puts the remainder on the last instalment', () => {
    expect(splitInstallments(10000, 3)).toEqual([3333, 3333, 3334]);
    expect(splitInstallments(100, 7)).toEqual([14, 14, 14, 14, 14, 14, 16]);
    expect(splitInstallments(10000, 1)).toEqual([10000]);
    expect(splitInstallments(2, 3)).toEqual([0, 0, 2]);
  });

  it('always adds up to the total', () => {
    for (const [total, n] of [
      [1, 12],
      [99999, 12],
      [123457, 5],
      [MAX_CENTS, 360],
    ] as const) {
      const parts = splitInstallments(total, n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('refuses invalid input', () => {
    expect(() => splitInstallments(100, 0)).toThrow(RangeError);
    expect(() => splitInstallments(100, 1.5)).toThrow(RangeError);
    expect(() => splitInstallments(-1, 2)).toThrow(RangeError);
    expect(() => splitInstallments(10.5, 2)).toThrow(RangeError);
  });
});

describe('formatCompactCurrency', () => {
  it.each([
    [0, 'R$ 0,00'],
    [99_999, 'R$ 999,99'],
    [100_000, 'R$ 1 mil'],
    [120_000, 'R$ 1,2 mil'],
    [123_456, 'R$ 1,2 mil'],
    [1_234_567, 'R$ 12,3 mil'],
    [99_995_000, 'R$ 1 mi'],
    [99_940_000, 'R$ 999 mil'],
    [11_231_110, 'R$ 112 mil'],
    [9_994_000, 'R$ 99,9 mil'],
    [9_996_000, 'R$ 100 mil'],
    [455_000_000, 'R$ 4,6 mi'],
    [123_456_789_000, 'R$ 1,2 bi'],
    [MAX_CENTS, 'R$ 1 tri'],
    [-150_000, '-R$ 1,5 mil'],
    [-50, '-R$ 0,50'],
  ])('%d centavos → %j', (cents, text) => {
    expect(formatCompactCurrency(cents)).toBe(nbsp(text));
  });

  it('never contains a breakable space', () => {
    for (const cents of [5, 100_000, 987_654_321, -123_456_789]) {
      expect(formatCompactCurrency(cents)).not.toMatch(/ /);
    }
  });
});
