import { describe, expect, it } from 'vitest';
import { obraPartsOf } from '@/features/projects/lib/project-split';
import { splitCategoryLabel } from '@/lib/entries';

describe('obraPartsOf', () => {
  const parts = [
    { project_id: 'a', stage_id: null, category_id: 'c1', amount: 333.33, percent: null },
    { project_id: 'b', stage_id: null, category_id: 'c2', amount: 333.34, percent: null },
    { project_id: 'a', stage_id: null, category_id: 'c2', amount: 0.01, percent: null },
    { project_id: null, stage_id: null, category_id: 'c1', amount: 333.32, percent: null },
  ];

  it('sums only the parts of the obra, in centavos', () => {
    expect(obraPartsOf(parts, 'a')).toEqual({ amountCents: 33334, partCount: 4 });
    expect(obraPartsOf(parts, 'b')).toEqual({ amountCents: 33334, partCount: 4 });
    expect(obraPartsOf(parts, 'z')).toEqual({ amountCents: 0, partCount: 4 });
  });

  it('is null for an entry that is not split', () => {
    expect(obraPartsOf(null, 'a')).toBeNull();
    expect(obraPartsOf(undefined, 'a')).toBeNull();
  });

  it('labels a split entry with its number of parts', () => {
    const mine = obraPartsOf(parts, 'a');
    expect(mine && splitCategoryLabel(mine)).toBe('Rateio (4)');
  });
});
