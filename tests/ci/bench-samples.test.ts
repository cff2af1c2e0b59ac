import { describe, expect, it } from 'vitest';
import { median, timeSides } from '../../scripts/bench/samples';

describe('median', () => {
  it('is the middle value, the mean of the two middle ones for an even count', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('timeSides', () => {
  it('alternates the sides, the order reversed every other round, and keeps warm-ups out', async () => {
    const calls: string[] = [];
    // Each request answers its own measure: side A's samples 2..6 ms, side B's 20..60 ms; the
    // warm-ups (requests 0 and 1) answer 1 000 ms, which a median that counted them would show.
    const side = (name: string, scale: number) => ({
      prepare: async () => {
        calls.push(`${name} prepare`);
      },
      request: async (i: number) => {
        calls.push(`${name}${i}`);
        return { ms: i < 2 ? 1000 : i * scale, detail: `${name} ${i}` };
      },
    });
    const [a, b] = await timeSides(5, [side('A', 1), side('B', 10)]);

    expect(calls.filter((c) => !c.endsWith('prepare'))).toEqual([
      'A0',
      'B0',
      'B1',
      'A1',
      'A2',
      'B2',
      'B3',
      'A3',
      'A4',
      'B4',
      'B5',
      'A5',
      'A6',
      'B6',
    ]);
    // Every request is prepared, right before it.
    expect(
      calls.filter((c, k) => !c.endsWith('prepare') && calls[k - 1] !== `${c[0]} prepare`),
    ).toEqual([]);
    expect(a).toEqual({ ms: 4, detail: 'A 6', samples: [2, 3, 4, 5, 6] });
    expect(b).toEqual({ ms: 40, detail: 'B 6', samples: [20, 30, 40, 50, 60] });
  });

  it('times a request that answers only its detail by the clock', async () => {
    const [one] = await timeSides(3, [
      { request: () => new Promise((resolve) => setTimeout(() => resolve('ok'), 5)) },
    ]);
    expect(one!.detail).toBe('ok');
    expect(one!.ms).toBeGreaterThanOrEqual(4);
  });

  it('takes more rounds of a short call, up to its budget or its maximum', async () => {
    const side = (ms: number) => ({ request: async () => ({ ms, detail: '' }) });
    // 5 ms a sample: 9, then rounds while both sides are under 100 ms, up to 41 (the 20th sample
    // brings side B to 100 ms).
    const [a, b] = await timeSides({ min: 9, max: 41, budgetMs: 100 }, [side(2), side(5)]);
    expect(a!.samples).toHaveLength(20);
    expect(b!.samples).toHaveLength(20);
    // Under the budget all along: the maximum.
    const [fast] = await timeSides({ min: 9, max: 41, budgetMs: 1000 }, [side(1)]);
    expect(fast!.samples).toHaveLength(41);
    // Over the budget from the start: the minimum.
    const [slow] = await timeSides({ min: 9, max: 41, budgetMs: 100 }, [side(50)]);
    expect(slow!.samples).toHaveLength(9);
  });
});
