import { describe, expect, it } from 'vitest';
import { fromDbParts, splitForAmount, splitTotal, toDbParts, type SplitPart } from './split';

const concrete: SplitPart[] = [
  {
    projectId: 'a',
    stageId: 's',
    categoryId: 'c',
    amountCents: 1_080_000,
    percentHundredths: 6000,
  },
  { projectId: 'b', stageId: null, categoryId: 'c', amountCents: 720_000, percentHundredths: 4000 },
];

describe('split', () => {
  it('goes to the database and back unchanged', () => {
    expect(toDbParts(null)).toBeNull();
    expect(toDbParts(concrete)).toEqual([
      { project_id: 'a', stage_id: 's', category_id: 'c', amount: 10800, percent: 60 },
      { project_id: 'b', stage_id: null, category_id: 'c', amount: 7200, percent: 40 },
    ]);
    expect(fromDbParts(toDbParts(concrete))).toEqual(concrete);
    expect(fromDbParts(null)).toBeNull();
  });

  it('drops a stage without an obra', () => {
    const [first, second] = concrete as [SplitPart, SplitPart];
    expect(toDbParts([{ ...first, projectId: null }, second])).toMatchObject([
      { project_id: null, stage_id: null },
      { project_id: 'b' },
    ]);
  });

  it('follows the percentages to another amount, exact to the centavo', () => {
    const third = splitForAmount(concrete, 600_001);
    expect(third.map((part) => part.amountCents)).toEqual([360_001, 240_000]);
    expect(splitTotal(third)).toBe(600_001);
  });

  it('follows the amounts when a part has no percentage', () => {
    const byValue = concrete.map((part) => ({ ...part, percentHundredths: null }));
    expect(splitForAmount(byValue, 100).map((part) => part.amountCents)).toEqual([60, 40]);
  });
});
