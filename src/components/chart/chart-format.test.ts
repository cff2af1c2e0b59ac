import { describe, expect, it } from 'vitest';
import { axisDateLabel, axisMoneyLabel, isoToSeconds } from '@/components/chart/chart-format';

const DAY = 86_400;

describe('chart axes in pt-BR', () => {
  it('labels money compactly', () => {
    expect(axisMoneyLabel(12_500).replace(/\s/g, ' ')).toBe('12,5 mil');
    expect(axisMoneyLabel(-3000).replace(/\s/g, ' ')).toBe('-3 mil');
    expect(axisMoneyLabel(0)).toBe('0');
  });

  it('labels dates by the spacing of the ticks', () => {
    const nov23 = isoToSeconds('2026-11-23');
    expect(axisDateLabel(nov23, DAY)).toBe('23/11');
    expect(axisDateLabel(nov23, 7 * DAY)).toBe('23/11');
    expect(axisDateLabel(isoToSeconds('2026-11-01'), 30 * DAY)).toBe('nov/26');
    expect(axisDateLabel(isoToSeconds('2026-01-01'), 365 * DAY)).toBe('2026');
  });

  it('places a day at its local midnight', () => {
    expect(new Date(isoToSeconds('2026-02-28') * 1000).getHours()).toBe(0);
    expect(isoToSeconds('2026-02-28') - isoToSeconds('2026-02-27')).toBe(DAY);
    expect(isoToSeconds('28/02/2026')).toBeNaN();
  });
});
