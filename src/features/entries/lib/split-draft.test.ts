import { describe, expect, it } from 'vitest';
import {
  draftFromParts,
  formatPercent,
  newSplitDraft,
  parsePercent,
  remainingText,
  resolveSplit,
  SPLIT_MESSAGES,
  splitEach,
  switchMode,
  type SplitDraft,
} from '@/features/entries/lib/split-draft';

const norm = (text: string) => text.replace(/\s/g, ' ');

const byPercent = (...texts: string[]): SplitDraft => ({
  mode: 'percent',
  rows: texts.map((percentText, i) => ({
    projectId: `p${i}`,
    stageId: null,
    categoryId: 'c',
    percentText,
    amountCents: null,
  })),
});

describe('split-draft', () => {
  it('percentages as typed: "60", "33,33", "12.5"; anything else is not one', () => {
    expect(parsePercent('60')).toBe(6000);
    expect(parsePercent('33,33')).toBe(3333);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('12,345')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
    expect(formatPercent(3330)).toBe('33,3');
    expect(formatPercent(6000)).toBe('60');
  });

  it('60/40 of R$ 18.000,00 are R$ 10.800,00 and R$ 7.200,00', () => {
    const result = resolveSplit(byPercent('60', '40'), 1_800_000);
    expect(result).toEqual({
      parts: [
        {
          projectId: 'p0',
          stageId: null,
          categoryId: 'c',
          amountCents: 1_080_000,
          percentHundredths: 6000,
        },
        {
          projectId: 'p1',
          stageId: null,
          categoryId: 'c',
          amountCents: 720_000,
          percentHundredths: 4000,
        },
      ],
    });
  });

  it('thirds of R$ 100,00: the last centavo by largest remainder, the sum exact', () => {
    const result = resolveSplit(byPercent('33,33', '33,33', '33,34'), 10_000);
    if (!('parts' in result)) throw new Error(result.error);
    expect(result.parts.map((p) => p.amountCents)).toEqual([3333, 3333, 3334]);
  });

  it('the live line says what is missing or over, and when it adds up', () => {
    expect(remainingText(byPercent('60', ''), 1_800_000)).toBe('Falta 40%');
    expect(remainingText(byPercent('60', '50'), 1_800_000)).toBe('Sobra 10%');
    expect(remainingText(byPercent('60', '40'), 1_800_000)).toBe('Soma confere');
    const byValue = switchMode(byPercent('60', ''), 'value', 1_800_000);
    expect(byValue.rows.map((r) => r.amountCents)).toEqual([1_080_000, null]);
    expect(norm(remainingText(byValue, 1_800_000))).toBe('Falta R$ 7.200,00');
  });

  it('refuses what does not add up, in Portuguese', () => {
    expect(resolveSplit(byPercent('60', '30'), 1000)).toEqual({ error: SPLIT_MESSAGES.percentSum });
    expect(resolveSplit(byPercent('60', ''), 1000)).toEqual({ error: SPLIT_MESSAGES.percent });
    expect(resolveSplit(byPercent('100'), 1000)).toEqual({ error: SPLIT_MESSAGES.tooFew });
    expect(resolveSplit(byPercent('99,99', '0,01'), 1)).toEqual({ error: SPLIT_MESSAGES.tooSmall });
    const value: SplitDraft = {
      mode: 'value',
      rows: [
        { projectId: null, stageId: 's', categoryId: null, percentText: '', amountCents: 600 },
        { projectId: 'p', stageId: null, categoryId: null, percentText: '', amountCents: 300 },
      ],
    };
    expect(resolveSplit(value, 1000)).toEqual({ error: SPLIT_MESSAGES.valueSum });
    const fixed = {
      ...value,
      rows: value.rows.map((r, i) => (i === 1 ? { ...r, amountCents: 400 } : r)),
    };
    const result = resolveSplit(fixed, 1000);
    // Geral has no stage, and by value there is no percentage.
    expect(result).toEqual({
      parts: [
        {
          projectId: null,
          stageId: null,
          categoryId: null,
          amountCents: 600,
          percentHundredths: null,
        },
        {
          projectId: 'p',
          stageId: null,
          categoryId: null,
          amountCents: 400,
          percentHundredths: null,
        },
      ],
    });
  });

  it('each installment gets the split of its own amount, exact; too small is refused', () => {
    const result = resolveSplit(byPercent('60', '40'), 1_000_001);
    if (!('parts' in result)) throw new Error(result.error);
    const each = splitEach(result.parts, [333_334, 333_334, 333_333]);
    expect(each?.map((parts) => parts.map((p) => p.amountCents))).toEqual([
      [200_000, 133_334],
      [200_000, 133_334],
      [200_000, 133_333],
    ]);
    expect(splitEach(result.parts, [1])).toBeNull();
  });

  it('a saved split comes back as it was typed; Ratear starts from the chosen obra', () => {
    const result = resolveSplit(byPercent('60', '40'), 1000);
    if (!('parts' in result)) throw new Error(result.error);
    expect(draftFromParts(result.parts)).toEqual({
      mode: 'percent',
      rows: [
        { projectId: 'p0', stageId: null, categoryId: 'c', percentText: '60', amountCents: 600 },
        { projectId: 'p1', stageId: null, categoryId: 'c', percentText: '40', amountCents: 400 },
      ],
    });
    const fresh = newSplitDraft({ projectId: 'p9', categoryId: 'c9' });
    expect(fresh.rows).toHaveLength(2);
    expect(fresh.rows[0]).toMatchObject({ projectId: 'p9', categoryId: 'c9' });
    // Plain JSON: it survives the draft's and the offline queue's JSON.
    expect(JSON.parse(JSON.stringify(fresh))).toEqual(fresh);
  });
});
