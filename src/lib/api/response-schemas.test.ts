import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { cents, count } from '@/lib/api/response-schemas';

describe('response schemas', () => {
  it('reads an amount sent as a number or as a string into centavos', () => {
    expect(cents.parse(1234.5)).toBe(123450);
    expect(cents.parse('0.1')).toBe(10);
    expect(cents.parse('-3450.00')).toBe(-345000);
  });

  it('refuses what is not an amount', () => {
    expect(() => cents.parse(null)).toThrow(z.core.$ZodError);
  });

  it('reads a bigint count sent as a string, and refuses a fraction', () => {
    expect(count.parse('42')).toBe(42);
    expect(() => count.parse('1.5')).toThrow(z.core.$ZodError);
  });
});
