import { describe, expect, it } from 'vitest';
import { defaultDreGroup, dreGroupsFor, isDreGroup } from './dre-groups';

describe('DRE groups', () => {
  it('a new category defaults by type, like the database', () => {
    expect(defaultDreGroup('income')).toBe('receita');
    expect(defaultDreGroup('expense')).toBe('custo_obra');
  });

  it('offers only the groups the type may take, its default first', () => {
    expect(dreGroupsFor('income')).toEqual(['receita', 'outras']);
    expect(dreGroupsFor('expense')).toEqual(['custo_obra', 'despesa_administrativa', 'outras']);
    for (const type of ['income', 'expense'] as const) {
      expect(dreGroupsFor(type)[0]).toBe(defaultDreGroup(type));
    }
  });

  it('recognises only known groups', () => {
    expect(isDreGroup('outras')).toBe(true);
    expect(isDreGroup('lucro')).toBe(false);
    expect(isDreGroup(null)).toBe(false);
    expect(isDreGroup('toString')).toBe(false);
  });
});
