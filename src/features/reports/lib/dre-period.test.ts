import { describe, expect, it } from 'vitest';
import { dreRange, lastMonths, monthChoices, monthCount } from './dre-period';

describe('DRE period', () => {
  it('whole months: the first day of the first, the last day of the last', () => {
    expect(dreRange('2026-01', '2026-03')).toEqual({ start: '2026-01-01', end: '2026-03-31' });
    expect(dreRange('2026-04', '2026-04')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(dreRange('2026-02', '2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
  });

  it('February of a leap year ends on the 29th', () => {
    expect(dreRange('2028-02', '2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(dreRange('2027-03', '2028-02')).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });

  it('at most 12 months; the end not before the start', () => {
    expect(monthCount('2026-01', '2026-12')).toBe(12);
    expect(dreRange('2026-01', '2026-12')).not.toBeNull();
    expect(monthCount('2026-01', '2027-01')).toBe(13);
    expect(dreRange('2026-01', '2027-01')).toBeNull();
    expect(dreRange('2026-03', '2026-02')).toBeNull();
    expect(dreRange('2026-13', '2026-12')).toBeNull();
    expect(dreRange('', '2026-12')).toBeNull();
  });

  it('the last months up to today, across a year end', () => {
    expect(lastMonths('2026-11-23', 6)).toEqual({ start: '2026-06', end: '2026-11' });
    expect(lastMonths('2027-01-31', 3)).toEqual({ start: '2026-11', end: '2027-01' });
    expect(lastMonths('2028-02-29', 12)).toEqual({ start: '2027-03', end: '2028-02' });
  });
});

describe('monthChoices', () => {
  it('12 months ahead to 36 back, newest first', () => {
    const months = monthChoices('2026-11-23');
    expect(months[0]).toBe('2027-11');
    expect(months).toContain('2026-11');
    expect(months.at(-1)).toBe('2023-11');
    expect(months).toHaveLength(49);
  });
});
