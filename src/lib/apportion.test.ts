import { describe, expect, it } from 'vitest';
import { apportion } from '@/lib/apportion';

describe('apportion', () => {
  it('gives the leftover centavos to the largest remainders, ties to the earlier part', () => {
    // The same cases as tests/db/entry-parts.test.ts checks on private.apportion.
    expect(apportion([1, 1, 1], 10000)).toEqual([3334, 3333, 3333]);
    expect(apportion([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(apportion([60, 40], 1800000)).toEqual([1080000, 720000]);
    expect(apportion([1080000, 720000], 500001)).toEqual([300001, 200000]);
    expect(apportion([1, 2], -1)).toEqual([0, -1]);
  });

  it('always sums to the value', () => {
    for (let i = 0; i < 500; i += 1) {
      const weights = Array.from(
        { length: 2 + (i % 5) },
        () => 1 + Math.floor(Math.random() * 9_999_999),
      );
      const value = Math.floor(Math.random() * 1e11) - (i % 7 === 0 ? 5e10 : 0);
      expect(apportion(weights, value).reduce((sum, share) => sum + share, 0)).toBe(value);
    }
  });

  it('gives nothing to a weight of zero when others have weight', () => {
    expect(apportion([0, 3, 1], 100)).toEqual([0, 75, 25]);
  });
});
