import { describe, expect, it } from 'vitest';
import type { Supplier } from '@/lib/api/lookups';
import { matchesSupplierSearch } from '@/features/suppliers/lib/supplier-form';

const supplier = {
  name: 'Elétrica Luz',
  type: 'mao_de_obra',
  category: 'Fiação',
} as Supplier;

describe('matchesSupplierSearch', () => {
  it('finds by name, type label, stored type or category, ignoring case and accents', () => {
    for (const search of [
      'eletrica',
      'ELETRICA',
      'Elétrica',
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
