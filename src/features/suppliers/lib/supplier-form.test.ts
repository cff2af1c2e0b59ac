import { describe, expect, it } from 'vitest';
import type { Supplier } from '@/lib/api/lookups';
import {
  emptySupplierForm,
  matchesSupplierSearch,
  parseRating,
  toSupplierPayload,
  validateSupplierForm,
} from '@/features/suppliers/lib/supplier-form';

const supplier = {
  name: 'Elétrica Luz',
  type: 'mao_de_obra',
  category: 'Fiação',
} as Supplier;

describe('matchesSupplierSearch', () => {
  it('finds by name, type label, stored type or category, ignoring case and accents', () => {
    for (const search of [
      'eletrica',
      'LUZ',
      'mão de obra',
      'mao de obra',
      'mao_de_obra',
      'fiacao',
      '',
    ]) {
      expect(matchesSupplierSearch(supplier, search)).toBe(true);
    }
    expect(matchesSupplierSearch(supplier, 'cimento')).toBe(false);
    expect(matchesSupplierSearch(supplier, 'materiais')).toBe(false);
  });
});

describe('parseRating', () => {
  it('reads 0–5 with a comma or a point, blank as no rating', () => {
    expect(parseRating('')).toBeNull();
    expect(parseRating('4,5')).toBe(4.5);
    expect(parseRating('4.5')).toBe(4.5);
    expect(parseRating('0')).toBe(0);
    expect(parseRating('5')).toBe(5);
  });
  it('refuses anything else', () => {
    for (const text of ['5,5', '6', '-1', '4,55', 'abc', '10'])
      expect(parseRating(text)).toBeUndefined();
  });
});

describe('validateSupplierForm / toSupplierPayload', () => {
  it('requires name, type, phone and email', () => {
    expect(validateSupplierForm(emptySupplierForm).missing).toEqual([
      'name',
      'type',
      'phone',
      'email',
    ]);
  });
  it('refuses a malformed email', () => {
    const values = {
      ...emptySupplierForm,
      name: 'A',
      type: 'materiais' as const,
      phone: '1',
      email: 'sem-arroba',
    };
    expect(validateSupplierForm(values)).toEqual({
      missing: [],
      errors: { email: 'Informe um email válido.' },
    });
  });
  it('trims texts and sends empty optional ones as null', () => {
    const payload = toSupplierPayload({
      ...emptySupplierForm,
      name: '  Casa  ',
      type: 'servicos',
      phone: ' 11 ',
      email: 'a@b.co',
      notes: '   ',
      rating: '3,5',
    });
    expect(payload).toEqual({
      name: 'Casa',
      type: 'servicos',
      category: null,
      phone: '11',
      email: 'a@b.co',
      address: null,
      document: null,
      website: null,
      notes: null,
      rating: 3.5,
      founded_on: null,
    });
  });
});
