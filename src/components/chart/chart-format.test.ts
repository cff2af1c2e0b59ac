import { describe, expect, it } from 'vitest';
import { axisMoneyLabel, dateTickLabel, spanInDays } from '@/components/chart/chart-format';

describe('chart axes in pt-BR', () => {
  it('labels money compactly', () => {
    expect(axisMoneyLabel(12_500).replace(/\s/g, ' ')).toBe('12,5 mil');
    expect(axisMoneyLabel(-3000).replace(/\s/g, ' ')).toBe('-3 mil');
    expect(axisMoneyLabel(0)).toBe('0');
  });

  it('labels days within a few months, months beyond', () => {
    expect(dateTickLabel('2026-11-23', 30)).toBe('23/11');
    expect(dateTickLabel('2026-11-01', 365)).toBe('nov/26');
    expect(dateTickLabel('23/11/2026', 30)).toBe('');
  });

  it('measures the span of the dates in days', () => {
    expect(spanInDays(['2026-01-01', '2026-01-15', '2026-03-02'])).toBe(60);
    expect(spanInDays(['2026-01-01'])).toBe(0);
    expect(spanInDays([])).toBe(0);
  });
});
