import { describe, expect, it } from 'vitest';
import type { CashFlowDay } from '@/lib/cash-flow';
import { addDaysIso } from '@/lib/dates';
import { groupByWeek } from './cash-flow-weeks';

function days(start: string, count: number, step: (i: number) => [number, number]): CashFlowDay[] {
  let balance = 1000;
  return Array.from({ length: count }, (_, i) => {
    const [income, expense] = step(i);
    balance += income - expense;
    return {
      date: addDaysIso(start, i),
      incomeCents: income,
      expenseCents: expense,
      balanceCents: balance,
    };
  });
}

describe('groupByWeek', () => {
  it('weeks run Sunday to Saturday; the first one starts on the first projected day', () => {
    // 2026-11-25 is a Wednesday.
    const weeks = groupByWeek(days('2026-11-25', 10, () => [100, 30]));
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-11-25', '2026-11-28'],
      ['2026-11-29', '2026-12-04'],
    ]);
    expect(weeks[0]).toMatchObject({
      incomeCents: 400,
      expenseCents: 120,
      closingCents: 1000 + 4 * 70,
    });
    expect(weeks[1]).toMatchObject({
      incomeCents: 600,
      expenseCents: 180,
      closingCents: 1000 + 10 * 70,
    });
  });

  it('crosses month and year ends and the leap day', () => {
    const weeks = groupByWeek(days('2027-12-30', 5, () => [0, 0]));
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ['2027-12-30', '2028-01-01'],
      ['2028-01-02', '2028-01-03'],
    ]);
    const leap = groupByWeek(days('2028-02-27', 5, () => [0, 0]));
    expect(leap.map((w) => [w.start, w.end])).toEqual([['2028-02-27', '2028-03-02']]);
  });

  it('the closing balance is the last day of the week, not a sum', () => {
    const weeks = groupByWeek(days('2026-11-29', 7, (i) => (i === 3 ? [0, 5000] : [0, 0])));
    expect(weeks).toHaveLength(1);
    expect(weeks[0]?.closingCents).toBe(1000 - 5000);
  });

  it('no days, no weeks', () => {
    expect(groupByWeek([])).toEqual([]);
  });
});
