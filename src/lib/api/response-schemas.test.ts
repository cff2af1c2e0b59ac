import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { amount, cents, count, namedRow, orNull, removeOutcome } from '@/lib/api/response-schemas';

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

describe('shared answer blocks', () => {
  it('reads a column the generated types call non-null as null when SQL leaves it null or out', () => {
    const row = z.object({ category_name: orNull(z.string()) });
    expect(row.parse({ category_name: 'Materiais' })).toEqual({ category_name: 'Materiais' });
    expect(row.parse({ category_name: null })).toEqual({ category_name: null });
    expect(row.parse({})).toEqual({ category_name: null });
    expect(() => row.parse({ category_name: 7 })).toThrow(z.core.$ZodError);
  });

  it('reads what remove_bank_account / remove_category answer, and refuses anything else', () => {
    expect(removeOutcome.parse('deleted')).toBe('deleted');
    expect(removeOutcome.parse('archived')).toBe('archived');
    expect(() => removeOutcome.parse('removed')).toThrow(z.core.$ZodError);
  });

  it('keeps the id and name of a created row (create_project, create_company answer the row)', () => {
    expect(
      namedRow.parse({
        id: '11111111-1111-4111-8111-111111111111',
        company_id: '22222222-2222-4222-8222-222222222222',
        name: 'Casa 010',
        budget: 12345.67,
      }),
    ).toEqual({ id: '11111111-1111-4111-8111-111111111111', name: 'Casa 010' });
    expect(() => namedRow.parse(null)).toThrow(z.core.$ZodError);
  });

  it('reads an amount as sent, number or text, and refuses null', () => {
    expect(amount.parse(994.1)).toBe(994.1);
    expect(amount.parse('-150.00')).toBe('-150.00');
    expect(() => amount.parse(null)).toThrow(z.core.$ZodError);
  });
});
