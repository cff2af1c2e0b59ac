import { describe, expect, it } from 'vitest';
import { axisLabel, chartGeometry, labelIndexes, niceStep, valueTicks } from './balance-chart';

const box = { width: 100, height: 60, left: 10, right: 0, top: 0, bottom: 10 };

describe('ticks', () => {
  it('uses round steps', () => {
    expect(niceStep(1000, 4)).toBe(250);
    expect(niceStep(90, 4)).toBe(25);
    expect(valueTicks(0, 1000_00)).toEqual([0, 25000, 50000, 75000, 100000]);
    expect(valueTicks(-300, 900)).toEqual([-500, 0, 500, 1000]);
  });

  it('gives a flat series a range around its value', () => {
    const ticks = valueTicks(5000, 5000);
    expect(ticks[0]).toBeLessThan(5000);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(5000);
  });

  it('labels at most 4 points, always the first and last', () => {
    expect(labelIndexes(31)).toEqual([0, 10, 20, 30]);
    expect(labelIndexes(2)).toEqual([0, 1]);
    expect(labelIndexes(0)).toEqual([]);
  });
});

describe('chartGeometry', () => {
  it('draws each series from left to right, higher values higher up', () => {
    const g = chartGeometry([{ id: 'a', values: [0, 500, 1000] }], 3, box);
    expect(g.paths[0]?.d).toBe('M10 50 L55 25 L100 0');
    expect(g.paths[0]?.last).toEqual({ x: 100, y: 0 });
    expect(g.zeroY).toBeNull();
  });

  it('marks zero when balances cross it', () => {
    const g = chartGeometry([{ id: 'a', values: [-500, 500] }], 2, box);
    expect(g.zeroY).toBe(25);
  });

  it('centres a single point', () => {
    const g = chartGeometry([{ id: 'a', values: [100] }], 1, box);
    expect(g.paths[0]?.d).toMatch(/^M55 /);
  });
});

it('axisLabel is compact pt-BR', () => {
  expect(axisLabel(1_250_000).replace(/\s/g, ' ')).toBe('12,5 mil');
  expect(axisLabel(0)).toBe('0');
});
